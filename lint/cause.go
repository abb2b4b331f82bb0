package lint

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/prose"
	"github.com/speccify/speccify-lint/result"
)

// One cause, one error. When a static finding says that something an
// example's run uses is not there or cannot work, and the run then fails,
// the run's findings are consequences of that finding, not separate
// mistakes: the example says in one finding that it fails because of it
// ("example \"camera\" fails because fixtures/Camera.plist is missing, see
// fixture-missing"), with where that finding is as its help, instead of one
// error per rule that judged the run.
//
// A static finding is a cause when it is about something the run uses and
// cannot do without, so that the run's failure follows from it:
//
//   - fixture-missing: a file the example's input names is not in the tool
//     folder (the cause of that example, and of every example expecting
//     ok: false that names the same file: its error is not the one it
//     expects);
//   - stdin-twice: the implementation that runs the examples reads stdin a
//     second time and gets nothing: the cause of every example it runs that
//     prints nothing on stdout (example-stdout: the script that reads nothing
//     fails to parse it). One that still prints something, an answer or a
//     debug line, may fail for its own reasons, and its findings stand beside
//     the warning;
//   - implementation-runnable: the implementation cannot be started (an
//     executable without a #! line, a #! line ending with a carriage
//     return): the cause of every example it could not start, whose
//     example-crash finding says so (Rule.unstarted); or a shell script
//     saved with CRLF line endings, whose every command ends with a
//     carriage return: the cause of every example it fails.
//
// Not causes: a finding about the contract's text (a schema, an expected
// output), which the run does not use, and fixture-outside, whose file may
// well be there on this machine. A cause counts only when its finding is
// reported (its rule enabled, no suppression covering it), so that "see
// RULE" names a finding the report shows. The run's findings it replaces
// are those of the consequent run rules (Rule.consequent): what the answer
// is (example-stdout, example-failed, example-schema, example-exit), and,
// of a run that could not start, the finding that says so; a timeout, a
// crash or an effect stands as it is. The example's block still shows what
// the run did (the differences, exit code, stdout, stderr).
//
// A failing answer is one finding too: without a cause, the findings of the
// consequent rules about one run (an answer without ok differs from the
// expected output and violates outputs) are one finding of the first rule,
// whose message goes on with what the others say.

// consequentDoc ends the documentation of a consequent run rule
// (Rule.consequent).
const consequentDoc = " An example's findings about its answer are one, of the first such rule (example-stdout, " +
	"example-failed, example-schema, example-exit), whose message goes on with what the others found. When a static " +
	"finding explains why the run fails (a fixture the example names is missing: fixture-missing; the implementation " +
	"reads stdin twice and answers nothing: stdin-twice; it cannot be started or is a shell script with CRLF line " +
	"endings: implementation-runnable), that finding says instead that the example fails because of it: " +
	"`example \"camera\" fails because fixtures/Camera.plist is missing, see fixture-missing`, with where that " +
	"finding is as its help."

// cause is a static finding that explains why an example's run fails.
type cause struct {
	// rule is the id of the rule whose finding it is.
	rule string
	// subject is what the finding is about ("fixtures/Camera.plist",
	// "linux.sh"), is what is wrong with it ("is missing") and are the same
	// said of several ("are missing").
	subject, is, are string
	// at is where the finding is, "path:line".
	at string
	// explains is which failing runs it explains.
	explains explains
}

// explains is which failing runs a cause explains.
type explains int

const (
	// anyFailure: every run that fails.
	anyFailure explains = iota
	// unanswered: a run that printed nothing on stdout (one that printed
	// something else than a JSON object, a debug line, has a cause of its
	// own).
	unanswered
	// unstarted: a run that could not start.
	unstarted
)

// applies reports whether the cause explains the run r.
func (k cause) applies(r *exampleRun) bool {
	switch k.explains {
	case unanswered:
		return r.actual == nil && len(bytes.TrimSpace(r.o.Stdout)) == 0
	case unstarted:
		return r.end == endNotStarted
	}
	return true
}

