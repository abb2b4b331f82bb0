package result

import (
	"time"

	"github.com/speccify/speccify-lint/drift"
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
	// Ran is false when the examples were not run (--no-run, explore).
	Ran bool `json:"ran"`
	// Shard is "K/N" when the run covered one shard of the tool folders.
	Shard string `json:"shard,omitempty"`
	// Explore is how `speccify-lint explore` explored; nil for a lint run.
	Explore *ExploreSettings `json:"explore,omitempty"`
	// Sandbox says whether the runs were sealed by the kernel sandbox
	// ("sealed by Landlock ABI 7 (file system, TCP, ...)") or why not
	// ("not sealed: ..."); empty when nothing ran (--no-run).
	Sandbox string `json:"sandbox,omitempty"`
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
	// Suppressed are the findings rules reported that a suppression
	// comment covers, or (after the baseline is applied) that the
	// --baseline file records, each with its Suppression, ordered by place;
	// none of the counts and verdicts above include them.
	Suppressed []Finding `json:"suppressed,omitempty"`
	// Summary counts everything above but Suppressed.
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
	// Status is the verdict on the tool as a whole (see ToolStatus); empty
	// when nothing judged it: the examples were not run (--no-run) and the
	// static checks settle no other status, or no example ran.
	Status ToolStatus `json:"status,omitempty"`
	// Skipped says why the examples were not run; empty when they were.
	Skipped string `json:"skipped,omitempty"`
	// Sandbox is what the sandbox enforced on this tool's runs, when it
	// differs from Result.Sandbox (a tool that requires network, or whose
	// sandbox could not be set up); empty otherwise.
	Sandbox string `json:"sandbox,omitempty"`
	// Drift are the changes of the contract since --against REV, breaking
	// ones first; none without --against, for a tool new since REV or
	// unchanged.
	Drift []drift.ToolChange `json:"drift,omitempty"`
	// Explore is what `speccify-lint explore` found; nil for a lint run.
	Explore *ExploreResult `json:"explore,omitempty"`
	// Coverage is how much of the contract the examples exercise (package
	// coverage); nil when TOOL.md has no frontmatter.
	Coverage *ToolCoverage `json:"coverage,omitempty"`
	// Duration is the wall time spent on this tool.
	Duration time.Duration `json:"duration_ns"`
	// Suppressed are the tool's findings that a suppression comment covers,
	// until Lint moves them to Result.Suppressed: not a field of the JSON
	// report, which lists them there.
	Suppressed []Finding `json:"-"`
	// Cached is true when the result is one stored in the result cache
	// (Config.Cache) by an earlier run with the same inputs. The reports
	// leave it out, but for the summary's count and the text report's -v
	// line: a result from the cache is reported as it was made.
	Cached bool `json:"-"`
}

// DisplayName is the tool's name, or its folder when the name is missing.
func (t *ToolResult) DisplayName() string {
	if t.Name != "" {
		return t.Name
	}
	return t.Dir
}

// ToolCoverage is the contract coverage of one tool: how many of the parts
// of its contract (package coverage) its examples exercise, and those they
// do not.
type ToolCoverage struct {
	Covered int `json:"covered"`
	Total   int `json:"total"`
	// Uncovered are the parts no example exercises, ordered by place.
	Uncovered []CoveragePart `json:"uncovered,omitempty"`
	// Partial is true when a bound of the walk cut the measure short
	// (coverage.Coverage.Partial): Total and Covered are of the parts
	// counted, and Uncovered leaves out those the walk did not measure.
	Partial bool `json:"partial,omitempty"`
}

