package lint

import (
	"slices"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

// propsOf is outputs.properties.
func propsOf(t *testing.T, s *contract.Spec) map[string]any {
	props, _ := outputsRoot(t, s)["properties"].(map[string]any)
	return props
}

func TestAddOKPropertyFix(t *testing.T) {
	fixOf := func(s *contract.Spec) *result.Fix {
		if propsOf(t, s)["ok"] != nil {
			return nil
		}
		return addPropertyFix(s.Lines, s.Frontmatter.Outputs, "ok", "{type: boolean}")
	}
	check := func(t *testing.T, s *contract.Spec) {
		if ok, _ := propsOf(t, s)["ok"].(map[string]any); ok["type"] != "boolean" {
			t.Errorf("properties.ok is %v", propsOf(t, s)["ok"])
		}
	}
	testFix(t, []fixCase{
		{name: "block, the siblings' indentation", yaml: "outputs:\n  properties:\n      message: {type: string}  # c\n",
			want: "outputs:\n  properties:\n      message: {type: string}  # c\n      ok: {type: boolean}\n"},
		{name: "block, values aligned", yaml: "outputs:\n  properties:\n    text:    {type: string}\n    error:   {type: string}\n",
			want: "outputs:\n  properties:\n    text:    {type: string}\n    error:   {type: string}\n    ok:      {type: boolean}\n"},
		{name: "block, values not aligned", yaml: "outputs:\n  properties:\n    text:  {type: string}\n    error:   {type: string}\n",
			want: "outputs:\n  properties:\n    text:  {type: string}\n    error:   {type: string}\n    ok: {type: boolean}\n"},
		{name: "flow", yaml: "outputs: {properties: {error: {type: string}}}\n",
			want: "outputs: {properties: {error: {type: string}, ok: {type: boolean}}}\n"},
		{name: "no properties, flow", yaml: "outputs: {type: object}\n",
			want: "outputs: {type: object, properties: {ok: {type: boolean}}}\n"},
		{name: "no properties, block", yaml: "outputs:\n  type: object\n",
			want: "outputs:\n  type: object\n  properties: {ok: {type: boolean}}\n"},
		{name: "properties through an alias", yaml: "x: &p {a: {}}\noutputs: {properties: *p}\n"},
		{name: "after a lone tag", yaml: "outputs:\n  properties:\n    a:\n      !\n"},
	}, fixOf, check)
}

func TestRenamePropertyFix(t *testing.T) {
	fixOf := func(s *contract.Spec) *result.Fix {
		if propsOf(t, s)["ok"] != nil {
			return nil
		}
		return renamePropertyFix(s.Lines, s.Frontmatter.Outputs, "okk", "ok")
	}
	check := func(t *testing.T, s *contract.Spec) {
		props := propsOf(t, s)
		req, _ := outputsRoot(t, s)["required"].([]any)
		if props["ok"] == nil || props["okk"] != nil || slices.Contains(req, any("okk")) {
			t.Errorf("properties %v, required %v", props, req)
		}
	}
	testFix(t, []fixCase{
		{name: "block, with required", yaml: "outputs:\n  required: [okk, error]\n  properties:\n    okk: {type: boolean} # c\n",
			want: "outputs:\n  required: [ok, error]\n  properties:\n    ok: {type: boolean} # c\n"},
		{name: "quoted, block required", yaml: "outputs:\n  required:\n    - 'okk'\n  properties: {\"okk\": {}}\n",
			want: "outputs:\n  required:\n    - 'ok'\n  properties: {\"ok\": {}}\n"},
		{name: "no required", yaml: "outputs: {properties: {okk: {}}}\n", want: "outputs: {properties: {ok: {}}}\n"},
		{name: "required names ok and okk", yaml: "outputs: {required: [ok, okk], properties: {okk: {}}}\n"},
		{name: "required names ok only", yaml: "outputs: {required: [ok], properties: {okk: {}}}\n",
			want: "outputs: {required: [ok], properties: {ok: {}}}\n"},
		{name: "required through an alias", yaml: "r: &r [okk]\noutputs: {required: *r, properties: {okk: {}}}\n"},
		{name: "required no list", yaml: "outputs: {required: okk, properties: {okk: {}}}\n"},
		{name: "a tagged key", yaml: "outputs: {properties: {!!str okk: {}}}\n"},
	}, fixOf, check)
}

func TestReplaceOKPropertyFix(t *testing.T) {
	fixOf := func(s *contract.Spec) *result.Fix {
		if ok, _ := propsOf(t, s)["ok"].(map[string]any); ok["type"] == "boolean" && len(ok) == 1 {
			return nil
		}
		return replacePropertyFix(s.Lines, s.Frontmatter.Outputs, "ok", "{type: boolean}")
	}
	check := func(t *testing.T, s *contract.Spec) {
		if ok, _ := propsOf(t, s)["ok"].(map[string]any); ok["type"] != "boolean" || len(ok) != 1 {
			t.Errorf("properties.ok is %v", propsOf(t, s)["ok"])
		}
	}
	testFix(t, []fixCase{
		{name: "flow", yaml: "outputs: {properties: {ok: {const: true}, error: {}}}\n",
			want: "outputs: {properties: {ok: {type: boolean}, error: {}}}\n"},
		{name: "block value on the next lines", yaml: "outputs:\n  properties:\n    ok:\n      const: true\n      description: yes\n    error: {}\n",
			want: "outputs:\n  properties:\n    ok: {type: boolean}\n    error: {}\n"},
		{name: "a comment after the key", yaml: "outputs:\n  properties:\n    ok: # always\n      const: true\n",
			want: "outputs:\n  properties:\n    ok: # always\n      {type: boolean}\n"},
		{name: "anchored", yaml: "outputs: {properties: {ok: &b {const: true}, x: *b}}\n"},
		{name: "an alias", yaml: "b: &b {const: true}\noutputs: {properties: {ok: *b}}\n"},
		{name: "an anchor inside", yaml: "outputs: {properties: {ok: {const: &t true}, x: {const: *t}}}\n"},
	}, fixOf, check)
}

func TestObjectTypeFix(t *testing.T) {
	fixOf := func(s *contract.Spec) *result.Fix {
		if outputsRoot(t, s)["type"] != nil {
			return nil
		}
		return objectTypeFix(s.Lines, s.Frontmatter.Outputs)
	}
	check := func(t *testing.T, s *contract.Spec) {
		if outputsRoot(t, s)["type"] != "object" {
			t.Errorf("outputs is %v", outputsRoot(t, s))
		}
	}
	testFix(t, []fixCase{
		{name: "block, after a comment", yaml: "outputs:\n    # the answer\n    properties: {ok: {}}\n",
			want: "outputs:\n    # the answer\n    type: object\n    properties: {ok: {}}\n"},
		{name: "block, values aligned", yaml: "outputs:\n  required:   [ok]\n  properties: {ok: {}}\n",
			want: "outputs:\n  type:       object\n  required:   [ok]\n  properties: {ok: {}}\n"},
		{name: "flow", yaml: "outputs: { properties: {ok: {}} }\n", want: "outputs: { type: object, properties: {ok: {}} }\n"},
		{name: "empty flow", yaml: "outputs: {}\n", want: "outputs: {type: object}\n"},
		{name: "block on the key's line", yaml: "outputs: !!map\n  properties: {}\n"},
	}, fixOf, check)
}

func TestFolderNameFix(t *testing.T) {
	for _, tt := range []struct {
		name, yaml, folder, want string
	}{
		{name: "block", yaml: "# the contract\ndescription: d\n", folder: "t", want: "# the contract\nname: t\ndescription: d\n"},
		{name: "indented", yaml: "  description: d\n", folder: "t", want: "  name: t\n  description: d\n"},
		{name: "flow", yaml: "{description: d}\n", folder: "t", want: "{name: t, description: d}\n"},
		{name: "empty", yaml: "", folder: "t", want: "name: t\n"},
		{name: "comments only", yaml: "# none yet\n", folder: "t", want: "name: t\n# none yet\n"},
		{name: "a folder YAML reads as a number", yaml: "description: d\n", folder: "2048", want: "name: \"2048\"\ndescription: d\n"},
		{name: "empty name", yaml: "name:   # later\n", folder: "t", want: "name: t   # later\n"},
		{name: "empty quoted name", yaml: "name: ''\n", folder: "t", want: "name: t\n"},
		{name: "null name", yaml: "{name: ~, a: 1}\n", folder: "t", want: "{name: t, a: 1}\n"},
		{name: "a folder that is no good name", yaml: "description: d\n", folder: "Check_Keys"},
		{name: "a YAML error", yaml: "description: a: b\n", folder: "t"},
		{name: "a scalar frontmatter", yaml: "~\n", folder: "t"},
		{name: "an aliased name", yaml: "x: &n ''\nname: *n\n", folder: "t"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := "---\n" + tt.yaml + "---\n"
			s := parseText(t, text)
			got, ok := wantFix(t, text, folderNameFix(s, tt.folder), tt.want, "---\n"+tt.want+"---\n")
			if !ok {
				return
			}
			if v := parseText(t, got).Frontmatter.Name.Value; v != tt.folder {
				t.Errorf("name is %q after the fix", v)
			}
		})
	}
}

