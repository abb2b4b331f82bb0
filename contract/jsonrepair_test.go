package contract

import (
	"testing"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// TestRepairJSON: single-quoted strings and trailing commas are repaired
// when the repair is certain, and nothing else is changed; every doubtful
// text gets no repair.
func TestRepairJSON(t *testing.T) {
	tests := []struct {
		name, raw, want string // want "" means no repair
	}{
		{"single-quoted key and value", `{'path': 'fixtures/a.plist'}`, `{"path": "fixtures/a.plist"}`},
		{"single-quoted top-level string", `'a b'`, `"a b"`},
		{"mixed quotes", `{"a": 'b', 'c': "d"}`, `{"a": "b", "c": "d"}`},
		{"apostrophe in a double-quoted string, trailing comma", `{"msg": "it's",}`, `{"msg": "it's"}`},
		{"escaped apostrophe in a single-quoted string", `{'msg': 'it\'s'}`, `{"msg": "it's"}`},
		{"escaped double quote in a single-quoted string", `{'msg': 'say \"hi\"'}`, `{"msg": "say \"hi\""}`},
		{"JSON escapes kept", `['a\nb\t\\\/\u00e9']`, `["a\nb\t\\\/\u00e9"]`},
		{"non-ASCII", `{'s': '🌍 é'}`, `{"s": "🌍 é"}`},
		{"trailing comma in an object", `{"ok": true,}`, `{"ok": true}`},
		{"trailing comma in an array, blanks kept", `[1, 2 , ]`, `[1, 2  ]`},
		{"nested trailing commas", `{"a": [1, {"b": 2,},],}`, `{"a": [1, {"b": 2}]}`},
		{"trailing comma after a string with a comma and a bracket", `["a,]", "b",]`, `["a,]", "b"]`},
		{"both", `{'a': ['x', 'y',],}`, `{"a": ["x", "y"]}`},
		{"single quote inside a double-quoted string, trailing comma", `["a', 'b",]`, `["a', 'b"]`},

		{"valid JSON: nothing to repair", `{"a": 1}`, ""},
		{"apostrophe inside a single-quoted string", `{'msg': 'it's'}`, ""},
		{"apostrophes inside single-quoted strings, even count", `['it's', 'x's']`, ""},
		{"unescaped double quote inside a single-quoted string", `{'msg': 'say "hi"'}`, ""},
		{"mixed quotes across two strings", `['a", "b']`, ""},
		{"mixed quotes across three strings", `['a', "b', 'c"]`, ""},
		{"apostrophe in a double-quoted string beside single quotes", `{'msg': "it's"}`, ""},
		{"escape JSON does not have", `{'a': 'x\qy'}`, ""},
		{"escaped apostrophe inside a double-quoted string", `{"msg": "it\'s",}`, ""},
		{"unterminated single-quoted string", `{'a': 'b}`, ""},
		{"unterminated double-quoted string", `{'a': "b}`, ""},
		{"backslash at the end", `{'a': 'b\`, ""},
		{"bad \\u escape", `{'a': '\u12'}`, ""},
		{"comma after the whole value", `{"a": 1},`, ""},
		{"more content after a trailing comma", `{"a": 1,} {"b": 2}`, ""},
		{"trailing comma, then a comment", `{"a": 1,} // note`, ""},
		{"a comma and nothing", `[,]`, ""},
		{"two commas", `[1,,]`, ""},
		{"comma after a colon", `{"a":,}`, ""},
		{"missing element", `[1,,2]`, ""},
		{"unquoted key as well", `{a: 'b'}`, ""},
		{"Python word as well", `{'a': True}`, ""},
		{"empty", ``, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, ok := repairJSON(tt.raw)
			if tt.want == "" {
				if ok {
					t.Fatalf("repairJSON(%s) = %s, want no repair", tt.raw, got)
				}
				return
			}
			if !ok || got != tt.want {
				t.Fatalf("repairJSON(%s) = %q, %v; want %s", tt.raw, got, ok, tt.want)
			}
			if _, err := jsonexact.Parse([]byte(got)); err != nil {
				t.Fatalf("the repair %s does not parse: %v", got, err)
			}
			if _, _, ok := repairJSON(got); ok {
				t.Errorf("the repair %s is repaired again", got)
			}
		})
	}
}

// FuzzRepairJSON: a repair parses as JSON, is not repaired again, and
// differs from the text only in quotes, backslashes and commas.
func FuzzRepairJSON(f *testing.F) {
	for _, s := range []string{`{'a': 'b',}`, `['it\'s', "x",]`, `{"a": [1, 2,],}`, `'x'`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, _, ok := repairJSON(raw)
		if !ok {
			return
		}
		if _, err := jsonexact.Parse([]byte(got)); err != nil {
			t.Fatalf("the repair %q of %q does not parse: %v", got, raw, err)
		}
		if _, _, again := repairJSON(got); again {
			t.Fatalf("the repair %q of %q is repaired again", got, raw)
		}
		if strip(got) != strip(raw) {
			t.Fatalf("the repair %q of %q changed more than quotes and commas", got, raw)
		}
	})
}

