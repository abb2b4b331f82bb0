package contract

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

const (
	// maxYAMLDepth bounds the nesting of a YAML value converted to JSON.
	maxYAMLDepth = 1000
	// maxYAMLValues bounds how many JSON values one YAML value may expand to
	// through aliases: a "billion laughs" document stops here.
	maxYAMLValues = 100_000
)

// JSONDoc is a YAML value converted to JSON, with the place of every member.
type JSONDoc struct {
	// Value is the JSON value: map[string]any, []any, string, json.Number,
	// bool or nil.
	Value any

	// places are made on the first call of Places or Place, by placesOf:
	// most documents never need one, and a place for every key made with the
	// conversion was about a third of its cost.
	placesOnce sync.Once
	places     map[string]Pos
	placesOf   func() map[string]Pos
}

// Places maps a JSON pointer ("" for the value itself, "/properties/ok" for
// a member) to the place of its key in TOOL.md (of the item for list
// elements). It is made on the first call; nil for a document that was not
// converted from YAML.
func (d *JSONDoc) Places() map[string]Pos {
	d.placesOnce.Do(func() {
		if d.placesOf != nil {
			d.places, d.placesOf = d.placesOf(), nil
		}
	})
	return d.places
}

// Place returns the place of the JSON pointer, or of its nearest ancestor
// that has one.
func (d *JSONDoc) Place(pointer string) Pos {
	places := d.Places()
	for {
		if p, ok := places[pointer]; ok {
			return p
		}
		i := strings.LastIndexByte(pointer, '/')
		if i < 0 {
			return places[""]
		}
		pointer = pointer[:i]
	}
}

// errConversionStopped aborts a conversion after a fatal problem.
type errConversionStopped struct{}

type yamlConverter struct {
	src      *yamlSource
	key      string
	places   map[string]Pos // nil: the places are not recorded
	problems []Problem
	budget   int
	ptrs     pointerArena // the text of the keys of places
}

// toJSON converts the YAML node n of this frontmatter to JSON faithfully:
// integers stay exact, YAML 1.2 booleans only (yes/no/on stay strings), dates
// stay strings. Non-string mapping keys, .inf/.nan and over-expanding aliases
// are problems; key names the field for the problems' Key. The document's
// places are made when first asked for, by converting n again.
func (s *yamlSource) toJSON(n *yaml.Node, key string) (doc *JSONDoc, problems []Problem) {
	v, _, problems, ok := s.convertJSON(n, key, false)
	if !ok {
		return nil, problems
	}
	return &JSONDoc{Value: v, placesOf: func() map[string]Pos {
		_, places, _, _ := s.convertJSON(n, key, true)
		return places
	}}, problems
}

// convertJSON is toJSON's conversion, with the places of the values when
// withPlaces is set; ok is false when the conversion stopped.
func (s *yamlSource) convertJSON(n *yaml.Node, key string, withPlaces bool) (v any, places map[string]Pos, problems []Problem, ok bool) {
	c := &yamlConverter{src: s, key: key, budget: maxYAMLValues}
	if withPlaces {
		values, pointerBytes := countValues(n, maxPresize)
		c.places = make(map[string]Pos, values)
		c.ptrs.b.Grow(min(pointerBytes, maxPresizeBytes))
	}
	defer func() {
		if r := recover(); r != nil {
			if _, stopped := r.(errConversionStopped); !stopped {
				panic(r)
			}
			v, places, problems, ok = nil, nil, c.problems, false
		}
	}()
	if c.places != nil {
		c.places[""] = s.pos(n)
	}
	v = c.convert(n, pointer{}, 0)
	return v, c.places, c.problems, true
}

const (
	// maxPresize bounds the number of places ToJSON reserves room for up
	// front.
	maxPresize = 4096
	// maxPresizeBytes bounds the text of JSON pointers ToJSON reserves room
	// for up front: deep nesting makes long pointers, and the conversion may
	// stop before it reaches them.
	maxPresizeBytes = 1 << 16
)

