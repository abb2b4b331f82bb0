package explore

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// defaultRuns is `speccify-lint explore`'s default --runs: the stress
// values must come within it.
const defaultRuns = 100

// TestStress: within the default runs, each schema gets the stress values
// that only they reach: almost-matches of its patterns and formats, values
// deep in its open objects and recursive $refs through them, unusual
// strings at and past its length bounds (or the examples' lengths).
func TestStress(t *testing.T) {
	longRun := regexp.MustCompile(`^a{32,}!$`)
	tests := []struct {
		name, schema string
		examples     []string
		want         string
		found        func(in Input) bool
	}{
		{"pattern", `{"type":"object","required":["slug"],"additionalProperties":false,"properties":{"slug":{"type":"string","pattern":"^[a-z0-9]+(-[a-z0-9]+)*$","maxLength":64}}}`,
			[]string{`{"slug":"hello-world"}`}, `an invalid slug of 32 or more a and "!", within maxLength`,
			func(in Input) bool {
				s, _ := member(in.Value, "slug").(string)
				return !in.Valid && longRun.MatchString(s) && len(s) <= 64
			}},
		{"pattern, the second repetition", `{"type":"object","required":["id"],"properties":{"id":{"type":"string","pattern":"^x-[a-z]+-[0-9]+$"}}}`,
			nil, `x-a, then a run of 0 and "!"`,
			func(in Input) bool {
				s, _ := member(in.Value, "id").(string)
				return regexp.MustCompile(`^x-a-0{32,}!$`).MatchString(s)
			}},
		{"format", `{"type":"object","required":["to"],"properties":{"to":{"type":"string","format":"email"}}}`,
			[]string{`{"to":"someone@example.com"}`}, `a valid "to" of 32 or more a and "!", and a@ and a run of e`,
			func(in Input) bool {
				s, _ := member(in.Value, "to").(string)
				return in.Valid && longRun.MatchString(s)
			}},
		{"format, the domain", `{"type":"object","required":["to"],"properties":{"to":{"type":"string","format":"email"}}}`,
			nil, `a@, a run of e and "!"`,
			func(in Input) bool {
				s, _ := member(in.Value, "to").(string)
				return regexp.MustCompile(`^a@e{32,}!$`).MatchString(s)
			}},
		{"open object", `{"type":"object","required":["settings"],"additionalProperties":false,"properties":{"settings":{"type":"object"}}}`,
			[]string{`{"settings":{"a":{"b":1}}}`}, "settings nested 4 levels deep",
			func(in Input) bool { return in.Valid && depth(member(in.Value, "settings")) >= 4 }},
		{"additionalProperties a schema", `{"type":"object","properties":{"tags":{"type":"object","additionalProperties":{"type":"object","additionalProperties":{}}}}}`,
			nil, "tags nested 2 levels through additionalProperties, then anything",
			func(in Input) bool { return in.Valid && depth(member(in.Value, "tags")) >= 4 }},
		{"recursive $ref through additionalProperties", `{"type":"object","required":["menu"],"additionalProperties":false,"properties":{"menu":{"$ref":"#/$defs/entries"}},"$defs":{"entries":{"type":"object","additionalProperties":{"$ref":"#/$defs/entries"}}}}`,
			[]string{`{"menu":{"File":{"Open":{}}}}`}, "menu nested 16 levels deep",
			func(in Input) bool { return in.Valid && depth(member(in.Value, "menu")) >= 16 }},
		{"unusual strings at maxLength", `{"type":"object","required":["label"],"properties":{"label":{"type":"string","minLength":1,"maxLength":16}}}`,
			[]string{`{"label":"Straße"}`}, "16 astral emoji",
			func(in Input) bool { return in.Valid && member(in.Value, "label") == strings.Repeat("😀", 16) }},
		{"unusual strings past maxLength", `{"type":"object","required":["label"],"properties":{"label":{"type":"string","maxLength":16}}}`,
			nil, "17 code points of tab, CR, é, a combining mark, 日 and 😀",
			func(in Input) bool {
				s, _ := member(in.Value, "label").(string)
				return !in.Valid && utf8.RuneCountInString(s) == 17 && strings.ContainsAny(s, "\t\r\u0301😀")
			}},
		{"unusual strings at the examples' length", `{"type":"object","required":["name"],"properties":{"name":{"type":"string"}}}`,
			[]string{`{"name":"hello"}`, `{"name":"hi"}`}, "5 and 10 code points of unusual characters",
			func(in Input) bool {
				s, _ := member(in.Value, "name").(string)
				return s == mixedText(10) || s == "😀😀😀😀😀"
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, seed := range []uint64{1, 14, 99} {
				src := source(t, tt.schema, tt.examples...)
				ins := inputs(New(src, seed), defaultRuns)
				if !slices.ContainsFunc(ins, tt.found) {
					var got []string
					for _, in := range ins {
						got = append(got, fmt.Sprintf("%s (%s)", in.JSON(), in.Kind))
					}
					t.Errorf("seed %d: no %s among the first %d inputs:\n%s", seed, tt.want, defaultRuns, strings.Join(got, "\n"))
				}
			}
		})
	}
}

// TestStressKeepsOrder: the inputs made without stress values come in the
// same order with them, the stress values among them; the random ones are
// the same (no random number is drawn for a stress value).
func TestStressKeepsOrder(t *testing.T) {
	for _, schema := range []string{
		`{"type":"object","required":["slug"],"properties":{"slug":{"type":"string","pattern":"^[a-z]+$","maxLength":8},"n":{"type":"integer"},"o":{"type":"object"}}}`,
		`{"type":"object","properties":{"name":{"type":"string"},"when":{"type":"string","format":"date"},"tags":{"type":"array","items":{"type":"string","maxLength":4}}}}`,
	} {
		src := source(t, schema, `{"slug":"abc","name":"x"}`)
		g := New(src, 7)
		g.stress = nil
		without := inputs(g, 300)
		with := inputs(New(src, 7), 300+maxStress)
		i := 0
		for _, in := range with {
			if i < len(without) && string(in.JSON()) == string(without[i].JSON()) {
				i++
			}
		}
		if i < len(without) {
			t.Errorf("%s: only the first %d of %d inputs without stress values come in order with them; then %s", schema, i, len(without), without[i].JSON())
		}
	}
}

// member is the member k of v, an object; nil otherwise.
func member(v any, k string) any {
	obj, _ := v.(map[string]any)
	return obj[k]
}

// depth is how many objects deep v nests.
func depth(v any) int {
	obj, ok := v.(map[string]any)
	if !ok {
		return 0
	}
	d := 0
	for _, m := range obj {
		d = max(d, depth(m))
	}
	return d + 1
}

// TestAlmostMatchesWithinMaxLength: an almost-match keeps to maxLength,
// the breaking character included, down to none at all.
func TestAlmostMatchesWithinMaxLength(t *testing.T) {
	p := compilePattern("^[a-z]+$")
	for _, maxLen := range []int{0, 1, 2, 5, 64} {
		for _, run := range almostRuns {
			for _, s := range p.almostMatches(run, maxLen) {
				if n := utf8.RuneCountInString(s); n > maxLen {
					t.Errorf("maxLength %d, run %d: %q has %d code points", maxLen, run, s, n)
				}
			}
		}
	}
	if got := p.almostMatches(32, -1); len(got) != 1 || got[0] != strings.Repeat("a", 32)+"!" {
		t.Errorf("no maxLength: %q, want a run of 32 a and !", got)
	}
}
