package explore

import (
	"encoding/json"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
)

// maxSafe bounds generated integers to those a float64 holds exactly, so
// that every JSON reader of a tool reads the same number.
const maxSafe = 1 << 53

// intMagnitudes are the integers tried first when the schema bounds
// nothing: zero, signs, small values and the edges of common integer widths.
var intMagnitudes = []int64{0, 1, -1, 2, 10, 100, 1000, -1000, 65536, 1 << 31, -(1 << 31), 1e12, maxSafe}

// floatMagnitudes are the non-integer numbers tried first.
var floatMagnitudes = []float64{0, 0.5, -0.5, 1.5, 1e-7, 123.456, -1e6, 1e21, 1e300}

// intRange returns the integers r admits, within ±maxSafe; ok is false
// when it admits none.
func intRange(r numRange) (lo, hi int64, ok bool) {
	flo, fhi := math.Max(r.min, -maxSafe), math.Min(r.max, maxSafe)
	l, h := math.Ceil(flo), math.Floor(fhi)
	if r.exMin && l == r.min {
		l++
	}
	if r.exMax && h == r.max {
		h--
	}
	if l > h {
		return 0, 0, false
	}
	return int64(l), int64(h), true
}

// inRange reports whether f is within r's bounds.
func inRange(r numRange, f float64) bool {
	if f < r.min || (r.exMin && f == r.min) || f > r.max || (r.exMax && f == r.max) {
		return false
	}
	return true
}

// snapInt returns the multiple of r's first multipleOf nearest to v that
// lies in [lo, hi] and is an integer, or v when there is no multipleOf.
func snapInt(r numRange, v, lo, hi int64) (json.Number, bool) {
	if len(r.multipleOf) == 0 {
		return json.Number(strconv.FormatInt(v, 10)), true
	}
	m := r.multipleOf[0]
	step := m
	if !m.IsInt() {
		// The smallest integer multiple of m: m's numerator when m is p/q
		// in lowest terms.
		step = new(big.Rat).SetInt(m.Num())
	}
	k := new(big.Rat).Quo(new(big.Rat).SetInt64(v), step)
	kf, _ := k.Float64()
	for _, kk := range []float64{math.Round(kf), math.Ceil(kf), math.Floor(kf)} {
		if math.Abs(kk) > maxSafe {
			continue
		}
		c := new(big.Rat).Mul(step, new(big.Rat).SetFloat64(kk))
		if !c.IsInt() || !c.Num().IsInt64() {
			continue
		}
		if iv := c.Num().Int64(); iv >= lo && iv <= hi {
			return json.Number(c.Num().String()), true
		}
	}
	return "", false
}

// snapFloat returns the multiple of r's first multipleOf nearest to f, in
// r, or f itself when there is no multipleOf.
func snapFloat(r numRange, f float64) (json.Number, bool) {
	if len(r.multipleOf) == 0 {
		if !inRange(r, f) {
			return "", false
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), true
	}
	m := r.multipleOf[0]
	mf, _ := m.Float64()
	k := math.Round(f / mf)
	for _, kk := range []float64{k, k + 1, k - 1} {
		if math.Abs(kk) > maxSafe {
			continue
		}
		c := new(big.Rat).Mul(m, new(big.Rat).SetFloat64(kk))
		cf, _ := c.Float64()
		if inRange(r, cf) {
			return ratNumber(c), true
		}
	}
	return "", false
}

// ratNumber writes r, a multiple of a decimal number, as a JSON number.
func ratNumber(r *big.Rat) json.Number {
	if r.IsInt() {
		return json.Number(r.Num().String())
	}
	for d := 1; d <= 30; d++ {
		s := r.FloatString(d)
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(r) == 0 {
			return json.Number(s)
		}
	}
	f, _ := r.Float64()
	return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
}

