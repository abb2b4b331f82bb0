package lint

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

// TestFixJSON: a finding's fix reads back from the JSON report as it was
// written (merge reads shards' reports), its safety as a word.
func TestFixJSON(t *testing.T) {
	p := func(line, col, off int) contract.Point {
		return contract.Point{Pos: contract.Pos{Line: line, Column: col}, Offset: off}
	}
	f := result.Finding{Rule: "yaml-split", Severity: result.SeverityWarning, File: "t/TOOL.md", Line: 3, Column: 4, Fix: &result.Fix{Title: "quote", Safety: result.SafeFix, File: "t/TOOL.md",
		Edits: []contract.Edit{{Start: p(3, 1, 20), End: p(3, 5, 24), New: `"a, b"`}}}}
	g := result.Finding{Rule: "fixture-unused", Severity: result.SeverityWarning, Fix: &result.Fix{Title: "delete", Safety: result.UnsafeFix, File: "t/fixtures/a", Delete: true}}
	for _, want := range []result.Finding{f, g} {
		b, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		var got result.Finding
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("read back %+v, want %+v (%s)", got.Fix, want.Fix, b)
		}
	}
	var s result.FixSafety
	if err := json.Unmarshal([]byte(`"risky"`), &s); err == nil {
		t.Error(`"risky" read as a fix safety`)
	}
}

// parseText parses text as the TOOL.md of a tool folder.
func parseText(t *testing.T, text string) *contract.Spec {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	s, err := contract.ReadSpecIn(root, "TOOL.md", "TOOL.md")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// applyFix applies the edits of fix to the normalised text.
func applyFix(t *testing.T, text string, fix *result.Fix) string {
	t.Helper()
	edits := slices.Clone(fix.Edits)
	slices.SortFunc(edits, func(a, b contract.Edit) int { return b.Start.Offset - a.Start.Offset })
	for _, e := range edits {
		if e.Start.Offset > e.End.Offset || e.End.Offset > len(text) {
			t.Fatalf("edit %+v out of the text", e)
		}
		if p := contract.NewLines([]byte(text)).Offset(e.Start.Offset); p != e.Start.Pos {
			t.Errorf("edit starts at %v, its offset %d is at %v", e.Start.Pos, e.Start.Offset, p)
		}
		text = text[:e.Start.Offset] + e.New + text[e.End.Offset:]
	}
	return text
}

// wantFix checks a fix of text: none when want is "", else one that
// makes wantText; ok says there is one, got is the text it makes.
func wantFix(t *testing.T, text string, fix *result.Fix, want, wantText string) (got string, ok bool) {
	t.Helper()
	if want == "" {
		if fix != nil {
			t.Fatalf("fix %+v, want none", fix)
		}
		return "", false
	}
	if fix == nil {
		t.Fatal("no fix")
	}
	if got = applyFix(t, text, fix); got != wantText {
		t.Fatalf("fixed:\n%s\nwant:\n%s", got, wantText)
	}
	return got, true
}

// fixCase is a frontmatter and what a fix makes of it ("" for no fix).
type fixCase struct {
	name, yaml, want string
}

// testFix checks the fix that fixOf gives for each case's TOOL.md, and that
// the fixed text parses without a frontmatter problem and passes check (the
// finding is gone) and gets no fix again.
func testFix(t *testing.T, cases []fixCase, fixOf func(*contract.Spec) *result.Fix, check func(*testing.T, *contract.Spec)) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			text := "---\n" + tt.yaml + "---\n\n## Examples\n"
			got, ok := wantFix(t, text, fixOf(parseText(t, text)), tt.want, "---\n"+tt.want+"---\n\n## Examples\n")
			if !ok {
				return
			}
			after := parseText(t, got)
			for _, p := range after.Problems {
				t.Errorf("after the fix: %s: %s", p.Pos, p.Msg)
			}
			check(t, after)
			if again := fixOf(after); again != nil {
				t.Errorf("fixed twice: %+v", again)
			}
		})
	}
}

// outputsRoot is the JSON of outputs.
func outputsRoot(t *testing.T, s *contract.Spec) map[string]any {
	t.Helper()
	if s.Frontmatter.Outputs == nil || s.Frontmatter.Outputs.Doc == nil {
		t.Fatal("outputs did not convert")
	}
	root, _ := s.Frontmatter.Outputs.Doc.Value.(map[string]any)
	return root
}

