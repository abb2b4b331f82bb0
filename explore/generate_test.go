package explore

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestKeywords generates from a schema per keyword: every input's Valid
// is the real compiled schema's verdict, the generator finds valid values
// (at least minValid of the first 200), and the values named in want are
// among them.
func TestKeywords(t *testing.T) {
	tests := []struct {
		name     string
		schema   string
		minValid int
		want     []string // JSON texts that must be generated
	}{
		{"type integer", `{"type":"integer"}`, 50, []string{"0", "1", "-1", "1000"}},
		{"type number", `{"type":"number"}`, 50, []string{"0", "0.5", "-0.5"}},
		{"type string", `{"type":"string"}`, 50, []string{`""`, `"\""`, `"\\"`, `"\n"`, `"😀"`}},
		{"type boolean", `{"type":"boolean"}`, 2, []string{"false", "true"}},
		{"type null", `{"type":"null"}`, 1, []string{"null"}},
		{"type list", `{"type":["string","null"]}`, 20, []string{"null", `""`}},
		{"no type", `{}`, 50, []string{"null", "false", "0", `""`, "[]", "{}"}},
		{"enum", `{"enum":["a",1,null,{"x":true}]}`, 4, []string{`"a"`, "1", "null", `{"x":true}`}},
		{"const", `{"const":{"k":[1,2]}}`, 1, []string{`{"k":[1,2]}`}},
		{"minimum maximum", `{"type":"integer","minimum":-3,"maximum":7}`, 11, []string{"-3", "7", "0", "-2", "6"}},
		{"exclusive", `{"type":"integer","exclusiveMinimum":0,"exclusiveMaximum":10}`, 9, []string{"1", "9"}},
		{"exclusive number", `{"type":"number","exclusiveMinimum":0,"maximum":1}`, 20, []string{"1", "0.5"}},
		{"draft4 exclusive", `{"$schema":"http://json-schema.org/draft-04/schema#","type":"integer","minimum":0,"exclusiveMinimum":true,"maximum":5}`, 5, []string{"1", "5"}},
		{"multipleOf", `{"type":"integer","multipleOf":7,"minimum":1}`, 30, []string{"7"}},
		{"multipleOf decimal", `{"type":"number","multipleOf":0.25,"maximum":10}`, 30, []string{"0", "10", "0.5"}},
		{"minLength maxLength", `{"type":"string","minLength":2,"maxLength":4}`, 30, []string{`"aa"`, `"aaaa"`, `"éééé"`}},
		{"maxLength code points", `{"type":"string","maxLength":3}`, 30, []string{`"ééé"`, `"日本語"`}},
		{"pattern", `{"type":"string","pattern":"^[a-c]{2,3}-[0-9]+$"}`, 20, []string{`"aa-0"`}},
		{"pattern and minLength", `{"type":"string","pattern":"^[0-9]+$","minLength":5,"maxLength":9}`, 20, []string{`"00000"`}},
		{"pattern unanchored", `{"type":"string","pattern":"x[0-9]"}`, 20, []string{`"x0"`}},
		{"pattern ECMA", `{"type":"string","pattern":"^(?!bad)[a-z]+\\d$"}`, 10, []string{`"a0"`}},
		{"pattern alternation", `{"type":"string","pattern":"^(red|green|blue)$"}`, 3, []string{`"red"`, `"green"`, `"blue"`}},
		{"format date", `{"type":"string","format":"date"}`, 3, []string{`"2024-01-02"`}},
		{"format email", `{"type":"string","format":"email"}`, 2, []string{`"a@example.com"`}},
		{"properties required", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a"]}`, 50,
			[]string{`{"a":""}`, `{"a":"","b":0}`}},
		{"additionalProperties false", `{"type":"object","properties":{"a":{"type":"boolean"}},"additionalProperties":false}`, 3,
			[]string{`{}`, `{"a":false}`, `{"a":true}`}},
		{"additionalProperties schema", `{"type":"object","additionalProperties":{"type":"integer"},"minProperties":1}`, 20, nil},
		{"patternProperties", `{"type":"object","patternProperties":{"^x-[a-z]+$":{"type":"integer"}},"additionalProperties":false}`, 10, []string{`{}`}},
		{"dependentRequired", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"dependentRequired":{"a":["b"]}}`, 20,
			[]string{`{}`, `{"a":"","b":""}`}},
		{"minProperties maxProperties", `{"type":"object","properties":{"a":{"type":"null"},"b":{"type":"null"},"c":{"type":"null"}},"minProperties":1,"maxProperties":2}`, 5, nil},
		{"items", `{"type":"array","items":{"type":"integer","minimum":5}}`, 30, []string{`[]`, `[5]`}},
		{"prefixItems", `{"type":"array","prefixItems":[{"type":"string"},{"type":"boolean"}],"items":false}`, 10, []string{`[]`, `[""]`}},
		{"min maxItems", `{"type":"array","items":{"enum":[1,2,3]},"minItems":2,"maxItems":3}`, 10, []string{`[1,1]`}},
		{"uniqueItems", `{"type":"array","items":{"enum":[1,2,3]},"minItems":3,"uniqueItems":true}`, 1, []string{`[1,2,3]`}},
		{"allOf", `{"allOf":[{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]},{"properties":{"a":{"minimum":10}}}]}`, 20,
			[]string{`{"a":10}`}},
		{"anyOf", `{"anyOf":[{"type":"string","maxLength":1},{"type":"integer","minimum":100}]}`, 20, []string{`""`, "100"}},
		{"oneOf", `{"oneOf":[{"type":"string"},{"type":"boolean"}]}`, 10, []string{`""`, "false"}},
		{"not", `{"type":"integer","not":{"const":0}}`, 20, []string{"1", "-1"}},
		{"$ref $defs", `{"$defs":{"pos":{"type":"integer","minimum":1}},"type":"object","properties":{"p":{"$ref":"#/$defs/pos"}},"required":["p"]}`, 20,
			[]string{`{"p":1}`}},
		{"definitions", `{"definitions":{"s":{"type":"string","minLength":1}},"type":"array","items":{"$ref":"#/definitions/s"},"minItems":1}`, 20,
			[]string{`["a"]`}},
		{"recursive", `{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#"}}},"required":["name"]}`, 30,
			[]string{`{"name":""}`, `{"children":[],"name":""}`}},
		// Read from the compiled schema: the keywords that combine or
		// constrain others, references by anchor, id and $dynamicRef.
		{"contains minContains", `{"type":"array","items":{"type":"integer"},"contains":{"const":7},"minContains":2}`, 10,
			[]string{`[7,7]`, `[7,7,0]`}},
		{"contains maxContains", `{"type":"array","contains":{"type":"string"},"maxContains":1,"minItems":1}`, 10, []string{`[""]`}},
		{"propertyNames", `{"type":"object","propertyNames":{"pattern":"^x-[a-z]+$"},"minProperties":1}`, 5, []string{`{"x-a":null}`}},
		{"dependentSchemas", `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"string"}},"dependentSchemas":{"a":{"required":["b"],"properties":{"b":{"minLength":3}}}}}`, 10,
			[]string{`{}`, `{"a":0,"b":"aaa"}`}},
		{"dependencies draft 7", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"a":{"type":"integer"},"b":{"type":"string"}},"dependencies":{"a":["b"]}}`, 10,
			[]string{`{"a":0,"b":""}`}},
		{"if then else", `{"type":"object","properties":{"kind":{"enum":["file","url"]},"path":{"type":"string","minLength":1},"url":{"type":"string","format":"uri"}},"required":["kind"],` +
			`"if":{"properties":{"kind":{"const":"file"}}},"then":{"required":["path"]},"else":{"required":["url"]}}`, 10,
			[]string{`{"kind":"file","path":"a"}`, `{"kind":"url","url":"https://example.com/a"}`}},
		{"const nested", `{"type":"object","properties":{"v":{"const":2},"w":{"const":[1,{"a":null}]}},"required":["v"]}`, 2,
			[]string{`{"v":2}`, `{"v":2,"w":[1,{"a":null}]}`}},
		{"prefixItems and items", `{"type":"array","prefixItems":[{"const":"cmd"},{"type":"integer","minimum":3}],"items":{"type":"boolean"},"minItems":2}`, 5,
			[]string{`["cmd",3]`, `["cmd",3,false]`}},
		{"$anchor", `{"$defs":{"p":{"$anchor":"pos","type":"integer","minimum":1}},"type":"object","properties":{"n":{"$ref":"#pos"}},"required":["n"]}`, 10,
			[]string{`{"n":1}`}},
		{"$id", `{"$defs":{"p":{"$id":"urn:example:pos","type":"integer","minimum":5}},"type":"object","properties":{"n":{"$ref":"urn:example:pos"}},"required":["n"]}`, 10,
			[]string{`{"n":5}`}},
		{"$dynamicRef", `{"$dynamicAnchor":"node","type":"object","properties":{"next":{"$dynamicRef":"#node"},"v":{"type":"integer","maximum":-5}},"required":["v"]}`, 10,
			[]string{`{"v":-5}`, `{"next":{"v":-5},"v":-5}`}},
		{"unevaluatedProperties", `{"type":"object","allOf":[{"properties":{"a":{"type":"integer"}}}],"unevaluatedProperties":false,"minProperties":1}`, 3,
			[]string{`{"a":0}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			src.Invalid = false
			seen := map[string]bool{}
			valid := 0
			for _, in := range inputs(New(src, 1), 200) {
				if got := src.Valid(in.Value); got != in.Valid {
					t.Errorf("%s: Valid %v, the schema says %v", in.JSON(), in.Valid, got)
				}
				if !in.Valid {
					t.Errorf("%s (%s): invalid input with Invalid off", in.JSON(), in.Kind)
				}
				if seen[string(in.JSON())] {
					t.Errorf("%s made twice", in.JSON())
				}
				seen[string(in.JSON())] = true
				valid++
			}
			if valid < tt.minValid {
				t.Errorf("%d valid inputs, want at least %d", valid, tt.minValid)
			}
			for _, w := range tt.want {
				if !seen[w] {
					t.Errorf("%s not generated", w)
				}
			}
		})
	}
}

