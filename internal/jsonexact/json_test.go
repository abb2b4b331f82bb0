package jsonexact

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestParseJSONValues(t *testing.T) {
	tests := []struct {
		name, in, want string // want is compact of the result
	}{
		{"object", `{"b": 1, "a": [true, false, null]}`, `{"a":[true,false,null],"b":1}`},
		{"surrounding whitespace", " \t\r\n {} \n\t", `{}`},
		{"empty containers", `[[], {}, [{}]]`, `[[],{},[{}]]`},
		{"number as written", `[1.0, 1e400, -0, 0.10, 1E+2, 12345678901234567890123]`, `[1.0,1e400,-0,0.10,1E+2,12345678901234567890123]`},
		{"scalar", `  "x"  `, `"x"`},
		{"number at top level", `-12.5e-3`, `-12.5e-3`},
		{"duplicate key: last wins", `{"a": 1, "a": 2}`, `{"a":2}`},
		{"escapes", `"\"\\\/\b\f\n\r\t\u0041\u00e9\ud83d\ude00"`, `"\"\\/\b\f\n\r\tAé😀"`},
		{"lone high surrogate", `"\ud800x"`, `"` + "\uFFFD" + `x"`},
		{"lone low surrogate", `"\udc00"`, `"` + "\uFFFD" + `"`},
		{"high surrogate then non-surrogate escape", `"\ud800\u0041"`, `"` + "\uFFFD" + `A"`},
		{"two high surrogates", `"\ud800\ud800\udc00"`, `"` + "\uFFFD" + "\U00010000" + `"`},
		{"unicode kept", `"héllo 世界 <&>"`, `"héllo 世界 <&>"`},
		{"line separators escaped on output", "\"a\u2028b\u2029\"", `"a\u2028b\u2029"`},
		{"control escaped on output", `"\u0001\u001f"`, `"\u0001\u001f"`},
		{"keys sorted by bytes", `{"b":0,"B":0,"é":0,"a b":0}`, `{"B":0,"a b":0,"b":0,"é":0}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Parse([]byte(tt.in))
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if got := compact(v); got != tt.want {
				t.Errorf("compact(Parse(%q)) = %s, want %s", tt.in, got, tt.want)
			}
			jsonCheckAgainstStdlib(t, []byte(tt.in))
		})
	}
}

func TestParseJSONTypes(t *testing.T) {
	v, err := Parse([]byte(`{"n": 1.50, "s": "x", "t": true, "z": null, "a": [1], "o": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("object is %T, want map[string]any", v)
	}
	if n, ok := m["n"].(json.Number); !ok || n != "1.50" {
		t.Errorf(`"n" = %#v, want json.Number("1.50")`, m["n"])
	}
	if s, ok := m["s"].(string); !ok || s != "x" {
		t.Errorf(`"s" = %#v`, m["s"])
	}
	if b, ok := m["t"].(bool); !ok || !b {
		t.Errorf(`"t" = %#v`, m["t"])
	}
	if z, ok := m["z"]; !ok || z != nil {
		t.Errorf(`"z" = %#v, present %v; want nil, present`, z, ok)
	}
	if a, ok := m["a"].([]any); !ok || len(a) != 1 || a[0] != json.Number("1") {
		t.Errorf(`"a" = %#v`, m["a"])
	}
	if o, ok := m["o"].(map[string]any); !ok || o == nil || len(o) != 0 {
		t.Errorf(`"o" = %#v`, m["o"])
	}
	for _, in := range []string{`[]`, `{}`} {
		v, _ := Parse([]byte(in))
		if reflectIsNil(v) {
			t.Errorf("Parse(%s) gives a nil container %#v", in, v)
		}
	}
}

func reflectIsNil(v any) bool {
	switch x := v.(type) {
	case []any:
		return x == nil
	case map[string]any:
		return x == nil
	}
	return v == nil
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		kind   ErrorKind
		offset int
		msg    string
	}{
		{"empty", ``, Empty, 0, "no JSON value: the text is empty"},
		{"only whitespace", " \n\t ", Empty, 4, "no JSON value: the text is only whitespace"},
		{"bad literal points at its start", `{"a": nope}`, Syntax, 6, "invalid character 'o' in literal null (expecting 'u')"},
		{"misspelt true", `[tru]`, Syntax, 1, "invalid character ']' in literal true (expecting 'e')"},
		{"trailing comma in object", `{"a":1,}`, Syntax, 7, "invalid character '}' looking for beginning of object key string"},
		{"trailing comma in array", `[1,]`, Syntax, 3, "invalid character ']' looking for beginning of value"},
		{"unterminated string", `{"a": "abc`, Syntax, 10, "unexpected end of JSON input"},
		{"unterminated string with escape", `"a\n`, Syntax, 4, "unexpected end of JSON input"},
		{"unterminated object", `{"a": 1`, Syntax, 7, "unexpected end of JSON input"},
		{"truncated literal", `nul`, Syntax, 3, "unexpected end of JSON input"},
		{"missing colon", `{"a" 1}`, Syntax, 5, "invalid character '1' after object key"},
		{"missing comma", `{"a": 1 "b": 2}`, Syntax, 8, `invalid character '"' after object key:value pair`},
		{"missing comma in array", `[1 2]`, Syntax, 3, "invalid character '2' after array element"},
		{"unquoted key", `{a: 1}`, Syntax, 1, "invalid character 'a' looking for beginning of object key string"},
		{"single quotes", `{'a': 1}`, Syntax, 1, `invalid character '\'' looking for beginning of object key string`},
		{"bad value", `[1, x]`, Syntax, 4, "invalid character 'x' looking for beginning of value"},
		{"minus alone", `-x`, Syntax, 1, "invalid character 'x' in numeric literal"},
		{"minus at end", `[-`, Syntax, 2, "unexpected end of JSON input"},
		{"decimal point without digits", `1.x`, Syntax, 2, "invalid character 'x' after decimal point in numeric literal"},
		{"exponent without digits", `1e+]`, Syntax, 3, "invalid character ']' in exponent of numeric literal"},
		{"exponent at end", `1e`, Syntax, 2, "unexpected end of JSON input"},
		{"leading plus", `+1`, Syntax, 0, "invalid character '+' looking for beginning of value"},
		{"leading zero", `[01]`, Syntax, 2, "invalid character '1' after array element"},
		{"leading zero at top level", `01`, Trailing, 1, "unexpected text after the JSON value"},
		{"control character in string", "\"a\nb\"", Syntax, 2, `invalid character '\n' in string literal`},
		{"bad escape", `"\q"`, Syntax, 2, "invalid character 'q' in string escape code"},
		{"bad unicode escape", `"\u12G4"`, Syntax, 5, `invalid character 'G' in \u hexadecimal character escape`},
		{"unicode escape at end", `"\u12`, Syntax, 5, "unexpected end of JSON input"},
		{"non-ASCII character outside a string", `é`, Syntax, 0, "invalid character 'é' looking for beginning of value"},
		{"byte order mark", "\uFEFF{}", Syntax, 0, `invalid character '\ufeff' looking for beginning of value`},
		{"two values", `{} {}`, Trailing, 3, "unexpected text after the JSON value"},
		{"text after value", "[1]\nok", Trailing, 4, "unexpected text after the JSON value"},
		{"two scalars", `1 2`, Trailing, 2, "unexpected text after the JSON value"},
		{"invalid UTF-8 in string", "\"a\xffb\"", InvalidUTF8, 2, "invalid UTF-8 byte 0xff"},
		{"invalid UTF-8 in key", "{\"\xc3\x28\": 1}", InvalidUTF8, 2, "invalid UTF-8 byte 0xc3"},
		{"surrogate encoded in UTF-8", "\"\xed\xa0\x80\"", InvalidUTF8, 1, "invalid UTF-8 byte 0xed"},
		{"overlong UTF-8", "\"\xc0\xaf\"", InvalidUTF8, 1, "invalid UTF-8 byte 0xc0"},
		{"truncated UTF-8 at end of string", "\"\xe4\xb8\"", InvalidUTF8, 1, "invalid UTF-8 byte 0xe4"},
		{"invalid UTF-8 after escape", "\"\\n\xff\"", InvalidUTF8, 3, "invalid UTF-8 byte 0xff"},
		{"invalid UTF-8 as value", "[\xff]", InvalidUTF8, 1, "invalid UTF-8 byte 0xff"},
		{"invalid UTF-8 in literal", "tr\xff", InvalidUTF8, 2, "invalid UTF-8 byte 0xff"},
		{"invalid UTF-8 after value", "{}\xff", InvalidUTF8, 2, "invalid UTF-8 byte 0xff"},
		{"too deep", strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1), TooDeep, maxDepth, "nesting deeper than 10000 levels"},
		{"too deep with empty innermost", strings.Repeat(`{"a":`, maxDepth) + `{}` + strings.Repeat("}", maxDepth), TooDeep, 5 * maxDepth, "nesting deeper than 10000 levels"},
		{"syntax error before depth", `[x` + strings.Repeat("[", 2*maxDepth), Syntax, 1, "invalid character 'x' looking for beginning of value"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Parse([]byte(tt.in))
			if err == nil {
				t.Fatalf("Parse(%q) = %s, want an error", jsonShort(tt.in), compact(v))
			}
			var je *SyntaxError
			if !errors.As(err, &je) {
				t.Fatalf("error %v is %T, want *SyntaxError", err, err)
			}
			if v != nil {
				t.Errorf("value %#v returned with an error", v)
			}
			if je.Kind != tt.kind || je.Offset != tt.offset || je.Msg != tt.msg {
				t.Errorf("Parse(%q) error = {Kind: %v, Offset: %d, Msg: %q}, want {%v, %d, %q}",
					jsonShort(tt.in), je.Kind, je.Offset, je.Msg, tt.kind, tt.offset, tt.msg)
			}
			jsonCheckAgainstStdlib(t, []byte(tt.in))
		})
	}
}

