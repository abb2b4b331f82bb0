package lint

import (
	"time"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// SchemaVersion is the version of the JSON report shape (Result as JSON).
// Bump it when a field changes meaning or disappears.
const SchemaVersion = 1

// Result is everything one run found: the model every report writer renders.
type Result struct {
	// Version is the speccify-lint version that produced the result.
	Version string `json:"version"`
	// Root is the absolute directory report paths are relative to.
	Root string `json:"root"`
	// Platform is the platform whose implementations were run.
	Platform string `json:"platform"`
	// Ran is false when the examples were not run (--no-run).
	Ran bool `json:"ran"`
	// Shard is "K/N" when the run covered one shard of the tool folders.
	Shard string `json:"shard,omitempty"`
	// Interrupted is true when the run was stopped by a signal before it ended.
	Interrupted bool `json:"interrupted,omitempty"`
	// InternalErrors lists failures of speccify-lint itself (not of a tool).
	InternalErrors []string `json:"internal_errors,omitempty"`
	// Tools are the tool folders, ordered by path.
	Tools []ToolResult `json:"tools"`
	// Skills are the skill folders whose links were checked, ordered by path.
	Skills []SkillResult `json:"skills,omitempty"`
	// Findings are findings outside any tool or skill folder (e.g. a symlink
	// that leaves the root), ordered by place.
	Findings []Finding `json:"findings,omitempty"`
	// Summary counts everything above.
	Summary Summary `json:"summary"`
	// Baseline counts what a baseline file (--baseline) took out of the
	// findings above; nil when no baseline was applied.
	Baseline *BaselineCounts `json:"baseline,omitempty"`
}

// BaselineCounts is what applying a baseline did.
type BaselineCounts struct {
	// Baselined is how many findings the baseline recorded, and so were
	// left out of the result.
	Baselined int `json:"baselined"`
	// Gone is how many of the baseline's entries no finding matched: fixed,
	// or gone with their tool, and so can leave the baseline.
	Gone int `json:"gone"`
}

// ToolResult is what the run found for one tool folder.
type ToolResult struct {
	// Dir is the tool folder relative to the root ("." for the root itself).
	Dir string `json:"dir"`
	// Spec is the TOOL.md path relative to the root.
	Spec string `json:"spec"`
	// Name is the name from the frontmatter; empty when it has none.
	Name string `json:"name,omitempty"`
	// Implementations are the <platform>.<ext> files of the folder.
	Implementations []Implementation `json:"implementations"`
	// Findings are the static findings, ordered by place.
	Findings []Finding `json:"findings"`
	// Examples are the worked examples in document order.
	Examples []ExampleResult `json:"examples"`
	// Skipped says why the examples were not run; empty when they were.
	Skipped string `json:"skipped,omitempty"`
	// Duration is the wall time spent on this tool.
	Duration time.Duration `json:"duration_ns"`
}

// DisplayName is the tool's name, or its folder when the name is missing.
func (t *ToolResult) DisplayName() string {
	if t.Name != "" {
		return t.Name
	}
	return t.Dir
}

// Implementation is one implementation file of a tool folder.
type Implementation struct {
	Platform string `json:"platform"`
	// Path is relative to the root.
	Path string `json:"path"`
}

// Status is the verdict on one example.
type Status string

// The example verdicts.
const (
	StatusPassed  Status = "passed"
	StatusFailed  Status = "failed"  // a wrong answer
	StatusErrored Status = "errored" // timeout, crash, could not start
	StatusSkipped Status = "skipped" // not run; SkipReason says why
)

// ExampleResult is the verdict on one worked example.
type ExampleResult struct {
	Title string `json:"title"`
	// Line is the line of the example's ### heading in TOOL.md.
	Line int `json:"line"`
	// InputLine and OutputLine are the lines of its input: and output: lines
	// (0 when missing).
	InputLine  int    `json:"input_line,omitempty"`
	OutputLine int    `json:"output_line,omitempty"`
	Status     Status `json:"status"`
	// SkipReason says why a skipped example was not run.
	SkipReason string `json:"skip_reason,omitempty"`
	// Duration is the run time of the implementation.
	Duration time.Duration `json:"duration_ns"`
	// ExitCode is the implementation's exit code; -1 when it was killed by a
	// signal or did not start.
	ExitCode int `json:"exit_code"`
	// ExitStatus describes how the process ended ("exit code 3", "killed by
	// SIGKILL", "timed out after 2s", "could not start: ...").
	ExitStatus string `json:"exit_status,omitempty"`
	// Stdout and Stderr are the first 64 KiB of what the implementation printed.
	Stdout string `json:"stdout,omitempty"`
	Stderr string `json:"stderr,omitempty"`
	// Differences are the ways the actual output fails to cover the expected.
	Differences []jsonexact.Difference `json:"differences,omitempty"`
	// Reproduce is a shell line that repeats the run.
	Reproduce string `json:"reproduce,omitempty"`
	// Implementation is the implementation file relative to the root.
	Implementation string `json:"implementation,omitempty"`
	// Findings are the failures of this example, each at its output: line.
	Findings []Finding `json:"findings,omitempty"`
}

// SkillResult is what the run found for one skill folder.
type SkillResult struct {
	Dir      string    `json:"dir"`
	Spec     string    `json:"spec"`
	Findings []Finding `json:"findings"`
}

// Summary counts a result.
type Summary struct {
	Tools    int `json:"tools"`
	Findings int `json:"findings"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Notes    int `json:"notes"`
	Examples int `json:"examples"`
	Passed   int `json:"passed"`
	Failed   int `json:"failed"`
	Errored  int `json:"errored"`
	Skipped  int `json:"skipped"`
}
