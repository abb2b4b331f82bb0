package drift

import (
	"fmt"
	"strings"
	"testing"
)

// keywordCase is one narrowing of an optional property's schema: the
// property's schema before (wide) and after (narrow), and the keyword the
// structural comparison names ("" for none: the change must have no
// witness).
type keywordCase struct {
	name, wide, narrow, keyword string
}

// jsonTypes are the JSON Schema types, each with two distinct values of it
// (as JSON), for the cases made per type.
var jsonTypes = []struct{ name, a, b string }{
	{"string", `"x"`, `"y"`},
	{"integer", `1`, `2`},
	{"number", `1.5`, `2.5`},
	{"boolean", `true`, `false`},
	{"null", `null`, `null`},
	{"array", `[1]`, `[2]`},
	{"object", `{"a":1}`, `{"a":2}`},
}

// keywordCases are every keyword x type pair the structural comparison and
// the witness search handle, each narrowed.
func keywordCases() []keywordCase {
	var cs []keywordCase
	add := func(name, wide, narrow, keyword string) {
		cs = append(cs, keywordCase{name, wide, narrow, keyword})
	}
	for _, t := range jsonTypes {
		other := "string"
		if t.name == "string" {
			other = "integer"
		}
		add("type "+t.name+" dropped", fmt.Sprintf(`{"type":["%s","%s"]}`, t.name, other), fmt.Sprintf(`{"type":"%s"}`, other), "type")
		if t.name == "null" {
			continue // one value: no enum or const narrows it
		}
		add("enum added on "+t.name, fmt.Sprintf(`{"type":"%s"}`, t.name), fmt.Sprintf(`{"type":"%s","enum":[%s]}`, t.name, t.a), "enum")
		add("const added on "+t.name, fmt.Sprintf(`{"type":"%s"}`, t.name), fmt.Sprintf(`{"const":%s}`, t.a), "const")
		if t.a != t.b {
			add("enum value removed, "+t.name, fmt.Sprintf(`{"enum":[%s,%s]}`, t.a, t.b), fmt.Sprintf(`{"enum":[%s]}`, t.a), "enum")
			add("const changed, "+t.name, fmt.Sprintf(`{"const":%s}`, t.a), fmt.Sprintf(`{"const":%s}`, t.b), "const")
		}
		// Arrays of items of each type: the array keywords.
		items := fmt.Sprintf(`{"type":"array","items":{"type":"%s"}`, t.name)
		add("uniqueItems on array of "+t.name, items+`}`, items+`,"uniqueItems":true}`, "uniqueItems")
		add("minItems on array of "+t.name, items+`}`, items+`,"minItems":2}`, "minItems")
		add("maxItems on array of "+t.name, items+`}`, items+`,"maxItems":1}`, "maxItems")
		add("maxItems tightened on array of "+t.name, items+`,"maxItems":3}`, items+`,"maxItems":1}`, "maxItems")
		add("large maxItems on array of "+t.name, items+`}`, items+`,"maxItems":40}`, "maxItems")
		add("items "+t.name+" narrowed", fmt.Sprintf(`{"type":"array","items":{"type":["%s","%s"]}}`, t.name, other), fmt.Sprintf(`{"type":"array","items":{"type":"%s"}}`, other), "type")
		// Values of an open object of each type: the additionalProperties
		// schema, which the witness search reaches through undeclared keys.
		add("additionalProperties "+t.name+" narrowed", fmt.Sprintf(`{"type":"object","additionalProperties":{"type":["%s","%s"]}}`, t.name, other),
			fmt.Sprintf(`{"type":"object","additionalProperties":{"type":"%s"}}`, other), "type")
		add("required "+t.name+" added", fmt.Sprintf(`{"type":"object","properties":{"p":{"type":"%s"}}}`, t.name),
			fmt.Sprintf(`{"type":"object","required":["p"],"properties":{"p":{"type":"%s"}}}`, t.name), "required")
		add("property "+t.name+" removed when closed", fmt.Sprintf(`{"type":"object","properties":{"p":{"type":"%s"},"q":{"type":"%s"}},"additionalProperties":false}`, t.name, t.name),
			fmt.Sprintf(`{"type":"object","properties":{"q":{"type":"%s"}},"additionalProperties":false}`, t.name), "additionalProperties")
	}
	add("number to integer", `{"type":"number"}`, `{"type":"integer"}`, "type")
	add("any to string", `{}`, `{"type":"string"}`, "type")
	add("false schema", `{"type":"string"}`, `false`, "false")
	for _, s := range []string{`{"type":"string"}`, `{"type":"object","additionalProperties":{"type":"string"}}`} {
		wrap := func(kw string) string {
			if strings.Contains(s, "additionalProperties") {
				return strings.Replace(s, `{"type":"string"}}`, `{"type":"string",`+kw+`}}`, 1)
			}
			return strings.Replace(s, `}`, `,`+kw+`}`, 1)
		}
		where := "string"
		if strings.Contains(s, "additionalProperties") {
			where = "values of an open object"
		}
		add("minLength on "+where, s, wrap(`"minLength":3`), "minLength")
		add("maxLength on "+where, s, wrap(`"maxLength":256`), "maxLength")
		add("large maxLength on "+where, s, wrap(`"maxLength":5000`), "maxLength")
		add("maxLength tightened on "+where, wrap(`"maxLength":10`), wrap(`"maxLength":2`), "maxLength")
		add("pattern on "+where, s, wrap(`"pattern":"^z+$"`), "pattern")
		add("pattern changed on "+where, wrap(`"pattern":"^[a-z]*$"`), wrap(`"pattern":"^z*$"`), "pattern")
		add("format on "+where, s, wrap(`"format":"email"`), "") // an annotation: no witness
	}
	for _, n := range []string{"integer", "number"} {
		base := fmt.Sprintf(`{"type":"%s"`, n)
		for _, kw := range []string{`"minimum":5`, `"exclusiveMinimum":5`, `"maximum":-5`, `"exclusiveMaximum":-5`, `"multipleOf":7`} {
			name := strings.Split(kw, `"`)[1]
			add(name+" on "+n, base+`}`, base+`,`+kw+`}`, name)
		}
		add("large maximum on "+n, base+`}`, base+`,"maximum":1000000000}`, "maximum")
		add("large negative minimum on "+n, base+`}`, base+`,"minimum":-1000000000}`, "minimum")
		add("minimum raised on "+n, base+`,"minimum":1}`, base+`,"minimum":5}`, "minimum")
		add("maximum lowered on "+n, base+`,"maximum":100}`, base+`,"maximum":10}`, "maximum")
		add("multipleOf changed on "+n, base+`,"multipleOf":2}`, base+`,"multipleOf":3}`, "multipleOf")
	}
	add("fractional maximum on number", `{"type":"number","maximum":2}`, `{"type":"number","maximum":1.5}`, "maximum")
	add("fractional multipleOf on number", `{"type":"number","multipleOf":0.5}`, `{"type":"number","multipleOf":1.5}`, "multipleOf")
	add("minProperties", `{"type":"object"}`, `{"type":"object","minProperties":2}`, "minProperties")
	add("maxProperties", `{"type":"object"}`, `{"type":"object","maxProperties":1}`, "maxProperties")
	add("large maxProperties", `{"type":"object"}`, `{"type":"object","maxProperties":40}`, "maxProperties")
	add("maxProperties with properties", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`, `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"maxProperties":1}`, "maxProperties")
	add("additionalProperties false added", `{"type":"object","properties":{"p":{"type":"string"}}}`, `{"type":"object","properties":{"p":{"type":"string"}},"additionalProperties":false}`, "additionalProperties")
	return cs
}

// TestKeywordWitnesses: each keyword x type pair the comparison handles,
// narrowed on an optional property, is a breaking input change with a
// witness (the old schema accepts it, the new one rejects it), named by its
// keyword; widened, the same pair is a breaking output change. A format
// has no witness either way.
func TestKeywordWitnesses(t *testing.T) {
	for _, tc := range keywordCases() {
		t.Run(tc.name, func(t *testing.T) {
			wide := `{"type":"object","properties":{"v":` + tc.wide + `}}`
			narrow := `{"type":"object","properties":{"v":` + tc.narrow + `}}`
			for _, dir := range []Direction{Inputs, Outputs} {
				old, new := wide, narrow
				if dir == Outputs {
					old, new = narrow, wide
				}
				changes, o, n := compareJSON(t, old, new, dir)
				w, nw := o.Inputs, n.Inputs
				if dir == Outputs {
					w, nw = n.Outputs, o.Outputs
				}
				var named *SchemaChange
				for _, c := range changes {
					if c.HasWitness {
						confirm(t, w, nw, c.Witness)
						if c.Keyword == tc.keyword {
							named = c
						}
					}
				}
				switch {
				case tc.keyword == "" && len(withWitness(changes)) > 0:
					t.Errorf("%s: a witness for a change that has none: %v", dir.Field(), schemaWhats(withWitness(changes)))
				case tc.keyword != "" && named == nil:
					t.Errorf("%s: no %s change with a witness; changes %v", dir.Field(), tc.keyword, schemaWhats(changes))
				}
			}
		})
	}
}

func withWitness(cs []*SchemaChange) []*SchemaChange {
	var out []*SchemaChange
	for _, c := range cs {
		if c.HasWitness {
			out = append(out, c)
		}
	}
	return out
}

// TestWitnessesShrunk: every witness of the keyword cases is shrunk: its
// strings are plain (letters a and digits 0 only: no NUL, CR, LF or other
// character a generator draws), as long as a length bound needs and no
// longer, and the members no schema declares are named extra0, extra1,
// ... in order, whatever name the value found had.
func TestWitnessesShrunk(t *testing.T) {
	for _, tc := range keywordCases() {
		if tc.keyword == "" || strings.Contains(tc.narrow, "pattern") {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			wide := `{"type":"object","properties":{"v":` + tc.wide + `}}`
			narrow := `{"type":"object","properties":{"v":` + tc.narrow + `}}`
			for _, dir := range []Direction{Inputs, Outputs} {
				old, new := wide, narrow
				if dir == Outputs {
					old, new = narrow, wide
				}
				changes, _, _ := compareJSON(t, old, new, dir)
				for _, c := range withWitness(changes) {
					checkShrunk(t, dir.Field()+": "+c.What, c.Witness, c.bound)
				}
			}
		})
	}
}

// checkShrunk checks one witness as TestWitnessesShrunk says; bound is the
// change's length bound (0 for none).
func checkShrunk(t *testing.T, what string, w any, bound int) {
	t.Helper()
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if strings.Trim(x, "a0") != "" && x != "x" && x != "y" {
				t.Errorf("%s: witness %s has a string that is not plain: %q", what, jsonText(w), x)
			}
			if n := len([]rune(x)); n > 3 && n != bound+1 {
				t.Errorf("%s: witness %s has a string of %d characters (bound %d)", what, jsonText(w), n, bound)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			extra := 0
			for _, k := range sortedKeys(x) {
				if k == "v" || k == "p" || k == "q" || k == "a" || k == "b" || k == "ok" {
					continue
				}
				if k != "extra"+fmt.Sprint(extra) && !(extra >= 1 && strings.HasPrefix(k, "extra")) {
					t.Errorf("%s: witness %s has the member %q where extra%d would do", what, jsonText(w), k, extra)
				}
				extra++
			}
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(w)
}
