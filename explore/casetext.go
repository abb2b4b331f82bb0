package explore

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/internal/prose"
)

// caseTODO marks the output line of a suggested example case: the
// user writes the output the contract requires in its place. It is no JSON,
// so an example pasted unfinished fails example-syntax.
const caseTODO = "TODO"

// CaseText is a ready-to-paste `### ` example case of the input in, which
// broke the property of the rule rule: its title, the input, and an output
// line for the user to complete, so that the counterexample can become a
// permanent example.
func CaseText(rule string, in Input) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s\n", caseTitle(in))
	fmt.Fprintf(&b, "input: %s\n", in.JSON())
	if in.Valid {
		fmt.Fprintf(&b, "output: %s: the output the contract requires for this input (it broke %s)\n", caseTODO, rule)
	} else {
		fmt.Fprintf(&b, "output: %s: the error answer, e.g. {\"ok\": false, \"error\": \"...\"} (it broke %s)\n", caseTODO, rule)
	}
	return b.String()
}

// caseTitle names the input in as an example's title does, by what it
// is: its fields ("empty text", `path "a.csv" and column ""`), how its
// integers are written when that is the point ("integers written 1.0"),
// and why it is not a valid input when it is not.
func caseTitle(in Input) string {
	title := describeValue(in.Value)
	if in.Spelling != SpellPlain {
		title += ", " + strings.TrimSpace(in.Kind)
	}
	if !in.Valid {
		title += " (not valid: " + strings.TrimSpace(in.Kind) + ")"
	}
	return cleanTitle(title)
}

// Bounds of describeValue: the fields it names, and the length of a string
// it quotes.
const (
	titleFields = 3
	titleString = 24
)

// describeValue says what an input is: an object by its fields, at most
// titleFields of them in key order ("empty text", "count 0", "items with 3
// entries"), other values by their kind.
func describeValue(v any) string {
	obj, ok := v.(map[string]any)
	if !ok {
		return "input " + describeField(v)
	}
	if len(obj) == 0 {
		return "no fields"
	}
	keys := slices.Sorted(maps.Keys(obj))
	var parts []string
	for _, k := range keys[:min(len(keys), titleFields)] {
		parts = append(parts, fieldText(k, obj[k]))
	}
	if more := len(keys) - titleFields; more == 1 {
		parts = append(parts, "1 more field")
	} else if more > 1 {
		parts = append(parts, fmt.Sprintf("%d more fields", more))
	}
	return prose.And(parts)
}

// fieldText says what the field key with the value v is: "empty text",
// `text "hello"`, "count 0", "tags with 2 entries".
func fieldText(key string, v any) string {
	switch x := v.(type) {
	case string:
		if x == "" {
			return "empty " + key
		}
	case []any:
		if len(x) == 0 {
			return "empty " + key
		}
	case map[string]any:
		if len(x) == 0 {
			return "empty " + key
		}
	}
	return key + " " + describeField(v)
}

// describeField says what a value is, briefly: a short string quoted, a
// long one by its length, a number or a word as written, an array or an
// object by its size.
func describeField(v any) string {
	switch x := v.(type) {
	case string:
		if n := utf8.RuneCountInString(x); n > titleString || strings.ContainsAny(x, "\n\r\t") {
			return fmt.Sprintf("of %d characters", n)
		}
		return strconv.Quote(x)
	case []any:
		if len(x) == 1 {
			return "with 1 entry"
		}
		return fmt.Sprintf("with %d entries", len(x))
	case map[string]any:
		if len(x) == 1 {
			return "with 1 key"
		}
		return fmt.Sprintf("with %d keys", len(x))
	case nil:
		return "null"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "?"
	}
	return string(b)
}

// cleanTitle keeps a title on one line.
func cleanTitle(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