func TestErrorFieldFix(t *testing.T) {
	fixOf := func(s *contract.Spec) *result.Fix {
		if props, _ := outputsRoot(t, s)["properties"].(map[string]any); props["error"] != nil {
			return nil // what the rule checks first
		}
		return errorFieldFix(s.Lines, s.Frontmatter.Outputs)
	}
	check := func(t *testing.T, s *contract.Spec) {
		props, _ := outputsRoot(t, s)["properties"].(map[string]any)
		if e, _ := props["error"].(map[string]any); e["type"] != "string" {
			t.Errorf("properties.error is %v", props["error"])
		}
	}
	testFix(t, []fixCase{
		{name: "flow", yaml: "outputs: {type: object, properties: {ok: {type: boolean}}}\n",
			want: "outputs: {type: object, properties: {ok: {type: boolean}, error: {type: string}}}\n"},
		{name: "flow, its separator", yaml: "outputs: {properties: {a: {},b: {}}}\n",
			want: "outputs: {properties: {a: {},b: {},error: {type: string}}}\n"},
		{name: "flow over lines", yaml: "outputs: {properties: {\n    a: {},\n    b: {}\n  }}\n",
			want: "outputs: {properties: {\n    a: {},\n    b: {},\n    error: {type: string}\n  }}\n"},
		{name: "flow, a comment between", yaml: "outputs: {properties: {a: {}, # c\n b: {}}}\n",
			want: "outputs: {properties: {a: {}, # c\n b: {}, error: {type: string}}}\n"},
		{name: "empty flow", yaml: "outputs: {type: object, properties: {}}\n",
			want: "outputs: {type: object, properties: {error: {type: string}}}\n"},
		{name: "block", yaml: "outputs:\n  type: object\n  properties:\n    ok:\n      type: boolean\neffects: none\n",
			want: "outputs:\n  type: object\n  properties:\n    ok:\n      type: boolean\n    error: {type: string}\neffects: none\n"},
		{name: "block, comments after", yaml: "outputs:\n  properties:\n    ok: {type: boolean} # yes\n    # the end\n",
			want: "outputs:\n  properties:\n    ok: {type: boolean} # yes\n    error: {type: string}\n    # the end\n"},
		{name: "block, in a list item's mapping", yaml: "outputs:\n  properties:\n    - ok: {}\n",
			want: ""}, // properties is a list: no mapping to add to
		{name: "block properties missing", yaml: "outputs:\n  type: object\n  required: [ok]\n",
			want: "outputs:\n  type: object\n  required: [ok]\n  properties: {error: {type: string}}\n"},
		{name: "flow properties missing", yaml: "outputs: {type: object}\n",
			want: "outputs: {type: object, properties: {error: {type: string}}}\n"},
		{name: "properties null", yaml: "outputs:\n  properties:\n"},
		{name: "flow, the last key without a value", yaml: "outputs: {type: object, properties: {a: }}\n"},
		{name: "flow, the last key without a value, properties missing", yaml: "outputs: {type: }\n"},
		{name: "properties through an alias", yaml: "x: &p {ok: {}}\noutputs: {properties: *p}\n"},
		{name: "properties merged", yaml: "x: &p {properties: {ok: {}}}\noutputs: {<<: *p}\n"},
		{name: "block, the last value a block scalar", yaml: "outputs:\n  properties:\n    ok:\n      description: |\n        yes\n\n        no\n",
			want: "outputs:\n  properties:\n    ok:\n      description: |\n        yes\n\n        no\n    error: {type: string}\n"},
	}, fixOf, check)
}

