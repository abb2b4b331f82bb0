package explore

import (
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/coverage"
)

// gapTool is a tool whose TOOL.md has the inputs schema (YAML) and the
// examples' inputs given, with its coverage, its Source and its seed as
// explore has them.
func gapTool(t *testing.T, inputs string, examples ...string) (coverage.Tool, Source, *coverage.Coverage) {
	t.Helper()
	var b strings.Builder
	b.WriteString("---\nname: t\ndescription: d\ninputs:\n")
	for _, l := range strings.Split(strings.TrimSpace(inputs), "\n") {
		b.WriteString("  " + l + "\n")
	}
	b.WriteString("outputs: {type: object, properties: {ok: {type: boolean}, text: {type: string}}}\neffects: none\nrequires: []\n---\n\n## Examples\n")
	for i, e := range examples {
		b.WriteString("\n### e" + string(rune('a'+i)) + "\ninput: " + e + "\noutput: {\"ok\": true}\n")
	}
	spec := contract.ParseText("TOOL.md", []byte(b.String()))
	if len(spec.Problems) > 0 {
		t.Fatalf("TOOL.md: %v", spec.Problems)
	}
	fm := spec.Frontmatter
	sch, issues := contract.CompileSchema(fm.Inputs.Doc, "inputs", nil, t.TempDir())
	if len(issues) > 0 {
		t.Fatalf("schema: %v", issues)
	}
	out, issues := contract.CompileSchema(fm.Outputs.Doc, "outputs", nil, t.TempDir())
	if len(issues) > 0 {
		t.Fatalf("outputs: %v", issues)
	}
	tool := coverage.Tool{Spec: spec, Inputs: sch, Outputs: out}
	src := Source{Schema: sch, Valid: oracle(sch)}
	for _, c := range spec.Examples.Cases {
		src.Examples = append(src.Examples, c.Input.Value)
	}
	return tool, src, coverage.Of(tool)
}

