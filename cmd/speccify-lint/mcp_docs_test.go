package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/call"
)

// TestMCPDocs checks docs/mcp.md against the code: its exit code table is
// call's exit codes, its JSON client configurations parse, and the flags it
// names are the commands' own.
func TestMCPDocs(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "mcp.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	rows := regexp.MustCompile(`(?m)^\| (\d) \| `).FindAllStringSubmatch(text, -1)
	var got []string
	for _, r := range rows {
		got = append(got, r[1])
	}
	want := []string{
		string(rune('0' + call.ExitOK)), string(rune('0' + call.ExitBroken)),
		string(rune('0' + call.ExitUsage)), string(rune('0' + call.ExitNotOK)),
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("docs/mcp.md's exit codes %v, want %v (package call)", got, want)
	}
	blocks := regexp.MustCompile("(?s)```json\n(.*?)```").FindAllStringSubmatch(text, -1)
	if len(blocks) < 2 {
		t.Errorf("docs/mcp.md has %d JSON configurations, want 2", len(blocks))
	}
	for _, b := range blocks {
		if !json.Valid([]byte(b[1])) {
			t.Errorf("a JSON block of docs/mcp.md does not parse:\n%s", b[1])
		}
	}
	for cmd, flags := range map[string][]string{
		"call":   {"--format", "--timeout", "--max-output", "--root"},
		"export": {"--format", "--run"},
		"mcp":    {"--root", "--jobs", "--timeout", "--reload", "--max-output", "--run"},
	} {
		var out bytes.Buffer
		run([]string{cmd, "--help"}, &out, &out)
		for _, f := range flags {
			if !strings.Contains(text, f) {
				t.Errorf("docs/mcp.md does not name %s %s", cmd, f)
			}
			if !strings.Contains(out.String(), f) {
				t.Errorf("speccify-lint %s has no flag %s, which docs/mcp.md names", cmd, f)
			}
		}
	}
}
