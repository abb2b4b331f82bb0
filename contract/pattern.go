package contract

import (
	"fmt"
	"maps"
	"regexp"
	"regexp/syntax"
	"slices"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// JSON Schema's pattern and patternProperties are ECMA-262 regular
// expressions. Go's regexp (RE2) runs most of them, in time linear in the
// text; it has no lookaround and no backreferences, which ECMA-262 has. A
// pattern RE2 rejects is compiled by regexp2 in its ECMAScript mode, a
// backtracking engine. Each of its matches is bounded by PatternTimeLimit,
// and so are all the matches of one schema's such patterns together, so that
// neither a pattern that backtracks without end nor many slow matches hang
// the validation: it stops instead.

// PatternTimeLimit bounds the time one ECMA-262 pattern that RE2 cannot run
// may take to match one string, and the time all the matches of such
// patterns of one schema may take together.
const PatternTimeLimit = time.Second

// patternBudget is the matching time the ECMA-262 patterns of one compiled
// schema (with its subschemas) have spent, in nanoseconds.
type patternBudget struct {
	spent atomic.Int64
	// ecma is set once compile handed out an ECMA-262 pattern, which
	// draws on the budget: its schema is not shared (schemacache.go).
	ecma bool
}

// compile is the schemas' regular expression engine: RE2 first, then
// ECMA-262, whose matches draw on b. When neither compiles the pattern, the
// ECMA-262 error is returned: that is the dialect JSON Schema names.
func (b *patternBudget) compile(s string) (jsonschema.Regexp, error) {
	if re, err := regexp.Compile(s); err == nil {
		return re, nil
	}
	re, err := compileECMA(s)
	if err != nil {
		return nil, err
	}
	b.ecma = true
	return ecmaPattern{re, b}, nil
}

// isPattern reports whether patternBudget.compile accepts s, without compiling s
// with RE2: regexp.Compile fails exactly when syntax.Parse does.
func isPattern(s string) bool {
	if _, err := syntax.Parse(s, syntax.Perl); err == nil {
		return true
	}
	_, err := compileECMA(s)
	return err == nil
}

// compileECMA compiles s as an ECMA-262 regular expression whose matches
// stop after PatternTimeLimit.
func compileECMA(s string) (*regexp2.Regexp, error) {
	re, err := regexp2.Compile(s, regexp2.ECMAScript|regexp2.Unicode)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = PatternTimeLimit
	return re, nil
}

// ecmaPattern is an ECMA-262 pattern for the library. The library's
// MatchString has no error to return: a match that runs out of time, or
// starts when the schema's budget is spent, panics with a *patternTimeout,
// which Schema.Validate recovers.
type ecmaPattern struct {
	re     *regexp2.Regexp
	budget *patternBudget
}

func (p ecmaPattern) MatchString(s string) bool {
	if p.budget.spent.Load() >= int64(PatternTimeLimit) {
		panic(&patternTimeout{pattern: p.re.String(), length: utf8.RuneCountInString(s), total: true})
	}
	start := time.Now()
	ok, err := p.re.MatchString(s)
	p.budget.spent.Add(int64(time.Since(start)))
	if err != nil {
		panic(&patternTimeout{pattern: p.re.String(), length: utf8.RuneCountInString(s)})
	}
	return ok
}

func (p ecmaPattern) String() string { return p.re.String() }

// patternTimeout is the panic of a match that ran out of time.
type patternTimeout struct {
	pattern string
	length  int  // of the string, in characters
	total   bool // the schema's budget ran out, not the match's own limit
}

// PatternTimeoutError is a validation stopped because matching a pattern of
// the schema took longer than PatternTimeLimit, or because the schema's
// patterns had taken that long in all. Nothing is known about the value then.
type PatternTimeoutError struct {
	// Pattern is the regular expression.
	Pattern string
	// Pointer is the JSON pointer of its pattern keyword or patternProperties
	// name in the schema from TOOL.md ("" if it is in another file).
	Pointer string
	// Length is the length, in characters, of the string it was matched with.
	Length int
	// Total is true when the matches of the schema's patterns together had
	// taken PatternTimeLimit, so that this one was not started.
	Total bool
}

func (e *PatternTimeoutError) Error() string {
	if e.Total {
		return fmt.Sprintf("matching the pattern %q with a string of %d characters was stopped: the patterns that RE2 cannot run had taken longer than %v in all", e.Pattern, e.Length, PatternTimeLimit)
	}
	return fmt.Sprintf("matching the pattern %q with a string of %d characters took longer than %v and was stopped", e.Pattern, e.Length, PatternTimeLimit)
}

// patternPointer returns the JSON pointer of the first pattern keyword or
// patternProperties name in the schema value v (in the order of the keys at
// every level) that is the regular expression re, or "".
func patternPointer(v any, ptr, re string) string {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(v)) {
			at := ptr + "/" + escapePointer(k)
			switch k {
			case "pattern":
				if v[k] == re {
					return at
				}
			case "patternProperties":
				if m, ok := v[k].(map[string]any); ok {
					if _, ok := m[re]; ok {
						return at + "/" + escapePointer(re)
					}
				}
			case "const", "enum", "default", "examples":
				continue // values, not schemas
			}
			if p := patternPointer(v[k], at, re); p != "" {
				return p
			}
		}
	case []any:
		for i, item := range v {
			if p := patternPointer(item, fmt.Sprintf("%s/%d", ptr, i), re); p != "" {
				return p
			}
		}
	}
	return ""
}
