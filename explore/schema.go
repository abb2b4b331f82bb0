package explore

import (
	"encoding/json"
	"math"
	"math/big"
	"net/url"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
)

// node is one schema read for generation: the keywords that shape values.
// The in-place applicators ($ref, allOf) are folded into it by
// (*schema).flat; anyOf and oneOf stay alternatives to choose from.
type node struct {
	never bool // the false schema, or keywords that contradict each other

	types    []string // allowed JSON types, sorted; empty: any
	enum     []any
	hasEnum  bool
	constVal any
	hasConst bool

	num numRange

	minLen, maxLen int // maxLen < 0: none
	patterns       []*pattern
	format         string

	props     map[string]*node
	propNames []string // sorted
	required  []string // sorted, distinct
	addl      *node    // additionalProperties; nil: any value
	addlFalse bool
	patProps  []patternProp
	depReq    map[string][]string
	minProps  int
	maxProps  int // < 0: none

	prefix     []*node
	items      *node // nil: any value
	itemsFalse bool
	minItems   int
	maxItems   int // < 0: none
	unique     bool

	// alts are groups of alternatives (anyOf, oneOf): a value matches one
	// of each group.
	alts [][]*node

	// raw in-place applicators, folded by flat.
	ref   string
	allOf []*node
}

// patternProp is one patternProperties entry.
type patternProp struct {
	pat  *pattern
	node *node
}

// numRange is the numeric keywords.
type numRange struct {
	min, max       float64 // ±Inf: none
	exMin, exMax   bool
	multipleOf     []*big.Rat
	hasMin, hasMax bool
}

// pattern is a pattern keyword: the RE2 program when Go can run it (to
// filter candidates), and the syntax tree generation walks.
type pattern struct {
	src  string
	re   *regexp.Regexp // nil: ECMA-only, the oracle decides
	tree *syntax.Regexp // nil: no tree could be made, random strings

	// openStart and openEnd: the pattern is not anchored there, so a
	// match may have any text before or after it.
	openStart, openEnd bool
}

// Limits that keep generation bounded on recursive and huge schemas.
const (
	maxRefChain = 16 // $ref to $ref to ... without structure
	maxDepth    = 12 // nesting of generated values
)

// schema is a schema document read for generation, with its nodes cached
// by JSON pointer so that $ref resolution reads each target once.
type schema struct {
	root  any
	nodes map[string]*node
	flats map[*node]*node
}

func newSchema(root any) *schema {
	return &schema{root: root, nodes: map[string]*node{}, flats: map[*node]*node{}}
}

// at returns the node of the subschema at a JSON pointer of the document.
func (s *schema) at(ptr string) *node {
	if n, ok := s.nodes[ptr]; ok {
		return n
	}
	v, ok := lookup(s.root, ptr)
	if !ok {
		// A $ref to nothing: the compiled schema would not exist; any
		// value then, the oracle decides.
		n := newNode()
		s.nodes[ptr] = n
		return n
	}
	n := newNode()
	s.nodes[ptr] = n // before reading, so that a cycle finds it
	s.read(n, v, ptr)
	return n
}

// newNode returns the node of the schema {}: any value.
func newNode() *node {
	return &node{maxLen: -1, maxProps: -1, maxItems: -1, num: numRange{min: math.Inf(-1), max: math.Inf(1)}}
}

// lookup resolves a JSON pointer in v.
func lookup(v any, ptr string) (any, bool) {
	if ptr == "" {
		return v, true
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil, false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = c[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			v = c[i]
		default:
			return nil, false
		}
	}
	return v, true
}

