package lint

import (
	"bytes"
	"regexp"
	"slices"
)

var shellShebang = regexp.MustCompile(`\b(?:ba|z|da|k)?sh\b`)

// shellExtensions are the extensions of shell implementations.
var shellExtensions = []string{".sh", ".bash", ".zsh"}

// isShellScript reports whether an implementation is a shell script, by
// extension or by its #! line.
func isShellScript(ext string, head []byte) bool {
	if slices.Contains(shellExtensions, ext) {
		return true
	}
	if !bytes.HasPrefix(head, []byte("#!")) {
		return false
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	return shellShebang.Match(line)
}
