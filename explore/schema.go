package explore

import (
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/speccify/speccify-lint/contract"
)

// node is one compiled schema read for generation: the keywords that
// shape values. The in-place applicators ($ref, allOf) are folded into it
// by (*schema).flat; anyOf, oneOf, if/then/else and dependentSchemas stay
// alternatives to choose from.
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
	keys      *node // propertyNames; nil: any name
	minProps  int
	maxProps  int // < 0: none

	prefix     []*node
	items      *node // nil: any value
	itemsFalse bool
	minItems   int
	maxItems   int // < 0: none
	unique     bool
	// contains: at least minContains and at most maxContains (< 0: any
	// number of) items match it; nil: no contains.
	contains                 *node
	minContains, maxContains int

	// alts are groups of alternatives (anyOf, oneOf, if/then/else,
	// dependentSchemas): a value matches one of each group.
	alts [][]*node

	// allOf are the in-place applicators folded by flat: allOf and the
	// targets of $ref, $dynamicRef and $recursiveRef.
	allOf []*node
}

// patternProp is one patternProperties entry.
type patternProp struct {
	pat  *pattern
	node *node
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

// schema is the compiled inputs schema read for generation, its nodes
// cached by compiled schema so that each is read once and a $ref (to the
// document, a file of the tool folder, an $anchor or an $id: the compiler
// resolved them all) finds its target's node.
type schema struct {
	model *contract.Schema
	nodes map[*jsonschema.Schema]*node
	flats map[*node]*node
	conjs map[[2]*node]*node
}

func newSchema(model *contract.Schema) *schema {
	return &schema{model: model, nodes: map[*jsonschema.Schema]*node{}, flats: map[*node]*node{}, conjs: map[[2]*node]*node{}}
}

// root is the node of the whole schema.
func (s *schema) root() *node {
	if s.model == nil {
		return newNode()
	}
	return s.at(s.model.Compiled())
}

// at returns the node of a compiled schema; nil is the schema {}.
func (s *schema) at(sch *jsonschema.Schema) *node {
	if sch == nil {
		return anyValue
	}
	if n, ok := s.nodes[sch]; ok {
		return n
	}
	n := newNode()
	s.nodes[sch] = n // before reading, so that a cycle finds it
	s.read(n, sch)
	return n
}

// newNode returns the node of the schema {}: any value.
func newNode() *node {
	return &node{maxLen: -1, maxProps: -1, maxItems: -1, maxContains: -1}
}

// read fills n from the compiled schema sch.
func (s *schema) read(n *node, sch *jsonschema.Schema) {
	if sch.Bool != nil {
		n.never = !*sch.Bool
		return
	}
	if sch.Types != nil {
		n.types = sch.Types.ToStrings()
		slices.Sort(n.types)
	}
	if sch.Enum != nil {
		n.enum, n.hasEnum = sch.Enum.Values, true
	}
	if sch.Const != nil {
		n.constVal, n.hasConst = *sch.Const, true
	}
	n.num = numRangeOf(sch.Minimum, sch.ExclusiveMinimum, sch.Maximum, sch.ExclusiveMaximum, sch.MultipleOf)
	n.minLen = intLimit(sch.MinLength, 0)
	n.maxLen = intLimit(sch.MaxLength, -1)
	if sch.Pattern != nil {
		n.patterns = append(n.patterns, compilePattern(sch.Pattern.String()))
	}
	if sch.Format != nil {
		n.format = sch.Format.Name
	} else if f, ok := s.model.Keyword(sch, "format"); ok {
		n.format, _ = f.(string)
	}
	s.readObject(n, sch)
	s.readArray(n, sch)

	for _, list := range [][]*jsonschema.Schema{sch.AnyOf, sch.OneOf} {
		if len(list) > 0 {
			n.alts = append(n.alts, s.all(list))
		}
	}
	n.allOf = s.all(sch.AllOf)
	for _, r := range []*jsonschema.Schema{sch.Ref, sch.RecursiveRef} {
		if r != nil {
			n.allOf = append(n.allOf, s.at(r))
		}
	}
	if sch.DynamicRef != nil && sch.DynamicRef.Ref != nil {
		// Where a $dynamicRef leads depends on the value's path; its
		// static target is the usual one, and the oracle decides.
		n.allOf = append(n.allOf, s.at(sch.DynamicRef.Ref))
	}
	if sch.Not != nil && s.admitsAll(sch.Not) {
		n.never = true // not: {} admits nothing
	}
	if sch.If != nil {
		// A value either matches if and then, or else: two alternatives;
		// one of else's that matches if after all is the oracle's to drop.
		yes := s.at(sch.If)
		if sch.Then != nil {
			yes = s.conj(yes, s.at(sch.Then))
		}
		n.alts = append(n.alts, []*node{yes, s.at(sch.Else)})
	}
}

// admitsAll reports whether sch is written as true or {}.
func (s *schema) admitsAll(sch *jsonschema.Schema) bool {
	if sch.Bool != nil {
		return *sch.Bool
	}
	raw, ok := s.model.Raw(sch)
	m, isMap := raw.(map[string]any)
	return ok && isMap && len(m) == 0
}

// all returns the nodes of list.
func (s *schema) all(list []*jsonschema.Schema) []*node {
	var out []*node
	for _, sch := range list {
		out = append(out, s.at(sch))
	}
	return out
}

func (s *schema) readObject(n *node, sch *jsonschema.Schema) {
	if len(sch.Properties) > 0 {
		n.props = map[string]*node{}
		for _, k := range sortedKeys(sch.Properties) {
			n.props[k] = s.at(sch.Properties[k])
			n.propNames = append(n.propNames, k)
		}
	}
	n.required = slices.Clone(sch.Required)
	slices.Sort(n.required)
	n.required = slices.Compact(n.required)
	switch a := sch.AdditionalProperties.(type) {
	case bool:
		n.addlFalse = !a
	case *jsonschema.Schema:
		n.addl = s.at(a)
	}
	if u := sch.UnevaluatedProperties; u != nil && u.Bool != nil && !*u.Bool {
		n.addlFalse = true // as far as generation goes
	}
	pats := make([]jsonschema.Regexp, 0, len(sch.PatternProperties))
	for re := range sch.PatternProperties {
		pats = append(pats, re)
	}
	slices.SortFunc(pats, func(a, b jsonschema.Regexp) int { return strings.Compare(a.String(), b.String()) })
	for _, re := range pats {
		n.patProps = append(n.patProps, patternProp{compilePattern(re.String()), s.at(sch.PatternProperties[re])})
	}
	depReq := map[string][]string{}
	depSchemas := map[string]*jsonschema.Schema{}
	for k, v := range sch.DependentRequired {
		depReq[k] = v
	}
	for k, v := range sch.DependentSchemas {
		depSchemas[k] = v
	}
	for k, v := range sch.Dependencies { // draft 7 and older
		switch d := v.(type) {
		case []string:
			depReq[k] = d
		case *jsonschema.Schema:
			depSchemas[k] = d
		}
	}
	if len(depReq) > 0 {
		n.depReq = depReq
	}
	for _, k := range sortedKeys(depSchemas) {
		// With k present the dependent schema applies: a value has k and
		// matches it, or is any value (one with k that breaks it is the
		// oracle's to drop).
		has := newNode()
		has.required = []string{k}
		n.alts = append(n.alts, []*node{s.conj(has, s.at(depSchemas[k])), anyValue})
	}
	if sch.PropertyNames != nil {
		n.keys = s.at(sch.PropertyNames)
	}
	n.minProps = intLimit(sch.MinProperties, 0)
	n.maxProps = intLimit(sch.MaxProperties, -1)
}

func (s *schema) readArray(n *node, sch *jsonschema.Schema) {
	n.prefix = s.all(sch.PrefixItems)
	items, addl := any(sch.Items2020), any(nil)
	if sch.Items2020 == nil {
		items, addl = sch.Items, sch.AdditionalItems // draft 2019-09 and older
	}
	switch it := items.(type) {
	case *jsonschema.Schema:
		if it != nil {
			if it.Bool != nil && !*it.Bool {
				n.itemsFalse = true
			} else {
				n.items = s.at(it)
			}
		}
	case []*jsonschema.Schema: // items is the prefix
		n.prefix = s.all(it)
		switch ai := addl.(type) {
		case bool:
			n.itemsFalse = !ai
		case *jsonschema.Schema:
			n.items = s.at(ai)
		}
	}
	if u := sch.UnevaluatedItems; u != nil && u.Bool != nil && !*u.Bool && n.items == nil {
		n.itemsFalse = true // as far as generation goes
	}
	n.minItems = intLimit(sch.MinItems, 0)
	n.maxItems = intLimit(sch.MaxItems, -1)
	n.unique = sch.UniqueItems
	if sch.Contains != nil {
		n.contains = s.at(sch.Contains)
		n.minContains = intLimit(sch.MinContains, 1)
		n.maxContains = intLimit(sch.MaxContains, -1)
	}
}

// intLimit is a length or count keyword as the compiler read it, def when
// absent; values are capped so that lengths stay small ints, and a
// negative one (what the compiler makes of a number beyond int64) is 0.
func intLimit(p *int, def int) int {
	if p == nil {
		return def
	}
	return min(max(*p, 0), 1<<40)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// flat returns n with its allOf and references folded in: one node whose
// keywords are the conjunction of theirs. Results are cached; a chain of $refs
// longer than maxRefChain (a recursive schema that never reaches structure)
// admits nothing.
func (s *schema) flat(n *node) *node {
	return s.flatDepth(n, 0)
}

func (s *schema) flatDepth(n *node, depth int) *node {
	if f, ok := s.flats[n]; ok {
		return f
	}
	if len(n.allOf) == 0 {
		return n
	}
	if depth > maxRefChain {
		return &node{never: true}
	}
	own := *n
	own.allOf = nil
	f := &own
	for _, a := range n.allOf {
		f = s.merge(f, s.flatDepth(a, depth+1))
	}
	s.flats[n] = f
	return f
}
