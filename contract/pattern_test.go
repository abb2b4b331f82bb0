package contract

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/jsonexact"
)

// The engine takes what RE2 or ECMA-262 compiles, and the meta-schema
// pre-check agrees with it and with the library's meta-validation.
func TestPatternEngine(t *testing.T) {
	tests := []struct {
		pattern string
		valid   bool
		matches []string
		misses  []string
	}{
		{`^[a-z]+$`, true, []string{"abc"}, []string{"aB"}},
		{`^(?!tmp)[a-z]+$`, true, []string{"file"}, []string{"tmpfile"}}, // lookahead
		{`(?<=x)y`, true, []string{"xy"}, []string{"zy"}},                // lookbehind
		{`^(.)\1$`, true, []string{"aa"}, []string{"ab"}},                // backreference
		{`^(?<c>.)\k<c>$`, true, []string{"bb"}, []string{"bc"}},         // named backreference
		{`(?P<n>a)`, true, []string{"a"}, nil},                           // RE2 only
		{`(a`, false, nil, nil},
		{`(?!a`, false, nil, nil},
		{`[`, false, nil, nil},
	}
	for _, tt := range tests {
		re, err := (&patternBudget{}).compile(tt.pattern)
		if (err == nil) != tt.valid {
			t.Errorf("compile(%q): %v, want valid %v", tt.pattern, err, tt.valid)
		}
		if got := isPattern(tt.pattern); got != tt.valid {
			t.Errorf("isPattern(%q) = %v, want %v", tt.pattern, got, tt.valid)
		}
		if got := libraryMetaValid(t, map[string]any{"pattern": tt.pattern}); got != tt.valid {
			t.Errorf("library meta-validation of pattern %q: %v, want %v", tt.pattern, got, tt.valid)
		}
		for _, s := range tt.matches {
			if !re.MatchString(s) {
				t.Errorf("%q does not match %q", tt.pattern, s)
			}
		}
		for _, s := range tt.misses {
			if re.MatchString(s) {
				t.Errorf("%q matches %q", tt.pattern, s)
			}
		}
	}
}

// A match that runs out of time stops the validation with an error that
// places the pattern, instead of hanging it.
func TestPatternTimeout(t *testing.T) {
	long := strings.Repeat("a", 40) + "b"
	tests := []struct {
		schema, value string
		want          *PatternTimeoutError
	}{
		{`{"properties": {"x": {"pattern": "^(?=a)(a+)+$"}}}`, `{"x": "` + long + `"}`,
			&PatternTimeoutError{Pattern: "^(?=a)(a+)+$", Pointer: "/properties/x/pattern", Length: 41}},
		{`{"$defs": {"d": {"const": {"pattern": "^(?!z)(a+)+$"}}}, "patternProperties": {"^(?!z)(a+)+$": false}}`, `{"` + long + `": 1}`,
			&PatternTimeoutError{Pattern: "^(?!z)(a+)+$", Pointer: "/patternProperties/^(?!z)(a+)+$", Length: 41}},
	}
	for _, tt := range tests {
		sv, err := jsonexact.Parse([]byte(tt.schema))
		if err != nil {
			t.Fatal(err)
		}
		sch, issues := compileIn(t, sv, t.TempDir())
		if len(issues) > 0 {
			t.Fatal(issues)
		}
		v, err := jsonexact.Parse([]byte(tt.value))
		if err != nil {
			t.Fatal(err)
		}
		var got *PatternTimeoutError
		if err := sch.Validate(v); !errors.As(err, &got) || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Validate(%s) = %v, want %+v", tt.schema, tt.value, err, tt.want)
		}
	}
}

// FuzzPattern: the pre-check and the engine agree on every pattern, and a
// compiled pattern matches a short text without a panic.
func FuzzPattern(f *testing.F) {
	for _, s := range []string{`^[a-z]+$`, `^(?!tmp)`, `(a)\1`, `(?<=x)y`, `(a`, `\p{L}`, `(?P<n>a)`, `[\d-z]`, `\u{1F600}`} {
		f.Add(s, "tmpa1")
	}
	f.Fuzz(func(t *testing.T, pattern, text string) {
		re, err := (&patternBudget{}).compile(pattern)
		if got := isPattern(pattern); got != (err == nil) {
			t.Fatalf("isPattern(%q) = %v, compile: %v", pattern, got, err)
		}
		if err != nil || len(text) > 16 {
			return
		}
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(*patternTimeout); !ok {
					t.Fatalf("%q on %q: %v", pattern, text, r)
				}
			}
		}()
		re.MatchString(text)
	})
}

// The matches of one schema's ECMA-262 patterns share PatternTimeLimit:
// once it is spent, a match does not start, whatever its own time.
func TestPatternBudget(t *testing.T) {
	b := &patternBudget{}
	re, err := b.compile(`^(?!x)a+$`)
	if err != nil {
		t.Fatal(err)
	}
	if !re.MatchString("aaa") || b.spent.Load() <= 0 {
		t.Fatalf("a match within the budget: spent %d", b.spent.Load())
	}
	b.spent.Store(int64(PatternTimeLimit))
	defer func() {
		pt, ok := recover().(*patternTimeout)
		want := &patternTimeout{pattern: `^(?!x)a+$`, length: 2, total: true}
		if !ok || *pt != *want {
			t.Errorf("a match after the budget: %+v, want %+v", pt, want)
		}
		got := (&PatternTimeoutError{Pattern: pt.pattern, Length: pt.length, Total: pt.total}).Error()
		if msg := "matching the pattern \"^(?!x)a+$\" with a string of 2 characters was stopped: the patterns that RE2 cannot run had taken longer than 1s in all"; got != msg {
			t.Errorf("message %q, want %q", got, msg)
		}
	}()
	re.MatchString("aa")
	t.Error("a match after the budget ran")
}
