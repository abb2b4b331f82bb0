package explore

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Spelling is how the integers of an input are written in the JSON text
// sent on stdin. JSON spells one number many ways, and JSON Schema's
// integer is a mathematical integer: 1.0, 1e0 and 1E+0 are integers as much
// as 1 is, and -0 is 0. An implementation that reads them as floats (as
// Python's json module does) and then repeats, slices or indexes with them
// breaks on a valid input; so explore also sends valid inputs with their
// integers written in each other spelling. The input's Value stays as it
// is; only its text (Input.JSON) changes.
type Spelling uint8

// The spellings of integers.
const (
	SpellPlain        Spelling = iota // 25, 0, -3: as the value has it
	SpellPoint                        // 25.0, 0.0, -3.0
	SpellExponent                     // 2.5e1, 0e0, -3e0
	SpellExponentPlus                 // 2.5E+1, 0E+0, -3E+0
	SpellNegativeZero                 // 0 as -0, the other integers plain
)

// respellings are the spellings other than SpellPlain, in the order the
// generator takes turns with them.
var respellings = []Spelling{SpellPoint, SpellExponent, SpellExponentPlus, SpellNegativeZero}

// String is the spelling of 1 (of 0 for SpellNegativeZero), for reports.
func (s Spelling) String() string {
	switch s {
	case SpellPoint:
		return "1.0"
	case SpellExponent:
		return "1e0"
	case SpellExponentPlus:
		return "1E+0"
	case SpellNegativeZero:
		return "-0"
	}
	return "1"
}

// integer writes the integer literal lit (-?(0|[1-9][0-9]*)) in spelling s.
func (s Spelling) integer(lit string) string {
	switch s {
	case SpellPoint:
		return lit + ".0"
	case SpellExponent:
		return scientific(lit, "e")
	case SpellExponentPlus:
		return scientific(lit, "E+")
	case SpellNegativeZero:
		if lit == "0" {
			return "-0"
		}
	}
	return lit
}

// scientific writes the integer literal lit with one digit before the
// point and the exponent after mark: 2500 as 2.5e3, 7 as 7e0, 0 as 0e0.
func scientific(lit, mark string) string {
	sign, digits := "", lit
	if strings.HasPrefix(lit, "-") {
		sign, digits = "-", lit[1:]
	}
	exp := len(digits) - 1
	mantissa := digits[:1]
	if frac := strings.TrimRight(digits[1:], "0"); frac != "" {
		mantissa += "." + frac
	}
	return sign + mantissa + mark + strconv.Itoa(exp)
}

// respell rewrites the integer literals of text, compact JSON as
// Input.JSON writes it, in spelling s; the other numbers and everything
// inside strings stay as they are.
func respell(text []byte, s Spelling) []byte {
	if s == SpellPlain {
		return text
	}
	out := make([]byte, 0, len(text)+16)
	inString, escaped := false, false
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '-' || (c >= '0' && c <= '9'):
			j := i + 1
			for j < len(text) && strings.IndexByte("0123456789.eE+-", text[j]) >= 0 {
				j++
			}
			lit := string(text[i:j])
			if isIntegerLiteral(lit) {
				lit = s.integer(lit)
			}
			out = append(out, lit...)
			i = j
			continue
		}
		out = append(out, c)
		i++
	}
	return out
}

// isIntegerLiteral reports whether lit is written as an integer:
// -?(0|[1-9][0-9]*).
func isIntegerLiteral(lit string) bool {
	d := strings.TrimPrefix(lit, "-")
	if d == "" || (len(d) > 1 && d[0] == '0') {
		return false
	}
	for i := 0; i < len(d); i++ {
		if d[i] < '0' || d[i] > '9' {
			return false
		}
	}
	return true
}

// maxRespelled bounds the values waiting to be sent respelled.
const maxRespelled = 256

// hasInteger reports whether v holds a number written as an integer.
func hasInteger(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if hasInteger(e) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasInteger(e) {
				return true
			}
		}
	case json.Number:
		return isIntegerLiteral(string(x))
	}
	return false
}

// offerRespelled makes the valid value v an input with its integers in the
// next spelling that changes its text, unless that text was sent before or
// the oracle, judging the text as the implementation will read it, does
// not find it valid (a draft-04 schema's integer has no fraction or
// exponent).
func (gn *Generator) offerRespelled(v any) (Input, bool) {
	plain := jsonText(v)
	for range respellings {
		s := respellings[gn.spellTurn%len(respellings)]
		gn.spellTurn++
		in := Input{Value: v, Valid: true, Kind: "integers written " + s.String(), Spelling: s}
		text := string(in.JSON())
		if text == plain {
			continue
		}
		if _, done := gn.seen[text]; done {
			return Input{}, false
		}
		gn.seen[text] = nil
		if !validText(text, gn.valid) {
			return Input{}, false
		}
		return in, true
	}
	return Input{}, false
}

// validText is the oracle's verdict on JSON text: the value read from it
// with its numbers as written.
func validText(text string, valid func(any) bool) bool {
	d := json.NewDecoder(strings.NewReader(text))
	d.UseNumber()
	var v any
	return d.Decode(&v) == nil && valid(v)
}
