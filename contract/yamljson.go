package contract

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"
)

const (
	// maxYAMLDepth bounds the nesting of a YAML value converted to JSON.
	maxYAMLDepth = 1000
	// MaxYAMLValues bounds how many JSON values one YAML value may expand to
	// through aliases: a "billion laughs" document stops here.
	MaxYAMLValues = 100_000
)

// JSONDoc is a YAML value converted to JSON, with the place of every member.
type JSONDoc struct {
	// Value is the JSON value: map[string]any, []any, string, json.Number,
	// bool or nil.
	Value any
	// Places maps a JSON pointer ("" for the value itself, "/properties/ok"
	// for a member) to the place of its key in TOOL.md (of the item for list
	// elements).
	Places map[string]Pos
}

// Place returns the place of the JSON pointer, or of its nearest ancestor
// that has one.
func (d *JSONDoc) Place(pointer string) Pos {
	for {
		if p, ok := d.Places[pointer]; ok {
			return p
		}
		i := strings.LastIndexByte(pointer, '/')
		if i < 0 {
			return d.Places[""]
		}
		pointer = pointer[:i]
	}
}

// errConversionStopped aborts a conversion after a fatal problem.
type errConversionStopped struct{}

type yamlConverter struct {
	fm       *Frontmatter
	key      string
	places   map[string]Pos
	problems []Problem
	budget   int
}

// ToJSON converts the YAML node n of this frontmatter to JSON faithfully:
// integers stay exact, YAML 1.2 booleans only (yes/no/on stay strings), dates
// stay strings. Non-string mapping keys, .inf/.nan and over-expanding aliases
// are problems; key names the field for the problems' Key.
func (f *Frontmatter) ToJSON(n *yaml.Node, key string) (doc *JSONDoc, problems []Problem) {
	c := &yamlConverter{fm: f, key: key, places: make(map[string]Pos, countValues(n, maxPresize)), budget: MaxYAMLValues}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(errConversionStopped); !ok {
				panic(r)
			}
			doc = nil
			problems = c.problems
		}
	}()
	v := c.convert(n, "", f.NodePos(n), 0)
	return &JSONDoc{Value: v, Places: c.places}, c.problems
}

// maxPresize bounds the size ToJSON reserves for the places up front.
const maxPresize = 4096

// countValues counts the JSON values n converts to (the places ToJSON
// records), up to limit, so that the map of places is sized once instead of
// growing step by step. Aliases are not followed: they only make it an
// underestimate.
func countValues(n *yaml.Node, limit int) int {
	count := 0
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil || count >= limit {
			return
		}
		count++
		switch n.Kind {
		case yaml.DocumentNode, yaml.SequenceNode:
			for _, c := range n.Content {
				walk(c)
			}
		case yaml.MappingNode:
			for i := 1; i < len(n.Content); i += 2 {
				walk(n.Content[i])
			}
		}
	}
	walk(n)
	return min(count, limit)
}

func (c *yamlConverter) problem(n *yaml.Node, format string, args ...any) {
	c.problems = append(c.problems, Problem{Kind: ProblemValue, Pos: c.fm.NodePos(n), Key: c.key, Msg: fmt.Sprintf(format, args...)})
}

func (c *yamlConverter) stop(n *yaml.Node, format string, args ...any) {
	c.problem(n, format, args...)
	panic(errConversionStopped{})
}

func (c *yamlConverter) convert(n *yaml.Node, ptr string, place Pos, depth int) any {
	c.budget--
	if c.budget < 0 {
		c.stop(n, "%s: aliases expand to more than %d values; a YAML alias bomb is not a schema", c.key, MaxYAMLValues)
	}
	if depth > maxYAMLDepth {
		c.stop(n, "%s: nested deeper than %d levels", c.key, maxYAMLDepth)
	}
	if _, ok := c.places[ptr]; !ok {
		c.places[ptr] = place
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return c.convert(n.Content[0], ptr, place, depth+1)
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil
		}
		return c.convert(n.Alias, ptr, place, depth+1)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for i, item := range n.Content {
			p := fmt.Sprintf("%s/%d", ptr, i)
			out = append(out, c.convert(item, p, c.fm.NodePos(item), depth+1))
		}
		return out
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		c.mapping(n, ptr, out, depth)
		return out
	case yaml.ScalarNode:
		return c.scalar(n)
	}
	return nil
}

