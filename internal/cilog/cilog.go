// Package cilog keeps what speccify-lint prints from acting as a command
// of the CI system whose log it lands in. A TOOL.md, an implementation's
// output and the names of tool folders come from the pull request under
// test; the reports, the diff and the messages on stderr quote them.
//
// The CI systems read a command from a line of the log as follows:
//
//   - Azure Pipelines: "##vso[" anywhere in the line;
//   - GitHub Actions: "::" at the start of the line after blanks (workflow
//     commands), and "##[" anywhere in it (the runner's legacy commands);
//   - TeamCity: "##teamcity[" anywhere in the line.
//
// The .NET agents compare with culture-sensitive IndexOf and StartsWith,
// which skip characters the Unicode collation ignores (controls, format
// characters such as U+200B and the soft hyphen, variation selectors): so
// "#\u200b#vso[" is a command to them, and is one here too. A line ends at
// any character some reader ends a line at: "\n", "\r", "\v", "\f",
// U+001C-U+001E, U+0085, U+2028 and U+2029.
//
// The two characters that open such a command ("##" or "::") are its
// markers. Markers finds them; Neutralize renders them as "**", the way
// a reader still recognises ("**vso[task.setvariable ...]"); the JSON and
// XML writers of package report write them as escapes instead (\u0023,
// &#x23;), which keep the text exact for a parser.
package cilog

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// anywhere are the commands read wherever they start in a line.
var anywhere = []string{"##vso[", "##[", "##teamcity["}

// lineStart is the command read at the start of a line after blanks.
const lineStart = "::"

// marker is what Neutralize writes for each marker character.
const marker = '*'

// Markers returns the byte offsets, in increasing order, of the marker
// characters of every command in s, which starts a line. Each is an ASCII
// '#' or ':'.
func Markers(s string) []int {
	marks, _, _ := scan(s, true, true)
	return marks
}

// Neutralize returns s, which starts a line, with every marker character
// of a command replaced by '*': "##vso[" reads "**vso[", "##[" reads "**[",
// "##teamcity[" reads "**teamcity[" and "::" at the start of a line reads
// "**". Nothing else changes.
func Neutralize(s string) string {
	return replace(s, Markers(s))
}

// NeutralizeExcept is Neutralize for the output of a format whose own lines
// are commands: the command prefix own (such as "::", "##vso[" or
// "##teamcity[") is left alone where it starts a line, at the very start
// of s or right after a "\n"; every other command is neutralised. The
// format's writer must keep line breaks out of what it quotes in its
// commands, so that only its own lines start there.
func NeutralizeExcept(s, own string) string {
	marks := Markers(s)
	kept := marks[:0:0]
	for _, m := range marks {
		if !ownPrefixAt(s, m, own) && !ownPrefixAt(s, m-1, own) {
			kept = append(kept, m)
		}
	}
	return replace(s, kept)
}

// ownPrefixAt reports whether own starts a line at s[i].
func ownPrefixAt(s string, i int, own string) bool {
	return i >= 0 && (i == 0 || s[i-1] == '\n') && strings.HasPrefix(s[i:], own)
}

// replace writes marker over the bytes of s at marks.
func replace(s string, marks []int) string {
	if len(marks) == 0 {
		return s
	}
	b := []byte(s)
	for _, m := range marks {
		b[m] = marker
	}
	return string(b)
}

// scan finds the markers of the commands in s. inPrefix says that s starts
// where only blanks (and ignored characters) precede it on its line. When
// final is false, more text may follow s: scan then stops at the first
// place where s ends in what could still become a command, and returns it
// as pending with the inPrefix state there; otherwise pending is len(s).
func scan(s string, inPrefix, final bool) (marks []int, pending int, prefix bool) {
	for i := 0; i < len(s); {
		if !inPrefix {
			// Past the blanks of a line only a '#' or a line end matters:
			// skip to the next byte that may start one.
			for i < len(s) && !mayMatter[s[i]] {
				i++
			}
			if i == len(s) {
				break
			}
		}
		switch c := s[i]; {
		case c == ' ' || c == '\t':
			i++ // a blank leaves inPrefix as it is
			continue
		case c > ' ' && c < 0x7f && c != ':' && c != '#':
			inPrefix = false
			i++
			continue
		}
		if !final && !utf8.FullRuneInString(s[i:]) {
			return marks, i, inPrefix // a character cut by the end of s
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case isLineBreak(r):
			inPrefix = true
			i += size
			continue
		case inPrefix && r == 0x1b:
			end, ok := skipCSI(s, i)
			if !ok && !final {
				return marks, i, inPrefix
			}
			i = end
			continue
		case inPrefix && (unicode.IsSpace(r) || ignorable(r)):
			i += size
			continue
		case inPrefix && r == ':':
			inPrefix = false
			m, res := match(s, i, lineStart)
			switch {
			case res == matched:
				marks = append(marks, m[0], m[1])
				i = m[1] + 1
				continue
			case res == partial && !final:
				return marks, i, true
			}
		case r == '#':
			inPrefix = false
			more := false
			for _, p := range anywhere {
				m, res := match(s, i, p)
				if res == matched {
					marks = append(marks, m[0], m[1])
					more = false
					break
				}
				more = more || res == partial
			}
			if more && !final {
				return marks, i, false
			}
		default:
			inPrefix = false
		}
		i += size
	}
	return marks, len(s), inPrefix
}

