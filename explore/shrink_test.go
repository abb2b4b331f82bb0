package explore

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func num(v any) float64 {
	n, ok := v.(json.Number)
	if !ok {
		return 0
	}
	f, _ := n.Float64()
	return f
}

// TestFindAndShrink plays the engine's acceptance with the tools as
// predicates: each failure is found within the default 100 runs, and
// shrinks to the smallest input that shows it.
func TestFindAndShrink(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		fails  func(in Input) bool
		want   string // the shrunk input
		valid  bool
	}{
		{"integer above 100", `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); return num(m["n"]) > 100 },
			`{"n":101}`, true},
		{"integer above 100, other keys", `{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"},"b":{"type":"boolean"}},"required":["n","s"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); return num(m["n"]) > 100 },
			`{"n":101,"s":""}`, true},
		{"below -7 with a minimum", `{"type":"object","properties":{"n":{"type":"integer","minimum":-1000}},"required":["n"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); return num(m["n"]) < -7 },
			`{"n":-8}`, true},
		{"empty string", `{"type":"object","properties":{"s":{"type":"string"},"x":{"type":"integer"}},"required":["s"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); return m["s"] == "" },
			`{"s":""}`, true},
		{"one enum value", `{"type":"object","properties":{"mode":{"enum":["fast","slow","auto"]},"n":{"type":"integer"}},"required":["mode"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); return m["mode"] == "auto" },
			`{"mode":"auto"}`, true},
		{"optional key absent", `{"type":"object","properties":{"path":{"type":"string"},"limit":{"type":"integer"},"deep":{"type":"boolean"}},"required":["path"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); _, ok := m["limit"]; return !ok },
			`{"path":""}`, true},
		{"required key missing", `{"type":"object","properties":{"path":{"type":"string"},"n":{"type":"integer"}},"required":["path","n"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); _, ok := m["path"]; return !ok },
			`{"n":0}`, false},
		{"long string", `{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); s, _ := m["s"].(string); return len(s) > 50 },
			`{"s":"` + strings.Repeat("a", 51) + `"}`, true},
		{"non-ASCII", `{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}`,
			func(in Input) bool {
				m, _ := in.Value.(map[string]any)
				s, _ := m["s"].(string)
				return strings.Contains(s, "é")
			},
			`{"s":"é"}`, true},
		{"array of three", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}},"required":["a"]}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); a, _ := m["a"].([]any); return len(a) >= 3 },
			`{"a":[0,0,0]}`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			var found *Input
			for _, in := range inputs(New(src, 1), 100) {
				if in.Valid == tt.valid && tt.fails(in) {
					found = &in
					break
				}
			}
			if found == nil {
				t.Fatal("not found within 100 inputs")
			}
			calls := 0
			got := Shrink(*found, src, func(in Input) bool { calls++; return tt.fails(in) }, 200)
			if string(got.JSON()) != tt.want {
				t.Errorf("shrunk %s to %s, want %s", found.JSON(), got.JSON(), tt.want)
			}
			if got.Valid != tt.valid || src.Valid(got.Value) != tt.valid {
				t.Errorf("shrunk input's Valid %v, oracle %v, want %v", got.Valid, src.Valid(got.Value), tt.valid)
			}
			if calls > 200 {
				t.Errorf("fails called %d times, budget 200", calls)
			}
		})
	}
}

