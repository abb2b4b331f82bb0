package citest

import (
	"strings"
	"testing"
)

// TestCommands: the readers find what each system runs, and only that.
func TestCommands(t *testing.T) {
	for _, tt := range []struct {
		line    string
		systems string // the systems that read a command, in order
	}{
		{"plain ## text :: here", ""},
		{"x ##vso[task.setvariable variable=a]b", "azure"},
		{"  ::error::x", "github"},
		{"x ::error::x", ""},
		{"x ##[error]y", "github-legacy"},
		{"x ##teamcity[message text='y']", "teamcity"},
		{"#\u200b#vso[a.b]c", "azure"},
		{"\u00ad::error::x", "github"},
		{"a\u2028::error::x", "github"}, // a line to Python
		{"a\r::error::x", "github"},
		{"**vso[a.b]c **[x] **teamcity[y] **error::", ""},
	} {
		var got []string
		for _, c := range Commands(tt.line) {
			got = append(got, c.System)
		}
		if s := strings.Join(got, " "); s != tt.systems {
			t.Errorf("Commands(%q): %q, want %q", tt.line, s, tt.systems)
		}
	}
}

func TestParse(t *testing.T) {
	c := Commands("##vso[task.logissue type=error;sourcepath=a%3Bb%5D;]m%AZP250A%0Ax")[0]
	if c.Name != "task.logissue" || c.Props["sourcepath"] != "a;b]" || c.Data != "m%0A\nx" {
		t.Errorf("azure: %+v", c)
	}
	c = Commands("::error file=a%2Cb%3A,line=3::m%250A%0Ax")[0]
	if c.Name != "error" || c.Props["file"] != "a,b:" || c.Props["line"] != "3" || c.Data != "m%0A\nx" {
		t.Errorf("github: %+v", c)
	}
	c = Commands("##teamcity[inspection message='a|'b|||[|]|n|l|0x00e9' file='f']")[0]
	if c.Err != nil || c.Name != "inspection" || c.Props["message"] != "a'b|[]\n\u2028é" || c.Props["file"] != "f" {
		t.Errorf("teamcity: %+v", c)
	}
	for _, bad := range []string{
		"##teamcity[inspection message='a']x']",
		"##teamcity[inspection message='a|q']",
		"##teamcity[inspection message='a",
		"##teamcity[inspection message='a[b']",
	} {
		if c := Commands(bad)[0]; c.Err == nil {
			t.Errorf("teamcity %q parsed: %+v", bad, c)
		}
	}
}

func TestCheck(t *testing.T) {
	own, errs := Check("azure", "##vso[task.logissue type=error;]ok\n1 tool, 0 findings\n")
	if len(own) != 1 || len(errs) != 0 {
		t.Errorf("own %v, errs %v", own, errs)
	}
	for _, tt := range []struct{ format, out string }{
		{"text", "a.md:1:1: error: title ##vso[task.setvariable variable=x]y [r]\n"},
		{"azure", "##vso[task.logissue type=error;]##vso[task.setvariable variable=x]y\n"},
		{"azure", "##vso[task.logissue type=error;]x ##[error]y\n"},
		{"github", "::error file=a::x%0A::add-mask::y\n"},
		{"github", "::stop-commands::t\n  ::error::x\n::t::\n"},
		{"teamcity", "##teamcity[inspection message='a']##teamcity[buildStatus text='x']\n"},
		{"teamcity", "##teamcity[inspection message='a\u2028]x']\n"},
		{"json", "{\"m\": \"#\u200b#vso[x]\"}"},
	} {
		if _, errs := Check(tt.format, tt.out); len(errs) == 0 {
			t.Errorf("Check(%s, %q) found nothing", tt.format, tt.out)
		}
	}
}