// countValues counts the JSON values n converts to (the places ToJSON
// records), up to limit, and the length of their JSON pointers, so that the
// map of places and the pointers' text are sized once instead of growing
// step by step. Aliases are not followed: they only make it an
// underestimate.
func countValues(n *yaml.Node, limit int) (values, pointerBytes int) {
	var walk func(n *yaml.Node, ptrLen int)
	walk = func(n *yaml.Node, ptrLen int) {
		if n == nil || values >= limit {
			return
		}
		values++
		pointerBytes += ptrLen
		switch n.Kind {
		case yaml.DocumentNode:
			for _, c := range n.Content {
				walk(c, ptrLen)
			}
		case yaml.SequenceNode:
			for i, c := range n.Content {
				walk(c, ptrLen+1+decimalLen(i))
			}
		case yaml.MappingNode:
			for i := 1; i < len(n.Content); i += 2 {
				walk(n.Content[i], ptrLen+1+len(n.Content[i-1].Value))
			}
		}
	}
	walk(n, 0)
	return min(values, limit), pointerBytes
}

// decimalLen is the number of decimal digits of i >= 0.
func decimalLen(i int) int {
	n := 1
	for ; i >= 10; i /= 10 {
		n++
	}
	return n
}

func (c *yamlConverter) problem(n *yaml.Node, format string, args ...any) {
	c.problems = append(c.problems, c.src.problem(ProblemValue, n, c.key, fmt.Sprintf(format, args...)))
}

func (c *yamlConverter) stop(n *yaml.Node, format string, args ...any) {
	c.problem(n, format, args...)
	panic(errConversionStopped{})
}

// pointerArena makes the JSON pointers of a conversion. It holds the text of
// every pointer made so far, one after the other, and hands out pieces of
// it: a strings.Builder never changes the bytes it has written, so a string
// it returned stays valid as it grows, and the pointers cost a few
// allocations instead of one each.
type pointerArena struct{ b strings.Builder }

// pointer is a JSON pointer of a pointerArena: its text is b[start:end].
type pointer struct{ start, end int }

// member makes the JSON pointer of the member name of the object at parent;
// text is its string.
func (a *pointerArena) member(parent pointer, name string) (p pointer, text string) {
	p.start = a.startChild(parent)
	writeEscapedPointer(&a.b, name)
	return a.end(p)
}

// item makes the JSON pointer of the item i of the array at parent; text is
// its string.
func (a *pointerArena) item(parent pointer, i int) (p pointer, text string) {
	p.start = a.startChild(parent)
	var digits [20]byte
	a.b.Write(strconv.AppendInt(digits[:0], int64(i), 10))
	return a.end(p)
}

// startChild writes the text of parent and a slash, the start of a child's
// pointer, and returns where it starts.
func (a *pointerArena) startChild(parent pointer) int {
	start := a.b.Len()
	a.b.WriteString(a.b.String()[parent.start:parent.end])
	a.b.WriteByte('/')
	return start
}

// end ends the pointer p started at p.start, and returns it with its text.
func (a *pointerArena) end(p pointer) (pointer, string) {
	p.end = a.b.Len()
	return p, a.b.String()[p.start:p.end]
}

// convert converts n, the value at the JSON pointer ptr, whose place the
// caller has recorded.
func (c *yamlConverter) convert(n *yaml.Node, ptr pointer, depth int) any {
	c.budget--
	if c.budget < 0 {
		c.stop(n, "%s: aliases expand to more than %d values; a YAML alias bomb is not a schema", c.key, maxYAMLValues)
	}
	if depth > maxYAMLDepth {
		c.stop(n, "%s: nested deeper than %d levels", c.key, maxYAMLDepth)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return c.convert(n.Content[0], ptr, depth+1)
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil
		}
		return c.convert(n.Alias, ptr, depth+1)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for i, item := range n.Content {
			var p pointer
			if c.places != nil {
				var text string
				p, text = c.ptrs.item(ptr, i)
				if _, ok := c.places[text]; !ok { // a merged mapping may have set it
					c.places[text] = c.src.pos(item)
				}
			}
			out = append(out, c.convert(item, p, depth+1))
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

func (c *yamlConverter) mapping(n *yaml.Node, ptr pointer, out map[string]any, depth int) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		tag := ""
		if k.Kind == yaml.ScalarNode {
			tag = k.ShortTag()
		}
		if tag == "!!merge" {
			c.merge(v, ptr, out, depth)
			continue
		}
		if tag != "!!str" {
			desc := kindName(k)
			if k.Kind == yaml.ScalarNode {
				desc += " " + k.Value
			}
			c.problem(k, "%s: the mapping key %s is not a string; JSON keys are strings, so quote it", c.key, desc)
			c.problems[len(c.problems)-1].Repair = c.quoteKey(n, k)
		}
		name := k.Value
		var p pointer
		if c.places != nil {
			var text string
			p, text = c.ptrs.member(ptr, name)
			c.places[text] = c.src.pos(k)
		}
		out[name] = c.convert(v, p, depth+1)
	}
}

