package suggest

import (
	"strings"
	"testing"
)

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "abc", 0},
		{"eror", "error", 1},
		{"teh", "the", 1}, // a swap is one edit
		{"intgeer", "integer", 1},
		{"ca", "abc", 3}, // optimal string alignment: no edit of a swapped pair
		{"kitten", "sitting", 3},
		{"héllo", "hello", 1}, // runes, not bytes
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := Distance(c.b, c.a); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.b, c.a, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	types := []string{"string", "number", "integer", "boolean", "object", "array", "null"}
	for _, c := range []struct {
		s     string
		cands []string
		want  string
	}{
		{"intger", types, "integer"},
		{"Intger", types, "integer"}, // case is ignored
		{"strnig", types, "string"},  // a swap
		{"obj", types, "object"},     // 3 edits from object, but a prefix
		{"lin", []string{"linux", "macos"}, "linux"},
		{"ojb", types, ""}, // 3 characters: 1 edit at most
		{"float", types, ""},
		{"", types, ""},
		{"error-cse", []string{"error-case", "error-field"}, "error-case"},
		{"rulez", []string{"lint", "rules", "merge", "version"}, "rules"},
		{"zzz", []string{"lint", "rules", "merge", "version"}, ""},
		{"descr", []string{"name", "description"}, "description"}, // a prefix
		{"ok", []string{"id"}, ""},
		{"eror", []string{"ok", "error"}, "error"},
		{"ab", []string{"ac", "ab"}, "ab"},       // exact beats near
		{"xy", []string{"xa", "xb"}, "xa"},       // ties: the first
		{"inputs", []string{"inputs"}, "inputs"}, // equal
	} {
		if got := Nearest(c.s, c.cands); got != c.want {
			t.Errorf("Nearest(%q, %q) = %q, want %q", c.s, c.cands, got, c.want)
		}
	}
}

func TestClose(t *testing.T) {
	fields := []string{"name", "description", "inputs", "outputs", "effects", "requires", "runtime", "platforms"}
	for _, c := range []struct {
		s     string
		cands []string
		want  string
	}{
		{"input", fields, "inputs"},
		{"output", fields, "outputs"},
		{"xy", []string{"xb", "xa", "xy"}, "xy xb xa"}, // nearest first, then in order
		{"descr", fields, ""},                          // a prefix is no typo
		{"outputs_gone", fields, ""},
		{"ru", []string{"rules", "run"}, "run"},
		{"zzzz", fields, ""},
	} {
		if got := strings.Join(Close(c.s, c.cands), " "); got != c.want {
			t.Errorf("Close(%q, %q) = %q, want %q", c.s, c.cands, got, c.want)
		}
	}
}

func TestTypoAndMeant(t *testing.T) {
	types := []string{"string", "number", "integer", "boolean", "object", "array", "null"}
	keys := []string{"name", "description", "inputs", "outputs", "effects", "requires", "runtime", "platforms"}
	for _, tt := range []struct {
		s           string
		candidates  []string
		typo, meant string
	}{
		{"strng", types, "string", "string"},
		{"intger", types, "integer", "integer"},
		{"int", types, "", "integer"},
		{"bool", types, "", "boolean"},
		{"nul", types, "null", "null"},
		{"float", types, "", ""},
		{"input", keys, "inputs", "inputs"},
		{"tputs", keys, "", ""},            // as near inputs as outputs
		{"outputs_gone", keys, "", ""},     // another name, not an abbreviation
		{"descr", keys, "", "description"}, // an abbreviation
		{"in", keys, "", ""},               // too short
		{"eror", []string{"eror", "message"}, "eror", "eror"},
	} {
		if got := Typo(tt.s, tt.candidates); got != tt.typo {
			t.Errorf("Typo(%q) = %q, want %q", tt.s, got, tt.typo)
		}
		if got := Meant(tt.s, tt.candidates); got != tt.meant {
			t.Errorf("Meant(%q) = %q, want %q", tt.s, got, tt.meant)
		}
	}
}
