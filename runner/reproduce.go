package runner

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/speccify/speccify-lint/discover"
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

// ReproduceArgv is the argv of the reproduce line: the implementation by its
// name (the line cds into the tool folder) and the interpreter by its name.
func ReproduceArgv(argv []string, impl discover.ImplFile) []string {
	if argv == nil {
		return []string{"./" + impl.Name}
	}
	out := make([]string, len(argv))
	for i, a := range argv {
		switch {
		case a == impl.Path || filepath.Base(a) == impl.Name && i == len(argv)-1:
			out[i] = impl.Name
			if i == 0 {
				out[i] = "./" + impl.Name
			}
		case i == 0:
			out[i] = filepath.Base(a)
		default:
			out[i] = a
		}
	}
	return out
}
