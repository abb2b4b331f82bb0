package drift

import (
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

// toolText is a TOOL.md with the given inputs and outputs schemas (YAML,
// indented by the caller's two spaces) and other frontmatter lines.
func toolText(inputs, outputs, extra string) string {
	return "---\nname: t\ndescription: d\ninputs:\n" + indent(inputs) + "outputs:\n" + indent(outputs) + extra + "---\n\n# t\n"
}

func indent(s string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimSpace(s), "\n") {
		b.WriteString("  " + line + "\n")
	}
	return b.String()
}

// contractOf builds a Contract from a TOOL.md text, with no folder.
func contractOf(t *testing.T, text string) *Contract {
	t.Helper()
	spec := contract.ParseBytes("TOOL.md", []byte(text))
	if spec.FileErr != nil || spec.Frontmatter == nil {
		t.Fatalf("bad TOOL.md: %v %v", spec.FileErr, spec.Problems)
	}
	fm := spec.Frontmatter
	if fm.Inputs == nil || fm.Inputs.Doc == nil || fm.Outputs == nil || fm.Outputs.Doc == nil {
		t.Fatalf("inputs or outputs missing or not JSON: %v", spec.Problems)
	}
	c := &Contract{Spec: spec}
	c.Inputs, c.Outputs = compile(spec, func(doc *contract.JSONDoc, field string) *contract.Schema {
		s, issues := contract.CompileSchemaFiles(doc, field, nil, ".")
		if len(issues) > 0 {
			t.Fatalf("%s: %v", field, issues)
		}
		return s
	})
	return c
}

const anyOutputs = "type: object"

func TestCompareInputs(t *testing.T) {
	base := `
type: object
required: [path]
properties:
  path: {type: string, maxLength: 10}
  mode: {enum: [fast, slow]}
  n: {type: integer, minimum: 0, maximum: 100}`
	tests := []struct {
		name, old, new string
		want           []string // "what => witness" of the breaking changes
		compatible     string   // the compatible changes, one a line
	}{
		{name: "optional input added", old: base, new: base + "\n  extra: {type: boolean}", compatible: `property "extra" added`},
		{name: "required input added", old: base, new: base + "\n  extra: {type: boolean}" + "\nrequired: [path, extra]",
			want: []string{`required input "extra" added => {"path":""}`}},
		{name: "enum value removed", old: base, new: strings.Replace(base, "[fast, slow]", "[fast]", 1),
			want: []string{`enum value "slow" removed => {"mode":"slow","path":""}`}},
		{name: "enum value added", old: base, new: strings.Replace(base, "[fast, slow]", "[fast, slow, auto]", 1), compatible: `enum value "auto" added`},
		{name: "maxLength tightened", old: base, new: strings.Replace(base, "maxLength: 10", "maxLength: 5", 1),
			want: []string{`maxLength tightened from 10 to 5 => {"path":"aaa0aa"}`}},
		{name: "maxLength loosened", old: base, new: strings.Replace(base, "maxLength: 10", "maxLength: 50", 1), compatible: "maxLength loosened from 10 to 50"},
		{name: "type narrowed", old: base, new: strings.Replace(base, "type: integer", "type: integer, multipleOf: 2", 1),
			want: []string{`multipleOf 2 added => {"n":1,"path":""}`}},
		{name: "maximum tightened", old: base, new: strings.Replace(base, "maximum: 100", "maximum: 10", 1),
			want: []string{`maximum tightened from 100 to 10 => {"n":11,"path":""}`}},
		{name: "pattern added", old: base, new: strings.Replace(base, "maxLength: 10", "maxLength: 10, pattern: '^[a-z]+$'", 1),
			want: []string{`pattern "^[a-z]+$" added => {"path":""}`}},
		{name: "closed", old: base, new: base + "\nadditionalProperties: false",
			want: []string{`additionalProperties: false added => {"extra0":{},"path":""}`}},
		{name: "type changed", old: base, new: strings.Replace(base, "path: {type: string, maxLength: 10}", "path: {type: integer}", 1),
			want: []string{`type narrowed from string to integer => {"path":""}`}},
		{name: "type widened", old: base, new: strings.Replace(base, "type: integer,", "type: [integer, string],", 1), compatible: "type widened from integer to integer, string"},
		{name: "required dropped", old: base, new: strings.Replace(base, "required: [path]", "required: []", 1), compatible: `input "path" no longer required`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := contractOf(t, toolText(tt.old, anyOutputs, ""))
			new := contractOf(t, toolText(tt.new, anyOutputs, ""))
			changes := Compare(old, new)
			var got, compatible []string
			for _, c := range changes {
				if c.Verdict == Breaking {
					got = append(got, c.What+" => "+c.Schema.WitnessJSON())
					confirm(t, old.Inputs, new.Inputs, c.Schema.Witness)
				} else if c.Schema.Compatible {
					compatible = append(compatible, c.What)
				}
			}
			if tt.compatible != "" && strings.Join(compatible, "\n") != tt.compatible {
				t.Errorf("compatible changes %q, want %q", compatible, tt.compatible)
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("breaking changes:\n got %q\nwant %q\n(all: %q)", got, tt.want, whats(changes))
			}
		})
	}
}

