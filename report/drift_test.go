package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/internal/citest"
)

// hostileDrift is a listing whose every text a pull request wrote holds CI
// commands and Markdown.
func hostileDrift() []drift.ToolDrift {
	evil := "x\n::error::pwned\n##vso[task.setvariable variable=a]b\n##teamcity[message text='x']| **bold** <b>"
	return []drift.ToolDrift{
		{Dir: "tools/" + evil, Spec: "tools/x/TOOL.md", Name: evil, Status: "changed", Changes: []drift.ToolChange{
			{Rule: "breaking-input", Field: "inputs", Breaking: true, What: "enum value " + evil + " removed", Witness: `{"m":"` + evil + `"}`, Line: 3, Column: 5},
			{Field: "inputs", What: "property " + evil + " added", Line: 4, Column: 5},
		}},
		{Dir: "tools/gone", Spec: "tools/gone/TOOL.md", Name: "gone", Status: "renamed", RenamedTo: evil,
			Changes: []drift.ToolChange{{Rule: "tool-removed", Breaking: true, What: "tool folder renamed to " + evil}}},
	}
}

func TestWriteDriftNoCICommands(t *testing.T) {
	for _, format := range DriftFormats {
		var b bytes.Buffer
		if err := WriteDrift(&b, format, "HEAD\n::warning::x", hostileDrift(), Options{SourceURL: "https://example.com/blob/abc"}); err != nil {
			t.Fatal(err)
		}
		if cmds := citest.Commands(b.String()); len(cmds) > 0 {
			t.Errorf("%s: CI commands got through: %+v\n%s", format, cmds, b.String())
		}
		if format == "json" {
			var v struct {
				Tools []drift.ToolDrift `json:"tools"`
			}
			if err := json.Unmarshal(b.Bytes(), &v); err != nil || len(v.Tools) != 2 || v.Tools[0].Changes[0].Witness != hostileDrift()[0].Changes[0].Witness {
				t.Errorf("json does not read back: %v %+v", err, v)
			}
		}
		if format == "markdown" {
			for line := range strings.SplitSeq(b.String(), "\n") {
				if strings.HasPrefix(line, "| tools") && strings.Count(line, " | ") != 3 {
					t.Errorf("a table row with text that breaks its cells: %q", line)
				}
			}
		}
	}
	if err := WriteDrift(&bytes.Buffer{}, "sarif", "HEAD", nil, Options{}); err == nil {
		t.Error("an unknown format was accepted")
	}
}

func TestWriteDriftEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := WriteDrift(&b, "text", "main", nil, Options{}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "0 tools changed since main, 0 tools breaking\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	b.Reset()
	if err := WriteDrift(&b, "json", "main", nil, Options{}); err != nil || !strings.Contains(b.String(), `"tools": []`) {
		t.Errorf("empty json: %v %s", err, b.String())
	}
}
