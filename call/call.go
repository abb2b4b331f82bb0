// Package call runs one tool on one input through its contract, the way an
// agent calls it: the input is validated against the contract's inputs
// before anything starts, the implementation for this platform runs as the
// examples run (package lint's Callable: the folder opened through the
// gate, lint/process's containment, timeout, output caps and sweep), and
// the answer is judged by the contract's promises. `speccify-lint call`
// runs its calls through Run; the MCP server (package mcpserve), which finds
// and runs its tools itself, judges each call's answer with Judge, as Run
// does, so that the two never differ on what a call's answer is.
package call

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/speccify/speccify-lint/internal/cilog"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/lint"
)

// The exit codes of `speccify-lint call`.
const (
	// ExitOK: the tool answered ok: true and kept its contract.
	ExitOK = 0
	// ExitBroken: the run broke a promise of the contract (a crash, a
	// timeout, no JSON object, an answer that violates outputs, ok: true
	// with a non-zero exit code, ok: false without an error string).
	ExitBroken = 1
	// ExitUsage: the call could not be made: a usage error, no such tool,
	// an input that is not JSON or violates inputs (the implementation was
	// not started), a tool that cannot run here.
	ExitUsage = 2
	// ExitNotOK: the tool answered ok: false and kept its contract.
	ExitNotOK = 3
)

// Options are the settings of a call.
type Options struct {
	// Config is the lint configuration the tool is checked and run with:
	// Root (the absolute directory the tools are searched under and every
	// path must lie in), Platform ("" for this machine's), Timeout and
	// MaxOutput (0 for the defaults), Version, and how the rules judge the
	// contract (Disabled, Severities). Run is taken as set.
	Config lint.Config
	// Exclude are the globs of folders a search by name skips (Find).
	Exclude []string
}

// Open finds the tool named tool under o.Config.Root (see Find) and checks
// it statically, ready to be called. The caller closes it.
func Open(o Options, tool string) (*lint.Callable, error) {
	t, err := Find(o.Config.Root, tool, o.Exclude)
	if err != nil {
		return nil, err
	}
	return lint.OpenCallable(o.Config, t)
}

// ParseInput reads the text of an input: exactly one JSON value, with its
// numbers exact.
func ParseInput(text []byte) (any, error) {
	v, err := jsonexact.Parse(text)
	if err != nil {
		msg := err.Error()
		if se, ok := err.(*jsonexact.SyntaxError); ok {
			msg = se.Msg
		}
		return nil, fmt.Errorf("the input is not one JSON value: %s", msg)
	}
	return v, nil
}

// Record is what one call did, as --format json prints it.
type Record struct {
	// Tool is the tool folder relative to the root.
	Tool string `json:"tool"`
	// Input is the input as given.
	Input any `json:"input"`
	// Invalid are the input's violations of inputs; the implementation was
	// then not started.
	Invalid []lint.Violation `json:"invalid,omitempty"`
	// Started is true when the implementation ran.
	Started bool `json:"started"`
	// Output is the answer, when the run ended with one JSON object.
	Output map[string]any `json:"output,omitempty"`
	// ExitCode is the implementation's exit code (-1: killed, timed out or
	// not started).
	ExitCode int `json:"exit_code"`
	// Status says how the run ended, in words.
	Status string `json:"status,omitempty"`
	// Stderr is the end of what the implementation printed on stderr.
	Stderr string `json:"stderr,omitempty"`
	// DurationMS is how long the run took, in milliseconds.
	DurationMS int64 `json:"duration_ms"`
	// Broken are the promises the run broke.
	Broken []lint.Broken `json:"broken,omitempty"`
	// Notes are advice about the run that is no broken promise (the tool
	// folder changed while it ran, and effects does not say it writes
	// nothing).
	Notes []lint.Broken `json:"notes,omitempty"`
	// Denied is the line of the answer that shows the kernel sandbox
	// refused the call an access, when the call failed sealed.
	Denied string `json:"sandbox_denied,omitempty"`
	// Verdict is ok, not-ok (ok: false, contract kept), broken or invalid.
	Verdict string `json:"verdict"`
	// Exit is the exit code of `speccify-lint call`.
	Exit int `json:"exit"`
}

// The verdicts of a call.
const (
	VerdictOK      = "ok"
	VerdictNotOK   = "not-ok"
	VerdictBroken  = "broken"
	VerdictInvalid = "invalid"
)

// stderrKept is how much of the implementation's stderr a record keeps.
const stderrKept = 4 << 10

// newRecord is the record of the call res of the tool k on input, judged a.
func newRecord(k *lint.Callable, input any, res *lint.CallResult, a Answer) Record {
	r := Record{Tool: k.Dir(), Input: input, Invalid: a.Invalid, Started: res.Started, Output: res.Output,
		ExitCode: res.Outcome.ExitCode, Broken: a.Broken, Notes: res.Notes, Denied: a.Denied, DurationMS: res.Outcome.Duration.Milliseconds(),
		Verdict: a.Verdict, Exit: a.Exit}
	if res.Started {
		r.Status = res.Outcome.Status()
		r.Stderr = tail(res.Outcome.Stderr, stderrKept)
	}
	return r
}