func whats(cs []Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.What)
	}
	return out
}

// confirm checks a witness with both validators: wide accepts, narrow
// rejects.
func confirm(t *testing.T, wide, narrow *contract.Schema, w any) {
	t.Helper()
	if err := wide.Validate(w); err != nil {
		t.Errorf("witness %s rejected by the wide schema: %v", jsonText(w), err)
	}
	if narrow.Validate(w) == nil {
		t.Errorf("witness %s accepted by the narrow schema", jsonText(w))
	}
}

func TestCompareOutputs(t *testing.T) {
	base := `
type: object
required: [ok, status]
properties:
  ok: {type: boolean}
  status: {enum: [done, failed]}
  count: {type: integer}
additionalProperties: false`
	tests := []struct {
		name, old, new string
		want           []string
	}{
		{name: "enum value added", old: base, new: strings.Replace(base, "[done, failed]", "[done, failed, queued]", 1),
			want: []string{`enum value "queued" added => {"ok":true,"status":"queued"}`}},
		{name: "enum value removed", old: base, new: strings.Replace(base, "[done, failed]", "[done]", 1)},
		{name: "no longer required", old: base, new: strings.Replace(base, "[ok, status]", "[ok]", 1),
			want: []string{`output "status" no longer always present => {"ok":true}`}},
		{name: "type widened", old: base, new: strings.Replace(base, "count: {type: integer}", "count: {type: [integer, string]}", 1),
			want: []string{`type widened from integer to integer, string => {"count":"","ok":true,"status":"done"}`}},
		// Only an answer that failed can carry the new value: the witness
		// says ok: false.
		{name: "enum value added, failures only", old: base + "\nif: {properties: {ok: {const: true}}}\nthen: {properties: {status: {const: done}}}",
			new:  strings.Replace(base, "[done, failed]", "[done, failed, late]", 1) + "\nif: {properties: {ok: {const: true}}}\nthen: {properties: {status: {const: done}}}",
			want: []string{`enum value "late" added => {"ok":false,"status":"late"}`}},
		{name: "output added", old: base, new: strings.Replace(base, "  count:", "  extra: {type: string}\n  count:", 1),
			want: []string{`property "extra" added where additionalProperties was false => {"extra":"","ok":true,"status":"done"}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := contractOf(t, toolText("type: object", tt.old, ""))
			new := contractOf(t, toolText("type: object", tt.new, ""))
			var got []string
			for _, c := range Compare(old, new) {
				if c.Verdict == Breaking {
					got = append(got, c.What+" => "+c.Schema.WitnessJSON())
					confirm(t, new.Outputs, old.Outputs, c.Schema.Witness)
				}
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("breaking changes:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestCompareToolFields(t *testing.T) {
	old := contractOf(t, toolText("type: object", anyOutputs, "effects: none\nrequires: [git]\nplatforms: [linux, macos]\n"))
	old.Implementations = []string{"linux", "macos"}
	new := contractOf(t, toolText("type: object", anyOutputs, "effects: writes the cache\nrequires: [git, curl]\nplatforms: [linux]\n"))
	new.Implementations = []string{"linux", "macos"}
	got := whats(Compare(old, new))
	want := []string{"platform macos dropped", `effects widened from "none" to "writes the cache"`, `requires "curl" added`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := whats(Compare(new, old)); len(got) != 0 {
		t.Errorf("the reverse is compatible, got %q", got)
	}
}

// TestUnclassifiedChange: a narrowing no keyword comparison names (a new
// not) is still breaking when the generator finds a witness.
func TestUnclassifiedChange(t *testing.T) {
	old := contractOf(t, toolText("type: object\nproperties:\n  n: {type: integer}", anyOutputs, ""))
	new := contractOf(t, toolText("type: object\nproperties:\n  n: {type: integer, not: {const: 0}}", anyOutputs, ""))
	var got []string
	for _, c := range Compare(old, new) {
		if c.Verdict == Breaking {
			got = append(got, c.What+" => "+c.Schema.WitnessJSON())
			confirm(t, old.Inputs, new.Inputs, c.Schema.Witness)
		}
	}
	want := `a value accepted before is rejected now (not at /n) => {"n":0}`
	if strings.Join(got, "\n") != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
