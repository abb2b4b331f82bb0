// Package pyscan finds where a Python script reads its stdin. The input is
// one line on stdin: a script that reads it (json.load(sys.stdin),
// sys.stdin.read(), input(), a loop over sys.stdin, ...) and then reads it
// again gets nothing the second time. The scan blanks the script's strings
// and comments, finds the reads by their words, and leaves out a second
// read that cannot follow the first on one run: in another function (or
// class), after a first read that returns or raises, or in an else, elif,
// except or case branch beside the first. It runs nothing. The stdin-twice
// rule (package lint) reports a script that reads stdin twice.
package pyscan

import (
	"bytes"
	"regexp"
	"slices"
)

// pythonShebang matches a #! line that runs Python.
var pythonShebang = regexp.MustCompile(`\bpython[0-9.]*\b`)

// IsPython reports whether an implementation is a Python script, by its
// extension (ext, with its dot) or by the #! line of its head.
func IsPython(ext string, head []byte) bool {
	if ext == ".py" {
		return true
	}
	if !bytes.HasPrefix(head, []byte("#!")) {
		return false
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	return pythonShebang.Match(line)
}

// pyStdinRead matches, in a script whose strings and comments are blanked,
// a read of stdin: of all of it, of its lines, or of its (one) line.
var pyStdinRead = regexp.MustCompile(`\bstdin\.(?:buffer\.)?read\(\s*\)` +
	`|\bstdin\.(?:buffer\.)?read(?:lines?)\(` +
	`|\bjson\.load\(\s*(?:sys\.)?stdin\b` +
	`|\bfor[ \t]+[\w \t,()]+[ \t]+in[ \t]+(?:enumerate\(\s*)?(?:sys\.)?stdin\b` +
	`|\b(?:list|tuple)\(\s*(?:sys\.)?stdin\s*\)` +
	`|\bfileinput\.input\(` +
	`|\bopen\(\s*0\s*[,)]` +
	`|\binput\(`)

// StdinReads returns the byte offsets of the first read of stdin of a
// Python script and of the first later read that can follow it on one run,
// or fewer when there is no such pair.
func StdinReads(script []byte) []int {
	code := blankPython(script)
	var reads []int
	for _, m := range pyStdinRead.FindAllIndex(code, -1) {
		if m[0] > 0 && code[m[0]-1] == '.' && bytes.HasPrefix(code[m[0]:], []byte("input(")) {
			continue // a method named input, not the builtin
		}
		at := m[0]
		if at >= 4 && bytes.HasPrefix(code[at:], []byte("stdin")) && string(code[at-4:at]) == "sys." {
			at -= 4
		}
		reads = append(reads, at)
	}
	if len(reads) < 2 {
		return reads
	}
	lines := pyLines(code)
	for i := 1; i < len(reads); i++ {
		if !lines.exclusive(code, reads[i-1], reads[i]) {
			return []int{reads[i-1], reads[i]}
		}
	}
	return reads[:1]
}

// blankPython is script with the text of its string literals and comments
// replaced by spaces (line breaks kept), so that words inside them are not
// code.
func blankPython(script []byte) []byte {
	code := slices.Clone(script)
	blank := func(from, to int) {
		for k := from; k < to; k++ {
			if code[k] != '\n' {
				code[k] = ' '
			}
		}
	}
	for i := 0; i < len(code); i++ {
		switch c := code[i]; c {
		case '#':
			end := bytes.IndexByte(code[i:], '\n')
			if end < 0 {
				end = len(code) - i
			}
			blank(i, i+end)
			i += end - 1
		case '\'', '"':
			quote := []byte{c}
			if bytes.HasPrefix(code[i:], []byte{c, c, c}) {
				quote = []byte{c, c, c}
			}
			j := i + len(quote)
			for j < len(code) && !bytes.HasPrefix(code[j:], quote) {
				if code[j] == '\\' {
					j++
				} else if code[j] == '\n' && len(quote) == 1 {
					break // an unterminated string ends at its line
				}
				j++
			}
			end := min(j+len(quote), len(code))
			blank(i+len(quote), min(j, len(code)))
			i = end - 1
		}
	}
	return code
}

// pyLine is what the scan knows of one line of blanked Python code.
type pyLine struct {
	start, end int
	// indent is the width of its leading blanks; -1 for a blank line or a
	// line that continues a bracket opened on an earlier line.
	indent int
	// scope is the index of the line of the def or class it is in; -1 at
	// the top level.
	scope int
}

// pyLineTable is the lines of a blanked script.
type pyLineTable []pyLine

// pyLines splits blanked code into lines, with their indentation and the
// def or class each is in.
func pyLines(code []byte) pyLineTable {
	var lines pyLineTable
	type open struct{ indent, line int }
	var scopes []open
	depth := 0
	for start := 0; start <= len(code); {
		end := bytes.IndexByte(code[start:], '\n')
		if end < 0 {
			end = len(code)
		} else {
			end += start
		}
		text := code[start:end]
		trimmed := bytes.TrimLeft(text, " \t")
		l := pyLine{start: start, end: end, indent: -1, scope: -1}
		if depth == 0 && len(bytes.TrimSpace(trimmed)) > 0 {
			l.indent = len(text) - len(trimmed)
			for len(scopes) > 0 && scopes[len(scopes)-1].indent >= l.indent {
				scopes = scopes[:len(scopes)-1]
			}
			if len(scopes) > 0 {
				l.scope = scopes[len(scopes)-1].line
			}
			if pyStartsWith(trimmed, "def", "async", "class") {
				scopes = append(scopes, open{l.indent, len(lines)})
			}
		}
		for _, b := range text {
			switch b {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(depth-1, 0)
			}
		}
		lines = append(lines, l)
		start = end + 1
	}
	return lines
}

// at is the index of the line that holds the offset off.
func (t pyLineTable) at(off int) int {
	i, _ := slices.BinarySearchFunc(t, off, func(l pyLine, off int) int {
		switch {
		case l.end < off:
			return -1
		case l.start > off:
			return 1
		}
		return 0
	})
	return min(i, len(t)-1)
}

// statement is the line that starts the statement the line i is part of.
func (t pyLineTable) statement(i int) int {
	for i > 0 && t[i].indent < 0 {
		i--
	}
	return i
}

// exclusive reports whether the reads at the offsets first and second
// cannot both happen on one run: they are in different functions, the
// first returns or raises, or the second is in a branch (else, elif,
// except, case) beside the first's.
func (t pyLineTable) exclusive(code []byte, first, second int) bool {
	a, b := t.statement(t.at(first)), t.statement(t.at(second))
	if t[a].scope != t[b].scope {
		return true
	}
	if pyStartsWith(bytes.TrimLeft(code[t[a].start:t[a].end], " \t"), "return", "raise", "yield") {
		return true
	}
	for i := a + 1; i <= b; i++ {
		if l := t[i]; l.indent >= 0 && l.indent < t[a].indent &&
			pyStartsWith(bytes.TrimLeft(code[l.start:l.end], " \t"), "else", "elif", "except", "case") {
			return true
		}
	}
	return false
}

// pyStartsWith reports whether a line starts with one of the keywords, as
// a whole word.
func pyStartsWith(line []byte, keywords ...string) bool {
	for _, k := range keywords {
		if bytes.HasPrefix(line, []byte(k)) && (len(line) == len(k) || !isNameByte(line[len(k)])) {
			return true
		}
	}
	return false
}

// isNameByte reports whether b continues a word for pyStartsWith: a letter,
// a digit, one of _ - . or a byte of a non-ASCII character (the same bytes
// that continue a file name for package lint's fixture references).
func isNameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '.' || b >= 0x80
}
