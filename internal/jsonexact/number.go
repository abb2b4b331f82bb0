package jsonexact

import (
	"encoding/json"
	"strconv"
	"strings"
)

// numbersEqual reports whether a and b, two JSON number literals, have exactly
// the same mathematical value: 1, 1.0, 1e0, 10e-1 and 0.1e1 are all equal,
// -0 equals 0, and 12345678901234567890 differs from 12345678901234567891.
//
// The comparison never goes through float64, and never builds the value
// itself: each literal is reduced to a sign, its significant digits (without
// leading or trailing zeros) and a decimal exponent, so the work is linear in
// the length of the literals: 1e999999999999 is as cheap as 1e9.
//
// A string that is not a valid JSON number literal (RFC 8259 grammar: no
// leading "+", no leading zeros, no bare "." or "e") equals only the
// identical string.
func numbersEqual(a, b json.Number) bool {
	na, okA := numParse(string(a))
	nb, okB := numParse(string(b))
	if !okA || !okB {
		return a == b
	}
	if na.digits == "" || nb.digits == "" { // zero, whatever its sign or exponent
		return na.digits == nb.digits
	}
	return na.neg == nb.neg && na.digits == nb.digits && na.exp == nb.exp
}

// numNorm is a number reduced to neg × digits × 10^exp, where digits has no
// leading or trailing zeros ("" means zero) and exp is the exponent in
// canonical decimal ("0", "17", "-3", never "-0" or leading zeros), so two
// non-zero numbers are equal exactly when all three fields are.
//
// The exponent is kept as decimal text rather than a big.Int because turning
// a long digit string into a big.Int takes quadratic time: a 10 MB exponent
// would take minutes, while the decimal arithmetic here is linear.
type numNorm struct {
	neg    bool
	digits string
	exp    string
}

// numParts are the pieces of a JSON number literal, as sub-strings.
type numParts struct {
	neg  bool
	intg string // integer digits, never empty
	frac string // fraction digits, possibly empty
	exp  string // exponent with its optional sign, possibly empty
}

// numScan splits s according to the JSON number grammar
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? and reports whether all of s
// matched.
func numScan(s string) (numParts, bool) {
	var p numParts
	i := 0
	if i < len(s) && s[i] == '-' {
		p.neg = true
		i++
	}
	start := i
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		i = numDigits(s, i)
	default:
		return p, false
	}
	p.intg = s[start:i]
	if i < len(s) && s[i] == '.' {
		j := numDigits(s, i+1)
		if j == i+1 {
			return p, false
		}
		p.frac = s[i+1 : j]
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		k := i + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		j := numDigits(s, k)
		if j == k {
			return p, false
		}
		p.exp = s[i+1 : j]
		i = j
	}
	return p, i == len(s)
}

// numDigits returns the index of the first non-digit in s at or after i.
func numDigits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// numExpMaxDigits bounds the exponent digits parsed into an int64, leaving
// ample room for adding the length of the literal without overflow.
const numExpMaxDigits = 17

// numParse reduces a JSON number literal to its normal form.
func numParse(s string) (numNorm, bool) {
	p, ok := numScan(s)
	if !ok {
		return numNorm{}, false
	}
	n := numNorm{neg: p.neg}
	digits := p.intg + p.frac // value = digits × 10^(exp - len(frac))
	digits = strings.TrimLeft(digits, "0")
	trimmed := strings.TrimRight(digits, "0")
	if trimmed == "" {
		return n, true // zero: sign and exponent do not matter
	}
	n.digits = trimmed
	// adjust is what the literal exponent is shifted by: the fraction digits
	// moved into the integer, and the trailing zeros dropped. Its magnitude is
	// at most the length of s.
	adjust := int64(len(digits)-len(trimmed)) - int64(len(p.frac))

	expNeg := false
	e := p.exp
	if e != "" && (e[0] == '+' || e[0] == '-') {
		expNeg = e[0] == '-'
		e = e[1:]
	}
	e = strings.TrimLeft(e, "0")
	if len(e) <= numExpMaxDigits {
		var lit int64
		if e != "" {
			lit, _ = strconv.ParseInt(e, 10, 64) // cannot fail: ≤ 17 digits
		}
		if expNeg {
			lit = -lit
		}
		n.exp = strconv.FormatInt(lit+adjust, 10)
		return n, true
	}
	n.exp = numAddSmall(expNeg, e, adjust)
	return n, true
}

// numAddSmall returns the canonical decimal text of (±mag) + a, where mag is
// a decimal magnitude without leading zeros. It takes time linear in len(mag).
func numAddSmall(neg bool, mag string, a int64) string {
	aNeg := a < 0
	aMag := strconv.FormatUint(numAbs(a), 10)
	var resNeg bool
	var res string
	switch {
	case a == 0:
		resNeg, res = neg, mag
	case aNeg == neg:
		resNeg, res = neg, numDecAdd(mag, aMag)
	default:
		switch c := numDecCmp(mag, aMag); {
		case c > 0:
			resNeg, res = neg, numDecSub(mag, aMag)
		case c < 0:
			resNeg, res = aNeg, numDecSub(aMag, mag)
		default:
			return "0"
		}
	}
	if resNeg {
		return "-" + res
	}
	return res
}

func numAbs(a int64) uint64 {
	if a < 0 {
		return uint64(-(a + 1)) + 1 // no overflow for math.MinInt64
	}
	return uint64(a)
}

// numDecCmp compares two decimal magnitudes without leading zeros.
func numDecCmp(x, y string) int {
	if len(x) != len(y) {
		if len(x) < len(y) {
			return -1
		}
		return 1
	}
	return strings.Compare(x, y)
}

// numDecAdd returns x + y for decimal magnitudes without leading zeros.
func numDecAdd(x, y string) string {
	if len(x) < len(y) {
		x, y = y, x
	}
	out := make([]byte, len(x)+1)
	carry := byte(0)
	for i := 0; i < len(x); i++ {
		d := x[len(x)-1-i] - '0' + carry
		if i < len(y) {
			d += y[len(y)-1-i] - '0'
		}
		carry = d / 10
		out[len(out)-1-i] = d%10 + '0'
	}
	if carry > 0 {
		out[0] = '1'
		return string(out)
	}
	return string(out[1:])
}

// numDecSub returns x - y for decimal magnitudes without leading zeros, x > y.
// The result has no leading zeros.
func numDecSub(x, y string) string {
	out := make([]byte, len(x))
	borrow := byte(0)
	for i := 0; i < len(x); i++ {
		d := x[len(x)-1-i] - '0'
		s := borrow
		if i < len(y) {
			s += y[len(y)-1-i] - '0'
		}
		if d < s {
			d += 10
			borrow = 1
		} else {
			borrow = 0
		}
		out[len(out)-1-i] = d - s + '0'
	}
	res := strings.TrimLeft(string(out), "0")
	if res == "" {
		return "0"
	}
	return res
}
