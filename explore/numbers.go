package explore

import (
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Numbers are exact: bounds and multipleOf are the compiled schema's
// *big.Rat, integers are *big.Int, and a value is a json.Number written
// from them, so that an integer beyond ±2^53 or a bound such as
// 9223372036854775807 reaches stdin digit for digit.

// maxBoundBits bounds the size of a bound or multipleOf generation takes
// into account (about 1200 decimal digits); a larger one is left to the
// oracle.
const maxBoundBits = 4096

// numRange is the numeric keywords, exact.
type numRange struct {
	min, max     *big.Rat // nil: none
	exMin, exMax bool
	multipleOf   []*big.Rat // each > 0
}

func (r numRange) hasMin() bool { return r.min != nil }
func (r numRange) hasMax() bool { return r.max != nil }

// intMagnitudes are the integers tried first when the schema bounds
// nothing: zero, signs, small values, the edges of common integer widths
// and of the integers a float64 holds exactly (2^53), and beyond.
var intMagnitudes = bigInts("0", "1", "-1", "2", "10", "100", "1000", "-1000", "65536", "2147483648", "-2147483648",
	"1000000000000", "9007199254740992", "9007199254740993", "-9007199254740993",
	"9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
	"100000000000000000000000000000")

// floatMagnitudes are the non-integer numbers tried first.
var floatMagnitudes = []string{"0", "0.5", "-0.5", "1.5", "1e-7", "123.456", "-1e6", "1e21", "1e300", "0.1", "0.3"}

func bigInts(texts ...string) []*big.Int {
	out := make([]*big.Int, len(texts))
	for i, t := range texts {
		out[i], _ = new(big.Int).SetString(t, 10)
	}
	return out
}

var (
	bigOne  = big.NewInt(1)
	ratHalf = big.NewRat(1, 2)
)

// usable reports whether a bound is small enough to compute with.
func usable(r *big.Rat) bool {
	return r != nil && r.Num().BitLen() <= maxBoundBits && r.Denom().BitLen() <= maxBoundBits
}

// numRangeOf reads the numeric keywords: minimum and exclusiveMinimum (the
// compiler makes draft 4's boolean one a number), the tighter one; the
// same for the maximum; multipleOf.
func numRangeOf(minimum, exMinimum, maximum, exMaximum, multipleOf *big.Rat) numRange {
	var r numRange
	if usable(minimum) {
		r.min = minimum
	}
	if usable(exMinimum) && (r.min == nil || exMinimum.Cmp(r.min) >= 0) {
		r.min, r.exMin = exMinimum, true
	}
	if usable(maximum) {
		r.max = maximum
	}
	if usable(exMaximum) && (r.max == nil || exMaximum.Cmp(r.max) <= 0) {
		r.max, r.exMax = exMaximum, true
	}
	if usable(multipleOf) && multipleOf.Sign() > 0 {
		r.multipleOf = []*big.Rat{multipleOf}
	}
	return r
}

// inRange reports whether x is within r's bounds.
func inRange(r numRange, x *big.Rat) bool {
	if r.min != nil {
		if c := x.Cmp(r.min); c < 0 || (c == 0 && r.exMin) {
			return false
		}
	}
	if r.max != nil {
		if c := x.Cmp(r.max); c > 0 || (c == 0 && r.exMax) {
			return false
		}
	}
	return true
}

// step is the smallest positive number every multipleOf of r divides (nil:
// none): the least common multiple of the fractions, lcm of the
// numerators over gcd of the denominators.
func step(r numRange) *big.Rat {
	var s *big.Rat
	for _, m := range r.multipleOf {
		if s == nil {
			s = m
			continue
		}
		num := lcm(s.Num(), m.Num())
		den := new(big.Int).GCD(nil, nil, s.Denom(), m.Denom())
		s = new(big.Rat).SetFrac(num, den)
	}
	return s
}

func lcm(a, b *big.Int) *big.Int {
	g := new(big.Int).GCD(nil, nil, a, b)
	return new(big.Int).Mul(new(big.Int).Quo(a, g), b)
}

// intRange returns the integers r admits as [lo, hi] (nil: unbounded on
// that side); ok is false when it admits none.
func intRange(r numRange) (lo, hi *big.Int, ok bool) {
	if r.min != nil {
		lo = ceil(r.min)
		if r.exMin && r.min.IsInt() {
			lo.Add(lo, bigOne)
		}
	}
	if r.max != nil {
		hi = floor(r.max)
		if r.exMax && r.max.IsInt() {
			hi.Sub(hi, bigOne)
		}
	}
	return lo, hi, lo == nil || hi == nil || lo.Cmp(hi) <= 0
}

func floor(r *big.Rat) *big.Int {
	q, _ := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int)) // Euclidean, the denominator > 0: rounds down
	return q
}