// TestBoundaryFirst checks the order the engine's acceptance depends on:
// the smallest values first, each enum value and the optional keys absent
// and present early, numbers across magnitudes before the random ones.
func TestBoundaryFirst(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		first  []string // the first inputs, in order
		within int      // ... and these among the first within
		early  []string
	}{
		{"integer", `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`,
			[]string{`{"n":0}`}, 20, []string{`{"n":1000}`, `{"n":-1}`}},
		{"string", `{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}`,
			[]string{`{"s":""}`}, 20, []string{`{"s":"\""}`, `{"s":"\\"}`, `{"s":"\n"}`, `{"s":"😀"}`}},
		{"enum", `{"type":"object","properties":{"mode":{"enum":["fast","slow","auto"]}},"required":["mode"]}`,
			[]string{`{"mode":"fast"}`}, 8, []string{`{"mode":"slow"}`, `{"mode":"auto"}`}},
		{"optional", `{"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"}},"required":["path"]}`,
			[]string{`{"path":""}`, `{"limit":0,"path":""}`}, 10, nil},
		{"bounds", `{"type":"object","properties":{"n":{"type":"integer","minimum":3,"maximum":9}},"required":["n"]}`,
			[]string{`{"n":3}`}, 10, []string{`{"n":9}`}},
		{"array", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}}},"required":["a"]}`,
			[]string{`{"a":[]}`}, 10, []string{`{"a":[""]}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			got := inputs(New(src, 1), tt.within)
			var texts []string
			for _, in := range got {
				texts = append(texts, string(in.JSON()))
			}
			for i, w := range tt.first {
				if i >= len(texts) || texts[i] != w {
					t.Fatalf("inputs %q, want them to start with %q", texts, tt.first)
				}
			}
			for _, w := range tt.early {
				if !slices.Contains(texts, w) {
					t.Errorf("%s not among the first %d: %q", w, tt.within, texts)
				}
			}
			if got[0].Kind != "boundary" {
				t.Errorf("first input's kind %q, want boundary", got[0].Kind)
			}
		})
	}
}