// mayMatter are the bytes that may start a '#' or a line end: '#', the
// ASCII line ends and the first bytes of U+0085 (C2 85) and U+2028, U+2029
// (E2 80 A8, E2 80 A9).
var mayMatter = func() (t [256]bool) {
	for _, c := range "#\n\r\v\f\x1c\x1d\x1e" {
		t[c] = true
	}
	t[0xc2], t[0xe2] = true, true
	return t
}()

// result is how far a command matches.
type result int

const (
	mismatch result = iota
	matched
	partial // s ends while it still matches
)

// match matches the command p at s[i:], skipping ignored characters after
// its first one, and returns the offsets of its two marker characters.
func match(s string, i int, p string) ([2]int, result) {
	var m [2]int
	j := i
	for k := 0; k < len(p); k++ {
		if k > 0 {
			j = skipIgnorable(s, j)
		}
		if j >= len(s) {
			return m, partial
		}
		if s[j] != p[k] {
			return m, mismatch
		}
		if k < 2 {
			m[k] = j
		}
		j++
	}
	return m, matched
}

// skipIgnorable returns the offset of the first character at or after j
// that is not ignorable, or len(s) when s ends in ignorable characters or
// in a character cut short.
func skipIgnorable(s string, j int) int {
	for j < len(s) {
		if !utf8.FullRuneInString(s[j:]) {
			return len(s)
		}
		r, size := utf8.DecodeRuneInString(s[j:])
		if !ignorable(r) {
			return j
		}
		j += size
	}
	return j
}

// skipCSI returns the offset past the ANSI CSI sequence (ESC [ parameters
// final) at s[i], or past the ESC alone when none starts there; ok is false
// when s ends inside what could be one.
func skipCSI(s string, i int) (end int, ok bool) {
	j := i + 1
	if j >= len(s) {
		return j, false
	}
	if s[j] != '[' {
		return j, true
	}
	j++
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x3f {
		j++
	}
	switch {
	case j >= len(s):
		return j, false
	case s[j] >= 0x40 && s[j] <= 0x7e:
		return j + 1, true
	}
	return i + 1, true // not a CSI sequence: the ESC alone is ignored
}

// isLineBreak reports whether some reader ends a line at r: .NET's
// ReadLine at "\n" and "\r", Python's splitlines at the others.
func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// ignorable reports whether a culture-sensitive comparison skips r: the
// controls that are not blanks or line breaks, format characters, variation
// selectors and the other default-ignorable code points.
func ignorable(r rune) bool {
	switch {
	case r < 0x80:
		return (r < 0x20 || r == 0x7f) && !unicode.IsSpace(r) && !isLineBreak(r)
	case isLineBreak(r) || unicode.IsSpace(r):
		return false
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}

// EscapeJSON writes each marker character of a command in the JSON text b
// as a JSON escape (\u0023 for '#', \u003a for ':'), so that a JSON parser
// reads the text unchanged and no CI system reads a command in it. The
// markers are always inside strings: '#' appears nowhere else in JSON, and
// a ':' that starts a line (after a U+0085 kept raw in a string) cannot
// follow a key.
func EscapeJSON(b []byte) []byte {
	marks := Markers(string(b))
	if len(marks) == 0 {
		return b
	}
	out := make([]byte, 0, len(b)+5*len(marks))
	last := 0
	for _, m := range marks {
		out = append(out, b[last:m]...)
		out = fmt.Appendf(out, `\u%04x`, b[m])
		last = m + 1
	}
	return append(out, b[last:]...)
}