func TestOKRequiredFix(t *testing.T) {
	fixOf := func(s *contract.Spec) *result.Fix {
		if req, _ := outputsRoot(t, s)["required"].([]any); slices.Contains(req, any("ok")) {
			return nil
		}
		return okRequiredFix(s.Lines, s.Frontmatter.Outputs)
	}
	check := func(t *testing.T, s *contract.Spec) {
		if req, _ := outputsRoot(t, s)["required"].([]any); !slices.Contains(req, any("ok")) {
			t.Errorf("required is %v", outputsRoot(t, s)["required"])
		}
	}
	testFix(t, []fixCase{
		{name: "flow", yaml: "outputs: {required: [a], properties: {ok: {}}}\n",
			want: "outputs: {required: [ok, a], properties: {ok: {}}}\n"},
		{name: "empty flow", yaml: "outputs: {required: [], properties: {ok: {}}}\n",
			want: "outputs: {required: [ok], properties: {ok: {}}}\n"},
		{name: "block", yaml: "outputs:\n  required:\n    - a # c\n    -   b\n  properties: {ok: {}}\n",
			want: "outputs:\n  required:\n    - ok\n    - a # c\n    -   b\n  properties: {ok: {}}\n"},
		{name: "block at the key's indentation", yaml: "outputs:\n  required:\n  - a\n  properties: {ok: {}}\n",
			want: "outputs:\n  required:\n  - ok\n  - a\n  properties: {ok: {}}\n"},
		{name: "missing, block", yaml: "outputs:\n  type: object # c\n  properties:\n    ok: {}\n",
			want: "outputs:\n  type: object # c\n  properties:\n    ok: {}\n  required: [ok]\n"},
		{name: "missing, flow", yaml: "outputs: {properties: {ok: {}}}\n",
			want: "outputs: {properties: {ok: {}}, required: [ok]}\n"},
		{name: "a list of lists", yaml: "outputs:\n  required:\n    - - a\n  properties: {ok: {}}\n",
			want: "outputs:\n  required:\n    - ok\n    - - a\n  properties: {ok: {}}\n"},
		{name: "required a mapping", yaml: "outputs:\n  required: {a: 1}\n  properties: {ok: {}}\n"},
		{name: "anchored", yaml: "outputs: {required: &r [a], properties: {ok: {}}}\n"},
	}, fixOf, check)
}

func TestNameFix(t *testing.T) {
	for _, tt := range []struct {
		name, yaml, folder, want string
	}{
		{name: "plain", yaml: "name: other # c\n", folder: "check-keys", want: "name: check-keys # c\n"},
		{name: "quoted", yaml: "name: 'other'\n", folder: "check-keys", want: "name: check-keys\n"},
		{name: "a folder YAML reads as a number", yaml: "name: other\n", folder: "123", want: "name: \"123\"\n"},
		{name: "a folder YAML reads as true", yaml: "name: other\n", folder: "true", want: "name: \"true\"\n"},
		{name: "a folder that is no good name", yaml: "name: other\n", folder: "Check_Keys"},
		{name: "anchored", yaml: "name: &n other\n", folder: "check-keys"},
		{name: "an alias", yaml: "x: &n other\nname: *n\n", folder: "check-keys"},
		{name: "given twice", yaml: "name: other\nx: 1\nname: again\n", folder: "check-keys"},
		{name: "a YAML error after it", yaml: "name: other\nx: [\ny: 1\n", folder: "check-keys"},
		{name: "a second name in the lines of a YAML error", yaml: "name: other\nx: 1\n\tname: again\n", folder: "check-keys"},
		{name: "entries after a YAML error unread", yaml: "name: other\nx: [\n  y: 1\nz: ]\n", folder: "check-keys"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := "---\n" + tt.yaml + "---\n"
			s := parseText(t, text)
			fix := nameFix(s.Lines, s.Frontmatter, tt.folder)
			got, ok := wantFix(t, text, fix, tt.want, "---\n"+tt.want+"---\n")
			if !ok {
				return
			}
			if v := parseText(t, got).Frontmatter.Name.Value; v != tt.folder {
				t.Errorf("name is %q after the fix", v)
			}
		})
	}
}

func TestRenameKeyFix(t *testing.T) {
	for _, tt := range []struct {
		name, yaml, want string
	}{
		{name: "input", yaml: "name: x\ninput: {type: object} # c\n", want: "name: x\ninputs: {type: object} # c\n"},
		{name: "quoted", yaml: "\"input\": {}\n", want: "inputs: {}\n"},
		{name: "the key is there", yaml: "input: {}\ninputs: {}\n"},
		{name: "two keys would be renamed to it", yaml: "input: {}\ninputz: {}\n"},
		{name: "given twice", yaml: "input: {}\ninput: {}\n"},
		{name: "no close key", yaml: "zzzz: 1\n"},
		{name: "a prefix", yaml: "outputs_gone: {}\n"},
		{name: "two close keys", yaml: "tputs: 1\n"}, // inputs and outputs
		{name: "the entries after a broken one unknown", yaml: "input: {}\ndescription: a: b\nname: [\n"},
		{name: "a tagged key", yaml: "!!str input: {}\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := "---\n" + tt.yaml + "---\n"
			s := parseText(t, text)
			fm := s.Frontmatter
			var fix *result.Fix
			for _, k := range fm.Unknown() {
				if f := renameKeyFix(s.Lines, fm, fm.Unknown(), k); f != nil {
					fix = f
				}
			}
			got, ok := wantFix(t, text, fix, tt.want, "---\n"+tt.want+"---\n")
			if !ok {
				return
			}
			if u := parseText(t, got).Frontmatter.Unknown(); len(u) > 0 {
				t.Errorf("unknown keys after the fix: %v", u)
			}
		})
	}
}

