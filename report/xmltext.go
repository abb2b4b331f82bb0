package report

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/internal/prose"
)

// cleanText makes text from a tool's output (or anything else) safe to show
// in every format, XML 1.0 included:
//
//   - ANSI escape sequences are removed: CSI (ESC [ ... final byte), OSC
//     (ESC ] ... BEL or ESC \), the string sequences DCS, SOS, PM and APC,
//     and two-byte escapes;
//   - invalid UTF-8 (which covers encoded surrogates) becomes U+FFFD, one
//     per run of bad bytes;
//   - "\r\n" and a lone "\r" become "\n", and so do U+2028 and U+2029
//     (line and paragraph separator), which some readers end a line at;
//   - characters XML 1.0 forbids (NUL and the other C0 controls except tab
//     and newline, U+FFFE, U+FFFF) are dropped, and so are DEL and the C1
//     controls, which terminals interpret.
//
// encoding/xml escapes <, & and the like, and splits "]]>" inside CDATA, so
// the result can go into XML character data, attributes and CDATA alike.
func cleanText(s string) string {
	if isClean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	badRun := false
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0x1b {
			i = skipEscape(s, i)
			badRun = false
			continue
		}
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 {
			if !badRun {
				b.WriteRune(utf8.RuneError)
			}
			badRun = true
			i++
			continue
		}
		badRun = false
		i += w
		switch {
		case r == '\r':
			b.WriteByte('\n')
			if i < len(s) && s[i] == '\n' {
				i++
			}
		case r == 0x2028 || r == 0x2029:
			b.WriteByte('\n')
		case r == '\t' || r == '\n':
			b.WriteRune(r)
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f, r == 0xfffe, r == 0xffff:
			// dropped
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isClean reports whether cleanText would return s unchanged.
func isClean(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80:
			return isCleanSlow(s[i:])
		case c < 0x20 && c != '\t' && c != '\n', c == 0x7f:
			return false
		}
	}
	return true
}

// isCleanSlow is isClean for text that is not all ASCII.
func isCleanSlow(s string) bool {
	for _, r := range s {
		switch {
		case r == utf8.RuneError, r == '\r', r == 0x1b, r == 0x2028, r == 0x2029:
			return false
		case r == '\t' || r == '\n':
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f, r == 0xfffe, r == 0xffff:
			return false
		}
	}
	return true
}

// skipEscape returns the index just past the escape sequence that starts with
// the ESC at s[i].
func skipEscape(s string, i int) int {
	i++ // ESC
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[': // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, final 0x40-0x7E
		i++
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
			i++
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			i++
		}
		return i
	case ']', 'P', 'X', '^', '_': // OSC, DCS, SOS, PM, APC: up to BEL or ST (ESC \)
		i++
		for i < len(s) {
			switch s[i] {
			case 0x07:
				return i + 1
			case 0x1b:
				if i+1 < len(s) && s[i+1] == '\\' {
					return i + 2
				}
				return i // a new escape starts; the string was not terminated
			}
			i++
		}
		return i
	}
	if s[i] >= 0x20 && s[i] <= 0x2f { // nF: intermediates, then a final byte
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e { // Fp, Fe, Fs final byte
		i++
	}
	return i
}

// cleanLine is cleanText on one line: newlines and tabs become spaces.
func cleanLine(s string) string {
	s = cleanText(s)
	if strings.ContainsAny(s, "\n\t") {
		s = strings.Map(func(r rune) rune {
			if r == '\n' || r == '\t' {
				return ' '
			}
			return r
		}, s)
	}
	return s
}

// capText cuts s to at most max bytes on a rune boundary, saying so at the end.
func capText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	const note = "\n[... truncated by speccify-lint]"
	return prose.Cut(s, max-len(note)) + note
}

// asciiXML rewrites an XML document that encoding/xml wrote so that it is
// all ASCII: every other character becomes a character reference (&#xFFFD;),
// and inside CDATA sections the section is closed around the references
// ("]]>&#xE9;<![CDATA["), since CDATA cannot hold them. The document means
// the same to every XML parser; consumers that guess a file's encoding
// instead of reading its declaration (xunit-viewer guessed cp1252 for a
// U+FFFD and crashed) have nothing left to guess. Element and attribute
// names must be ASCII, which those of our reports are.
func asciiXML(doc []byte) []byte {
	return xmlCharRefs(doc, nil)
}

// xmlCharRefs is asciiXML that also writes the ASCII bytes at the offsets
// refs (in increasing order, each in character data, an attribute value or
// CDATA) as character references.
func xmlCharRefs(doc []byte, refs []int) []byte {
	const cdataOpen, cdataClose = "<![CDATA[", "]]>"
	var out []byte
	inCDATA := false
	last := 0 // doc[last:i] is not copied yet
	isRef := func(i int) bool {
		for len(refs) > 0 && refs[0] < i {
			refs = refs[1:]
		}
		return doc[i] >= utf8.RuneSelf || len(refs) > 0 && refs[0] == i
	}
	for i := 0; i < len(doc); {
		c := doc[i]
		switch {
		case !inCDATA && c == '<' && bytes.HasPrefix(doc[i:], []byte(cdataOpen)):
			inCDATA = true
			i += len(cdataOpen)
		case inCDATA && c == ']' && bytes.HasPrefix(doc[i:], []byte(cdataClose)):
			inCDATA = false
			i += len(cdataClose)
		case !isRef(i):
			i++
		default:
			out = append(out, doc[last:i]...)
			if inCDATA {
				out = append(out, cdataClose...)
			}
			for i < len(doc) && isRef(i) {
				r, w := utf8.DecodeRune(doc[i:])
				out = fmt.Appendf(out, "&#x%X;", r)
				i += w
			}
			if inCDATA {
				out = append(out, cdataOpen...)
			}
			last = i
		}
	}
	if out == nil {
		return doc
	}
	return append(out, doc[last:]...)
}
