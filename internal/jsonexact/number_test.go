package jsonexact

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestNumbersEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"1", "1", true},
		{"1", "1.0", true},
		{"1", "1e0", true},
		{"1", "10e-1", true},
		{"1", "0.1e1", true},
		{"1", "1E+0", true},
		{"1", "100e-2", true},
		{"1", "0.0001e4", true},
		{"-0", "0", true},
		{"-0.0e5", "0", true},
		{"0e999999999999999999999", "-0E-1", true},
		{"1e400", "10e399", true},
		{"1e400", "0.01e402", true},
		{"123.456", "123456e-3", true},
		{"-2.50", "-25e-1", true},
		{"12345678901234567890", "12345678901234567890.000", true},
		{"12345678901234567890", "12345678901234567891", false},
		{"1", "2", false},
		{"1", "-1", false},
		{"0.1", "0.01", false},
		{"1e1", "1e2", false},
		{"1", "0", false},
		{"0", "1e-400", false},
		{"1e400", "1e401", false},
		{"100", "1", false},
		{"101", "11e1", false},
		{"9007199254740993", "9007199254740992", false}, // equal as float64
		{"0.1", "0.1000000000000000055511151231257827", false},
		// Exponents that do not fit in an int64.
		{"1e999999999999999999999", "10e999999999999999999998", true},
		{"1e-999999999999999999999", "0.1e-999999999999999999998", true},
		{"1e999999999999999999999", "1e999999999999999999998", false},
		{"1e99999999999999999", "1e99999999999999999", true},
		{"1e99999999999999999", "10e99999999999999998", true},
		{"1e100000000000000000", "10e99999999999999999", true},
		{"1e-100000000000000000", "0.1e-99999999999999999", true},
		{"1e000000000000000000000000000007", "10e6", true},
		// Not number literals: equal only to the same text.
		{"abc", "abc", true},
		{"", "", true},
		{"+1", "1", false},
		{"01", "1", false},
		{".5", "0.5", false},
		{"1.", "1", false},
		{"0x10", "16", false},
		{"NaN", "NaN", true},
		{"1e", "1", false},
	}
	for _, tt := range tests {
		for _, swap := range []bool{false, true} {
			a, b := tt.a, tt.b
			if swap {
				a, b = b, a
			}
			if got := numbersEqual(json.Number(a), json.Number(b)); got != tt.want {
				t.Errorf("numbersEqual(%s, %s) = %v, want %v", a, b, got, tt.want)
			}
		}
	}
}

// TestNumbersEqualHugeExponents checks that exponents with a million digits
// cost linear time, and are compared exactly.
func TestNumbersEqualHugeExponents(t *testing.T) {
	const n = 1_000_000
	pow := "1" + strings.Repeat("0", n) // 10^n
	nines := strings.Repeat("9", n)     // 10^n - 1
	tests := []struct {
		a, b string
		want bool
	}{
		{"1e" + pow, "10e" + nines, true},
		{"1e-" + nines, "0.1e-" + strings.Repeat("9", n-1) + "8", true},
		{"1e" + pow, "1e" + nines, false},
		{"1e" + pow, "1e" + pow, true},
		{"1.5e" + pow, "15e" + nines, true},
		{"1e" + pow, "0.1e" + pow, false},
		{"0e" + pow, "0", true},
	}
	start := time.Now()
	for _, tt := range tests {
		if got := numbersEqual(json.Number(tt.a), json.Number(tt.b)); got != tt.want {
			t.Errorf("numbersEqual(%.12s…, %.12s…) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("took %v", elapsed)
	}
}

// TestNumAddSmall checks the decimal exponent arithmetic against big.Int.
func TestNumAddSmall(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	adds := []int64{0, 1, -1, 9, -9, 10, -10, 1 << 40, -(1 << 40), 1<<63 - 1, -1 << 63}
	for range 2000 {
		mag := strconv.FormatUint(r.Uint64N(1<<62)+1, 10)
		switch r.IntN(4) {
		case 0:
			mag += strings.Repeat("0", r.IntN(30))
		case 1:
			mag += strings.Repeat("9", r.IntN(30))
		case 2:
			mag = "1" + strings.Repeat("0", r.IntN(25))
		}
		neg := r.IntN(2) == 0
		a := adds[r.IntN(len(adds))]
		if r.IntN(2) == 0 {
			a = r.Int64N(1<<62) - 1<<61
		}
		want, _ := new(big.Int).SetString(mag, 10)
		if neg {
			want.Neg(want)
		}
		want.Add(want, big.NewInt(a))
		if got := numAddSmall(neg, mag, a); got != want.String() {
			t.Fatalf("numAddSmall(%v, %s, %d) = %s, want %s", neg, mag, a, got, want)
		}
	}
}

func FuzzNumbersEqual(f *testing.F) {
	for _, p := range [][2]string{
		{"1", "1.0"}, {"1", "10e-1"}, {"-0", "0"}, {"12345678901234567890", "12345678901234567891"},
		{"1e400", "10e399"}, {"0.1e1", "1"}, {"1e999999999999", "1e999999999999"}, {"1.", "1"},
		{"-1.25E-3", "-0.00125"}, {"1e99999999999999999999", "10e99999999999999999998"},
	} {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		na, nb := json.Number(a), json.Number(b)
		ab := numbersEqual(na, nb)
		if ab != numbersEqual(nb, na) {
			t.Fatalf("numbersEqual(%q, %q) is not symmetric", a, b)
		}
		if !numbersEqual(na, na) || !numbersEqual(nb, nb) {
			t.Fatalf("numbersEqual is not reflexive on %q or %q", a, b)
		}
		ra, okA := numRat(a)
		rb, okB := numRat(b)
		if okA && okB {
			if want := ra.Cmp(rb) == 0; ab != want {
				t.Fatalf("numbersEqual(%q, %q) = %v, big.Rat says %v", a, b, ab, want)
			}
		}
		// Writing a number differently keeps its value.
		if p, ok := numScan(a); ok && p.exp == "" {
			alt2 := a + "0" // 1.5 → 1.50
			switch {
			case p.frac == "" && p.intg == "0":
				alt2 = a + ".0e5" // 0 → 0.0e5
			case p.frac == "":
				alt2 = a + "0e-1" // 15 → 150e-1
			}
			for _, alt := range []string{a + "e0", alt2, numShift(p)} {
				if !numbersEqual(na, json.Number(alt)) {
					t.Fatalf("numbersEqual(%q, %q) = false", a, alt)
				}
			}
		}
	})
}

// numRat is the exact value of a JSON number literal whose exponent is small
// enough for big.Rat.
func numRat(s string) (*big.Rat, bool) {
	p, ok := numScan(s)
	if !ok || len(s) > 400 {
		return nil, false
	}
	if p.exp != "" {
		e, err := strconv.Atoi(p.exp)
		if err != nil || e < -2000 || e > 2000 {
			return nil, false
		}
	}
	return new(big.Rat).SetString(s)
}

// numShift writes a number without exponent (such as 12.5) as 0.125e2.
func numShift(p numParts) string {
	s := "0." + p.intg + p.frac + "e" + strconv.Itoa(len(p.intg))
	if p.neg {
		s = "-" + s
	}
	return s
}
