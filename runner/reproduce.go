package runner

import (
	"bytes"
	"strings"
)

// ReproduceLine returns a line a person can paste into a POSIX shell to
// repeat a run by hand:
//
//	cd '<dir>' && printf '%s\n' '<stdin>' | '<argv[0]>' '<argv[1]>' ...
//
// One trailing newline of stdin is dropped (printf adds it back). Every
// word is single-quoted, so no part of it is interpreted by the shell. The
// "cd" part is left out when dir is empty.
func ReproduceLine(dir string, stdin []byte, argv []string) string {
	var b strings.Builder
	if dir != "" {
		b.WriteString("cd ")
		b.WriteString(shellQuote(dir))
		b.WriteString(" && ")
	}
	b.WriteString(`printf '%s\n' `)
	b.WriteString(shellQuote(string(bytes.TrimSuffix(stdin, []byte("\n")))))
	b.WriteString(" |")
	for _, a := range argv {
		b.WriteByte(' ')
		b.WriteString(shellQuote(a))
	}
	return b.String()
}

// shellQuote single-quotes s for a POSIX shell, writing each single quote
// inside s as quote, backslash, quote, quote.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