// causeOfCase records c as a cause of the failure of the example cs.
func (c *toolCheck) causeOfCase(cs *contract.Case, k cause) {
	if c.caseCauses == nil {
		c.caseCauses = map[*contract.Case][]cause{}
	}
	c.caseCauses[cs] = append(c.caseCauses[cs], k)
}

// causeOfImpl records c as a cause of the failure of every example that
// the implementation impl (a file name) runs.
func (c *toolCheck) causeOfImpl(impl string, k cause) {
	if c.implCauses == nil {
		c.implCauses = map[string][]cause{}
	}
	c.implCauses[impl] = append(c.implCauses[impl], k)
}

// explain folds fs, the findings of the example run r, into one finding
// (see above): the findings of the consequent rules, and of a run that
// could not start the one that says so when a cause explains it, are the
// first of them (in the registry's order) at the highest severity of them;
// the others are left out. With causes, its message says that the example
// fails because of them and its help where they are; without, its message
// goes on with what the others said ("; and ...") and its help with theirs.
// The findings of the other rules stay as they are.
func (c *toolCheck) explain(r *exampleRun, fs []result.Finding) []result.Finding {
	causes := slices.DeleteFunc(slices.Concat(c.caseCauses[r.cs], c.implCauses[r.impl.Name]), func(k cause) bool { return !k.applies(r) })
	folds := func(rule *Rule) bool {
		return rule != nil && (rule.consequent || rule.unstarted && r.end == endNotStarted && len(causes) > 0)
	}
	out := make([]result.Finding, 0, len(fs))
	first := -1
	prefix := fmt.Sprintf("example %s: ", strconv.Quote(r.cs.Title))
	var more, helps []string
	for _, f := range fs {
		switch {
		case !folds(RuleByID(f.Rule)):
			out = append(out, f)
		case first < 0:
			first = len(out)
			out = append(out, f)
			helps = appendNew(helps, f.Help)
		default:
			out[first].Severity = max(out[first].Severity, f.Severity)
			more = append(more, strings.TrimPrefix(f.Message, prefix))
			helps = appendNew(helps, f.Help)
		}
	}
	if first < 0 {
		return out
	}
	switch f := &out[first]; {
	case len(causes) > 0:
		f.Message = fmt.Sprintf("example %s fails because %s", strconv.Quote(r.cs.Title), because(causes))
		f.Help = seeCauses(causes)
	case len(more) > 0:
		f.Message = strings.Join(append([]string{f.Message}, more...), "; and ")
		f.Help = strings.Join(helps, "; ")
	}
	return out
}

// appendNew appends s to list unless it is empty or there already.
func appendNew(list []string, s string) []string {
	if s == "" || slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// because says what the causes are, grouped by rule in the order they were
// found, each group followed by the rule to see: "fixtures/a.plist and
// fixtures/b.plist are missing, see fixture-missing".
func because(causes []cause) string {
	var parts []string
	for i, k := range causes {
		if slices.ContainsFunc(causes[:i], func(o cause) bool { return o.rule == k.rule }) {
			continue
		}
		var subjects []string
		for _, o := range causes[i:] {
			if o.rule == k.rule && !slices.Contains(subjects, o.subject) {
				subjects = append(subjects, o.subject)
			}
		}
		verb := k.is
		if len(subjects) > 1 {
			verb = k.are
		}
		parts = append(parts, fmt.Sprintf("%s %s, see %s", prose.And(subjects), verb, k.rule))
	}
	return strings.Join(parts, "; and ")
}

// seeCauses is the help of a finding that causes explain: where their
// findings are, "see fixture-missing at t/TOOL.md:13".
func seeCauses(causes []cause) string {
	var at []string
	for _, k := range causes {
		if s := k.rule + " at " + k.at; !slices.Contains(at, s) {
			at = append(at, s)
		}
	}
	return "see " + prose.And(at)
}

// placeText is "path:line" of the place p of a finding that rep reports.
func (r reporter) placeText(p place) string {
	file := p.file
	if file == "" {
		file = r.file
	}
	return fmt.Sprintf("%s:%d", file, max(p.pos.Line, 1))
}