// strip drops the characters a JSON repair may change.
func strip(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\'', '"', '\\', ',':
		default:
			out = append(out, s[i])
		}
	}
	return string(out)
}

// TestExampleJSONRepair: the JSON of an input: or output: line that does
// not parse is repaired in place (Problem.Repair), the rest of the line and
// of the text kept byte for byte; the repaired text has no problem.
func TestExampleJSONRepair(t *testing.T) {
	tests := []struct {
		name, lines string
		want        string // "" for no repair
	}{
		{"single quotes", "input: {'path': 'a'}\noutput: {\"ok\": true}\n", "input: {\"path\": \"a\"}\noutput: {\"ok\": true}\n"},
		{"trailing comma, blanks around", "input:   {\"a\": 1,}  \t\noutput: {\"ok\": true}\n", "input:   {\"a\": 1}  \t\noutput: {\"ok\": true}\n"},
		{"output line, lazy list continuation", "- note\ninput: {}\noutput: {'ok': true,}\n", "- note\ninput: {}\noutput: {\"ok\": true}\n"},
		{"non-ASCII before", "input: {'s': '🌍', 'é': 1}\noutput: {}\n", "input: {\"s\": \"🌍\", \"é\": 1}\noutput: {}\n"},
		{"apostrophe", "input: {'msg': 'it's'}\noutput: {\"ok\": true}\n", ""},
		{"text after the JSON", "input: {'a': 1} <!-- note -->\noutput: {\"ok\": true}\n", ""},
		{"no value", "input:\noutput: {\"ok\": true}\n", ""},
	}
	const head = "---\nname: x\n---\n\n## Examples\n\n### a\n"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := head + tt.lines
			s := parseSpec("TOOL.md", []byte(text))
			var repairs []*Replacement
			for _, p := range s.Problems {
				if p.Repair != nil {
					repairs = append(repairs, p.Repair)
				}
			}
			if tt.want == "" {
				if len(repairs) > 0 {
					t.Fatalf("repairs %+v, want none", repairs)
				}
				return
			}
			if len(repairs) != 1 {
				t.Fatalf("%d repairs, want 1 (problems %+v)", len(repairs), s.Problems)
			}
			r := repairs[0]
			checkSpan(t, s.Lines, r.Span)
			got := text[:r.Span.Start.Offset] + r.New + text[r.Span.End.Offset:]
			if want := head + tt.want; got != want {
				t.Fatalf("repaired text\n%q\nwant\n%q", got, want)
			}
			if after := parseSpec("TOOL.md", []byte(got)); len(after.Problems) != 0 {
				t.Fatalf("the repaired text has problems %+v", after.Problems)
			}
		})
	}
}