func TestGapInputs(t *testing.T) {
	tests := []struct {
		name     string
		inputs   string
		examples []string
		// want maps a part ("kind path") to the input that closes it;
		// "valid" when any valid input that exercises it will do (a
		// generated one), "" when none is to be found.
		want map[string]string
	}{{
		name: "an enum value and a property given, from the example",
		inputs: `type: object
required: [word]
additionalProperties: false
properties:
  word: {type: string, maxLength: 8}
  n: {type: integer, minimum: 2, maximum: 2}
  mode: {enum: [plain, upper, title]}`,
		examples: []string{`{"word": "ab", "mode": "upper"}`, `{"word": "cd", "mode": "plain"}`},
		want: map[string]string{
			"given /inputs/properties/n":          `{"mode":"upper","n":2,"word":"ab"}`,
			"enum /inputs/properties/mode/enum/2": `{"mode":"title","word":"ab"}`,
			"absent /inputs/properties/n":         "", // covered
		},
	}, {
		name: "a property left out",
		inputs: `type: object
properties:
  word: {type: string}
  n: {type: integer}`,
		examples: []string{`{"word": "ab", "n": 1}`},
		want: map[string]string{
			"absent /inputs/properties/n":    `{"word":"ab"}`,
			"absent /inputs/properties/word": `{"n":1}`,
		},
	}, {
		name: "a oneOf branch and its const",
		inputs: `type: object
required: [path]
properties:
  path: {type: string}
  level:
    oneOf:
      - {type: integer}
      - {const: max}`,
		examples: []string{`{"path": "a", "level": 2}`},
		want: map[string]string{
			"branch /inputs/properties/level/oneOf/1":       `{"level":"max","path":"a"}`,
			"const /inputs/properties/level/oneOf/1/const":  `{"level":"max","path":"a"}`,
			"absent /inputs/properties/level":               `{"path":"a"}`,
			"branch /inputs/properties/level/oneOf/0":       "", // covered
			"given /inputs/properties/level":                "", // covered
			"enum /inputs/properties/level/oneOf/1/const/0": "", // no such part
		},
	}, {
		name: "a property of a nested object the example does not have",
		inputs: `type: object
required: [path]
properties:
  path: {type: string}
  opts:
    type: object
    properties:
      mode: {enum: [fast]}`,
		examples: []string{`{"path": "a"}`},
		want: map[string]string{
			"enum /inputs/properties/opts/properties/mode/enum/0": `{"opts":{"mode":"fast"},"path":"a"}`,
		},
	}, {
		name: "an array item's enum value",
		inputs: `type: object
properties:
  tags: {type: array, items: {enum: [red, blue]}}`,
		examples: []string{`{"tags": ["red"]}`},
		want: map[string]string{
			"enum /inputs/properties/tags/items/enum/1": `{"tags":["blue"]}`,
		},
	}, {
		name: "an if arm",
		inputs: `type: object
required: [kind]
properties:
  kind: {enum: [file, dir]}
  path: {type: string}
if: {properties: {kind: {const: file}}}
then: {required: [path]}
else: {not: {required: [path]}}`,
		examples: []string{`{"kind": "file", "path": "a"}`},
		want: map[string]string{
			"arm /inputs/else":                    "valid",
			"enum /inputs/properties/kind/enum/1": "valid",
		},
	}, {
		// The edit of the example breaks a rule of the schema elsewhere:
		// the part is closed by a valid input all the same.
		name: "an edit the schema refuses",
		inputs: `type: object
required: [mode]
properties:
  mode: {enum: [plain, title]}
  n: {type: integer}
dependentRequired: {n: [mode]}
if: {properties: {mode: {const: title}}}
then: {required: [n]}`,
		examples: []string{`{"mode": "plain"}`},
		want: map[string]string{
			"enum /inputs/properties/mode/enum/1": "valid",
		},
	}, {
		name: "a part under $defs: a generated input",
		inputs: `type: object
properties:
  mode: {$ref: "#/$defs/mode"}
$defs:
  mode: {enum: [a, b]}`,
		examples: []string{`{"mode": "a"}`},
		want: map[string]string{
			"enum /inputs/$defs/mode/enum/1": "valid",
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tool, src, cov := gapTool(t, tt.inputs, tt.examples...)
			got := GapInputs(src, 14, tool, cov.Uncovered())
			byName := map[string]coverage.Part{}
			for _, p := range cov.Parts() {
				byName[string(p.Kind)+" "+p.Path] = p
			}
			for part, want := range tt.want {
				p, known := byName[part]
				in, found := got[p.ID()]
				switch {
				case want == "" && found:
					t.Errorf("%s: got %s, want none", part, in.JSON())
				case want == "":
				case !known:
					t.Errorf("%s: no such part in %v", part, cov.Parts())
				case !found:
					t.Errorf("%s: no input, want %s", part, want)
				case !in.Valid || !src.Valid(in.Value) || in.Kind != KindGap:
					t.Errorf("%s: %s is not a valid gap input (%+v)", part, in.JSON(), in)
				case !coverage.Exercised(tool, in.Value, nil)[p.ID()]:
					t.Errorf("%s: %s does not exercise it", part, in.JSON())
				case want != "valid" && string(in.JSON()) != want:
					t.Errorf("%s: got %s, want %s", part, in.JSON(), want)
				}
			}
		})
	}
}

func TestGapInputsDeterministic(t *testing.T) {
	tool, src, cov := gapTool(t, `type: object
properties:
  a: {type: string, minLength: 3}
  b: {type: integer}
  c: {oneOf: [{type: string}, {type: array, items: {type: integer}}]}`, `{"b": 1}`)
	first := GapInputs(src, 7, tool, cov.Uncovered())
	for range 5 {
		again := GapInputs(src, 7, tool, cov.Uncovered())
		if len(again) != len(first) {
			t.Fatalf("got %d inputs, then %d", len(first), len(again))
		}
		for id, in := range first {
			if string(again[id].JSON()) != string(in.JSON()) {
				t.Errorf("%v: %s, then %s", id, in.JSON(), again[id].JSON())
			}
		}
	}
	if len(first) == 0 {
		t.Error("no input found")
	}
}

