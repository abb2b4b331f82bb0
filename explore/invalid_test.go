package explore

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestInvalid: each targeted violation is invalid against the real schema
// and named with its JSON path; the named ones are all made, in order for
// the required keys (first among the invalid inputs).
func TestInvalid(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		want   []string // kind: input, all among the invalid inputs
	}{
		{"required", `{"type":"object","properties":{"path":{"type":"string"},"n":{"type":"integer"}},"required":["path","n"]}`,
			[]string{
				`required key "n" missing: {"path":""}`,
				`required key "path" missing: {"n":0}`,
				`wrong type: string instead of integer at /n: {"n":"1","path":""}`,
				`wrong type: integer instead of string at /path: {"n":0,"path":1}`,
				`not an integer at /n: {"n":0.5,"path":""}`,
				`wrong type: string instead of object: "1"`,
			}},
		{"additionalProperties", `{"type":"object","properties":{"a":{"type":"boolean"}},"additionalProperties":false}`,
			[]string{`extra key "extra0" (additionalProperties: false): {"a":false,"extra0":"x"}`}},
		{"range", `{"type":"object","properties":{"n":{"type":"integer","minimum":1,"maximum":10},"f":{"type":"number","exclusiveMaximum":2.5}},"required":["n","f"]}`,
			[]string{
				`below minimum 1 at /n: {"f":0,"n":0}`,
				`above maximum 10 at /n: {"f":0,"n":11}`,
				`above maximum 2.5 (exclusive) at /f: {"f":2.5,"n":1}`,
			}},
		{"multipleOf", `{"type":"object","properties":{"n":{"type":"integer","multipleOf":7,"minimum":7,"maximum":70}},"required":["n"]}`,
			[]string{`below minimum 7 at /n: {"n":0}`, `above maximum 70 at /n: {"n":77}`, `not a multiple of 7 at /n: {"n":8}`}},
		{"multipleOf decimal", `{"type":"object","properties":{"x":{"type":"number","multipleOf":0.5,"exclusiveMinimum":1,"maximum":3}},"required":["x"]}`,
			[]string{`below minimum 1 (exclusive) at /x: {"x":1}`, `above maximum 3 at /x: {"x":3.5}`}},
		{"strings", `{"type":"object","properties":{"s":{"type":"string","minLength":2,"maxLength":3,"pattern":"^[a-z]+$"}},"required":["s"]}`,
			[]string{
				`shorter than minLength 2 at /s: {"s":"a"}`,
				`longer than maxLength 3 at /s: {"s":"aaaa"}`,
				`breaks pattern "^[a-z]+$" at /s: {"s":"!a"}`,
			}},
		{"enum", `{"type":"object","properties":{"e":{"enum":["x","y"]}},"required":["e"]}`,
			[]string{`not in the enum at /e: {"e":"not-in-enum"}`}},
		{"nested", `{"type":"object","properties":{"o":{"type":"object","properties":{"k":{"type":"string"}},"required":["k"]}},"required":["o"]}`,
			[]string{`required key "k" missing at /o: {"o":{}}`}},
		{"arrays", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"},"minItems":1,"maxItems":2,"uniqueItems":true}},"required":["a"]}`,
			[]string{`fewer items than minItems 1 at /a: {"a":[]}`, `wrong type: string instead of integer at /a/0: {"a":["1"]}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			var got []string
			firstInvalid := ""
			for _, in := range inputs(New(src, 1), 400) {
				if in.Valid {
					continue
				}
				if src.Valid(in.Value) {
					t.Errorf("%s (%s) is valid", in.JSON(), in.Kind)
				}
				if firstInvalid == "" {
					firstInvalid = in.Kind
				}
				if names := explain(src.Schema, in.Value); !slices.Equal(names, []string{in.Kind}) {
					t.Errorf("%s made as %q, explained as %q", in.JSON(), in.Kind, names)
				}
				got = append(got, in.Kind+": "+string(in.JSON()))
			}
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("missing %s; got\n%s", w, strings.Join(got, "\n"))
				}
			}
			if strings.Contains(tt.schema, `"required"`) && !strings.HasPrefix(firstInvalid, "required key") {
				t.Errorf("first invalid input %q, want a required key missing", firstInvalid)
			}
		})
	}
}

// TestInvalidOff: no invalid input when Source.Invalid is false.
func TestInvalidOff(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"n":{"type":"integer","maximum":3}},"required":["n"],"additionalProperties":false}`)
	src.Invalid = false
	for _, in := range inputs(New(src, 1), 300) {
		if !in.Valid {
			t.Errorf("invalid input %s (%s)", in.JSON(), in.Kind)
		}
	}
}

// TestMutations: the examples come first, then mutations of them: optional
// keys dropped, values swapped, numbers moved, fixture paths replaced by
// the other fixtures and by missing ones.
func TestMutations(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"file":{"type":"string"},"n":{"type":"integer"},"v":{"type":"boolean"}},"required":["file"]}`,
		`{"file":"fixtures/a.txt","n":7,"v":true}`, `{"file":"fixtures/b.txt","n":2}`)
	src.Fixtures = []string{"fixtures/a.txt", "fixtures/b.txt", "fixtures/c.txt"}
	var got []string
	all := inputs(New(src, 1), 300)
	for _, in := range all {
		// A fixture with an option (fixtureOptions) may be made first.
		if in.Kind == "mutated example" || in.Kind == "fixture and option" {
			got = append(got, string(in.JSON()))
		}
	}
	if all[0].Kind != "example" || all[1].Kind != "example" || string(all[0].JSON()) != `{"file":"fixtures/a.txt","n":7,"v":true}` {
		t.Errorf("the examples do not come first: %s %s", all[0].JSON(), all[1].JSON())
	}
	for _, w := range []string{
		`{"file":"fixtures/a.txt","v":true}`,           // n dropped
		`{"file":"fixtures/a.txt"}`,                    // all optional dropped
		`{"file":"fixtures/a.txt","n":2,"v":true}`,     // n swapped
		`{"file":"fixtures/a.txt","n":8,"v":true}`,     // n+1
		`{"file":"fixtures/c.txt","n":7,"v":true}`,     // another fixture
		`{"file":"fixtures/does-not-exist.txt","n":2}`, // a missing one
	} {
		if !slices.Contains(got, w) {
			t.Errorf("mutation %s not made; got\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// TestFixtureOptions: every fixture the tool ships comes with every value
// of every enum and boolean option, nested ones too, not only with the
// options the examples pair it with; and early, among the first inputs.
func TestFixtureOptions(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"path":{"type":"string"},"mode":{"enum":["count","mean","max"]},`+
		`"opts":{"type":"object","properties":{"strict":{"type":"boolean"},"limit":{"type":"integer"}}}},"required":["path"]}`,
		`{"path":"fixtures/empty.txt","mode":"count"}`, `{"path":"fixtures/text.txt","mode":"mean","opts":{"limit":3}}`)
	src.Fixtures = []string{"fixtures/empty.txt", "fixtures/nested/data.csv", "fixtures/text.txt"}
	sent := map[string]int{}
	for i, in := range inputs(New(src, 1), 100) {
		sent[string(in.JSON())] = i
	}
	var missing []string
	for _, f := range src.Fixtures {
		for _, m := range []string{"count", "mean", "max"} {
			for _, w := range []string{
				`{"mode":"` + m + `","path":"` + f + `"}`,
				`{"mode":"` + m + `","opts":{"limit":3},"path":"` + f + `"}`,
			} {
				if _, ok := sent[w]; !ok {
					missing = append(missing, w)
				}
			}
		}
		for _, b := range []string{"false", "true"} {
			w := `{"mode":"mean","opts":{"limit":3,"strict":` + b + `},"path":"` + f + `"}`
			if _, ok := sent[w]; !ok {
				missing = append(missing, w)
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("not sent within 100 inputs:\n%s", strings.Join(missing, "\n"))
	}
	if i, ok := sent[`{"mode":"max","path":"fixtures/empty.txt"}`]; !ok || i > 40 {
		t.Errorf("the empty fixture with max is input %d, want among the first 40", i)
	}
}

// TestFixtureOptionsBounded: a folder of many fixtures and a long enum make
// no more combinations than the mutations' bound, quickly.
func TestFixtureOptionsBounded(t *testing.T) {
	var enum []string
	for i := range 2000 {
		enum = append(enum, fmt.Sprintf("%q", fmt.Sprint("v", i)))
	}
	src := source(t, `{"type":"object","properties":{"path":{"type":"string"},"mode":{"enum":[`+strings.Join(enum, ",")+`]}}}`,
		`{"path":"fixtures/f0.txt","mode":"v0"}`)
	for i := range 5000 {
		src.Fixtures = append(src.Fixtures, fmt.Sprintf("fixtures/f%d.txt", i))
	}
	g := New(src, 1)
	if n := len(g.fixtures); n == 0 || n > maxMutations {
		t.Errorf("%d fixture combinations, want 1 to %d", n, maxMutations)
	}
}

// TestExplain: the names of the validator's failures, by JSON path and
// keyword, for the keywords beyond those TestInvalid makes.
func TestExplain(t *testing.T) {
	tests := []struct {
		schema, value string
		want          []string
	}{
		{`{"propertyNames":{"maxLength":2},"properties":{"o":{"propertyNames":{"pattern":"^a"}}}}`, `{"abc":1,"o":{"b":1}}`,
			[]string{`key "abc" breaks propertyNames`, `key "b" breaks propertyNames at /o`}},
		{`{"dependentRequired":{"a":["b","c"]}}`, `{"a":1,"c":2}`, []string{`key "a" without "b" (dependentRequired)`}},
		{`{"type":"array","contains":{"type":"integer"},"minContains":2}`, `["x",1]`, []string{"fewer items than minContains 2 match contains"}},
		{`{"type":"array","items":{"contains":{"const":1}}}`, `[[2]]`, []string{"no item matches contains at /0"}},
		{`{"$schema":"http://json-schema.org/draft-07/schema#","format":"date"}`, `"2024-02-30"`, []string{`breaks format "date"`}},
		{`{"if":{"properties":{"k":{"const":1}}},"then":{"required":["v"]}}`, `{"k":1}`, []string{`required key "v" missing`}},
		{`{"type":"integer","maximum":9223372036854775807}`, `9223372036854775808`, []string{"above maximum 9223372036854775807"}},
		{`{"multipleOf":0.01}`, `0.001`, []string{"not a multiple of 0.01"}},
		{`{"type":"object","minProperties":2,"not":{"required":["z"]}}`, `{"z":1}`, []string{"fewer keys than minProperties 2", "matches not"}},
		{`{"prefixItems":[{"type":"string"}],"items":false}`, `["a",1]`, []string{"not allowed (false schema) at /1"}},
		{`{"type":["string","null"]}`, `1`, []string{"wrong type: integer instead of null or string"}},
		{`{"properties":{"a":{"anyOf":[{"type":"string"},{"minimum":3}]}}}`, `{"a":1}`, []string{"matches none of anyOf at /a"}},
		{`{"oneOf":[{"type":"integer"},{"minimum":0}]}`, `1`, []string{"matches more than one of oneOf"}},
	}
	for _, tt := range tests {
		sch := compile(t, decode(t, tt.schema))
		if got := explain(sch, decode(t, tt.value)); !slices.Equal(got, tt.want) {
			t.Errorf("%s against %s: %q, want %q", tt.value, tt.schema, got, tt.want)
		}
	}
}
