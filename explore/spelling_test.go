package explore

import (
	"regexp"
	"testing"
)

// TestRespell: the integer literals of an input's text are written in each
// spelling; other numbers and the insides of strings stay as they are.
func TestRespell(t *testing.T) {
	text := `{"a":25,"b":0,"c":-3,"d":2.5,"e":"7 and 8","f":[1,100,-0],"g":1e3,"h":"\"9\\"}`
	tests := []struct {
		s    Spelling
		want string
	}{
		{SpellPlain, text},
		{SpellPoint, `{"a":25.0,"b":0.0,"c":-3.0,"d":2.5,"e":"7 and 8","f":[1.0,100.0,-0.0],"g":1e3,"h":"\"9\\"}`},
		{SpellExponent, `{"a":2.5e1,"b":0e0,"c":-3e0,"d":2.5,"e":"7 and 8","f":[1e0,1e2,-0e0],"g":1e3,"h":"\"9\\"}`},
		{SpellExponentPlus, `{"a":2.5E+1,"b":0E+0,"c":-3E+0,"d":2.5,"e":"7 and 8","f":[1E+0,1E+2,-0E+0],"g":1e3,"h":"\"9\\"}`},
		{SpellNegativeZero, `{"a":25,"b":-0,"c":-3,"d":2.5,"e":"7 and 8","f":[1,100,-0],"g":1e3,"h":"\"9\\"}`},
	}
	for _, tt := range tests {
		if got := string(respell([]byte(text), tt.s)); got != tt.want {
			t.Errorf("respell %s:\n got %s\nwant %s", tt.s, got, tt.want)
		}
	}
	if got := scientific("123456789012345678901234567890", "e"); got != "1.2345678901234567890123456789e29" {
		t.Errorf("a big integer: %s", got)
	}
}

// TestRespelledInputsStayValid: JSON Schema's integer is a mathematical
// integer, so an input with its integers respelled is as valid as the
// input, bounds and multipleOf and enum included, by the linter's own
// validator (which the generator asks about the text as sent).
func TestRespelledInputsStayValid(t *testing.T) {
	schema := `{"type":"object","properties":{"n":{"type":"integer","minimum":-5,"maximum":30,"multipleOf":5},` +
		`"e":{"enum":[0,1,2]},"a":{"type":"array","items":{"type":"integer"},"maxItems":2}},"required":["n"]}`
	src := source(t, schema, `{"n":25,"e":0,"a":[100,-3]}`)
	spellings := map[Spelling]bool{}
	for _, in := range inputs(New(src, 1), 200) {
		if in.Spelling == SpellPlain {
			continue
		}
		spellings[in.Spelling] = true
		text := string(in.JSON())
		if !in.Valid || !validText(text, src.Valid) || !src.Valid(in.Value) {
			t.Errorf("respelled input %s is not valid", text)
		}
		if want := "integers written " + in.Spelling.String(); in.Kind != want {
			t.Errorf("%s: kind %q, want %q", text, in.Kind, want)
		}
		if text == jsonText(in.Value) {
			t.Errorf("%s is sent as it is, yet marked %s", text, in.Spelling)
		}
	}
	for _, s := range respellings {
		if !spellings[s] {
			t.Errorf("no input written %s within 200", s)
		}
	}

}

// TestRespelledFirst: the examples' inputs come respelled within the first
// inputs, so that a tool that breaks on 1.0 is found within the default
// budget.
func TestRespelledFirst(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"width":{"type":"integer","minimum":0,"maximum":80},"fill":{"type":"string","maxLength":1}}}`,
		`{"width":3,"fill":"-"}`)
	for _, in := range inputs(New(src, 1), 30) {
		if in.Spelling != SpellPlain {
			if got, want := string(in.JSON()), `{"fill":"-","width":3.0}`; got != want {
				t.Errorf("first respelled input %s, want %s", got, want)
			}
			return
		}
	}
	t.Error("no respelled input within 30")
}

// TestShrinkKeepsSpelling: a respelled input that fails only as it is
// written shrinks within its spelling; one that fails written plainly too
// loses its spelling.
func TestShrinkKeepsSpelling(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"n":{"type":"integer","minimum":1},"s":{"type":"string"}},"required":["n"]}`)
	v := decode(t, `{"n":5000,"s":"text"}`)
	in := Input{Value: v, Valid: true, Kind: "integers written 1e0", Spelling: SpellExponent}
	asFloat := func(in Input) bool { return regexp.MustCompile(`"n":[0-9.]+e`).MatchString(string(in.JSON())) }
	got := Shrink(in, src, asFloat, 200)
	if want := `{"n":1e0}`; string(got.JSON()) != want {
		t.Errorf("float spelling: got %s, want %s", got.JSON(), want)
	}
	if got.Spelling != SpellExponent || got.Kind != in.Kind {
		t.Errorf("spelling %v kind %q, want the input's", got.Spelling, got.Kind)
	}
	got = Shrink(in, src, func(Input) bool { return true }, 200)
	if want := `{"n":1}`; string(got.JSON()) != want || got.Spelling != SpellPlain {
		t.Errorf("any spelling: got %s (%v), want %s plain", got.JSON(), got.Spelling, want)
	}
}