func TestGraft(t *testing.T) {
	tests := []struct {
		root string
		path []any
		v    string
		del  bool
		want string // "" when it cannot
	}{
		{`{"a": 1}`, []any{"b"}, `2`, false, `{"a":1,"b":2}`},
		{`{"a": 1}`, []any{"a"}, ``, true, `{}`},
		{`{"a": 1}`, []any{"b"}, ``, true, ``}, // nothing to remove
		{`{}`, []any{"o", "p"}, `true`, false, `{"o":{"p":true}}`},
		{`{"o": 3}`, []any{"o", "p"}, `true`, false, ``}, // a number where an object goes
		{`{"t": []}`, []any{"t", 0}, `"x"`, false, `{"t":["x"]}`},
		{`{"t": ["a"]}`, []any{"t", 0}, `"x"`, false, `{"t":["x"]}`},
		{`{"t": []}`, []any{"t", 1}, `"x"`, false, ``}, // past the end
		{`{"t": ["a"]}`, []any{"t", 0}, ``, true, ``},  // items are not removed
	}
	for _, tt := range tests {
		root := decode(t, tt.root)
		var v any
		if tt.v != "" {
			v = decode(t, tt.v)
		}
		got, ok := graft(root, tt.path, v, tt.del)
		switch {
		case tt.want == "" && ok:
			t.Errorf("graft(%s, %v): got %s, want none", tt.root, tt.path, jsonText(got))
		case tt.want != "" && (!ok || jsonText(got) != tt.want):
			t.Errorf("graft(%s, %v): got %s %v, want %s", tt.root, tt.path, jsonText(got), ok, tt.want)
		}
		if jsonText(root) != jsonText(decode(t, tt.root)) {
			t.Errorf("graft(%s, %v) changed its root to %s", tt.root, tt.path, jsonText(root))
		}
	}
}

func TestProposedCase(t *testing.T) {
	in := Input{Value: decode(t, `{"word": "ab", "mode": "title"}`), Valid: true, Kind: KindGap}
	tests := []struct {
		name, answer string
		titles       []string
		want, why    string
	}{
		{"plain", `{"ok": true, "text": "Ab"}`, nil,
			"### mode \"title\" and word \"ab\"\ninput: {\"mode\":\"title\",\"word\":\"ab\"}\noutput: {\"ok\":true,\"text\":\"Ab\"}\n", ""},
		{"a title taken", `{"ok": true}`, []string{`mode "title" and word "ab"`},
			"### mode \"title\" and word \"ab\" (2)\ninput: {\"mode\":\"title\",\"word\":\"ab\"}\noutput: {\"ok\":true}\n", ""},
		{"characters as they are", `{"ok": true, "text": "<café & ü>"}`, nil,
			"### mode \"title\" and word \"ab\"\ninput: {\"mode\":\"title\",\"word\":\"ab\"}\noutput: {\"ok\":true,\"text\":\"<café & ü>\"}\n", ""},
		{"GitHub command", `{"ok": true, "text": "::error::pwned"}`, nil, "", "the case would hold a CI system's command"},
		{"GitHub command after a line break", `{"ok": true, "text": "x\n::add-mask::y"}`, nil, "", "the case would hold a CI system's command"},
		{"Azure command", `{"ok": true, "text": "a ##vso[task.setvariable variable=x]1"}`, nil, "", "the case would hold a CI system's command"},
		{"command in a key", `{"ok": true, "##[error]x": 1}`, nil, "", "the case would hold a CI system's command"},
		{"bidi control", `{"ok": true, "text": "a\u202eb"}`, nil, "", "the case would hold characters a reviewer cannot see"},
		{"zero-width space", "{\"ok\": true, \"text\": \"a\u200bb\"}", nil, "", "the case would hold characters a reviewer cannot see"},
		{"tag characters", "{\"ok\": true, \"text\": \"a\U000E0041\U000E0042\"}", nil, "", "the case would hold characters a reviewer cannot see"},
		{"machine-specific", `{"ok": true, "text": "/home/alice/.ssh/id_rsa"}`, nil, "", "the case would hold machine-specific text"},
		{"huge", `{"ok": true, "text": "` + strings.Repeat("x", MaxCaseText) + `"}`, nil, "", "the case would take 2097 bytes, over the 2000 a proposed case may"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, why := ProposedCase(in, decode(t, tt.answer), tt.titles)
			if text != tt.want || why != tt.why {
				t.Errorf("got %q, %q\nwant %q, %q", text, why, tt.want, tt.why)
			}
		})
	}
}

