// Package hiddentext finds the characters of a text that a reviewer cannot
// see: the bidirectional controls that reorder the text around them (the
// Trojan Source class of attack), invisible characters, Unicode tag
// characters (which can spell instructions nobody sees) and control
// characters, written as they are or as YAML escapes. It names each by
// code point and Unicode name, leaves alone what the text of a language
// needs (a joiner between two emoji, a joiner in a word of a joining
// script, a directional mark on a right-to-left line, the tags of an emoji
// flag), and says whether deleting a run leaves the YAML or Markdown
// around it reading the same. The hidden-text rule (package lint) reports
// what it finds.
package hiddentext

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Run is a run of hidden characters: text[Start:End] of the text scanned,
// and the characters it stands for.
type Run struct {
	Start, End int
	Runes      []rune
	// Escaped says that the run is written as escapes.
	Escaped bool
}

// Describe says what the run is, for a message: "U+202E RIGHT-TO-LEFT
// OVERRIDE, a bidirectional control character, ...", the text that tag
// characters spell, or the first few named, and how it is written.
func (r Run) Describe() string {
	written := ""
	if r.Escaped {
		written = ", written as an escape"
		if len(r.Runes) > 1 {
			written = ", written as escapes"
		}
	}
	return describeHidden(r.Runes) + written
}

// FixTitle is the title of the fix that deletes the run.
func (r Run) FixTitle() string {
	if !r.Escaped {
		return "remove " + removedText(r.Runes)
	}
	if len(r.Runes) > 1 {
		return "remove the escapes of " + removedText(r.Runes)
	}
	return "remove the escape of " + removedText(r.Runes)
}

// hiddenKind is what kind of hidden character a rune is.
type hiddenKind int

const (
	notHidden hiddenKind = iota
	hiddenBidi
	hiddenInvisible
	hiddenTag
	hiddenControl
)

// hiddenNames names the bidirectional controls and invisible characters
// (their Unicode names; TestHiddenNames checks them against the Unicode
// Character Database).
var hiddenNames = map[rune]string{
	0x061C: "ARABIC LETTER MARK",
	0x200E: "LEFT-TO-RIGHT MARK",
	0x200F: "RIGHT-TO-LEFT MARK",
	0x202A: "LEFT-TO-RIGHT EMBEDDING",
	0x202B: "RIGHT-TO-LEFT EMBEDDING",
	0x202C: "POP DIRECTIONAL FORMATTING",
	0x202D: "LEFT-TO-RIGHT OVERRIDE",
	0x202E: "RIGHT-TO-LEFT OVERRIDE",
	0x2066: "LEFT-TO-RIGHT ISOLATE",
	0x2067: "RIGHT-TO-LEFT ISOLATE",
	0x2068: "FIRST STRONG ISOLATE",
	0x2069: "POP DIRECTIONAL ISOLATE",

	0x00AD:  "SOFT HYPHEN",
	0x034F:  "COMBINING GRAPHEME JOINER",
	0x115F:  "HANGUL CHOSEONG FILLER",
	0x1160:  "HANGUL JUNGSEONG FILLER",
	0x17B4:  "KHMER VOWEL INHERENT AQ",
	0x17B5:  "KHMER VOWEL INHERENT AA",
	0x180E:  "MONGOLIAN VOWEL SEPARATOR",
	0x200B:  "ZERO WIDTH SPACE",
	0x200C:  "ZERO WIDTH NON-JOINER",
	0x200D:  "ZERO WIDTH JOINER",
	0x2060:  "WORD JOINER",
	0x2061:  "FUNCTION APPLICATION",
	0x2062:  "INVISIBLE TIMES",
	0x2063:  "INVISIBLE SEPARATOR",
	0x2064:  "INVISIBLE PLUS",
	0x206A:  "INHIBIT SYMMETRIC SWAPPING",
	0x206B:  "ACTIVATE SYMMETRIC SWAPPING",
	0x206C:  "INHIBIT ARABIC FORM SHAPING",
	0x206D:  "ACTIVATE ARABIC FORM SHAPING",
	0x206E:  "NATIONAL DIGIT SHAPES",
	0x206F:  "NOMINAL DIGIT SHAPES",
	0x3164:  "HANGUL FILLER",
	0xFEFF:  "ZERO WIDTH NO-BREAK SPACE",
	0xFFA0:  "HALFWIDTH HANGUL FILLER",
	0xFFF9:  "INTERLINEAR ANNOTATION ANCHOR",
	0xFFFA:  "INTERLINEAR ANNOTATION SEPARATOR",
	0xFFFB:  "INTERLINEAR ANNOTATION TERMINATOR",
	0x1D173: "MUSICAL SYMBOL BEGIN BEAM",
	0x1D174: "MUSICAL SYMBOL END BEAM",
	0x1D175: "MUSICAL SYMBOL BEGIN TIE",
	0x1D176: "MUSICAL SYMBOL END TIE",
	0x1D177: "MUSICAL SYMBOL BEGIN SLUR",
	0x1D178: "MUSICAL SYMBOL END SLUR",
	0x1D179: "MUSICAL SYMBOL BEGIN PHRASE",
	0x1D17A: "MUSICAL SYMBOL END PHRASE",
}