func (c *yamlConverter) mapping(n *yaml.Node, ptr string, out map[string]any, depth int) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.ShortTag() == "!!merge" {
			c.merge(v, ptr, out, depth)
			continue
		}
		if k.Kind != yaml.ScalarNode || k.ShortTag() != "!!str" {
			desc := KindName(k)
			if k.Kind == yaml.ScalarNode {
				desc += " " + k.Value
			}
			c.problem(k, "%s: the mapping key %s is not a string; JSON keys are strings, so quote it", c.key, desc)
		}
		name := k.Value
		p := ptr + "/" + escapePointer(name)
		kp := c.fm.NodePos(k)
		c.places[p] = kp
		out[name] = c.convert(v, p, kp, depth+1)
	}
}

// merge applies a YAML merge key (<<: *base); keys already present win.
func (c *yamlConverter) merge(v *yaml.Node, ptr string, out map[string]any, depth int) {
	for v.Kind == yaml.AliasNode && v.Alias != nil {
		v = v.Alias
	}
	sources := []*yaml.Node{v}
	if v.Kind == yaml.SequenceNode {
		sources = v.Content
	}
	for _, s := range sources {
		for s.Kind == yaml.AliasNode && s.Alias != nil {
			s = s.Alias
		}
		if s.Kind != yaml.MappingNode {
			c.problem(s, "%s: a merge key (<<) needs a mapping", c.key)
			continue
		}
		tmp := map[string]any{}
		c.mapping(s, ptr, tmp, depth+1)
		for k, val := range tmp {
			if _, ok := out[k]; !ok {
				out[k] = val
			}
		}
	}
}

var (
	yamlDecimal = regexp.MustCompile(`^[-+]?[0-9]+$`)
	jsonNumber  = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)
	yamlFloat   = regexp.MustCompile(`^([-+]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([-+]?[0-9]+))?$`)
)

func (c *yamlConverter) scalar(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		return strings.EqualFold(n.Value, "true")
	case "!!int":
		if v, ok := yamlInt(n.Value); ok {
			return v
		}
		c.problem(n, "%s: %q is not an integer JSON can hold", c.key, n.Value)
		return n.Value
	case "!!float":
		if v, ok := yamlFloatNumber(n.Value); ok {
			return v
		}
		c.problem(n, "%s: %s is not a number JSON can hold (no infinity or NaN in JSON)", c.key, n.Value)
		return n.Value
	}
	// !!str, !!timestamp (dates stay strings), !!binary and custom tags.
	return n.Value
}

// yamlInt converts a YAML integer (decimal, 0o octal, 0x hex, 0b binary,
// underscores allowed) to an exact json.Number. A decimal with leading zeros
// is decimal, as YAML 1.2 says.
func yamlInt(s string) (json.Number, bool) {
	s = strings.ReplaceAll(s, "_", "")
	if yamlDecimal.MatchString(s) {
		var z big.Int
		if _, ok := z.SetString(s, 10); ok {
			return json.Number(z.String()), true
		}
		return "", false
	}
	neg := false
	switch {
	case strings.HasPrefix(s, "-"):
		neg, s = true, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	base := 0
	switch {
	case strings.HasPrefix(s, "0o"), strings.HasPrefix(s, "0O"):
		base, s = 8, s[2:]
	case strings.HasPrefix(s, "0x"), strings.HasPrefix(s, "0X"):
		base, s = 16, s[2:]
	case strings.HasPrefix(s, "0b"), strings.HasPrefix(s, "0B"):
		base, s = 2, s[2:]
	default:
		return "", false
	}
	var z big.Int
	if _, ok := z.SetString(s, base); !ok {
		return "", false
	}
	if neg {
		z.Neg(&z)
	}
	return json.Number(z.String()), true
}

// yamlFloatNumber rewrites a YAML float literal as an exact JSON number
// literal without going through float64: "+1.5" -> "1.5", ".5" -> "0.5",
// "1." -> "1", "01.5" -> "1.5".
func yamlFloatNumber(s string) (json.Number, bool) {
	s = strings.ReplaceAll(s, "_", "")
	if jsonNumber.MatchString(s) {
		return json.Number(s), true
	}
	m := yamlFloat.FindStringSubmatch(s)
	if m == nil || (m[2] == "" && m[3] == "") {
		return "", false
	}
	sign, whole, frac, exp := m[1], strings.TrimLeft(m[2], "0"), m[3], m[4]
	if whole == "" {
		whole = "0"
	}
	var b strings.Builder
	if sign == "-" {
		b.WriteByte('-')
	}
	b.WriteString(whole)
	if frac != "" {
		b.WriteString("." + frac)
	}
	if exp != "" {
		b.WriteString("e" + exp)
	}
	if !jsonNumber.MatchString(b.String()) {
		return "", false
	}
	return json.Number(b.String()), true
}

// escapePointer escapes a key for a JSON pointer (RFC 6901).
func escapePointer(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