func TestGapSearch(t *testing.T) {
	tool, src, cov := gapTool(t, `type: object
required: [path]
properties:
  path: {type: string}
  level:
    oneOf:
      - {type: integer}
      - {const: max}
  mode: {enum: [fast, slow]}`, `{"path": "a", "level": 2, "mode": "fast"}`)
	parts := cov.Uncovered()
	id := func(kind coverage.Kind, path string) coverage.ID { return coverage.ID{Kind: kind, Path: path} }
	branch, cnst := id(coverage.Branch, "/inputs/properties/level/oneOf/1"), id(coverage.Const, "/inputs/properties/level/oneOf/1/const")
	slow := id(coverage.Enum, "/inputs/properties/mode/enum/1")
	okKey := id(coverage.OutputKey, "/outputs/properties/text")
	noLevel, noMode := id(coverage.Absent, "/inputs/properties/level"), id(coverage.Absent, "/inputs/properties/mode")
	for _, tt := range []struct {
		name   string
		refuse string // the input whose answer the caller refuses
		want   map[coverage.ID]string
	}{
		{"every case confirmed", "", map[coverage.ID]string{
			branch: `{"level":"max","mode":"fast","path":"a"}`, cnst: `{"level":"max","mode":"fast","path":"a"}`,
			slow: `{"level":2,"mode":"slow","path":"a"}`, okKey: `{"mode":"slow","path":"x"}`,
			noLevel: `{"mode":"fast","path":"a"}`, noMode: `{"level":2,"path":"a"}`}},
		// One input closes the branch and its const: refused once, it
		// closes neither.
		{"an input refused", `{"level":"max","mode":"fast","path":"a"}`, map[coverage.ID]string{
			slow: `{"level":2,"mode":"slow","path":"a"}`, okKey: `{"mode":"slow","path":"x"}`,
			noLevel: `{"mode":"fast","path":"a"}`, noMode: `{"level":2,"path":"a"}`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := NewGapSearch(tool, parts)
			// explore's runs: an answer that states text closes the
			// output key; an input of explore's closes no input part.
			s.Observe(Input{Value: decode(t, `{"path": "x", "mode": "slow"}`), Valid: true, Kind: "boundary"}, decode(t, `{"ok": true, "text": "t"}`))
			confirms := 0
			s.Close(src, 14, []string{"e"}, func(in Input) {
				s.Observe(in, decode(t, `{"ok": true}`))
			}, func(in Input) (any, bool) {
				confirms++
				return decode(t, `{"ok": true, "text": "t"}`), string(in.JSON()) != tt.refuse
			}, func() bool { return false }, false)
			for _, p := range parts {
				gc := s.Case(p.ID())
				want, ok := tt.want[p.ID()]
				switch {
				case !ok && gc != nil:
					t.Errorf("%v: got %s, want none", p.ID(), gc.In.JSON())
				case ok && gc == nil:
					t.Errorf("%v: none, want %s", p.ID(), want)
				case ok && (string(gc.In.JSON()) != want || gc.Text == ""):
					t.Errorf("%v: got %s %q, want %s", p.ID(), gc.In.JSON(), gc.Why, want)
				}
			}
			if confirms != 5 {
				t.Errorf("%d inputs confirmed, want 5 (one per distinct input)", confirms)
			}
		})
	}
	// Out of time: nothing runs, nothing is found, and the search says so.
	s := NewGapSearch(tool, parts)
	s.Close(src, 14, nil, func(Input) { t.Error("an input ran after the deadline") },
		func(Input) (any, bool) { t.Error("an input was confirmed after the deadline"); return nil, false },
		func() bool { return true }, false)
	if !s.Late || s.Cases() != "" {
		t.Errorf("late %v, cases %q", s.Late, s.Cases())
	}
}
