package mcptool

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// TestExportJudgedByConfig: a tool is left out or exported as the project's
// rule settings judge its contract (a disabled rule's error, or one made a
// warning, no longer leaves it out; a warning made an error does), except
// that mcp-tool, what the protocol asks of a definition, and hidden-text,
// text the agent reads and the reviewer does not see, leave it out whether
// they are disabled, made notes or suppressed in the contract or not.
func TestExportJudgedByConfig(t *testing.T) {
	const contract = "---\nname: NAME\ndescription: d\ninputs: {type: object}\n" +
		"outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}\n" +
		"effects: none\nrequires: []\n---\n\n## Examples\n\n### works\ninput: {}\noutput: {\"ok\": true}\n\n" +
		"### fails\ninput: {\"x\": 1}\noutput: {\"ok\": false, \"error\": \"x\"}\n"
	tests := []struct {
		name, tool string
		// comment is a line of the frontmatter before name: (a
		// suppression, which covers the next line).
		comment    string
		disabled   map[string]bool
		severities map[string]result.Severity
		exported   bool
		reason     string
	}{
		{"a name error leaves it out", "Echo", "", nil, nil, false, "the contract has 1 error"},
		{"the name rule disabled", "Echo", "", map[string]bool{"name": true}, nil, true, ""},
		{"the name rule a warning", "Echo", "", nil, map[string]result.Severity{"name": result.SeverityWarning}, true, ""},
		{"a warning made an error", "echo", "", nil, map[string]result.Severity{"implementation-missing": result.SeverityError}, false, "the contract has 1 error"},
		{"mcp-tool stays on", "Echo Tool", "", map[string]bool{"name": true, "mcp-tool": true}, nil, false, "(mcp-tool)"},
		{"mcp-tool a note still leaves it out", "Echo Tool", "", map[string]bool{"name": true}, map[string]result.Severity{"mcp-tool": result.SeverityNote}, false, "(mcp-tool)"},
		{"mcp-tool suppressed in the contract still leaves it out", "Echo Tool", "# speccify-lint: disable=mcp-tool -- not served over MCP\n", map[string]bool{"name": true}, nil, false, "(mcp-tool)"},
		{"a suppression still works for other rules", "Echo", "# speccify-lint: disable=name -- a legacy name\n", nil, nil, true, ""},
		// hidden-text: what the agent reads and the reviewer does not see.
		// (The hidden-text cases write U+202E in the description, then
		// the comment.)
		{"hidden text leaves it out", "echo", "", nil, nil, false, "the contract has 1 error"},
		{"hidden-text stays on", "echo", "", map[string]bool{"hidden-text": true}, nil, false, "the contract has 1 error"},
		{"hidden-text a note still leaves it out", "echo", "", nil, map[string]result.Severity{"hidden-text": result.SeverityNote}, false, "(hidden-text)"},
		{"hidden-text suppressed in the contract still leaves it out", "echo", " # speccify-lint: disable=hidden-text -- a mark", nil, nil, false, "the contract has 1 error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "echo")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			text := strings.Replace(contract, "NAME", tt.tool, 1)
			if strings.HasPrefix(tt.name, "hidden") {
				text = strings.Replace(text, "description: d\n", "description: d\u202e"+tt.comment+"\n", 1)
			} else {
				text = strings.Replace(text, "---\nname:", "---\n"+tt.comment+"name:", 1)
			}
			if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
			if err != nil {
				t.Fatal(err)
			}
			cfg := lint.Config{Root: root, Platform: "linux", Disabled: tt.disabled, Severities: tt.severities}
			before := len(tt.disabled)
			res, left := Export(context.Background(), Options{Config: cfg}, disc)
			if got := len(res.Tools) == 1; got != tt.exported {
				t.Errorf("exported %v, want %v (left out: %v)", got, tt.exported, left)
			}
			if !tt.exported && (len(left) != 1 || !strings.Contains(left[0].Reason, tt.reason)) {
				t.Errorf("left out %v, want the reason to say %q", left, tt.reason)
			}
			if len(tt.disabled) != before {
				t.Errorf("CheckConfig changed the caller's Disabled: %v", tt.disabled)
			}
		})
	}
}