// kindOfRune is the kind of hidden character r is.
func kindOfRune(r rune) hiddenKind {
	switch {
	case r >= 0x20 && r < 0x7F, r == '\t' || r == '\n' || r == '\r':
		return notHidden
	case r < 0x20 || r >= 0x7F && r <= 0x9F:
		return hiddenControl
	case r >= 0xE0000 && r <= 0xE007F:
		return hiddenTag
	case unicode.Is(unicode.Bidi_Control, r):
		return hiddenBidi
	case hiddenNames[r] != "":
		return hiddenInvisible
	}
	return notHidden
}

// runeName is "U+202E RIGHT-TO-LEFT OVERRIDE".
func runeName(r rune) string {
	code := fmt.Sprintf("U+%04X", r)
	if n := hiddenNames[r]; n != "" {
		return code + " " + n
	}
	if n := tagName(r); n != "" {
		return code + " " + n
	}
	return code
}

// asciiNames are the Unicode names of the ASCII punctuation, for the tag
// characters' names ("TAG COMMERCIAL AT").
var asciiNames = map[byte]string{
	' ': "SPACE", '!': "EXCLAMATION MARK", '"': "QUOTATION MARK", '#': "NUMBER SIGN", '$': "DOLLAR SIGN",
	'%': "PERCENT SIGN", '&': "AMPERSAND", '\'': "APOSTROPHE", '(': "LEFT PARENTHESIS", ')': "RIGHT PARENTHESIS",
	'*': "ASTERISK", '+': "PLUS SIGN", ',': "COMMA", '-': "HYPHEN-MINUS", '.': "FULL STOP", '/': "SOLIDUS",
	':': "COLON", ';': "SEMICOLON", '<': "LESS-THAN SIGN", '=': "EQUALS SIGN", '>': "GREATER-THAN SIGN",
	'?': "QUESTION MARK", '@': "COMMERCIAL AT", '[': "LEFT SQUARE BRACKET", '\\': "REVERSE SOLIDUS",
	']': "RIGHT SQUARE BRACKET", '^': "CIRCUMFLEX ACCENT", '_': "LOW LINE", '`': "GRAVE ACCENT",
	'{': "LEFT CURLY BRACKET", '|': "VERTICAL LINE", '}': "RIGHT CURLY BRACKET", '~': "TILDE",
}

var digitNames = []string{"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"}

// tagName is the Unicode name of a tag character, "" for an unassigned
// one.
func tagName(r rune) string {
	switch {
	case r == 0xE0001:
		return "LANGUAGE TAG"
	case r == 0xE007F:
		return "CANCEL TAG"
	case r < 0xE0020 || r > 0xE007E:
		return ""
	}
	c := byte(r - 0xE0000)
	switch {
	case c >= 'A' && c <= 'Z':
		return "TAG LATIN CAPITAL LETTER " + string(c)
	case c >= 'a' && c <= 'z':
		return "TAG LATIN SMALL LETTER " + string(c-'a'+'A')
	case c >= '0' && c <= '9':
		return "TAG DIGIT " + digitNames[c-'0']
	}
	return "TAG " + asciiNames[c]
}

// kindNoun is what a hidden character of kind k is, with its article.
var kindNoun = map[hiddenKind]string{
	hiddenBidi:      "a bidirectional control character, which reorders the text around it on screen",
	hiddenInvisible: "an invisible character",
	hiddenTag:       "a Unicode tag character, which is invisible",
	hiddenControl:   "a control character",
}

// maxNamed is how many characters of a run a message names.
const maxNamed = 3

// maxSpelled is how much of the text tag characters spell a message shows.
const maxSpelled = 80

