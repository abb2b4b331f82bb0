package explore

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

// FuzzGenerate: for any schema the linter compiles, generation does not
// panic, ends, and every input's Valid is the compiled schema's verdict;
// shrinking one keeps its side.
func FuzzGenerate(f *testing.F) {
	for _, s := range []string{
		`{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string","pattern":"^a+$"}},"required":["n"]}`,
		`{"anyOf":[{"type":"array","items":{"$ref":"#"}},{"type":"null"}]}`,
		`{"allOf":[{"minimum":3},{"maximum":2}]}`,
		`{"type":"string","format":"date","minLength":3}`,
		`{"$defs":{"a":{"type":"object","properties":{"b":{"$ref":"#/$defs/a"}}}},"$ref":"#/$defs/a","additionalProperties":false}`,
		`{"type":"array","prefixItems":[{"const":1}],"items":false,"uniqueItems":true,"minItems":1}`,
		`{"type":"number","multipleOf":0.01,"exclusiveMinimum":-1,"maximum":1}`,
		`{"patternProperties":{"^(?!x)":{"type":"boolean"}},"dependentRequired":{"a":["b"]},"minProperties":2}`,
		`{"oneOf":[{"enum":[1,2]},{"const":2}],"not":{"const":1}}`,
		`{"type":"object","properties":{"k":{"enum":["a","b"]},"n":{"type":"integer"}},"if":{"properties":{"k":{"const":"a"}}},"then":{"required":["n"]},"else":{"not":{"required":["n"]}}}`,
		`{"type":"object","dependentSchemas":{"a":{"required":["b"],"properties":{"b":{"const":1}}}},"propertyNames":{"maxLength":2}}`,
		`{"type":"array","contains":{"type":"integer","minimum":9007199254740993},"minContains":2,"maxContains":3,"uniqueItems":true}`,
		`{"type":"integer","minimum":-9223372036854775808,"exclusiveMaximum":18446744073709551616,"multipleOf":3}`,
		`{"type":"number","multipleOf":0.01,"maximum":1e21,"exclusiveMinimum":-0.005}`,
		`{"$schema":"http://json-schema.org/draft-07/schema#","properties":{"d":{"format":"date"},"u":{"format":"uuid"}},"dependencies":{"d":["u"]}}`,
		`{"$dynamicAnchor":"n","type":"object","properties":{"c":{"type":"array","items":{"$dynamicRef":"#n"}}}}`,
	} {
		f.Add(s, uint64(1))
	}
	f.Fuzz(func(t *testing.T, text string, seed uint64) {
		v, err := decodeJSON(text)
		if err != nil {
			return
		}
		sch, issues := contract.CompileSchema(&contract.JSONDoc{Value: v}, "inputs", nil, t.TempDir())
		if len(issues) > 0 {
			return
		}
		valid := oracle(sch)
		src := Source{Schema: sch, Valid: valid, Invalid: true}
		g := New(src, seed)
		seen := map[string]bool{}
		var first *Input
		for range 60 {
			in, ok := g.Next()
			if !ok {
				break
			}
			if got := valid(in.Value); got != in.Valid {
				t.Fatalf("%s (%s): Valid %v, schema says %v", in.JSON(), in.Kind, in.Valid, got)
			}
			if names := explain(sch, in.Value); in.Valid != (len(names) == 0) {
				t.Fatalf("%s: Valid %v, named %q", in.JSON(), in.Valid, names)
			}
			if !in.Valid && in.Kind != "example" && in.Kind != kindOf(sch, in.Value) {
				t.Fatalf("%s made as %q, named %q", in.JSON(), in.Kind, kindOf(sch, in.Value))
			}
			text := string(in.JSON())
			if seen[text] {
				t.Fatalf("%s made twice", text)
			}
			seen[text] = true
			if _, err := decodeJSON(text); err != nil {
				t.Fatalf("input %q is not JSON: %v", text, err)
			}
			if first == nil {
				first = &in
			}
		}
		if first != nil {
			got := Shrink(*first, src, func(Input) bool { return true }, 40)
			if valid(got.Value) != first.Valid || got.Valid != first.Valid {
				t.Fatalf("shrinking %s (valid %v) gave %s", first.JSON(), first.Valid, got.JSON())
			}
		}
	})
}

