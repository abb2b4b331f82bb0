package lint

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

var ruleExampleStdout = &Rule{ID: "example-stdout", Severity: SeverityError, Category: "run",
	Title: "the implementation did not print one JSON object",
	Doc: "stdout, with surrounding whitespace trimmed, must be exactly one JSON value and that value an object. " +
		"Empty output, text, two JSON values, invalid UTF-8 or output past --max-output fail the example. " +
		"The message ends with the last line of stderr, or, when an earlier example's failure showed the same stderr " +
		"(one traceback every example prints), with that example's title: a traceback is shown once. The help says how " +
		"to make stdout the answer alone: logs and debug prints go to stderr, the answer is printed whole, once." + consequentDoc,
	Example:    "print(\"done\")",
	Fix:        "print(json.dumps({\"ok\": True}))",
	run:        judgeExampleStdout,
	consequent: true}

// judgeExampleStdout: the implementation answered with one JSON object, within
// --max-output.
func judgeExampleStdout(r *exampleRun, rep reporter) {
	switch {
	case r.end == endOverflow:
		rep.withHelp("its process group was killed: print less, or raise --max-output").report(r.place(), r.cs.Title, "example %q: %s", r.cs.Title, r.o.Status())
	case r.end == endAnswered && r.stdoutErr != "":
		if h := stdoutHelp(r.o.Stdout); h != "" {
			rep = rep.withHelp("%s", h)
		}
		rep.report(r.place(), r.cs.Title, "example %q: %s", r.cs.Title, r.stdoutErr)
	}
}

// logsToStderr is how a help says where logs go.
const logsToStderr = "write logs and debug prints to stderr (print(..., file=sys.stderr) in Python, echo ... >&2 in a shell)"

// stdoutHelp says how to make stdout, which is not one JSON object, the
// answer alone: a debug print before the answer, text or a second value
// after it, an answer spread over several prints or cut short, a value that
// is no object. Empty for an empty stdout, whose message says what stderr
// says.
func stdoutHelp(stdout []byte) string {
	v, err := jsonexact.Parse(stdout)
	var je *jsonexact.SyntaxError
	switch {
	case err == nil:
		if _, ok := v.(map[string]any); ok {
			return ""
		}
		return "the answer is one JSON object, such as {\"ok\": true, ...}: print that"
	case !errors.As(err, &je) || je.Kind == jsonexact.Empty:
		return ""
	case je.Kind == jsonexact.Trailing:
		return "stdout must be one JSON value, the answer alone: print it once, and " + logsToStderr
	}
	if first := bytes.TrimLeft(stdout, " \t\r\n"); len(first) > 0 && first[0] != '{' && first[0] != '[' {
		// Text first: the answer on a later line, after a debug print?
		for i := bytes.IndexByte(stdout, '\n'); i >= 0; {
			rest := stdout[i+1:]
			if v, err := jsonexact.Parse(rest); err == nil {
				if _, ok := v.(map[string]any); ok {
					before := "line 1 comes"
					switch n := bytes.Count(stdout[:i+1], []byte("\n")); {
					case n == 2:
						before = "lines 1 and 2 come"
					case n > 2:
						before = fmt.Sprintf("lines 1 to %d come", n)
					}
					return fmt.Sprintf("stdout must be one JSON value, the answer alone, but %s before it: %s", before, logsToStderr)
				}
			}
			j := bytes.IndexByte(rest, '\n')
			if j < 0 {
				break
			}
			i += 1 + j
		}
		return "stdout must be one JSON value, the answer alone: print it with json.dumps in Python (jq -n in a shell), and " + logsToStderr
	}
	if h := je.Hint(stdout); h != "" {
		// A Python dict printed as it is, JSON written by hand.
		return h + "; print the answer with json.dumps in Python (jq -n in a shell), not by hand"
	}
	return "stdout must be one JSON value: print the answer whole in one print (json.dumps in Python, jq -n in a shell), and " + logsToStderr
}