func TestMeantFix(t *testing.T) {
	for _, tt := range []struct {
		name, yaml, pointer, want, fixed string
	}{
		{name: "plain", yaml: "inputs: {type: strng}", pointer: "/type", want: "string", fixed: "inputs: {type: string}"},
		{name: "in a list", yaml: "inputs: {properties: {a: {type: [nul, strng]}}}", pointer: "/properties/a/type/0", want: "null",
			fixed: `inputs: {properties: {a: {type: ["null", strng]}}}`},
		{name: "single-quoted", yaml: "inputs:\n  anyOf:\n    - type: 'str'", pointer: "/anyOf/0/type", want: "string",
			fixed: "inputs:\n  anyOf:\n    - type: 'string'"},
		{name: "an escaped pointer", yaml: "inputs: {properties: {a/b: {type: bool}}}", pointer: "/properties/a~1b/type", want: "boolean",
			fixed: "inputs: {properties: {a/b: {type: boolean}}}"},
		{name: "tagged", yaml: "inputs: {type: !!str strng}", pointer: "/type", want: "string"},
		{name: "an alias", yaml: "t: &t strng\ninputs: {type: *t}", pointer: "/type", want: "string"},
		{name: "no want", yaml: "inputs: {type: strng}", pointer: "/type"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := "---\n" + tt.yaml + "\n---\n"
			s := parseText(t, text)
			fix := meantFix(s.Lines, s.Frontmatter.Inputs, contract.SchemaIssue{Pointer: tt.pointer, Want: tt.want})
			if tt.fixed == "" {
				tt.want = ""
			}
			wantFix(t, text, fix, tt.want, "---\n"+tt.fixed+"\n---\n")
		})
	}
}

// TestQuoteSplitKeepsWraps: a text YAML split at a comma and wrapped over
// lines is quoted with its line breaks and indentation, and reads as it
// would have plain.
func TestQuoteSplitKeepsWraps(t *testing.T) {
	text := "---\noutputs: {properties: {a: {description: Matching\n      keys (A, B), sorted \"x\".}}}\n---\n"
	s := parseText(t, text)
	keys := s.Frontmatter.Outputs.BareKeys
	if len(keys) != 2 || keys[0].After == nil {
		t.Fatalf("bare keys %+v", keys)
	}
	edit, ok := quoteSplit(s.Lines, keys[0].After, keys)
	if !ok {
		t.Fatal("no edit")
	}
	got := applyFix(t, text, &result.Fix{Edits: []contract.Edit{edit}})
	if want := "---\noutputs: {properties: {a: {description: \"Matching\n      keys (A, B), sorted \\\"x\\\".\"}}}\n---\n"; got != want {
		t.Fatalf("fixed:\n%s\nwant:\n%s", got, want)
	}
	a, _ := propsOf(t, parseText(t, got))["a"].(map[string]any)
	if d := a["description"]; d != `Matching keys (A, B), sorted "x".` {
		t.Errorf("description %q", d)
	}
}