func ceil(r *big.Rat) *big.Int {
	q := floor(r)
	if !r.IsInt() {
		q.Add(q, bigOne)
	}
	return q
}

// clampInt returns v within [lo, hi] (nil: unbounded).
func clampInt(v, lo, hi *big.Int) *big.Int {
	if lo != nil && v.Cmp(lo) < 0 {
		return new(big.Int).Set(lo)
	}
	if hi != nil && v.Cmp(hi) > 0 {
		return new(big.Int).Set(hi)
	}
	return v
}

// intStep is the step between the integers that are multiples of r's
// multipleOf: the numerator of their least common multiple (m = p/q in
// lowest terms: k·p/q is an integer when q divides k); nil: every integer.
func intStep(r numRange) *big.Int {
	s := step(r)
	if s == nil {
		return nil
	}
	return s.Num()
}

// snapInt returns the multiple of r's step nearest to v that lies in [lo,
// hi], or v itself when there is no multipleOf.
func snapInt(r numRange, v, lo, hi *big.Int) (json.Number, bool) {
	st := intStep(r)
	if st == nil {
		return json.Number(v.String()), true
	}
	down := new(big.Int).Mul(floor(new(big.Rat).SetFrac(v, st)), st)
	up := new(big.Int).Add(down, st)
	first, second := down, up
	if new(big.Int).Sub(v, down).Cmp(new(big.Int).Sub(up, v)) > 0 {
		first, second = up, down
	}
	for _, c := range []*big.Int{first, second} {
		if (lo == nil || c.Cmp(lo) >= 0) && (hi == nil || c.Cmp(hi) <= 0) {
			return json.Number(c.String()), true
		}
	}
	return "", false
}

// snapNumber returns the multiple of r's step nearest to x, in r, or x
// itself when there is no multipleOf; written as a number (numberText).
func snapNumber(r numRange, x *big.Rat) (json.Number, bool) {
	st := step(r)
	if st == nil {
		if !inRange(r, x) {
			return "", false
		}
		return numberText(x), true
	}
	k := new(big.Rat).Quo(x, st)
	down := new(big.Rat).Mul(new(big.Rat).SetInt(floor(k)), st)
	up := new(big.Rat).Add(down, st)
	first, second := down, up
	if new(big.Rat).Sub(x, down).Cmp(new(big.Rat).Sub(up, x)) > 0 {
		first, second = up, down
	}
	for _, c := range []*big.Rat{first, second} {
		if inRange(r, c) {
			return numberText(c), true
		}
	}
	return "", false
}

// numberText writes r, a value of type number, as ratNumber does, except
// that a whole number of more than 21 digits that ends in zeros gets an
// exponent (1e300, not 301 digits), as a float prints it.
func numberText(r *big.Rat) json.Number {
	n := ratNumber(r)
	s := string(n)
	digits := strings.TrimPrefix(s, "-")
	if !r.IsInt() || len(digits) <= 21 {
		return n
	}
	mant := strings.TrimRight(digits, "0")
	exp := len(digits) - len(mant)
	if exp == 0 {
		return n
	}
	sign := s[:len(s)-len(digits)]
	if len(mant) > 1 {
		return json.Number(sign + mant[:1] + "." + mant[1:] + "e" + strconv.Itoa(exp+len(mant)-1))
	}
	return json.Number(sign + mant + "e" + strconv.Itoa(exp))
}

