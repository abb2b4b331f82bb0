package jsonexact

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// cmpParse parses JSON for a test, failing it on error.
func cmpParse(t testing.TB, s string) any {
	t.Helper()
	v, err := Parse([]byte(s))
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return v
}

func cmpStrings(diffs []Difference) []string {
	var out []string
	for _, d := range diffs {
		out = append(out, d.String())
	}
	return out
}

func TestCovers(t *testing.T) {
	tests := []struct {
		name             string
		expected, actual string
		want             []string // Difference.String() of each difference
	}{
		{"identical", `{"a": 1}`, `{"a": 1}`, nil},
		{"extra keys in actual", `{"a": 1}`, `{"a": 1, "b": 2, "c": {"d": []}}`, nil},
		{"reordered keys", `{"a": 1, "b": [1, 2], "c": "x"}`, `{"c": "x", "b": [1, 2], "a": 1}`, nil},
		{"pretty vs compact", "{\n  \"a\": [\n    1,\n    {\"b\": null}\n  ]\n}", `{"a":[1,{"b":null}]}`, nil},
		{"1.0 covers 1", `{"n": 1}`, `{"n": 1.0}`, nil},
		{"1 covers 1.0", `{"n": 1.0}`, `{"n": 1}`, nil},
		{"exponent forms", `[100, 0.5, -0]`, `[1e2, 5E-1, 0]`, nil},
		{"big integers differ", `{"id": 12345678901234567890}`, `{"id": 12345678901234567891}`,
			[]string{`$.id: expected 12345678901234567890, got 12345678901234567891`}},
		{"true is not 1", `{"ok": true}`, `{"ok": 1}`, []string{`$.ok: expected true, got 1`}},
		{"1 is not true", `1`, `true`, []string{`$: expected 1, got true`}},
		{"false is not null", `false`, `null`, []string{`$: expected false, got null`}},
		{"null is not a missing key", `{"error": null}`, `{}`, []string{`$.error: missing`}},
		{"a missing key is not null", `{}`, `{"error": null}`, nil}, // extra keys are fine
		{"null is not 0", `{"a": null}`, `{"a": 0}`, []string{`$.a: expected null, got 0`}},
		{"number is not string", `{"a": 1}`, `{"a": "1"}`, []string{`$.a: expected 1, got "1"`}},
		{"empty string is not null", `""`, `null`, []string{`$: expected "", got null`}},
		{"string mismatch", `{"keys": ["A"]}`, `{"keys": ["B"]}`, []string{`$.keys[0]: expected "A", got "B"`}},
		{"strings compared unescaped", `"\u00e9\n"`, `"é\u000a"`, nil},
		{"strings are case sensitive", `"a"`, `"A"`, []string{`$: expected "a", got "A"`}},
		{"nested path", `{"a": {"b": [{"c": 1}, {"c": 2}]}}`, `{"a": {"b": [{"c": 1}, {"c": 3}]}}`,
			[]string{`$.a.b[1].c: expected 2, got 3`}},
		{"array length", `{"items": [1, 2]}`, `{"items": [1, 2, 3]}`, []string{`$.items: expected 2 items, got 3`}},
		{"array length singular", `{"items": [1]}`, `{"items": []}`, []string{`$.items: expected 1 item, got 0`}},
		{"array length zero", `[]`, `[1]`, []string{`$: expected 0 items, got 1`}},
		{"array elements in order", `[1, 2]`, `[2, 1]`, []string{`$[0]: expected 1, got 2`, `$[1]: expected 2, got 1`}},
		{"expected object, got string", `{"a": {"b": 1}}`, `{"a": "x"}`, []string{`$.a: expected an object, got "x"`}},
		{"expected object, got array", `{}`, `[]`, []string{`$: expected an object, got []`}},
		{"expected array, got object", `{"a": [1]}`, `{"a": {"0": 1}}`, []string{`$.a: expected an array, got {"0":1}`}},
		{"expected scalar, got object", `{"a": 1}`, `{"a": {"b": 2}}`, []string{`$.a: expected 1, got {"b":2}`}},
		{"empty object covered by any object", `{"a": {}}`, `{"a": {"x": 1}}`, nil},
		{"multiple differences, sorted by key", `{"z": 1, "b": true, "m": [1], "a": "x", "q": {"r": 1, "p": 2}}`,
			`{"z": 2, "b": false, "m": [1, 2], "q": {"p": 3}}`,
			[]string{
				`$.a: missing`,
				`$.b: expected true, got false`,
				`$.m: expected 1 item, got 2`,
				`$.q.p: expected 2, got 3`,
				`$.q.r: missing`,
				`$.z: expected 1, got 2`,
			}},
		{"weird keys quoted", `{"a b": 1, "": 2, "1a": 3, "é": 4, "x\"y": 5, "a.b": 6, "_ok9": 7, "A_1": {"$": 8}}`, `{}`,
			[]string{
				`$[""]: missing`,
				`$["1a"]: missing`,
				`$.A_1: missing`,
				`$._ok9: missing`,
				`$["a b"]: missing`,
				`$["a.b"]: missing`,
				`$["x\"y"]: missing`,
				`$["é"]: missing`,
			}},
		{"quoted key in nested path", `{"a b": {"c-d": [{"e": 1}]}}`, `{"a b": {"c-d": [{"e": 2}]}}`,
			[]string{`$["a b"]["c-d"][0].e: expected 1, got 2`}},
		{"control character in key", `{"a\nb": 1}`, `{}`, []string{`$["a\nb"]: missing`}},
		{"root mismatch", `"A"`, `"B"`, []string{`$: expected "A", got "B"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := cmpStrings(Covers(cmpParse(t, tt.expected), cmpParse(t, tt.actual)))
			if !slices.Equal(got, tt.want) {
				t.Errorf("Covers(%s, %s) =\n\t%s\nwant\n\t%s", tt.expected, tt.actual,
					strings.Join(got, "\n\t"), strings.Join(tt.want, "\n\t"))
			}
		})
	}
}

func TestCoversDifferenceFields(t *testing.T) {
	tests := []struct {
		name             string
		expected, actual string
		want             Difference
	}{
		{"value", `{"k": ["A"]}`, `{"k": ["B"]}`,
			Difference{Path: "$.k[0]", Expected: `"A"`, Actual: `"B"`, Message: `expected "A", got "B"`}},
		{"missing", `{"error": {"code": 1.0}}`, `{}`,
			Difference{Path: "$.error", Expected: `{"code":1.0}`, Message: "missing"}},
		{"length", `{"items": [1, 2]}`, `{"items": [1,2,3]}`,
			Difference{Path: "$.items", Expected: `[1,2]`, Actual: `[1,2,3]`, Message: "expected 2 items, got 3"}},
		{"type", `{"a": {"b": 1}}`, `{"a": "x<y"}`,
			Difference{Path: "$.a", Expected: `{"b":1}`, Actual: `"x<y"`, Message: `expected an object, got "x<y"`}},
		{"numbers as written", `1.50`, `2e0`,
			Difference{Path: "$", Expected: `1.50`, Actual: `2e0`, Message: `expected 1.50, got 2e0`}},
		{"null", `null`, `[]`,
			Difference{Path: "$", Expected: `null`, Actual: `[]`, Message: `expected null, got []`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Covers(cmpParse(t, tt.expected), cmpParse(t, tt.actual))
			if len(got) != 1 || got[0] != tt.want {
				t.Errorf("Covers(%s, %s) = %#v, want [%#v]", tt.expected, tt.actual, got, tt.want)
			}
		})
	}
}

func TestCoversTruncatesMessages(t *testing.T) {
	long := strings.Repeat("é", 300) // 600 bytes: cut at a character boundary
	expected, actual := `"`+long+`"`, `{"k":"`+strings.Repeat("x", 500)+`"}`
	d := Covers(long, map[string]any{"k": strings.Repeat("x", 500)})
	if len(d) != 1 {
		t.Fatalf("got %d differences", len(d))
	}
	if d[0].Expected != expected || d[0].Actual != actual {
		t.Errorf("Expected/Actual are cut: %d and %d bytes", len(d[0].Expected), len(d[0].Actual))
	}
	msg := d[0].Message
	if !utf8.ValidString(msg) {
		t.Errorf("message is not valid UTF-8: %q", msg)
	}
	wantMsg := "expected " + expected[:199] + "…, got " + actual[:200] + "…"
	if msg != wantMsg {
		t.Errorf("message = %q\nwant %q", msg, wantMsg)
	}
	// Short values are not cut.
	if d := Covers("a", "b"); d[0].Message != `expected "a", got "b"` {
		t.Errorf("message = %q", d[0].Message)
	}
	// Exactly 200 bytes is not cut.
	s := strings.Repeat("x", 198)
	if d := Covers(s, 1); d[0].Message != `expected "`+s+`", got 1` {
		t.Errorf("message = %q", d[0].Message)
	}
}

func TestCoversGoValues(t *testing.T) {
	tests := []struct {
		name             string
		expected, actual any
		want             []string
	}{
		{"float64 covers json.Number", json.Number("1.0"), 1.0, nil},
		{"json.Number covers float64", 0.5, json.Number("5e-1"), nil},
		{"int covers json.Number", json.Number("3"), 3, nil},
		{"uint64 exact", json.Number("18446744073709551615"), uint64(math.MaxUint64), nil},
		{"float64 is read as its shortest decimal", json.Number("0.1"), 0.1, nil},
		{"float64 mismatch", json.Number("0.1"), 0.2, []string{`$: expected 0.1, got 0.2`}},
		{"big integer vs float64", json.Number("12345678901234567891"), 12345678901234567891.0,
			[]string{`$: expected 12345678901234567891, got 12345678901234567000`}},
		{"NaN never equal", math.NaN(), math.NaN(), []string{`$: expected "NaN", got "NaN"`}},
		{"NaN vs number", json.Number("1"), math.NaN(), []string{`$: expected 1, got "NaN"`}},
		{"typed nil map is an empty object", map[string]any{}, map[string]any(nil), nil},
		{"typed nil slice is an empty array", []any{}, []any(nil), nil},
		{"other types through encoding/json", map[string]any{"a": []any{json.Number("1")}},
			map[string][]int{"a": {1}, "b": {2}}, nil},
		{"struct", map[string]any{"name": "x"}, jsonTestStruct{Name: "y"}, []string{`$.name: expected "x", got "y"`}},
		{"unsupported types", make(chan int), func() {}, []string{`$: expected "<unsupported chan int>", got "<unsupported func()>"`}},
		{"panicking marshaller", jsonPanicky{}, "x", []string{`$: expected "<unsupported jsonexact.jsonPanicky>", got "x"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := cmpStrings(Covers(tt.expected, tt.actual))
			if !slices.Equal(got, tt.want) {
				t.Errorf("Covers = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCoversCycleDoesNotHang(t *testing.T) {
	m := map[string]any{}
	m["self"] = m
	d := Covers(m, m)
	if len(d) != 1 || !strings.HasSuffix(d[0].Message, "nesting deeper than 10000 levels") {
		t.Fatalf("Covers(cycle, cycle) = %d differences", len(d))
	}
	if want := "$" + strings.Repeat(".self", maxDepth+1); d[0].Path != want {
		t.Errorf("path has %d bytes, want %d", len(d[0].Path), len(want))
	}
}

func TestCoversDeterministic(t *testing.T) {
	var keys []string
	for i := range 50 {
		keys = append(keys, fmt.Sprintf(`"k%02d": %d`, i, i))
	}
	e := cmpParse(t, "{"+strings.Join(keys, ",")+"}")
	a := cmpParse(t, `{"k07": 0}`)
	first := cmpStrings(Covers(e, a))
	if len(first) != 50 || !slices.IsSorted(first) {
		t.Fatalf("differences not all listed in key order: %q", first)
	}
	for range 20 {
		if got := cmpStrings(Covers(e, a)); !slices.Equal(got, first) {
			t.Fatalf("order changed: %q vs %q", got, first)
		}
	}
}

// cmpRefCovers is a plain reference for the verdict of Covers on parsed
// values.
func cmpRefCovers(e, a any) bool {
	switch x := e.(type) {
	case map[string]any:
		y, ok := a.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !cmpRefCovers(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := a.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !cmpRefCovers(x[i], y[i]) {
				return false
			}
		}
		return true
	case json.Number:
		y, ok := a.(json.Number)
		return ok && numbersEqual(x, y)
	default:
		return e == a // nil, bool, string
	}
}

func FuzzCovers(f *testing.F) {
	for _, p := range [][2]string{
		{`{"a": 1, "b": [true, null]}`, `{"b": [true, null], "a": 1.0, "c": 3}`},
		{`{"keys": ["A"]}`, `{"keys": ["B"]}`},
		{`{"error": null}`, `{}`},
		{`[1, 2]`, `[1, 2, 3]`},
		{`{"a b": {"": [1e400]}}`, `{"a b": {"": [10e399]}}`},
		{`12345678901234567890`, `12345678901234567891`},
		{`true`, `1`},
		{`"` + strings.Repeat("é", 150) + `"`, `"x"`},
	} {
		f.Add([]byte(p[0]), []byte(p[1]))
	}
	f.Fuzz(func(t *testing.T, ea, aa []byte) {
		e, errE := Parse(ea)
		a, errA := Parse(aa)
		if errE == nil {
			if d := Covers(e, e); d != nil {
				t.Fatalf("%s does not cover itself: %v", ea, d)
			}
		}
		if errA == nil {
			if d := Covers(a, a); d != nil {
				t.Fatalf("%s does not cover itself: %v", aa, d)
			}
		}
		if errE != nil || errA != nil {
			return
		}
		d := Covers(e, a)
		if (d == nil) != cmpRefCovers(e, a) {
			t.Fatalf("Covers(%s, %s) = %v, reference says %v", ea, aa, d, cmpRefCovers(e, a))
		}
		for i, x := range d {
			if !strings.HasPrefix(x.Path, "$") || x.Message == "" || !utf8.ValidString(x.Message) || !utf8.ValidString(x.Path) {
				t.Fatalf("bad difference %#v", x)
			}
			if x.Expected == "" {
				t.Fatalf("difference without Expected: %#v", x)
			}
			if x.Message != "missing" && x.Actual == "" {
				t.Fatalf("difference without Actual: %#v", x)
			}
			if i > 0 && d[i-1].Path == x.Path {
				t.Fatalf("two differences at %s", x.Path)
			}
		}
		if again := Covers(e, a); !slices.Equal(again, d) {
			t.Fatalf("Covers is not deterministic: %v then %v", d, again)
		}
	})
}

// BenchmarkCovers compares a realistic nested tool output of about 30 keys
// that covers the expected one.
func BenchmarkCovers(b *testing.B) {
	expected := cmpParse(b, `{
		"status": "ok", "count": 3, "next_cursor": null,
		"items": [
			{"id": 101, "name": "alpha", "tags": ["a", "b"], "score": 0.75, "active": true},
			{"id": 102, "name": "beta", "tags": [], "score": 1.0, "active": false},
			{"id": 103, "name": "gamma", "tags": ["c"], "score": 12.5e-1, "active": true}
		],
		"meta": {"took_ms": 12, "source": "index", "query": {"q": "find me", "limit": 10, "offset": 0}}
	}`)
	actual := cmpParse(b, `{"status":"ok","count":3.0,"next_cursor":null,"request_id":"9f2c",
		"items":[{"active":true,"id":101,"name":"alpha","tags":["a","b"],"score":0.750,"extra":{"x":1}},
		{"active":false,"id":102,"name":"beta","tags":[],"score":1},
		{"active":true,"id":103,"name":"gamma","tags":["c"],"score":1.25}],
		"meta":{"query":{"offset":0,"limit":10,"q":"find me"},"source":"index","took_ms":12,"host":"a1"}}`)
	if d := Covers(expected, actual); d != nil {
		b.Fatalf("benchmark values differ: %v", d)
	}
	b.ReportAllocs()
	for b.Loop() {
		Covers(expected, actual)
	}
}

// TestEqual: two JSON texts are the same value whatever their key order,
// whitespace and number spelling; any other difference, extra keys on
// either side included, makes them differ.
func TestEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{`{"a":1,"b":[1,2]}`, `{ "b" : [ 1, 2 ], "a" : 1 }`, true},
		{`{"a":{"x":1,"y":2}}`, `{"a":{"y":2,"x":1}}`, true},
		{`{"n":1}`, `{"n":1.0}`, true},
		{`{"n":100}`, `{"n":1e2}`, true},
		{`{"n":0}`, `{"n":-0}`, true},
		{`{"n":0.1}`, `{"n":1E-1}`, true},
		{`[]`, `[ ]`, true},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`{"a":1,"b":2}`, `{"a":1}`, false},
		{`{"a":{"x":1}}`, `{"a":{"x":1,"y":null}}`, false},
		{`[1,2]`, `[2,1]`, false},
		{`{"n":1}`, `{"n":true}`, false},
		{`{"n":null}`, `{}`, false},
		{`{"n":12345678901234567890}`, `{"n":12345678901234567891}`, false},
		{`"a"`, `"a "`, false},
		{`"a"`, `"a"`, true},
		{`true`, `true`, true},
		{`true`, `false`, false},
		{`null`, `null`, true},
		{`null`, `false`, false},
		{`"1"`, `1`, false},
		{`1`, `1.0`, true},
		{`[1]`, `{"0":1}`, false},
	}
	for _, tt := range tests {
		a, b := cmpParse(t, tt.a), cmpParse(t, tt.b)
		if got := Equal(a, b); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := Equal(b, a); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", tt.b, tt.a, got, tt.want)
		}
	}
}