func escapeToken(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

// read fills n from the schema value v found at ptr.
func (s *schema) read(n *node, v any, ptr string) {
	switch m := v.(type) {
	case bool:
		n.never = !m
		return
	case map[string]any:
		s.readObject(n, m, ptr)
	}
}

func (s *schema) readObject(n *node, m map[string]any, ptr string) {
	sub := func(key string) *node { return s.at(ptr + "/" + escapeToken(key)) }
	subAt := func(key string, i int) *node { return s.at(ptr + "/" + escapeToken(key) + "/" + strconv.Itoa(i)) }
	switch t := m["type"].(type) {
	case string:
		n.types = []string{t}
	case []any:
		for _, e := range t {
			if s, ok := e.(string); ok && !slices.Contains(n.types, s) {
				n.types = append(n.types, s)
			}
		}
		slices.Sort(n.types)
		if len(n.types) == 0 {
			n.never = true
		}
	}
	if e, ok := m["enum"].([]any); ok {
		n.enum, n.hasEnum = e, true
	}
	if c, ok := m["const"]; ok {
		n.constVal, n.hasConst = c, true
	}
	s.readNumbers(n, m)
	n.minLen = intKeyword(m, "minLength", 0)
	n.maxLen = intKeyword(m, "maxLength", -1)
	if p, ok := m["pattern"].(string); ok {
		n.patterns = append(n.patterns, compilePattern(p))
	}
	n.format, _ = m["format"].(string)

	if props, ok := m["properties"].(map[string]any); ok {
		n.props = map[string]*node{}
		for _, k := range sortedKeys(props) {
			n.props[k] = s.at(ptr + "/properties/" + escapeToken(k))
			n.propNames = append(n.propNames, k)
		}
	}
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if k, ok := r.(string); ok {
				n.required = append(n.required, k)
			}
		}
		slices.Sort(n.required)
		n.required = slices.Compact(n.required)
	}
	switch a := m["additionalProperties"].(type) {
	case bool:
		n.addlFalse = !a
	case map[string]any:
		n.addl = sub("additionalProperties")
	}
	if pp, ok := m["patternProperties"].(map[string]any); ok {
		for _, k := range sortedKeys(pp) {
			n.patProps = append(n.patProps, patternProp{compilePattern(k), s.at(ptr + "/patternProperties/" + escapeToken(k))})
		}
	}
	if dr, ok := m["dependentRequired"].(map[string]any); ok {
		n.depReq = map[string][]string{}
		for _, k := range sortedKeys(dr) {
			list, _ := dr[k].([]any)
			for _, e := range list {
				if d, ok := e.(string); ok {
					n.depReq[k] = append(n.depReq[k], d)
				}
			}
		}
	}
	n.minProps = intKeyword(m, "minProperties", 0)
	n.maxProps = intKeyword(m, "maxProperties", -1)

	if p, ok := m["prefixItems"].([]any); ok {
		for i := range p {
			n.prefix = append(n.prefix, subAt("prefixItems", i))
		}
	}
	switch it := m["items"].(type) {
	case bool:
		n.itemsFalse = !it
	case map[string]any:
		n.items = sub("items")
	case []any: // draft 2019-09 and older: items is the prefix
		for i := range it {
			n.prefix = append(n.prefix, subAt("items", i))
		}
		switch ai := m["additionalItems"].(type) {
		case bool:
			n.itemsFalse = !ai
		case map[string]any:
			n.items = sub("additionalItems")
		}
	}
	n.minItems = intKeyword(m, "minItems", 0)
	n.maxItems = intKeyword(m, "maxItems", -1)
	n.unique, _ = m["uniqueItems"].(bool)

	for _, kw := range []string{"anyOf", "oneOf"} {
		if list, ok := m[kw].([]any); ok && len(list) > 0 {
			var group []*node
			for i := range list {
				group = append(group, subAt(kw, i))
			}
			n.alts = append(n.alts, group)
		}
	}
	if list, ok := m["allOf"].([]any); ok {
		for i := range list {
			n.allOf = append(n.allOf, subAt("allOf", i))
		}
	}
	if not, ok := m["not"]; ok {
		if b, ok := not.(bool); ok && b {
			n.never = true
		} else if nm, ok := not.(map[string]any); ok && len(nm) == 0 {
			n.never = true // not: {} admits nothing
		}
	}
	if r, ok := m["$ref"].(string); ok {
		n.ref = r
	}
}

// readNumbers reads the numeric keywords, of draft 2020-12 and of draft 4
// (boolean exclusiveMinimum/exclusiveMaximum).
func (s *schema) readNumbers(n *node, m map[string]any) {
	if f, ok := number(m["minimum"]); ok {
		n.num.min, n.num.hasMin = f, true
	}
	if f, ok := number(m["maximum"]); ok {
		n.num.max, n.num.hasMax = f, true
	}
	switch e := m["exclusiveMinimum"].(type) {
	case bool:
		n.num.exMin = e && n.num.hasMin
	default:
		if f, ok := number(e); ok && (!n.num.hasMin || f >= n.num.min) {
			n.num.min, n.num.hasMin, n.num.exMin = f, true, true
		}
	}
	switch e := m["exclusiveMaximum"].(type) {
	case bool:
		n.num.exMax = e && n.num.hasMax
	default:
		if f, ok := number(e); ok && (!n.num.hasMax || f <= n.num.max) {
			n.num.max, n.num.hasMax, n.num.exMax = f, true, true
		}
	}
	if mo, ok := m["multipleOf"].(json.Number); ok {
		if r, ok := parseRat(mo); ok && r.Sign() > 0 {
			n.num.multipleOf = append(n.num.multipleOf, r)
		}
	}
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
	case float64:
		return x, true
	}
	return 0, false
}

// intKeyword reads a non-negative integer keyword, def when absent or not
// one; values are capped so that lengths stay ints.
func intKeyword(m map[string]any, k string, def int) int {
	f, ok := number(m[k])
	if !ok || f < 0 || f != math.Trunc(f) {
		return def
	}
	return int(min(f, 1<<40))
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// flat returns n with its $ref and allOf folded in: one node whose keywords
// are the conjunction of theirs. Results are cached; a chain of $refs
// longer than maxRefChain (a recursive schema that never reaches structure)
// admits nothing.
func (s *schema) flat(n *node) *node {
	return s.flatDepth(n, 0)
}

func (s *schema) flatDepth(n *node, depth int) *node {
	if f, ok := s.flats[n]; ok {
		return f
	}
	if n.ref == "" && len(n.allOf) == 0 {
		return n
	}
	if depth > maxRefChain {
		return &node{never: true}
	}
	own := *n
	own.ref, own.allOf = "", nil
	f := &own
	if n.ref != "" {
		f = merge(f, s.flatDepth(s.resolve(n.ref), depth+1))
	}
	for _, a := range n.allOf {
		f = merge(f, s.flatDepth(a, depth+1))
	}
	s.flats[n] = f
	return f
}

// resolve returns the node a $ref names within the document: "#", "#/..."
// pointers, and $anchor or $id names are not followed (any value).
func (s *schema) resolve(ref string) *node {
	if ptr, ok := strings.CutPrefix(ref, "#"); ok {
		if p, err := url.PathUnescape(ptr); err == nil {
			return s.at(p)
		}
	}
	return s.at("\x00unresolved") // lookup fails: any value
}
