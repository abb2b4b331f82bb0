package runner

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// What a run's output says, as reports and messages show it: stdout read
// as one JSON object, the end of stderr, texts quoted and capped.

// CapturedOutput is how much of stdout and stderr a result keeps (CapText).
const CapturedOutput = 64 << 10

// QuoteLimit is how many characters of an output, or of an input's JSON, a
// message quotes.
const QuoteLimit = 200

// ParseStdout reads stdout as exactly one JSON object (the answer of a
// tool); otherwise the message says why not, followed by stderrNote when
// stdout is empty (what the message says of stderr: see StderrTail).
func ParseStdout(stdout []byte, stderrNote string) (answer any, msg string) {
	v, err := jsonexact.Parse(stdout)
	if err != nil {
		var kind jsonexact.ErrorKind
		if je, ok := err.(*jsonexact.SyntaxError); ok {
			kind = je.Kind
		}
		switch kind {
		case jsonexact.Empty:
			return nil, "stdout is empty; the implementation must print one JSON object" + stderrNote
		case jsonexact.Trailing:
			return nil, "stdout holds more than one JSON value (or text after it): " + QuoteStart(stdout)
		case jsonexact.InvalidUTF8:
			return nil, "stdout is not valid UTF-8: " + QuoteStart(stdout)
		}
		return nil, fmt.Sprintf("stdout is not JSON (%s): %s", errorMessage(err), QuoteStart(stdout))
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, fmt.Sprintf("stdout is %s, not a JSON object: %s", jsonKind(v), QuoteStart(stdout))
	}
	return v, ""
}

func errorMessage(err error) string {
	if je, ok := err.(*jsonexact.SyntaxError); ok {
		return je.Msg
	}
	return err.Error()
}

func jsonKind(v any) string {
	switch v.(type) {
	case []any:
		return "a JSON array"
	case string:
		return "a JSON string"
	case bool:
		return "a JSON boolean"
	case nil:
		return "JSON null"
	}
	return "a JSON number"
}

// QuoteStart quotes the start of a text: trimmed, escaped, at most
// QuoteLimit characters.
func QuoteStart(b []byte) string {
	s := strings.TrimSpace(strings.ToValidUTF8(string(b[:min(len(b), 4*QuoteLimit)]), "\uFFFD"))
	cut := false
	if utf8.RuneCountInString(s) > QuoteLimit {
		s = string([]rune(s)[:QuoteLimit])
		cut = true
	}
	q := fmt.Sprintf("%+q", s)
	if cut || len(b) > 4*QuoteLimit {
		q += "…"
	}
	return q
}

// StderrTail is "; stderr ends: <last line quoted>", or "" when stderr is
// empty.
func StderrTail(stderr []byte) string {
	line := LastLine(stderr)
	if line == "" {
		return ""
	}
	return "; stderr ends: " + QuoteStart([]byte(line))
}

// LastLine is the last non-blank line of a text.
func LastLine(b []byte) string {
	lines := strings.Split(strings.TrimSpace(strings.ToValidUTF8(string(b), "\uFFFD")), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// CapText keeps the first CapturedOutput bytes of an output, cut at a rune boundary.
func CapText(b []byte) string {
	if len(b) <= CapturedOutput {
		return string(b)
	}
	cut := CapturedOutput
	for cut > CapturedOutput-4 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return string(b[:cut])
}

// Shorten is s for a message: at most QuoteLimit characters, and "…" when
// it was cut.
func Shorten(s string) string {
	if r := []rune(s); len(r) > QuoteLimit {
		return string(r[:QuoteLimit]) + "…"
	}
	return s
}

// deniedMarks are what a program prints when the system refuses it an
// access: the messages of EACCES and EPERM as C libraries, shells, Python,
// Node and Go word them.
var deniedMarks = []string{"permission denied", "operation not permitted", "eacces", "eperm", "permissionerror", "access is denied"}

// DeniedLine is the first line of a sealed run's stderr, else of its
// stdout, that reads as a refused access, shortened (Shorten);
// "" when none does. Under the kernel sandbox such a line is most likely
// the sandbox's refusal (a read outside the tool folder, a write outside
// its copy and temporary directory, a TCP connection), which the
// example's failure then names, so that its author knows why it failed.
func DeniedLine(stdout, stderr []byte) string {
	for _, out := range [][]byte{stderr, stdout} {
		for line := range bytes.Lines(out) {
			text := strings.TrimSpace(strings.ToValidUTF8(string(line), "\uFFFD"))
			lower := strings.ToLower(text)
			for _, mark := range deniedMarks {
				if strings.Contains(lower, mark) {
					return Shorten(text)
				}
			}
		}
	}
	return ""
}
