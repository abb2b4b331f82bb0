package lint

import (
	"bytes"
	"strings"
)

// deniedMarks are what a program prints when the system refuses it an
// access: the messages of EACCES and EPERM as C libraries, shells, Python,
// Node and Go word them.
var deniedMarks = []string{"permission denied", "operation not permitted", "eacces", "eperm", "permissionerror", "access is denied"}

// deniedLine is the first line of a sealed run's stderr, else of its
// stdout, that reads as a refused access, cut to quoteLimit characters;
// "" when none does. Under the kernel sandbox such a line is most likely
// the sandbox's refusal (a read outside the tool folder, a write outside
// its copy and temporary directory, a TCP connection), which the
// example's failure then names, so that its author knows why it failed.
func deniedLine(stdout, stderr []byte) string {
	for _, out := range [][]byte{stderr, stdout} {
		for line := range bytes.Lines(out) {
			text := strings.TrimSpace(strings.ToValidUTF8(string(line), "\uFFFD"))
			lower := strings.ToLower(text)
			for _, mark := range deniedMarks {
				if strings.Contains(lower, mark) {
					if r := []rune(text); len(r) > quoteLimit {
						text = string(r[:quoteLimit]) + "…"
					}
					return text
				}
			}
		}
	}
	return ""
}

// sealedDenial is what an example's failure says of the sandbox: the line
// of its output that shows a refused access, when the run was sealed and
// did not pass.
func (t *toolRun) sealedDenial(er *ExampleResult, stdout, stderr []byte) string {
	if er.Status != StatusFailed && er.Status != StatusErrored {
		return ""
	}
	if seal, ok := t.seal(); !ok || !seal.Sealed {
		return ""
	}
	return deniedLine(stdout, stderr)
}