// TestLongStrings: strings as long as maxLength allows, in code points.
func TestLongStrings(t *testing.T) {
	src := source(t, `{"type":"string","maxLength":300}`)
	src.Invalid = false
	longest := 0
	for _, in := range inputs(New(src, 1), 100) {
		s := in.Value.(string)
		longest = max(longest, utf8.RuneCountInString(s))
		if utf8.RuneCountInString(s) > 300 {
			t.Fatalf("%d code points over maxLength 300", utf8.RuneCountInString(s))
		}
	}
	if longest != 300 {
		t.Errorf("longest string %d code points, want 300", longest)
	}
}

// TestDeterministic: the same seed gives the same sequence, another seed
// another one.
func TestDeterministic(t *testing.T) {
	schema := `{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string","pattern":"^[a-z]+$"},` +
		`"m":{"type":"object","additionalProperties":{"type":"number"}},"o":{"enum":["x","y"]}},"required":["n","s"]}`
	seq := func(seed uint64) string {
		var b strings.Builder
		for _, in := range inputs(New(source(t, schema, `{"n":5,"s":"abc","o":"x"}`), seed), 150) {
			b.WriteString(in.Kind + " " + string(in.JSON()) + "\n")
		}
		return b.String()
	}
	a, b := seq(7), seq(7)
	if a != b {
		t.Errorf("seed 7 gave two sequences:\n%s\n----\n%s", a, b)
	}
	if c := seq(8); c == a {
		t.Errorf("seeds 7 and 8 gave the same sequence")
	}
}