// TestShrink shrinks given inputs directly.
func TestShrink(t *testing.T) {
	intN := `{"type":"object","properties":{"n":{"type":"integer"},"s":{"type":"string"},"o":{"type":"object"}},"required":["n"]}`
	above100 := func(in Input) bool { m, _ := in.Value.(map[string]any); return num(m["n"]) > 100 }
	tests := []struct {
		name   string
		schema string
		in     string
		fails  func(Input) bool
		budget int
		want   string
	}{
		{"large n to 101", intN, `{"n":987654321987,"s":"日本語 text","o":{"a":[1,2,3]}}`, above100, 200, `{"n":101}`},
		{"n just above", intN, `{"n":150}`, above100, 200, `{"n":101}`},
		{"non-integer n", `{"type":"object","properties":{"n":{"type":"number"}}}`, `{"n":1234.5}`, func(in Input) bool { m, _ := in.Value.(map[string]any); return num(m["n"]) > 100 }, 200, `{"n":101}`},
		{"always fails", intN, `{"n":-77,"s":"xyz"}`, func(Input) bool { return true }, 200, `{"n":0}`},
		{"empty string stays", `{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}`, `{"s":""}`,
			func(in Input) bool { m, _ := in.Value.(map[string]any); return m["s"] == "" }, 200, `{"s":""}`},
		{"nearest bound", `{"type":"object","properties":{"n":{"type":"integer","minimum":40}},"required":["n"]}`, `{"n":90000}`,
			func(Input) bool { return true }, 200, `{"n":40}`},
		{"no budget", intN, `{"n":5000}`, above100, 0, `{"n":5000}`},
		{"nothing smaller fails", intN, `{"n":101}`, above100, 200, `{"n":101}`},
		{"nested", `{"type":"object","properties":{"o":{"type":"object","properties":{"k":{"type":"integer"}},"required":["k"]}},"required":["o"]}`,
			`{"o":{"k":5000,"x":"y"}}`, func(in Input) bool {
				m, _ := in.Value.(map[string]any)
				o, _ := m["o"].(map[string]any)
				return num(o["k"]) > 10
			}, 200, `{"o":{"k":11}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			v := decode(t, tt.in)
			in := Input{Value: v, Valid: src.Valid(v), Kind: "random"}
			calls := 0
			got := Shrink(in, src, func(in Input) bool { calls++; return tt.fails(in) }, tt.budget)
			if string(got.JSON()) != tt.want {
				t.Errorf("got %s, want %s", got.JSON(), tt.want)
			}
			if calls > tt.budget {
				t.Errorf("%d calls over budget %d", calls, tt.budget)
			}
			if got.Kind != "random" {
				t.Errorf("kind %q, want the input's", got.Kind)
			}
			again := Shrink(in, src, tt.fails, tt.budget)
			if string(again.JSON()) != string(got.JSON()) {
				t.Errorf("second shrink gave %s, first %s", again.JSON(), got.JSON())
			}
		})
	}
}

// TestShrinkKeepsSide: an invalid input stays invalid while shrinking, a
// valid one valid.
func TestShrinkKeepsSide(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"n":{"type":"integer","maximum":10}}}`)
	v := decode(t, `{"n":5000}`) // invalid: n > 10
	hasN := func(in Input) bool { _, ok := in.Value.(map[string]any)["n"]; return ok }
	got := Shrink(Input{Value: v, Valid: false}, src, hasN, 200)
	if src.Valid(got.Value) || got.Valid {
		t.Errorf("invalid input shrunk to valid %s", got.JSON())
	}
	if want := `{"n":11}`; string(got.JSON()) != want {
		t.Errorf("got %s, want %s", got.JSON(), want)
	}
}

// TestShrinkKeepsViolation: an invalid input keeps the violation its Kind
// names; shrinking does not trade it for another (a required key dropped).
func TestShrinkKeepsViolation(t *testing.T) {
	src := source(t, `{"type":"object","properties":{"a":{"type":"string"},"n":{"type":"integer","maximum":10},"o":{"type":"boolean"}},"required":["a","n"]}`)
	v := decode(t, `{"a":"hello","n":5000,"o":true}`)
	in := Input{Value: v, Valid: false, Kind: "above maximum 10 at /n"}
	got := Shrink(in, src, func(Input) bool { return true }, 200)
	if want := `{"a":"","n":11}`; string(got.JSON()) != want {
		t.Errorf("got %s, want %s", got.JSON(), want)
	}
}

// TestShrinkString: a string failure shrinks to the shortest, simplest
// string that fails the same way: characters and runs of characters
// deleted anywhere, not only cut to a prefix, and the rest simplified
// (digits toward 0, letters toward a), on the same side of valid.
func TestShrinkString(t *testing.T) {
	str := func(in Input) string { m, _ := in.Value.(map[string]any); s, _ := m["s"].(string); return s }
	plain := `{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}`
	tests := []struct {
		name   string
		schema string
		in     string
		fails  func(string) bool
		want   string
	}{
		{"any duration", `{"type":"object","properties":{"s":{"type":"string","pattern":"^[0-9]+ms$"}},"required":["s"]}`,
			"2640ms", func(string) bool { return true }, "0ms"},
		{"a duration of at least 5", `{"type":"object","properties":{"s":{"type":"string","pattern":"^[0-9]+ms$"}},"required":["s"]}`,
			"2640ms", func(s string) bool { n := 0; fmt.Sscanf(s, "%d", &n); return n >= 5 }, "5ms"},
		{"a duration of at least 1000", `{"type":"object","properties":{"s":{"type":"string","pattern":"^[0-9]+ms$"}},"required":["s"]}`,
			"2640ms", func(s string) bool { n := 0; fmt.Sscanf(s, "%d", &n); return n >= 1000 }, "1000ms"},
		{"a minor version over 20", `{"type":"object","properties":{"s":{"type":"string","pattern":"^v[0-9]+[.][0-9]+[.][0-9]+$"}},"required":["s"]}`,
			"v12.34.56", func(s string) bool { var a, b, c int; fmt.Sscanf(s, "v%d.%d.%d", &a, &b, &c); return b > 20 }, "v0.21.0"},
		{"a quote anywhere", plain, `path "with" quotes`, func(s string) bool { return strings.Contains(s, `"`) }, `"`},
		{"x then y", plain, "abcxdefgyhi", func(s string) bool {
			i := strings.IndexByte(s, 'x')
			return i >= 0 && strings.IndexByte(s[i:], 'y') > 0
		}, "xy"},
		{"three capitals", plain, "Hello World, Big One", func(s string) bool {
			n := 0
			for _, r := range s {
				if r >= 'A' && r <= 'Z' {
					n++
				}
			}
			return n >= 3
		}, "AAA"},
		{"a digit over 6", plain, "abc8d9e", func(s string) bool { return strings.ContainsAny(s, "789") }, "7"},
		{"a letter past m", plain, "ABCxyz", func(s string) bool { return strings.ContainsAny(s, "nopqrstuvwxyz") }, "n"},
		{"longer than 5", plain, "日本語 text, long", func(s string) bool { return len([]rune(s)) > 5 }, "aaaaaa"},
		{"a newline after a word", plain, "first line\nsecond", func(s string) bool {
			i := strings.IndexByte(s, '\n')
			return i > 0
		}, "a\n"},
		{"within the pattern", `{"type":"object","properties":{"s":{"type":"string","pattern":"^[A-Z][a-z]+-[0-9]{2}$"}},"required":["s"]}`,
			"Zebra-97", func(string) bool { return true }, "Aa-00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := source(t, tt.schema)
			v := map[string]any{"s": tt.in}
			if !src.Valid(v) {
				t.Fatalf("%q is not valid", tt.in)
			}
			in := Input{Value: v, Valid: true, Kind: "random"}
			calls := 0
			got := Shrink(in, src, func(in Input) bool { calls++; return tt.fails(str(in)) }, 200)
			if str(got) != tt.want {
				t.Errorf("shrunk %q to %q, want %q (%d calls)", tt.in, str(got), tt.want, calls)
			}
			if !src.Valid(got.Value) {
				t.Errorf("shrunk to invalid %s", got.JSON())
			}
			if calls > 200 {
				t.Errorf("%d calls over the budget", calls)
			}
		})
	}
}
