package lint

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/contract"
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
//     folder (the cause of that example only);
//   - stdin-twice: the implementation that runs the examples reads stdin a
//     second time and gets nothing: the cause of every example it runs that
//     answers no JSON object (example-stdout: the script that reads nothing
//     fails to parse it). One that still answers may differ for its own
//     reasons, and its findings stand beside the warning.
//
// Not causes: a finding about the contract's text (a schema, an expected
// output), which the run does not use, and fixture-outside, whose file may
// well be there on this machine. A cause counts only when its finding is
// reported (its rule enabled, no suppression covering it), so that "see
// RULE" names a finding the report shows. The run's findings it replaces
// are those of the consequent run rules (Rule.consequent): what the answer
// is (example-stdout, example-failed, example-schema, example-exit); a
// timeout, a crash or an effect stands as it is. The example's block still
// shows what the run did (the differences, exit code, stdout, stderr).

// consequentDoc ends the documentation of a consequent run rule
// (Rule.consequent).
const consequentDoc = " When a static finding explains why the run fails (a fixture the example names is missing: " +
	"fixture-missing; the implementation reads stdin twice and answers nothing: stdin-twice), the example's findings " +
	"about its answer are one, of the first such rule: `example \"camera\" fails because fixtures/Camera.plist is " +
	"missing, see fixture-missing`, with where that finding is as its help."

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
	// unanswered says that it explains only a run that answered no JSON
	// object.
	unanswered bool
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

// explain folds fs, the findings of the run of the example cs by the
// implementation impl, which answered a JSON object or not, into one
// finding that names their causes, when the static findings gave it any
// (see above): the first consequent finding
// (in the registry's order) says that the example fails because of them,
// at the highest severity of the consequent findings; the others are left
// out. The findings of rules that are not consequent stay as they are.
func (c *toolCheck) explain(cs *contract.Case, impl string, answered bool, fs []Finding) []Finding {
	causes := slices.DeleteFunc(slices.Concat(c.caseCauses[cs], c.implCauses[impl]), func(k cause) bool { return k.unanswered && answered })
	if len(causes) == 0 {
		return fs
	}
	out := make([]Finding, 0, len(fs))
	first := -1
	for _, f := range fs {
		switch r := RuleByID(f.Rule); {
		case r == nil || !r.consequent:
			out = append(out, f)
		case first < 0:
			first = len(out)
			out = append(out, f)
		default:
			out[first].Severity = max(out[first].Severity, f.Severity)
		}
	}
	if first < 0 {
		return fs
	}
	f := &out[first]
	f.Message = fmt.Sprintf("example %s fails because %s", strconv.Quote(cs.Title), because(causes))
	f.Help = seeCauses(causes)
	return out
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
		parts = append(parts, fmt.Sprintf("%s %s, see %s", andList(subjects), verb, k.rule))
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
	return "see " + andList(at)
}

// placeText is "path:line" of the place p of a finding that rep reports.
func (r reporter) placeText(p place) string {
	file := p.file
	if file == "" {
		file = r.file
	}
	return fmt.Sprintf("%s:%d", file, max(p.pos.Line, 1))
}

// andList is "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