// Answer is the judgement of one call: the verdict on what the tool
// answered, and what each verdict is told with. `speccify-lint call`
// prints it (Run) and the MCP server answers with it (package
// mcpserve), so that the two judge a call alike.
type Answer struct {
	// Verdict is VerdictInvalid, VerdictBroken, VerdictOK or VerdictNotOK.
	Verdict string
	// Exit is the exit code of `speccify-lint call` for the verdict.
	Exit int
	// Invalid are the input's violations of inputs (VerdictInvalid): the
	// implementation was not started.
	Invalid []lint.Violation
	// Broken are the promises the run broke, each with its rule id
	// (VerdictBroken).
	Broken []lint.Broken
	// Output is the answer, valid against outputs (VerdictOK,
	// VerdictNotOK); nil with the other verdicts, whatever the tool printed.
	Output map[string]any
	// Error is the error string of an answer ok: false (VerdictNotOK), ""
	// when it has none.
	Error string
	// Denied is the line of the run's output that shows the kernel sandbox
	// refused it an access, when a sealed call broke a promise or answered
	// ok: false; "" otherwise.
	Denied string
}

// Judge judges the result of a call that was not canceled: an input that
// violates inputs is VerdictInvalid (exit ExitUsage); a run that broke a
// promise of the contract VerdictBroken (ExitBroken); an answer that kept
// the contract VerdictOK (ExitOK) when it says ok: true, else VerdictNotOK
// (ExitNotOK) with its error string. The notes of the run (res.Notes) are
// advice, never a verdict.
func Judge(res *lint.CallResult) Answer {
	switch {
	case len(res.Invalid) > 0:
		return Answer{Verdict: VerdictInvalid, Exit: ExitUsage, Invalid: res.Invalid}
	case len(res.Broken) > 0:
		return Answer{Verdict: VerdictBroken, Exit: ExitBroken, Broken: res.Broken, Denied: res.Denied}
	}
	if ok, _ := res.OK(); ok {
		return Answer{Verdict: VerdictOK, Exit: ExitOK, Output: res.Output}
	}
	return Answer{Verdict: VerdictNotOK, Exit: ExitNotOK, Output: res.Output, Error: res.ErrorText(), Denied: res.Denied}
}

// tail is the last n bytes of b as valid UTF-8.
func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// Format is how Run prints a call.
type Format string

// The formats of Run.
const (
	// FormatText prints the answer on stdout, and what is wrong on stderr.
	FormatText Format = "text"
	// FormatJSON prints the Record on stdout.
	FormatJSON Format = "json"
)

// Run calls the tool named tool on the input text (a JSON value) and
// prints the call: the answer on stdout (one JSON object, keys sorted)
// and what is wrong on stderr, each line "speccify-lint: call: ...";
// with FormatJSON the Record on stdout. It returns the exit code (ExitOK,
// ExitBroken, ExitUsage, ExitNotOK). Whatever it prints of the tool's
// contract or output is free of CI commands: JSON through
// cilog.EscapeJSON, and stderr is the caller's to guard (the CLI's
// stderr is a cilog.Writer).
func Run(ctx context.Context, o Options, tool string, input []byte, format Format, stdout, stderr io.Writer) int {
	warn := func(format string, args ...any) {
		fmt.Fprintf(stderr, "speccify-lint: call: "+format+"\n", args...)
	}
	v, err := ParseInput(input)
	if err != nil {
		warn("%v", err)
		return ExitUsage
	}
	k, err := Open(o, tool)
	if err != nil {
		warn("%v", err)
		return ExitUsage
	}
	defer k.Close()
	if why := k.Unrunnable(); why != "" {
		warn("%s cannot be called: %s", k.Dir(), why)
		return ExitUsage
	}
	res := k.Call(ctx, v)
	if res.Canceled {
		warn("%s: interrupted", k.Dir())
		return ExitUsage
	}
	a := Judge(res)
	rec := newRecord(k, v, res, a)
	if format == FormatJSON {
		writeJSON(stdout, rec)
		return rec.Exit
	}
	for _, is := range rec.Invalid {
		warn("the input violates inputs at %s: %s", is.Path, is.Message)
	}
	if rec.Verdict == VerdictInvalid {
		warn("%s was not started", k.Dir())
	}
	if rec.Output != nil {
		writeJSON(stdout, rec.Output)
	}
	for _, b := range rec.Broken {
		warn("%s: %s", b.Rule, b.Message)
	}
	for _, n := range rec.Notes {
		warn("note: %s: %s", n.Rule, n.Message)
	}
	if a.Denied != "" {
		warn("the sandbox denied an access: %s", a.Denied)
	}
	if a.Verdict == VerdictNotOK {
		msg := a.Error
		if msg == "" {
			msg = "(no error string)"
		}
		warn("%s answered ok: false: %s", k.Dir(), msg)
	}
	return rec.Exit
}

// writeJSON writes v as one line of JSON (map keys sorted, numbers as
// written), with the markers of CI commands escaped.
func writeJSON(w io.Writer, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(w, "{\"error\": %q}\n", err.Error())
		return
	}
	_, _ = w.Write(cilog.EscapeJSON(buf.Bytes()))
}