// describeHidden says what a run of hidden characters is: one named, the
// text that tag characters spell, or the first few named.
func describeHidden(rs []rune) string {
	if len(rs) == 1 {
		return runeName(rs[0]) + ", " + kindNoun[kindOfRune(rs[0])]
	}
	if text, ok := tagText(rs); ok {
		return fmt.Sprintf("%d Unicode tag characters, which are invisible and spell %s", len(rs), strconv.Quote(text))
	}
	// The characters in the order of their first place, each with its
	// count.
	var order []rune
	count := map[rune]int{}
	for _, r := range rs {
		if count[r] == 0 {
			order = append(order, r)
		}
		count[r]++
	}
	names := make([]string, 0, maxNamed)
	for _, r := range order[:min(len(order), maxNamed)] {
		name := runeName(r)
		if count[r] > 1 {
			name = fmt.Sprintf("%d × %s", count[r], name)
		}
		names = append(names, name)
	}
	list := strings.Join(names, ", ")
	if len(order) > maxNamed {
		list += fmt.Sprintf(" and %d others", len(order)-maxNamed)
	}
	return fmt.Sprintf("%d characters that show nothing: %s", len(rs), list)
}

// tagText is the ASCII text that a run of tag characters spells (the
// language and cancel tags left out), cut at maxSpelled; ok is false when
// the run holds other characters or spells nothing.
func tagText(rs []rune) (string, bool) {
	var b strings.Builder
	for _, r := range rs {
		switch {
		case r >= 0xE0020 && r <= 0xE007E:
			b.WriteByte(byte(r - 0xE0000))
		case r == 0xE0001 || r == 0xE007F:
		default:
			return "", false
		}
	}
	s := b.String()
	if strings.TrimSpace(s) == "" {
		return "", false
	}
	if len(s) > maxSpelled {
		s = s[:maxSpelled] + "…"
	}
	return s, true
}

// removedText names what a fix removes.
func removedText(rs []rune) string {
	if len(rs) == 1 {
		return runeName(rs[0])
	}
	return fmt.Sprintf("the %d hidden characters", len(rs))
}

// Visible is s without its hidden characters: an example's title, or a
// key, for a message.
func Visible(s string) string {
	return strings.Map(func(r rune) rune {
		if kindOfRune(r) != notHidden {
			return -1
		}
		return r
	}, s)
}

// Find returns the runs of hidden characters written in text, but those
// that a language's text needs (a joiner between two emoji, a joiner or
// non-joiner in a word of a joining script, a directional mark on a line
// with right-to-left letters, the tags of an emoji flag).
func Find(text []byte) []Run {
	var out []Run
	for i := 0; i < len(text); {
		if b := text[i]; b >= 0x20 && b < 0x7F || b == '\t' || b == '\n' || b == '\r' {
			i++ // most of a contract: ASCII
			continue
		}
		r, size := utf8.DecodeRune(text[i:])
		if kindOfRune(r) == notHidden {
			i += size
			continue
		}
		start := i
		var rs []rune
		for i < len(text) {
			r, size := utf8.DecodeRune(text[i:])
			if kindOfRune(r) == notHidden {
				break
			}
			rs = append(rs, r)
			i += size
		}
		if needed(text, start, i, rs) {
			continue
		}
		out = append(out, Run{Start: start, End: i, Runes: rs})
	}
	return out
}

// joiningScripts write some words with a zero width joiner or non-joiner
// between two letters.
var joiningScripts = []*unicode.RangeTable{unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi, unicode.Gujarati, unicode.Oriya, unicode.Tamil,
	unicode.Telugu, unicode.Kannada, unicode.Malayalam, unicode.Sinhala}

// rtlScripts are the scripts written right to left, whose lines may need
// a directional mark.
var rtlScripts = []*unicode.RangeTable{unicode.Hebrew, unicode.Arabic, unicode.Syriac, unicode.Thaana, unicode.Nko,
	unicode.Samaritan, unicode.Mandaic, unicode.Adlam}

