package explore

import (
	"slices"
	"strings"
	"testing"
)

// TestMoreViolations: targeted invalid inputs for the keywords beyond
// TestInvalid's, each named by the validator.
func TestMoreViolations(t *testing.T) {
	tests := []struct {
		name, schema string
		want         []string // kind: input
	}{
		{"contains", `{"type":"object","properties":{"a":{"type":"array","contains":{"const":7}}},"required":["a"]}`,
			[]string{`no item matches contains at /a: {"a":[]}`}},
		{"propertyNames", `{"type":"object","propertyNames":{"maxLength":3},"properties":{"ab":{"type":"integer"}}}`,
			[]string{`key "aaaa" breaks propertyNames: {"aaaa":null,"ab":0}`}},
		{"dependentRequired", `{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"string"}},"dependentRequired":{"a":["b"]}}`,
			[]string{`key "a" without "b" (dependentRequired): {"a":0}`}},
		{"if then", `{"type":"object","properties":{"kind":{"enum":["file","url"]},"path":{"type":"string"}},"required":["kind"],"if":{"properties":{"kind":{"const":"file"}}},"then":{"required":["path"]}}`,
			[]string{`required key "path" missing: {"kind":"file"}`}},
		{"format asserted", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"d":{"type":"string","format":"date"}},"required":["d"]}`,
			[]string{`breaks format "date" at /d: {"d":"2024-02-30"}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			var got []string
			for _, in := range inputs(New(src, 1), 300) {
				if !in.Valid {
					got = append(got, in.Kind+": "+string(in.JSON()))
				}
			}
			for _, w := range tt.want {
				if !slices.Contains(got, w) {
					t.Errorf("missing %s; got\n%s", w, strings.Join(got, "\n"))
				}
			}
		})
	}
}

// TestInvalidAtDepth: the targeted violations break the value at every
// depth, inside array items and nested objects, each within the first 30
// invalid inputs.
func TestInvalidAtDepth(t *testing.T) {
	src := source(t, `{"type":"object","required":["files"],"properties":{
		"files":{"type":"array","items":{"type":"object","required":["path"],"properties":{
			"path":{"type":"string","minLength":1},
			"mode":{"enum":["r","w"]},
			"meta":{"type":"object","properties":{"size":{"type":"integer","minimum":0}}}}}},
		"opts":{"type":"object","properties":{"deep":{"type":"object","properties":{"level":{"type":"integer","maximum":3}}}}}}}`)
	var got []string
	for _, in := range inputs(New(src, 1), 200) {
		if !in.Valid {
			got = append(got, in.Kind)
		}
	}
	got = got[:min(len(got), 30)]
	for _, w := range []string{
		`required key "path" missing at /files/0`,
		`shorter than minLength 1 at /files/0/path`,
		`not in the enum at /files/0/mode`,
		`below minimum 0 at /files/0/meta/size`,
		`above maximum 3 at /opts/deep/level`,
	} {
		if !slices.Contains(got, w) {
			t.Errorf("%s not among the first 30 invalid inputs:\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// TestDeepNesting: a recursive schema is followed deeper than its
// boundary values go (and than examples usually show), bounded; a deep
// schema gets a value with every level present.
func TestDeepNesting(t *testing.T) {
	depth := func(v any) int {
		var walk func(v any) int
		walk = func(v any) int {
			d := 0
			switch c := v.(type) {
			case map[string]any:
				for _, e := range c {
					d = max(d, walk(e))
				}
				return d + 1
			case []any:
				for _, e := range c {
					d = max(d, walk(e))
				}
				return d + 1
			}
			return 0
		}
		return walk(v)
	}
	tree := source(t, `{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#"}}},"required":["name"]}`)
	deepest := 0
	for _, in := range inputs(New(tree, 1), 40) {
		deepest = max(deepest, depth(in.Value))
	}
	if deepest < 32 || deepest > 2*maxFullDepth {
		t.Errorf("deepest input %d levels, want 32 to %d", deepest, 2*maxFullDepth)
	}
	nested := source(t, `{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"object","properties":{"c":{"type":"object","properties":{"d":{"type":"object","properties":{"e":{"type":"integer"}}}}}}}}}}}`)
	var texts []string
	for _, in := range inputs(New(nested, 1), 10) {
		texts = append(texts, string(in.JSON()))
	}
	if !slices.Contains(texts, `{"a":{"b":{"c":{"d":{"e":0}}}}}`) {
		t.Errorf("no value with every level among the first 10: %q", texts)
	}
}

// TestFormats: the common formats' samples are valid and their near-valid
// ones invalid where the format is asserted; where it is an annotation
// (draft 2020-12) the near-valid ones are valid inputs.
func TestFormats(t *testing.T) {
	for _, f := range []string{"date", "date-time", "time", "email", "hostname", "uri", "uuid", "ipv4", "ipv6", "json-pointer", "regex"} {
		asserted := compile(t, decode(t, `{"$schema":"http://json-schema.org/draft-07/schema#","format":"`+f+`"}`))
		for _, s := range formatSamples[f] {
			if err := asserted.Validate(s); err != nil {
				t.Errorf("%s sample %q: %v", f, s, err)
			}
		}
		if len(nearFormatSamples[f]) == 0 {
			t.Errorf("%s has no near-valid samples", f)
		}
		for _, s := range nearFormatSamples[f] {
			if asserted.Validate(s) == nil {
				t.Errorf("near-valid %s sample %q is valid", f, s)
			}
		}
		src := source(t, `{"type":"object","properties":{"v":{"type":"string","format":"`+f+`"}},"required":["v"]}`)
		var texts []string
		for _, in := range inputs(New(src, 1), 40) {
			texts = append(texts, string(in.JSON()))
		}
		for _, s := range append(formatSamples[f][:1], nearFormatSamples[f][:2]...) {
			if w := `{"v":` + string(Input{Value: s}.JSON()) + `}`; !slices.Contains(texts, w) {
				t.Errorf("%s not among the first 40: %q", w, texts)
			}
		}
	}
}

// TestDeterministicModel: two compilations of the same schema (other
// pointers, other map orders) give the same inputs for the same seed.
func TestDeterministicModel(t *testing.T) {
	schema := `{"type":"object","required":["k"],"properties":{
		"k":{"enum":["a","b"]},"n":{"type":"integer","maximum":9223372036854775807},
		"m":{"type":"object","propertyNames":{"pattern":"^[a-z]+$"},"patternProperties":{"^x":{"type":"integer"},"^y":{"type":"string"}},"additionalProperties":{"type":"boolean"}},
		"l":{"type":"array","contains":{"const":1},"items":{"type":"integer"}},
		"d":{"type":"string","format":"date"},"t":{"$ref":"#"}},
		"dependentRequired":{"n":["k"],"m":["n"]},"dependentSchemas":{"l":{"required":["d"]},"d":{"required":["n"]}},
		"if":{"properties":{"k":{"const":"a"}}},"then":{"required":["n"]},"else":{"required":["m"]}}`
	seq := func() string {
		var b strings.Builder
		for _, in := range inputs(New(source(t, schema), 7), 200) {
			b.WriteString(in.Kind + " " + string(in.JSON()) + "\n")
		}
		return b.String()
	}
	if a, b := seq(), seq(); a != b {
		t.Errorf("one seed gave two sequences:\n%s\n----\n%s", a, b)
	}
}