// ratNumber writes r as a JSON number: exactly when it is a decimal (every
// bound and multipleOf of a schema is, and so is every multiple of one),
// else the nearest float64.
func ratNumber(r *big.Rat) json.Number {
	if r.IsInt() {
		return json.Number(r.Num().String())
	}
	if d, ok := fractionDigits(r.Denom()); ok {
		return json.Number(r.FloatString(d))
	}
	f, _ := r.Float64()
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// fractionDigits is how many fraction digits a number of denominator den
// (in lowest terms) needs: den is 2^a·5^b and they are max(a, b); ok is
// false for any other den (1/3), or a longer fraction than maxBoundBits
// allows.
func fractionDigits(den *big.Int) (int, bool) {
	if den.BitLen() > maxBoundBits {
		return 0, false
	}
	d := new(big.Int).Set(den)
	twos := int(d.TrailingZeroBits())
	d.Rsh(d, uint(twos))
	fives := 0
	five, rem := big.NewInt(5), new(big.Int)
	for d.Cmp(bigOne) > 0 {
		d.QuoRem(d, five, rem)
		if rem.Sign() != 0 {
			return 0, false
		}
		fives++
	}
	return max(twos, fives), true
}

// integerBoundaries are the boundary integers of r: the simplest first
// (zero, or the bound nearest it), the bounds themselves, the magnitudes,
// then next to the bounds and the middle.
func integerBoundaries(r numRange) []any {
	lo, hi, ok := intRange(r)
	if !ok {
		return nil
	}
	cands := []*big.Int{clampInt(new(big.Int), lo, hi)}
	if lo != nil {
		cands = append(cands, lo)
	}
	if hi != nil {
		cands = append(cands, hi)
	}
	cands = append(cands, intMagnitudes...)
	if lo != nil {
		cands = append(cands, new(big.Int).Add(lo, bigOne))
	}
	if hi != nil {
		cands = append(cands, new(big.Int).Sub(hi, bigOne))
	}
	if lo != nil && hi != nil {
		mid := new(big.Int).Add(lo, hi)
		cands = append(cands, mid.Rsh(mid, 1)) // floor((lo+hi)/2)
	}
	var out []any
	for _, c := range cands {
		if (lo != nil && c.Cmp(lo) < 0) || (hi != nil && c.Cmp(hi) > 0) {
			continue
		}
		if n, ok := snapInt(r, c, lo, hi); ok {
			out = append(out, n)
		}
	}
	return out
}

// numberBoundaries are the boundary numbers of r (not only integers): the
// simplest first, the bounds (just inside an exclusive one), the
// magnitudes.
func numberBoundaries(r numRange) []any {
	first := new(big.Rat)
	switch {
	case r.min != nil && (r.min.Sign() > 0 || (r.min.Sign() == 0 && r.exMin)):
		first = r.min
		if r.exMin {
			first = new(big.Rat).Add(r.min, big.NewRat(1, 1))
		}
	case r.max != nil && (r.max.Sign() < 0 || (r.max.Sign() == 0 && r.exMax)):
		first = r.max
		if r.exMax {
			first = new(big.Rat).Sub(r.max, big.NewRat(1, 1))
		}
	}
	cands := []*big.Rat{first}
	if r.min != nil {
		if r.exMin {
			cands = append(cands, nextFloat(r.min, 1), new(big.Rat).Add(r.min, ratHalf))
		} else {
			cands = append(cands, r.min)
		}
	}
	if r.max != nil {
		if r.exMax {
			cands = append(cands, nextFloat(r.max, -1), new(big.Rat).Sub(r.max, ratHalf))
		} else {
			cands = append(cands, r.max)
		}
	}
	for _, m := range floatMagnitudes {
		x, _ := new(big.Rat).SetString(m)
		cands = append(cands, x)
	}
	var out []any
	for _, c := range cands {
		if c == nil {
			continue
		}
		if n, ok := snapNumber(r, c); ok {
			out = append(out, n)
		}
	}
	return out
}

// nextFloat is the float64 next to x in the direction dir, as the shortest
// decimal that reads back as it; nil when x is beyond the floats.
func nextFloat(x *big.Rat, dir int) *big.Rat {
	f, _ := x.Float64()
	if math.IsInf(f, 0) {
		return nil
	}
	n := math.Nextafter(f, math.Inf(dir))
	if new(big.Rat).SetFloat64(f).Cmp(x)*dir > 0 {
		n = f // x rounded past itself already
	}
	r, ok := new(big.Rat).SetString(strconv.FormatFloat(n, 'g', -1, 64))
	if !ok {
		return nil
	}
	return r
}

// randomInteger draws an integer r admits, across magnitudes when r is
// wide: the number of digits is uniform (up to 16, sometimes up to 40),
// not the value.
func randomInteger(r numRange, rng *rand.Rand) (json.Number, bool) {
	lo, hi, ok := intRange(r)
	if !ok {
		return "", false
	}
	var span *big.Int
	if lo != nil && hi != nil {
		span = new(big.Int).Sub(hi, lo)
	}
	var v *big.Int
	if span != nil && span.Cmp(big.NewInt(1000)) < 0 {
		v = new(big.Int).Add(lo, big.NewInt(rng.Int64N(span.Int64()+1)))
	} else {
		digits := 1 + rng.IntN(16)
		if rng.IntN(8) == 0 {
			digits = 17 + rng.IntN(24)
		}
		v = randomDigits(rng, digits)
		switch {
		case span != nil:
			v = v.Mod(v, new(big.Int).Add(span, bigOne)).Add(v, lo)
		case lo != nil:
			v = v.Add(v, lo)
		case hi != nil:
			v = new(big.Int).Sub(hi, v)
		case rng.IntN(3) == 0:
			v = v.Neg(v)
		}
		v = clampInt(v, lo, hi)
	}
	return snapInt(r, v, lo, hi)
}

// randomDigits is a random non-negative integer of the given number of
// decimal digits (one digit: 0 to 9).
func randomDigits(rng *rand.Rand, digits int) *big.Int {
	if digits == 1 {
		return big.NewInt(rng.Int64N(10))
	}
	var b strings.Builder
	b.WriteByte(byte('1' + rng.IntN(9)))
	for range digits - 1 {
		b.WriteByte(byte('0' + rng.IntN(10)))
	}
	v, _ := new(big.Int).SetString(b.String(), 10)
	return v
}

// randomNumber draws a number r admits, usually not an integer.
func randomNumber(r numRange, rng *rand.Rand) (json.Number, bool) {
	if rng.IntN(4) == 0 {
		return randomInteger(r, rng)
	}
	lo, hi := -1e15, 1e15
	if r.min != nil {
		f, _ := r.min.Float64()
		lo = math.Max(f, lo)
	}
	if r.max != nil {
		f, _ := r.max.Float64()
		hi = math.Min(f, hi)
	}
	var f float64
	if hi-lo < 1e6 {
		f = lo + rng.Float64()*(hi-lo)
	} else {
		f = math.Pow(10, rng.Float64()*12-4)
		switch {
		case r.min != nil && r.max == nil:
			f += lo
		case r.max != nil && r.min == nil:
			f = hi - f
		case r.min != nil && r.max != nil:
			f = lo + math.Mod(f, hi-lo)
		case rng.IntN(3) == 0:
			f = -f
		}
	}
	// Fewer digits read better and shrink faster.
	x, ok := new(big.Rat).SetString(strconv.FormatFloat(f, 'g', 6, 64))
	if !ok {
		return "", false
	}
	return snapNumber(r, x)
}

// parseRat reads a JSON number exactly, unless it is too long or its
// exponent too large to hold cheaply.
func parseRat(n json.Number) (*big.Rat, bool) {
	s := string(n)
	if len(s) > 400 {
		return nil, false
	}
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		e, err := strconv.Atoi(strings.TrimPrefix(s[i+1:], "+"))
		if err != nil || e > 400 || e < -400 {
			return nil, false
		}
	}
	return new(big.Rat).SetString(s)
}
