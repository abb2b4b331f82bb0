package contract

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestSkillToolLinks(t *testing.T) {
	src := "# Skill\n" + // 1
		"\n" + // 2
		"Use [the checker](../../tools/check/) to check.\n" + // 3: [ at 5
		"Also [a file](../../tools/file/TOOL.md \"title\") and [bare](../../tools/bare).\n" + // 4: [ at 6 and 53
		"🌍 [wide](./../../tools/wide/#usage) *[em](../../tools/em/?x=1)*\n" + // 5: [ at 4 and 39
		"\n" + // 6
		"`[code](../../tools/code/)` and ![image](../../tools/image/)\n" + // 7
		"\n" + // 8
		"```\n" + // 9
		"[fenced](../../tools/fenced/)\n" + // 10
		"```\n" + // 11
		"\n" + // 12
		"    [indented](../../tools/indented/)\n" + // 13
		"\n" + // 14
		"[not three](../../../tools/x/) [not two](../tools/x/) [other](../../other/x/)\n" + // 15
		"[web](https://example.com/tools/x/) [no name](../../tools/) [ref][r]\n" + // 16: [ref] at 61
		"\n" + // 17
		"- a list [item](../../tools/item/)\n" + // 18: [ at 10
		"> a quote [q](../../tools/quote/)\n" + // 19: [ at 11
		"\n" + // 20
		"[r]: ../../tools/ref/\n" // 21
	type link struct {
		Destination, Tool string
		Pos               Pos
	}
	want := []link{
		{"../../tools/check/", "check", Pos{3, 5}},
		{"../../tools/file/TOOL.md", "file", Pos{4, 6}},
		{"../../tools/bare", "bare", Pos{4, 53}},
		{"./../../tools/wide/#usage", "wide", Pos{5, 4}},
		{"../../tools/em/?x=1", "em", Pos{5, 39}},
		{"../../tools/ref/", "ref", Pos{16, 61}},
		{"../../tools/item/", "item", Pos{18, 10}},
		{"../../tools/quote/", "quote", Pos{19, 11}},
	}
	var got []link
	for _, l := range SkillToolLinks([]byte(src)) {
		got = append(got, link(l))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("links:\n got %+v\nwant %+v", got, want)
	}
}

// TestSkillToolLinkPositions: the place of a link is its [, whatever its
// text starts with.
func TestSkillToolLinkPositions(t *testing.T) {
	for src, want := range map[string]Pos{
		"See [](../../tools/e/).\n":              {1, 5},
		"See [`code`](../../tools/c/).\n":        {1, 5},
		"See [**bold**](../../tools/b/).\n":      {1, 5},
		"See [![img](i.png)](../../tools/i/).\n": {1, 5},
		"> See [q](../../tools/q/).\n":           {1, 7},
	} {
		links := SkillToolLinks([]byte(src))
		if len(links) != 1 || links[0].Pos != want {
			t.Errorf("%q: links = %+v, want one at %v", src, links, want)
		}
	}
}

func TestLinkedToolDir(t *testing.T) {
	got := LinkedToolDir(filepath.FromSlash("repo/.agent/skills/s"), SkillLink{Tool: "x"})
	if want := filepath.FromSlash("repo/.agent/tools/x"); got != want {
		t.Errorf("LinkedToolDir = %q, want %q", got, want)
	}
}
