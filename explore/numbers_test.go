package explore

import (
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// TestExactNumbers: integers of any size are sent digit for digit, the
// schema's own bounds and bound ± 1 among them, and multipleOf keeps exact
// decimals (several multipleOf: their least common multiple).
func TestExactNumbers(t *testing.T) {
	tests := []struct {
		name     string
		schema   string
		within   int
		want     []string // inputs among the first within
		minValid int      // valid inputs of the first within
	}{
		{"beyond 2^53", `{"type":"integer"}`, 40,
			[]string{"9007199254740992", "9007199254740993", "-9007199254740993", "9223372036854775807", "9223372036854775808", "18446744073709551616"}, 30},
		{"int64 maximum", `{"type":"object","properties":{"n":{"type":"integer","minimum":0,"maximum":9223372036854775807}},"required":["n"]}`, 30,
			[]string{`{"n":9223372036854775807}`, `{"n":9223372036854775806}`, `{"n":0}`}, 10},
		{"int64 minimum", `{"type":"integer","minimum":-9223372036854775808,"maximum":-9223372036854775000}`, 30,
			[]string{"-9223372036854775808", "-9223372036854775807", "-9223372036854775000"}, 5},
		{"exclusive big", `{"type":"integer","exclusiveMaximum":100000000000000000000}`, 30,
			[]string{"99999999999999999999", "0"}, 10},
		{"huge bound", `{"type":"number","minimum":1e400}`, 30, []string{"1e400"}, 1},
		{"huge integer bound", `{"type":"integer","minimum":1e30}`, 30, []string{"1" + strings.Repeat("0", 30), "1" + strings.Repeat("0", 29) + "1"}, 10},
		{"multipleOf decimal", `{"type":"number","multipleOf":0.01,"minimum":0,"maximum":1}`, 40,
			[]string{"0", "1", "0.5", "0.1", "0.3"}, 10},
		{"multipleOf lcm", `{"allOf":[{"type":"number","multipleOf":0.3},{"multipleOf":0.5}],"minimum":1}`, 60,
			[]string{"1.5", "123", "1000000000000000000000.5"}, 10},
		{"integer multipleOf decimal", `{"type":"integer","multipleOf":0.4,"minimum":1}`, 40, []string{"2", "10"}, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			var texts []string
			valid := 0
			for _, in := range inputs(New(src, 1), tt.within) {
				if in.Valid != src.Valid(in.Value) {
					t.Errorf("%s: Valid %v", in.JSON(), in.Valid)
				}
				if in.Valid {
					valid++
				}
				texts = append(texts, string(in.JSON()))
			}
			for _, w := range tt.want {
				if !slices.Contains(texts, w) {
					t.Errorf("%s not among the first %d: %q", w, tt.within, texts)
				}
			}
			if valid < tt.minValid {
				t.Errorf("%d valid inputs of %d, want at least %d: %q", valid, tt.within, tt.minValid, texts)
			}
		})
	}
}

// TestExactViolations: out of range by exactly one past a big bound, and
// named by the bound's own digits.
func TestExactViolations(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"n":{"type":"integer","maximum":9223372036854775807,"minimum":-9223372036854775808}},"required":["n"]}`)
	var got []string
	for _, in := range inputs(New(src, 1), 200) {
		if !in.Valid {
			got = append(got, in.Kind+": "+string(in.JSON()))
		}
	}
	for _, w := range []string{
		`above maximum 9223372036854775807 at /n: {"n":9223372036854775808}`,
		`below minimum -9223372036854775808 at /n: {"n":-9223372036854775809}`,
	} {
		if !slices.Contains(got, w) {
			t.Errorf("missing %s; got\n%s", w, strings.Join(got, "\n"))
		}
	}
}

// TestShrinkBigInteger: a failure above 2^53 shrinks to the first integer
// past it, exactly.
func TestShrinkBigInteger(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`)
	limit, _ := new(big.Int).SetString("9007199254740992", 10)
	fails := func(in Input) bool {
		n, _ := in.Value.(map[string]any)["n"].(json.Number)
		v, ok := new(big.Int).SetString(string(n), 10)
		return ok && v.Cmp(limit) > 0
	}
	in := Input{Value: decode(t, `{"n":123456789012345678901234567890}`), Valid: true}
	got := Shrink(in, src, fails, 200)
	if want := `{"n":9007199254740993}`; string(got.JSON()) != want {
		t.Errorf("shrunk to %s, want %s", got.JSON(), want)
	}
}