// quoteKey is the repair of the key k of the mapping n that is no string:
// its text in double quotes, the text JSON needs, when it is a plain scalar
// written as its value (200, true, 1.5, null, ~; not an empty key) without
// anchor or tag, and no other key of n is that string already (the repair
// would give a key twice); nil otherwise.
func (c *yamlConverter) quoteKey(n, k *yaml.Node) *Replacement {
	if k.Kind != yaml.ScalarNode || k.Style != 0 || k.Anchor != "" || k.Value == "" {
		return nil
	}
	for i := 0; i < len(n.Content); i += 2 {
		if o := n.Content[i]; o != k && o.Kind == yaml.ScalarNode && o.Value == k.Value {
			return nil
		}
	}
	span := c.src.span(k)
	if c.src.lines.Text(span) != k.Value || strings.ContainsAny(k.Value, "\n\"\\") {
		return nil
	}
	return &Replacement{Title: "quote the key " + k.Value, Span: span, New: DoubleQuoted(k.Value)}
}

// merge applies a YAML merge key (<<: *base); keys already present win.
func (c *yamlConverter) merge(v *yaml.Node, ptr pointer, out map[string]any, depth int) {
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
		tmp := make(map[string]any, len(s.Content)/2)
		c.mapping(s, ptr, tmp, depth+1)
		for k, val := range tmp {
			if _, ok := out[k]; !ok {
				out[k] = val
			}
		}
	}
}

var (
	jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)
	yamlFloat  = regexp.MustCompile(`^([-+]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([-+]?[0-9]+))?$`)
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
	return boxString(n.Value)
}

// boxString returns s as an any. The values of "type", the strings schemas
// hold most, come boxed once for all instead of allocated on every use.
func boxString(s string) any {
	switch s {
	case "array":
		return "array"
	case "boolean":
		return "boolean"
	case "integer":
		return "integer"
	case "null":
		return "null"
	case "number":
		return "number"
	case "object":
		return "object"
	case "string":
		return "string"
	}
	return s
}

// yamlInt converts a YAML integer (decimal, 0o octal, 0x hex, 0b binary,
// underscores allowed) to an exact json.Number. A decimal with leading zeros
// is decimal, as YAML 1.2 says.
func yamlInt(s string) (json.Number, bool) {
	s = strings.ReplaceAll(s, "_", "")
	if isJSONInt(s) {
		return json.Number(s), true // as big.Int would write it
	}
	if isYAMLDecimal(s) {
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

// isYAMLDecimal reports whether s is a YAML 1.2 decimal integer: an
// optional sign and at least one digit.
func isYAMLDecimal(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	return isDigits(s)
}

// isJSONInt reports whether s is an integer written as JSON and big.Int
// write it: an optional minus, no leading zero, and not -0.
func isJSONInt(s string) bool {
	if s != "" && s[0] == '-' {
		s = s[1:]
		if s == "0" {
			return false
		}
	}
	return isDigits(s) && (s[0] != '0' || len(s) == 1)
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

// PropertyPointer is the JSON pointer of the top-level property name of a
// schema: /properties/<name>, escaped.
func PropertyPointer(name string) string { return "/properties/" + escapePointer(name) }

// escapePointer escapes a key for a JSON pointer (RFC 6901).
func escapePointer(s string) string {
	if !needsPointerEscape(s) {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// needsPointerEscape reports whether s holds a ~ or a / that a JSON pointer
// escapes.
func needsPointerEscape(s string) bool {
	return strings.IndexByte(s, '~') >= 0 || strings.IndexByte(s, '/') >= 0
}

// writeEscapedPointer writes s escaped for a JSON pointer to b, as
// escapePointer returns it.
func writeEscapedPointer(b *strings.Builder, s string) {
	if !needsPointerEscape(s) {
		b.WriteString(s)
		return
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b.WriteString("~0")
		case '/':
			b.WriteString("~1")
		default:
			b.WriteByte(s[i])
		}
	}
}
