package lint

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/result"
)

var ruleExampleStdout = &Rule{ID: "example-stdout", Severity: result.SeverityError, Category: "run",
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

// answerLines is how many lines of stdout that open an object stdoutHelp
// tries as the start of the answer after a debug print.
const answerLines = 16

// linesBeforeAnswer is how many lines of stdout come before the answer, a
// JSON object that fills the rest of it, after a debug print; 0 when no
// line starts one. The first answerLines lines that open an object are
// tried, so that a hostile stdout of many lines costs no more.
func linesBeforeAnswer(stdout []byte) int {
	tried := 0
	for i := bytes.IndexByte(stdout, '\n'); i >= 0 && tried < answerLines; {
		rest := stdout[i+1:]
		if t := bytes.TrimLeft(rest, " \t\r"); len(t) > 0 && t[0] == '{' {
			tried++
			if v, err := jsonexact.Parse(rest); err == nil {
				if _, ok := v.(map[string]any); ok {
					return bytes.Count(stdout[:i+1], []byte("\n"))
				}
			}
		}
		j := bytes.IndexByte(rest, '\n')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return 0
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
		if n := linesBeforeAnswer(stdout); n > 0 {
			before := "line 1 comes"
			switch {
			case n == 2:
				before = "lines 1 and 2 come"
			case n > 2:
				before = fmt.Sprintf("lines 1 to %d come", n)
			}
			return fmt.Sprintf("stdout must be one JSON value, the answer alone, but %s before it: %s", before, logsToStderr)
		}
		return "stdout must be one JSON value, the answer alone: print it with json.dumps in Python (jq -n in a shell), and " + logsToStderr
	}
	if h := je.Hint(stdout); h != "" {
		// A Python dict printed as it is, JSON written by hand.
		return h + "; print the answer with json.dumps in Python (jq -n in a shell), not by hand"
	}
	return "stdout must be one JSON value: print the answer whole in one print (json.dumps in Python, jq -n in a shell), and " + logsToStderr
}