// FuzzShrink: for any value and schema, Shrink stays within its budget,
// keeps the side, returns a failing value no larger than the input, and is
// deterministic.
func FuzzShrink(f *testing.F) {
	f.Add(`{"type":"object","properties":{"n":{"type":"integer"}}}`, `{"n":123456,"s":"日本","a":[1,[2,3],{"x":true}]}`, "5", 30, uint8(0))
	f.Add(`{"type":"array","items":{"type":"string"},"minItems":2}`, `["abc","déf","ghi"]`, "d", 100, uint8(0))
	f.Add(`{"required":["a"]}`, `{"b":1.25e3}`, "2", 10, uint8(0))
	f.Add(`{"type":"object","properties":{"n":{"type":"integer","minimum":3}}}`, `{"n":2500,"s":"2640ms"}`, "e", 100, uint8(2))
	f.Fuzz(func(t *testing.T, schemaText, valueText, needle string, budget int, spelling uint8) {
		s, err := decodeJSON(schemaText)
		if err != nil {
			return
		}
		v, err := decodeJSON(valueText)
		if err != nil {
			return
		}
		sch, issues := contract.CompileSchema(&contract.JSONDoc{Value: s}, "inputs", nil, t.TempDir())
		if len(issues) > 0 {
			return
		}
		budget %= 300
		src := Source{Schema: sch, Valid: oracle(sch)}
		in := Input{Value: v, Valid: src.Valid(v), Kind: "random"}
		if in.Valid {
			in.Spelling = Spelling(spelling % uint8(len(respellings)+1))
			if !validText(string(in.JSON()), src.Valid) {
				return
			}
		}
		fails := func(c Input) bool { return strings.Contains(string(c.JSON()), needle) }
		if !fails(in) {
			return
		}
		calls := 0
		got := Shrink(in, src, func(c Input) bool { calls++; return fails(c) }, budget)
		if budget >= 0 && calls > budget {
			t.Fatalf("%d calls, budget %d", calls, budget)
		}
		if got.Spelling != in.Spelling && got.Spelling != SpellPlain {
			t.Fatalf("shrunk %s to %s, spelled otherwise", in.JSON(), got.JSON())
		}
		if in.Valid && !validText(string(got.JSON()), src.Valid) {
			t.Fatalf("shrunk %s to %s, whose text is not valid", in.JSON(), got.JSON())
		}
		if !fails(got) || src.Valid(got.Value) != in.Valid || got.Valid != in.Valid {
			t.Fatalf("shrunk %s to %s, which does not fail the same way", in.JSON(), got.JSON())
		}
		if smaller(in.Value, got.Value) {
			t.Fatalf("shrunk %s to the larger %s", in.JSON(), got.JSON())
		}
		if again := Shrink(in, src, fails, budget); string(again.JSON()) != string(got.JSON()) {
			t.Fatalf("not deterministic: %s then %s", got.JSON(), again.JSON())
		}
	})
}

// FuzzNumbers: for any bounds and multipleOf, the numbers generation makes
// are JSON numbers that read back exactly, within the bounds and
// multiples of the multipleOf.
func FuzzNumbers(f *testing.F) {
	f.Add("0", "10", "", false, false, true, uint64(1))
	f.Add("-9223372036854775808", "9223372036854775807", "", false, false, true, uint64(2))
	f.Add("0.1", "1e21", "0.01", true, false, false, uint64(3))
	f.Add("", "-0.5", "0.25", false, true, false, uint64(4))
	f.Add("1e30", "", "7", true, false, true, uint64(5))
	f.Add("", "", "0.3", false, false, false, uint64(6))
	f.Add("0", "0.000000000014551915228366851806640625", "", false, false, false, uint64(7)) // 2^-36: 36 fraction digits
	f.Add("1.0000000000000000000000000000000000001", "", "0.0000000000000000000000000000000000001", true, false, false, uint64(8))
	f.Fuzz(func(t *testing.T, minText, maxText, multText string, exMin, exMax, integer bool, seed uint64) {
		read := func(s string) *big.Rat {
			if s == "" || len(s) > 40 {
				return nil
			}
			if v, err := decodeJSON(s); err != nil || v != json.Number(s) {
				return nil // a schema's bound is a JSON number
			}
			r, ok := parseRat(json.Number(s))
			if !ok {
				return nil
			}
			return r
		}
		var lo, hi, exLo, exHi *big.Rat
		if exMin {
			exLo = read(minText)
		} else {
			lo = read(minText)
		}
		if exMax {
			exHi = read(maxText)
		} else {
			hi = read(maxText)
		}
		r := numRangeOf(lo, exLo, hi, exHi, read(multText))
		check := func(v any) {
			n, ok := v.(json.Number)
			if !ok {
				t.Fatalf("%v is not a json.Number", v)
			}
			if _, err := decodeJSON(string(n)); err != nil {
				t.Fatalf("%q is not JSON: %v", n, err)
			}
			x, ok := new(big.Rat).SetString(string(n))
			if !ok || !inRange(r, x) {
				t.Fatalf("%s is not in the range %+v", n, r)
			}
			if integer && !x.IsInt() {
				t.Fatalf("%s is no integer", n)
			}
			for _, m := range r.multipleOf {
				if !new(big.Rat).Quo(x, m).IsInt() {
					t.Fatalf("%s is no multiple of %s", n, m.RatString())
				}
			}
		}
		rng := rand.New(rand.NewPCG(seed, seed))
		if integer {
			for _, v := range integerBoundaries(r) {
				check(v)
			}
			for range 20 {
				if v, ok := randomInteger(r, rng); ok {
					check(v)
				}
			}
			return
		}
		for _, v := range numberBoundaries(r) {
			check(v)
		}
		for range 20 {
			if v, ok := randomNumber(r, rng); ok {
				check(v)
			}
		}
	})
}
