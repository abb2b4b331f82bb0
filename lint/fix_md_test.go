package lint

import "testing"

const fixHead = "---\nname: x\n---\n\n"

// TestExamplesHeadingFix: a near-miss heading is renamed to ## Examples (its
// level too), after which TOOL.md has the section and its cases; a heading
// whose level is in the line under it (===) gets no fix.
func TestExamplesHeadingFix(t *testing.T) {
	cases := "### a\ninput: {}\noutput: {\"ok\": true}\n"
	tests := []struct {
		name, body string
		want       string // "" for no fix
	}{
		{"singular", "## Example\n\n" + cases, "## Examples\n\n" + cases},
		{"colon, lower case", "## examples:\n\n" + cases, "## Examples\n\n" + cases},
		{"misspelt", "## Exmaples\n\n" + cases, "## Examples\n\n" + cases},
		{"level 3", "### Examples\n\n" + cases, "## Examples\n\n" + cases},
		{"level 1, indented, closing hashes", "intro\n\n  #  Example  ##  \n\n" + cases, "intro\n\n  ## Examples  ##  \n\n" + cases},
		{"emphasis", "## *Example*\n\n" + cases, "## Examples\n\n" + cases},
		{"underlined with ---", "Example\n-------\n\n" + cases, "Examples\n-------\n\n" + cases},
		{"the first near miss only", "## Example\n\n" + cases + "\n## Exmaples\n", "## Examples\n\n" + cases + "\n## Exmaples\n"},
		{"underlined with ===", "Example\n=======\n\n" + cases, ""},
		{"underlined, two lines", "Exa\nmple\n---\n\n" + cases, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := parseText(t, fixHead+tt.body)
			h, ok := spec.ExamplesNearMiss()
			if !ok {
				t.Fatalf("no near miss in %q", tt.body)
			}
			want := tt.want
			if want != "" {
				want = fixHead + want
			}
			got, ok := wantFix(t, fixHead+tt.body, examplesHeadingFix(h), tt.want, want)
			if !ok {
				return
			}
			after := parseText(t, got)
			if after.Examples == nil || len(after.Examples.Cases) != 1 || len(after.Problems) != 0 {
				t.Fatalf("the fixed text has examples %+v, problems %+v", after.Examples, after.Problems)
			}
			if _, again := after.ExamplesNearMiss(); again {
				t.Error("the fixed text still has a near miss")
			}
		})
	}
}