// TestBounded: schemas that admit nothing, or little, or recurse, end the
// sequence instead of looping.
func TestBounded(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		max    int  // at most this many valid values (each may be sent respelled too)
		fake   bool // no oracle: every value is invalid
	}{
		{"false", `false`, 0, false},
		{"not {}", `{"not":{}}`, 0, false},
		{"allOf conflict", `{"allOf":[{"type":"string"},{"type":"integer"}]}`, 0, false},
		{"const conflict", `{"allOf":[{"const":1},{"const":2}]}`, 0, false},
		{"empty range", `{"type":"integer","minimum":5,"maximum":4}`, 0, false},
		{"boolean", `{"type":"boolean"}`, 2, false},
		{"small enum", `{"enum":[1,2,3]}`, 3, false},
		{"required recursion", `{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}},"required":["next"]}},"$ref":"#/$defs/n"}`, 0, true},
		// A $ref cycle does not compile; a $dynamicRef one does (the linter
		// leaves it to the validator, which stops it).
		{"ref loop", `{"$defs":{"a":{"$dynamicAnchor":"a","$dynamicRef":"#a"}},"$ref":"#/$defs/a"}`, 0, true},
		{"recursive alternatives", `{"$dynamicAnchor":"x","anyOf":[{"$dynamicRef":"#x"},{"$dynamicRef":"#x"},{"$dynamicRef":"#x"},{"$dynamicRef":"#x"},{"type":"array","items":{"$dynamicRef":"#x"}}]}`, 0, true},
		{"huge minLength", `{"type":"string","minLength":1000000000}`, 0, false},
		{"huge minItems", `{"type":"array","minItems":1000000000}`, 0, false},
		{"huge minProperties", `{"type":"object","minProperties":1000000000000}`, 0, false},
		{"huge minProperties, closed", `{"type":"object","minProperties":1000000000000,"additionalProperties":false}`, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			if tt.fake {
				src.Valid = func(any) bool { return false }
			}
			g := New(src, 1)
			values := map[string]bool{}
			n := 0
			for ; n < 5000; n++ {
				in, ok := g.Next()
				if !ok {
					break
				}
				if in.Valid {
					values[jsonText(in.Value)] = true
				}
			}
			if n == 5000 {
				t.Errorf("no end after 5000 inputs")
			}
			if len(values) > tt.max {
				t.Errorf("%d valid values, want at most %d", len(values), tt.max)
			}
		})
	}
}

// TestHugeSchema: many properties, each nested, stay cheap and bounded.
func TestHugeSchema(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type":"object","properties":{`)
	for i := range 300 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"p` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `":{"type":"object","properties":{"a":{"type":"array","items":{"$ref":"#"}},"b":{"type":"integer"}}}`)
	}
	b.WriteString(`}}`)
	src := source(t, b.String())
	if got := len(inputs(New(src, 1), 100)); got != 100 {
		t.Errorf("%d inputs, want 100", got)
	}
}