// needed reports whether the run rs, text[start:end], is what the text of
// a language needs: a joiner between two emoji, a joiner or non-joiner in
// a word of a joining script, a directional mark on a line with
// right-to-left letters, the tags of an emoji flag.
func needed(text []byte, start, end int, rs []rune) bool {
	before, _ := utf8.DecodeLastRune(text[:start])
	after, _ := utf8.DecodeRune(text[end:])
	if len(rs) == 1 {
		switch rs[0] {
		case 0x200D: // ZERO WIDTH JOINER
			if isEmoji(before) && isEmoji(after) {
				return true
			}
			fallthrough
		case 0x200C: // ZERO WIDTH NON-JOINER
			return unicode.In(before, joiningScripts...) && unicode.In(after, joiningScripts...)
		case 0x200E, 0x200F, 0x061C: // the directional marks
			lineStart := bytes.LastIndexByte(text[:start], '\n') + 1
			lineEnd := len(text)
			if i := bytes.IndexByte(text[end:], '\n'); i >= 0 {
				lineEnd = end + i
			}
			return bytes.IndexFunc(text[lineStart:lineEnd], func(r rune) bool { return unicode.In(r, rtlScripts...) }) >= 0
		}
	}
	return before == 0x1F3F4 && isFlagTags(rs) // 🏴 WAVING BLACK FLAG
}

// isEmoji reports whether r is part of an emoji: a symbol, an emoji
// modifier or the emoji variation selector.
func isEmoji(r rune) bool {
	return r == 0xFE0F || unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) && r >= 0x1F3FB && r <= 0x1F3FF
}

// isFlagTags reports whether rs are the tags of an emoji flag sequence:
// tag digits and lowercase tag letters, then CANCEL TAG.
func isFlagTags(rs []rune) bool {
	if len(rs) < 2 || rs[len(rs)-1] != 0xE007F {
		return false
	}
	for _, r := range rs[:len(rs)-1] {
		if !(r >= 0xE0030 && r <= 0xE0039 || r >= 0xE0061 && r <= 0xE007A) {
			return false
		}
	}
	return true
}

// SafeToRemove reports whether deleting text[start:end] changes nothing
// but the characters deleted: no comment, key or list item begins where
// it joins the characters around it, and no value becomes empty. text is
// the whole file the run was found in.
func SafeToRemove(text []byte, start, end int) bool {
	before, after := byte('\n'), byte('\n')
	if start > 0 && start <= len(text) {
		before = text[start-1]
	}
	if end >= 0 && end < len(text) {
		after = text[end]
	}
	blank := func(b byte) bool { return b == ' ' || b == '\t' || b == '\n' }
	switch {
	case blank(before) && (blank(after) || after == '#'):
		return false
	case (before == ':' || before == '-' || before == '?') && blank(after):
		return false
	case (before == '"' || before == '\'') && after == before:
		return false // the string would be empty
	}
	return true
}

// FindEscaped returns the runs of hidden characters written as escapes
// (\uXXXX, a surrogate pair of them, \UXXXXXXXX, \xXX) in text, the
// source of a double-quoted YAML scalar.
func FindEscaped(b []byte) []Run {
	text := string(b)
	var out []Run
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' {
			continue
		}
		r, n := yamlEscape(text[i:])
		if n == 0 {
			i++ // an escape of one character: skip it
			continue
		}
		if kindOfRune(r) == notHidden {
			i += n - 1
			continue
		}
		start := i
		rs := []rune{r}
		i += n
		for i < len(text) && text[i] == '\\' {
			r, n := yamlEscape(text[i:])
			if n == 0 || kindOfRune(r) == notHidden {
				break
			}
			rs = append(rs, r)
			i += n
		}
		out = append(out, Run{Start: start, End: i, Runes: rs, Escaped: true})
		i--
	}
	return out
}

// yamlEscape reads the numeric escape at the start of s (\xXX, \uXXXX, a
// surrogate pair \uXXXX\uXXXX, \UXXXXXXXX): the character and the escape's
// length, 0 when s starts with no numeric escape.
func yamlEscape(s string) (rune, int) {
	hex := func(s string, n int) (rune, bool) {
		if len(s) < n {
			return 0, false
		}
		v, err := strconv.ParseUint(s[:n], 16, 32)
		return rune(v), err == nil
	}
	if len(s) < 2 || s[0] != '\\' {
		return 0, 0
	}
	var width int
	switch s[1] {
	case 'x':
		width = 2
	case 'u':
		width = 4
	case 'U':
		width = 8
	default:
		return 0, 0
	}
	r, ok := hex(s[2:], width)
	if !ok {
		return 0, 0
	}
	n := 2 + width
	if s[1] == 'u' && utf16IsHigh(r) && len(s) >= n+6 && s[n] == '\\' && s[n+1] == 'u' {
		if lo, ok := hex(s[n+2:], 4); ok && lo >= 0xDC00 && lo <= 0xDFFF {
			return (r-0xD800)<<10 | (lo - 0xDC00) + 0x10000, n + 6
		}
	}
	return r, n
}

func utf16IsHigh(r rune) bool { return r >= 0xD800 && r <= 0xDBFF }