// CoveragePart is one part of a contract that no example exercises.
type CoveragePart struct {
	// Kind is what sort of part it is (coverage.Kind: given, absent, enum,
	// const, branch, arm, output-key, failure); Kind and Path are its id.
	Kind string `json:"kind"`
	// Path is the JSON pointer of its schema keyword from the frontmatter
	// ("/inputs/properties/mode/enum/2").
	Path string `json:"path"`
	// Line and Column are the keyword's place in the tool's TOOL.md.
	Line   int `json:"line"`
	Column int `json:"column"`
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
	// Denied is the line of the run's output that shows the kernel sandbox
	// refused it an access, for a sealed run that failed ("" otherwise).
	Denied string `json:"sandbox_denied,omitempty"`
	// Baselined is how many of its findings a --baseline file records and
	// the report leaves out, when they were what failed it: Status is then
	// its verdict without them, and reports say that it fails as the
	// baseline records, not that it failed. 0 otherwise.
	Baselined int `json:"baselined,omitempty"`
}

// ExploreSettings are the settings of an explore run.
type ExploreSettings struct {
	// Seed is the run's seed (decimal); each tool's own seed derives from
	// it and the tool's path (ExploreResult.Seed).
	Seed string `json:"seed"`
	// Runs is the most inputs tried per tool, Budget the most time
	// (nanoseconds), whichever ends first.
	Runs   int           `json:"runs"`
	Budget time.Duration `json:"budget_ns"`
	// Invalid is whether inputs that violate inputs were sent too.
	Invalid bool `json:"invalid"`
}

// ExploreResult is the exploration of one tool: inputs made from its
// inputs schema and examples, run against its implementation, and the
// verdict on each property.
type ExploreResult struct {
	// Seed is the tool's seed (decimal), from the run's seed and the
	// tool's path, so that neither --jobs nor --shard changes its inputs.
	Seed string `json:"seed"`
	// Runs is how many inputs ran (repeats and shrinking not counted),
	// Invalid how many of them violate inputs.
	Runs    int `json:"runs"`
	Invalid int `json:"invalid_runs"`
	// OutOfTime is true when --time-budget ended the exploration before
	// --runs inputs ran: another run may then get further.
	OutOfTime bool `json:"out_of_time,omitempty"`
	// Skipped says why the tool was not explored; empty when it was.
	Skipped string `json:"skipped,omitempty"`
	// Properties are the enabled explore rules' verdicts, in rule order.
	Properties []PropertyResult `json:"properties"`
}

// PropertyResult is the verdict on one property over a tool's exploration.
type PropertyResult struct {
	// Rule is the rule of the property ("explore-stdout", "effects", ...).
	Rule string `json:"rule"`
	// Status is passed, failed (the rule's finding is among the tool's
	// findings), or skipped when the tool was not explored.
	Status Status `json:"status"`
	// Counterexample is the smallest input found that breaks the property;
	// nil when it held.
	Counterexample *Counterexample `json:"counterexample,omitempty"`
}

// Counterexample is an input that breaks a property, shrunk.
type Counterexample struct {
	// Input is the input as sent on stdin: compact JSON, keys sorted.
	Input string `json:"input"`
	// Valid is whether Input is valid against inputs.
	Valid bool `json:"valid"`
	// Kind is how the input was made, before shrinking.
	Kind string `json:"kind"`
	// Tried is how many inputs had run when it was found.
	Tried int `json:"tried"`
	// Case is a ready-to-paste example case of Input, whose output line
	// the user completes.
	Case string `json:"example_case"`
	// Run is how the implementation answered Input: exit status, stdout,
	// stderr and the reproduce line, as an example's run shows them (its
	// Title names the rule; the finding itself is the tool's).
	Run ExampleResult `json:"run"`
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
	// Statuses counts the tools by their status (ToolResult.Status).
	Statuses StatusCounts `json:"tool_statuses"`
	// Baselined counts the examples whose failure a --baseline file records
	// (ExampleResult.Baselined), which the other counts leave out.
	Baselined int `json:"baselined,omitempty"`
	// Cached is how many tools' results came from the result cache (the
	// text summary says it; the other reports are the same warm and cold).
	Cached int `json:"-"`
}