// FuzzSchemaFixes: the fixes that add to, rename in or replace in outputs
// leave a frontmatter that parses as before (no new problem), with what
// they promise.
func FuzzSchemaFixes(f *testing.F) {
	for _, y := range []string{
		"outputs: {type: object, properties: {ok: {type: boolean}}}\n",
		"outputs:\n  type: object\n  properties:\n    ok:\n      type: boolean\n",
		"outputs:\n  required:\n    - a # c\n  properties: {ok: {}}\n",
		"outputs: {required: [], properties: {}}\n",
		"outputs:\n- type: object\n  properties:\n    a: {}\n",
		"outputs:\n  # the answer\n  required: [okk]\n  properties:\n      okk: {const: true}\n",
		"outputs: {properties: {ok: &o {const: true}, x: *o}}\n",
		"outputs:\n  properties:\n    ok: # c\n      const: true\n",
		"outputs: { }\n",
	} {
		f.Add(y)
	}
	f.Fuzz(func(t *testing.T, y string) {
		text := "---\n" + y + "\n---\n"
		s := parseText(t, text)
		if s.FileErr != nil || s.Frontmatter == nil || s.Frontmatter.Outputs == nil || s.Frontmatter.Outputs.Doc == nil {
			return
		}
		root, _ := s.Frontmatter.Outputs.Doc.Value.(map[string]any)
		for _, c := range []struct {
			fix  *result.Fix
			want func(map[string]any) bool
		}{
			{errorFieldFix(s.Lines, s.Frontmatter.Outputs), func(r map[string]any) bool {
				props, _ := r["properties"].(map[string]any)
				_, ok := props["error"]
				return ok
			}},
			{okRequiredFix(s.Lines, s.Frontmatter.Outputs), func(r map[string]any) bool {
				req, _ := r["required"].([]any)
				return slices.Contains(req, any("ok"))
			}},
			{addPropertyFix(s.Lines, s.Frontmatter.Outputs, "ok", "{type: boolean}"), func(r map[string]any) bool {
				props, _ := r["properties"].(map[string]any)
				_, ok := props["ok"]
				return ok
			}},
			{renamePropertyFix(s.Lines, s.Frontmatter.Outputs, "okk", "ok"), func(r map[string]any) bool {
				props, _ := r["properties"].(map[string]any)
				req, _ := r["required"].([]any)
				_, okk := props["okk"]
				return !okk && !slices.Contains(req, any("okk"))
			}},
			{replacePropertyFix(s.Lines, s.Frontmatter.Outputs, "ok", "{type: boolean}"), func(r map[string]any) bool {
				props, _ := r["properties"].(map[string]any)
				ok, _ := props["ok"].(map[string]any)
				return len(ok) == 1 && ok["type"] == "boolean"
			}},
			{objectTypeFix(s.Lines, s.Frontmatter.Outputs), func(r map[string]any) bool { return r["type"] == "object" }},
		} {
			if c.fix == nil || c.want(root) {
				continue
			}
			after := parseText(t, applyFix(t, text, c.fix))
			if len(after.Problems) > len(s.Problems) {
				t.Fatalf("%s: new problems %+v", c.fix.Title, after.Problems)
			}
			if after.Frontmatter.Outputs == nil || after.Frontmatter.Outputs.Doc == nil {
				t.Fatalf("%s: outputs no longer converts", c.fix.Title)
			}
			r, _ := after.Frontmatter.Outputs.Doc.Value.(map[string]any)
			if !c.want(r) {
				t.Fatalf("%s: not there after the fix: %v", c.fix.Title, r)
			}
		}
	})
}
