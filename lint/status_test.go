//go:build unix

package lint_test

import (
	"context"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/testtree"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// statusSpec is a TOOL.md whose frontmatter lines are front and whose
// examples are examples.
func statusSpec(name, front, examples string) string {
	return "---\nname: " + name + "\ndescription: A tool.\ninputs: {type: object}\n" +
		"outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}\n" +
		"effects: none\n" + front + "---\n" + examples
}

const (
	statusExamples = "\n## Examples\n\n### works\ninput: {}\noutput: {\"ok\": true}\n"
	statusAnswer   = "echo '{\"ok\": true}'\n"
)

// TestToolStatus: each tool gets the first status of lint.ToolStatuses
// that holds, run and with --no-run (which decides only what the static
// checks decide).
func TestToolStatus(t *testing.T) {
	needLinux(t)
	for _, tc := range []struct {
		name        string
		files       map[string]string
		severities  map[string]result.Severity
		run, static result.ToolStatus
	}{
		{name: "passed", files: map[string]string{"TOOL.md": statusSpec("t", "requires: [sh]\n", statusExamples), "linux.sh": statusAnswer},
			run: result.ToolPassed},
		{name: "failed", files: map[string]string{"TOOL.md": statusSpec("t", "requires: [sh]\n", statusExamples), "linux.sh": "echo '{\"ok\": false}'\n"},
			run: result.ToolFailed},
		// No example runs, and the error is the implementations'.
		{name: "two implementations", files: map[string]string{"TOOL.md": statusSpec("t", "requires: [sh]\n", statusExamples),
			"linux.sh": statusAnswer, "linux.bash": statusAnswer}, run: result.ToolFailed},
		{name: "missing requirement", files: map[string]string{"TOOL.md": statusSpec("t", "requires: [sh, no-such-program-for-speccify]\n", statusExamples),
			"linux.sh": statusAnswer}, run: result.ToolMissingRequirement},
		{name: "platforms leave it out", files: map[string]string{"TOOL.md": statusSpec("t", "platforms: [macos]\nrequires: [no-such-program-for-speccify]\n", statusExamples),
			"macos.sh": statusAnswer}, run: result.ToolNotApplicable, static: result.ToolNotApplicable},
		{name: "implementations for other platforms", files: map[string]string{"TOOL.md": statusSpec("t", "requires: [sh]\n", statusExamples),
			"macos.sh": statusAnswer, "windows.ps1": "'{\"ok\": true}'\n"}, run: result.ToolNotApplicable, static: result.ToolNotApplicable},
		{name: "no implementation", files: map[string]string{"TOOL.md": statusSpec("t", "requires: [no-such-program-for-speccify]\n", statusExamples),
			"main.py": "print('{\"ok\": true}')\n"}, run: result.ToolNotImplemented, static: result.ToolNotImplemented},
		{name: "invalid contract, no implementation", files: map[string]string{"TOOL.md": statusSpec("other-name", "requires: [sh]\n", statusExamples)},
			run: result.ToolInvalidSpec, static: result.ToolInvalidSpec},
		// The configuration's severity decides what is an error.
		{name: "contract error made a warning", files: map[string]string{"TOOL.md": statusSpec("other-name", "requires: [sh]\n", statusExamples), "linux.sh": statusAnswer},
			severities: map[string]result.Severity{"name": result.SeverityWarning}, run: result.ToolPassed},
		{name: "unreadable frontmatter", files: map[string]string{"TOOL.md": "---\nname: [t\n---\n" + statusExamples},
			run: result.ToolInvalidSpec, static: result.ToolInvalidSpec},
		// No examples comes first: it holds wherever the tool runs.
		{name: "no examples, invalid, no implementation", files: map[string]string{"TOOL.md": statusSpec("other-name", "requires: [sh]\n", "")},
			run: result.ToolNoExamples, static: result.ToolNoExamples},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			files := map[string]string{}
			for name, text := range tc.files {
				files["t/"+name] = text
			}
			testtree.Write(t, root, files)
			for _, run := range []bool{true, false} {
				want := tc.run
				if !run {
					want = tc.static
				}
				disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
				if err != nil {
					t.Fatal(err)
				}
				res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Run: run, Platform: "linux", Severities: tc.severities})
				if got := res.Tools[0].Status; got != want {
					t.Errorf("run %v: status %q, want %q (findings %v)", run, got, want, res.AllFindings())
				}
				if got := res.Summary.Statuses.Of(want); want != "" && got != 1 {
					t.Errorf("run %v: the summary counts %d tools %s, want 1", run, got, want)
				}
			}
		})
	}
}