// integerBoundaries are the boundary integers of r: its bounds, zero and
// the magnitudes, then next to the bounds.
func integerBoundaries(r numRange) []any {
	lo, hi, ok := intRange(r)
	if !ok {
		return nil
	}
	// The simplest first: zero, or the bound nearest it.
	cands := []int64{min(max(0, lo), hi)}
	if r.hasMin {
		cands = append(cands, lo)
	}
	if r.hasMax {
		cands = append(cands, hi)
	}
	cands = append(cands, intMagnitudes...)
	if r.hasMin {
		cands = append(cands, lo+1)
	}
	if r.hasMax {
		cands = append(cands, hi-1)
	}
	if r.hasMin && r.hasMax {
		cands = append(cands, lo+(hi-lo)/2)
	}
	var out []any
	for _, c := range cands {
		if c < lo || c > hi {
			continue
		}
		if n, ok := snapInt(r, c, lo, hi); ok {
			out = append(out, n)
		}
	}
	return out
}

// numberBoundaries are the boundary numbers of r (not only integers).
func numberBoundaries(r numRange) []any {
	// The simplest first: zero, or the bound nearest it.
	cands := []float64{0}
	if r.min > 0 || (r.min == 0 && r.exMin) {
		cands[0] = r.min + 1
		if !r.exMin {
			cands[0] = r.min
		}
	} else if r.max < 0 || (r.max == 0 && r.exMax) {
		cands[0] = r.max - 1
		if !r.exMax {
			cands[0] = r.max
		}
	}
	if r.hasMin {
		cands = append(cands, r.min)
		if r.exMin {
			cands = append(cands[:len(cands)-1], math.Nextafter(r.min, math.Inf(1)), r.min+0.5)
		}
	}
	if r.hasMax {
		cands = append(cands, r.max)
		if r.exMax {
			cands = append(cands[:len(cands)-1], math.Nextafter(r.max, math.Inf(-1)), r.max-0.5)
		}
	}
	cands = append(cands, floatMagnitudes...)
	var out []any
	for _, c := range cands {
		if n, ok := snapFloat(r, c); ok {
			out = append(out, n)
		}
	}
	return out
}

// randomInteger draws an integer r admits, across magnitudes when r is
// wide: the number of digits is uniform, not the value.
func randomInteger(r numRange, rng *rand.Rand) (json.Number, bool) {
	lo, hi, ok := intRange(r)
	if !ok {
		return "", false
	}
	var v int64
	span := uint64(hi - lo)
	if span < 1000 {
		v = lo + int64(rng.Uint64N(span+1))
	} else {
		digits := 1 + rng.IntN(16)
		mag := int64(math.Pow10(digits - 1))
		v = mag + rng.Int64N(mag*9)
		if digits == 1 {
			v = rng.Int64N(10)
		}
		switch {
		case r.hasMin && r.hasMax:
			v = lo + int64(uint64(v)%(span+1))
		case r.hasMin:
			v = lo + v
		case r.hasMax:
			v = hi - v
		case rng.IntN(3) == 0:
			v = -v
		}
		v = min(max(v, lo), hi)
	}
	return snapInt(r, v, lo, hi)
}

// randomNumber draws a number r admits, usually not an integer.
func randomNumber(r numRange, rng *rand.Rand) (json.Number, bool) {
	if rng.IntN(4) == 0 {
		return randomInteger(r, rng)
	}
	lo, hi := math.Max(r.min, -1e15), math.Min(r.max, 1e15)
	var f float64
	if hi-lo < 1e6 {
		f = lo + rng.Float64()*(hi-lo)
	} else {
		f = math.Pow(10, rng.Float64()*12-4)
		switch {
		case r.hasMin && !r.hasMax:
			f += lo
		case r.hasMax && !r.hasMin:
			f = hi - f
		case r.hasMin && r.hasMax:
			f = lo + math.Mod(f, hi-lo)
		case rng.IntN(3) == 0:
			f = -f
		}
	}
	// Fewer digits read better and shrink faster.
	f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', 6, 64), 64)
	return snapFloat(r, f)
}

// parseRat reads a JSON number exactly, unless it is too long or its
// exponent too large to hold cheaply.
func parseRat(n json.Number) (*big.Rat, bool) {
	s := string(n)
	if len(s) > 64 {
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
