package lint

import (
	"bytes"
	"regexp"
	"slices"
)

// stdinReaders match the shell constructs that consume the script's stdin:
// a command substitution of cat, and an interpreter fed a heredoc or told to
// read its script from "-" (its own stdin is then the heredoc, and what it
// reads from sys.stdin is gone).
var stdinReaders = []*regexp.Regexp{
	regexp.MustCompile(`\$\(\s*cat(?:\s+(?:-|/dev/stdin))?\s*\)`),
	regexp.MustCompile("`\\s*cat(?:\\s+(?:-|/dev/stdin))?\\s*`"),
	regexp.MustCompile(`\$\(\s*<\s*/dev/stdin\s*\)`),
	regexp.MustCompile(`(?:^|[;&|]\s*|\s)cat(?:\s+(?:-|/dev/stdin))?\s*(?:>|\|)`),
	regexp.MustCompile(`\b(?:python3?|node|ruby|perl|php|bash|sh|zsh)\s+(?:-[a-zA-Z]*\s+)*-\s*<<`),
	regexp.MustCompile(`\b(?:python3?|node|ruby|perl)\s+-c\s+.*(?:sys\.stdin|process\.stdin|STDIN|\$stdin)`),
}

// stdinHints are substrings of which every match of stdinReaders and of
// heredocStart holds at least one: a line without any of them needs no
// regular expression.
var stdinHints = [][]byte{[]byte("cat"), []byte("stdin"), []byte("STDIN"), []byte("<<")}

func mayReadStdin(code []byte) bool {
	for _, h := range stdinHints {
		if bytes.Contains(code, h) {
			return true
		}
	}
	return false
}

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

// stdinReads returns the byte offsets at which a shell script reads its
// stdin, in order. Comments are skipped; heredoc bodies are not scanned for
// readers of their own.
func stdinReads(script []byte) []int {
	var offs []int
	off := 0
	var heredocEnd []byte
	for _, line := range bytes.SplitAfter(script, []byte("\n")) {
		trimmed := bytes.TrimSpace(line)
		switch {
		case heredocEnd != nil:
			if bytes.Equal(trimmed, heredocEnd) {
				heredocEnd = nil
			}
		case bytes.HasPrefix(trimmed, []byte("#")):
		case !mayReadStdin(line):
		default:
			code := stripComment(line)
			var hits []int
			for _, re := range stdinReaders {
				for _, m := range re.FindAllIndex(code, -1) {
					hits = append(hits, off+m[0]+len(code[m[0]:m[1]])-len(bytes.TrimLeft(code[m[0]:m[1]], " \t;&|")))
				}
			}
			slices.Sort(hits)
			offs = append(offs, slices.Compact(hits)...)
			if m := heredocStart.FindSubmatch(code); m != nil {
				heredocEnd = m[2]
			}
		}
		off += len(line)
	}
	return offs
}

var heredocStart = regexp.MustCompile(`<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)['"]?`)

// stripComment cuts a trailing "# comment" that is not inside quotes or
// part of a word ($#, ${#x}).
func stripComment(line []byte) []byte {
	var quote byte
	for i, b := range line {
		switch {
		case quote != 0:
			if b == quote {
				quote = 0
			}
		case b == '\'' || b == '"':
			quote = b
		case b == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}