func jsonShort(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

func TestParseJSONMaxDepthAccepted(t *testing.T) {
	in := strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth)
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatalf("%d levels: %v", maxDepth, err)
	}
	if got := compact(v); got != in {
		t.Errorf("compact of %d levels differs from the input", maxDepth)
	}
	if d := Covers(v, v); d != nil {
		t.Errorf("a %d-deep value does not cover itself: %v", maxDepth, d[0])
	}
	jsonCheckAgainstStdlib(t, []byte(in))
}

// TestParseJSONHugeDepthIsCheap feeds a million opening brackets: the depth
// error must come quickly and without building the nesting.
func TestParseJSONHugeDepthIsCheap(t *testing.T) {
	in := bytes.Repeat([]byte("[{\"k\":"), 1_000_000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := Parse(in)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	var je *SyntaxError
	if !errors.As(err, &je) || je.Kind != TooDeep || je.Offset != 3*maxDepth {
		t.Fatalf("err = %v, want TooDeep at %d", err, 3*maxDepth)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
		t.Errorf("allocated %d bytes for the depth error", alloc)
	}
	if elapsed > 2*time.Second {
		t.Errorf("took %v", elapsed)
	}
}

func TestJSONErrorText(t *testing.T) {
	_, err := Parse([]byte(`{"a":1,}`))
	if got, want := err.Error(), "invalid JSON at byte 7: invalid character '}' looking for beginning of object key string"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got := TooDeep.String(); got != "too deep" {
		t.Errorf("TooDeep.String() = %q", got)
	}
	// A successful parse returns an untyped nil error.
	if _, err := Parse([]byte(`1`)); err != nil {
		t.Errorf("err = %#v", err)
	}
}

type jsonTestStruct struct {
	Name string `json:"name"`
	N    int    `json:"n"`
}

type jsonPanicky struct{}

func (jsonPanicky) MarshalJSON() ([]byte, error) { panic("boom") }

// TestCompact: what encoding/json cannot render is a JSON string naming it,
// and nothing panics.
func TestCompact(t *testing.T) {
	cyclic := map[string]any{}
	cyclic["self"] = cyclic
	tests := []struct {
		name string
		in   any
		want string
	}{
		{"nil", nil, `null`},
		{"no HTML escaping", "<a href='x'>&amp;</a>", `"<a href='x'>&amp;</a>"`},
		{"control characters", "\x00\x07\b\f\n\r\t\x1f\x7f", `"\u0000\u0007\b\f\n\r\t\u001f` + "\x7f" + `"`},
		{"line separators", "\u2028\u2029", `"\u2028\u2029"`},
		{"invalid UTF-8 replaced", "a\xffb", `"a\ufffdb"`},
		{"number as written", json.Number("1.50e+3"), `1.50e+3`},
		{"float64", 0.1, `0.1`},
		{"large float64", 1e21, `1e+21`},
		{"float32", float32(0.1), `0.1`},
		{"NaN", math.NaN(), `"NaN"`},
		{"infinity", math.Inf(-1), `"-Inf"`},
		{"ints", []any{int8(-8), uint64(math.MaxUint64), math.MinInt64}, `[-8,18446744073709551615,-9223372036854775808]`},
		{"unsupported type", make(chan int), `"<unsupported chan int>"`},
		{"panicking marshaller", jsonPanicky{}, `"<unsupported jsonexact.jsonPanicky>"`},
		{"cycle", cyclic, `"<unsupported map[string]interface {}>"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := compact(tt.in); got != tt.want {
				t.Errorf("compact(%#v) = %s, want %s", tt.in, jsonShort(got), jsonShort(tt.want))
			}
		})
	}
}

// jsonStdlibCompact is encoding/json's rendering of v without HTML escaping.
func jsonStdlibCompact(t testing.TB, v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatalf("encoding/json cannot encode %#v: %v", v, err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// jsonCheckAgainstStdlib checks Parse against encoding/json on data:
// same verdict, same value (compared through compact), and for errors
// the same message at the same place, allowing for the documented
// differences (encoding/json reports the offset after the bad byte, accepts
// invalid UTF-8 in strings, and has its own words for some errors).
func jsonCheckAgainstStdlib(t testing.TB, data []byte) {
	t.Helper()
	ours, err := Parse(data)
	stdErr := json.Unmarshal(data, new(json.RawMessage)) // checks the syntax only
	if !utf8.Valid(data) {
		if err == nil {
			t.Fatalf("Parse(%q) accepted invalid UTF-8", data)
		}
		return
	}
	if err == nil {
		if stdErr != nil {
			t.Fatalf("Parse(%q) succeeded, encoding/json: %v", data, stdErr)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var std any
		if err := dec.Decode(&std); err != nil {
			t.Fatalf("encoding/json Decode(%q): %v", data, err)
		}
		if got, want := compact(ours), jsonStdlibCompact(t, std); got != want {
			t.Fatalf("Parse(%q) gives %s, encoding/json gives %s", data, jsonShort(got), jsonShort(want))
		}
		return
	}
	je := err.(*SyntaxError)
	if je.Offset < 0 || je.Offset > len(data) {
		t.Fatalf("Parse(%q): offset %d out of range", data, je.Offset)
	}
	var se *json.SyntaxError
	if !errors.As(stdErr, &se) {
		t.Fatalf("Parse(%q) failed (%v), encoding/json: %v", data, err, stdErr)
	}
	switch {
	case je.Kind == Empty:
		if se.Error() != "unexpected end of JSON input" || se.Offset != int64(len(data)) {
			t.Fatalf("Parse(%q): empty, encoding/json: %v at %d", data, se, se.Offset)
		}
	case je.Msg == "unexpected end of JSON input":
		// At the end of a top-level number or word, encoding/json reports
		// the end as an "invalid character ' '".
		stdEOF := se.Error() == je.Msg || strings.HasPrefix(se.Error(), "invalid character ' ' ")
		if !stdEOF || se.Offset != int64(je.Offset) {
			t.Fatalf("Parse(%q): %v, encoding/json: %v at %d", data, err, se, se.Offset)
		}
	case je.Kind == Trailing:
		if se.Offset != int64(je.Offset)+1 || !strings.HasSuffix(se.Error(), "after top-level value") {
			t.Fatalf("Parse(%q): %v, encoding/json: %v at %d", data, err, se, se.Offset)
		}
	case je.Kind == TooDeep:
		if se.Offset != int64(je.Offset)+1 || !strings.HasSuffix(se.Error(), "exceeded max depth") {
			t.Fatalf("Parse(%q): %v, encoding/json: %v at %d", data, err, se, se.Offset)
		}
	case je.Kind == Syntax && strings.Contains(je.Msg, " in literal "):
		// We point at the start of the word, encoding/json after the bad byte.
		if se.Offset <= int64(je.Offset) || jsonStdMsg(data, se) != je.Msg {
			t.Fatalf("Parse(%q): %v, encoding/json: %v at %d", data, err, se, se.Offset)
		}
	case je.Kind == Syntax:
		if se.Offset != int64(je.Offset)+1 || jsonStdMsg(data, se) != je.Msg {
			t.Fatalf("Parse(%q): %v, encoding/json: %v at %d", data, err, se, se.Offset)
		}
	default:
		t.Fatalf("Parse(%q): unexpected error kind %v: %v", data, je.Kind, err)
	}
}

// jsonStdMsg is encoding/json's message, with a non-ASCII offending
// character quoted whole as Parse quotes it rather than by its first byte.
func jsonStdMsg(data []byte, se *json.SyntaxError) string {
	msg := se.Error()
	i := int(se.Offset) - 1
	if i < 0 || i >= len(data) || data[i] < utf8.RuneSelf || !strings.HasPrefix(msg, "invalid character ") {
		return msg
	}
	r, _ := utf8.DecodeRune(data[i:])
	rest := msg[len("invalid character "):]
	if j := strings.Index(rest[1:], "' "); j >= 0 {
		return "invalid character " + jsonQuoteChar(r) + rest[j+2:]
	}
	return msg
}

func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{"a": [1, 2.50, -0e3, "x\u00e9\ud83d\ude00"], "b": {"c": null, "d": true}}`,
		`{"a": nope}`, `{"a":1,}`, `"abc`, `{} {}`, "", "  ", `[[[[]]]]`,
		"\"\xff\"", `"\ud800"`, `1e999999999999`, `{"a":1,"a":2}`, "\"<&>\u2028\"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data)
		jsonCheckAgainstStdlib(t, data)
		if err != nil {
			return
		}
		out := compact(v)
		w, err := Parse([]byte(out))
		if err != nil {
			t.Fatalf("compact output %q does not parse: %v", out, err)
		}
		if d := Covers(v, w); d != nil {
			t.Fatalf("re-parsed value does not cover the original: %v", d)
		}
		if d := Covers(w, v); d != nil {
			t.Fatalf("original does not cover the re-parsed value: %v", d)
		}
		if again := compact(w); again != out {
			t.Fatalf("compact is not stable: %s then %s", out, again)
		}
	})
}
