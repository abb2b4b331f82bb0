package lint

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// knownFields are the top-level frontmatter keys of the convention.
var knownFields = []string{"name", "description", "inputs", "outputs", "effects", "requires", "runtime", "platforms"}

// requiredFields must be present and not empty.
var requiredFields = []string{"name", "description", "inputs", "outputs", "effects", "requires"}

var kebabName = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

const (
	maxNameLength        = 64
	maxDescriptionLength = 1024
)

// checkParseProblems turns the parser's problems into findings.
func (c *toolCheck) checkParseProblems() {
	for _, p := range c.spec.Problems {
		switch p.Kind {
		case contract.ProblemFrontmatter:
			c.report(ruleFrontmatter, p.Pos, p.Key, "%s", p.Msg)
		case contract.ProblemValue:
			c.report(ruleFieldType, p.Pos, p.Key, "%s", p.Msg)
		case contract.ProblemExample:
			c.report(ruleExampleSyntax, p.Pos, p.Key, "%s", p.Msg)
		}
	}
}

// checkFields checks the top-level frontmatter fields.
func (c *toolCheck) checkFields() {
	fm := c.spec.Frontmatter
	if fm == nil {
		return
	}
	if fm.Root == nil && c.hasFrontmatterProblem() {
		return // unparsable: one finding is enough
	}
	for _, name := range requiredFields {
		f := fm.Field(name)
		switch {
		case f == nil:
			c.report(ruleRequiredField, fm.Pos, name, "required field %q is missing from the frontmatter; %s", name, fieldHint(name))
		case isEmptyValue(deref(f.Value)):
			c.report(ruleRequiredField, f.KeyPos, name, "required field %q is empty; %s", name, fieldHint(name))
		}
	}
	for _, f := range fm.Fields {
		if !slices.Contains(knownFields, f.Key) {
			if near := nearestField(f.Key); near != "" {
				c.report(ruleUnknownField, f.KeyPos, f.Key, "unknown frontmatter key %q: did you mean %s?", f.Key, near)
			} else {
				c.report(ruleUnknownField, f.KeyPos, f.Key, "unknown frontmatter key %q; the convention knows %s", f.Key, strings.Join(knownFields, ", "))
			}
		}
	}
	for _, name := range []string{"name", "description", "effects", "runtime"} {
		f := fm.Field(name)
		if f == nil {
			continue
		}
		v := deref(f.Value)
		if isEmptyValue(v) {
			continue
		}
		if !isString(v) {
			c.report(ruleFieldType, fm.NodePos(v), name, "%s must be a string, not a %s", name, contract.KindName(v))
			continue
		}
		if name == "effects" && strings.Contains(strings.TrimRight(v.Value, "\n"), "\n") {
			c.report(ruleFieldType, fm.NodePos(v), name, "effects must be one line; use a folded block (>-) or shorten it")
		}
	}
	for _, name := range []string{"requires", "platforms"} {
		if f := fm.Field(name); f != nil && !isEmptyValue(deref(f.Value)) {
			c.stringList(f)
		}
	}
	for _, name := range []string{"inputs", "outputs"} {
		f := fm.Field(name)
		if f == nil {
			continue
		}
		if v := deref(f.Value); !isEmptyValue(v) && v.Kind != yaml.MappingNode && !(v.Kind == yaml.ScalarNode && v.ShortTag() == "!!bool") {
			c.report(ruleFieldType, fm.NodePos(v), name, "%s must be a JSON Schema written as a YAML mapping (type: object, properties: ...), not a %s", name, contract.KindName(v))
		}
	}
	c.checkName()
	c.checkDescription()
	c.checkPlatforms()
}

func (c *toolCheck) hasFrontmatterProblem() bool {
	for _, p := range c.spec.Problems {
		if p.Kind == contract.ProblemFrontmatter {
			return true
		}
	}
	return false
}

func fieldHint(name string) string {
	switch name {
	case "name":
		return "add name: <folder name>"
	case "description":
		return "add a one-paragraph description of what the tool does"
	case "inputs", "outputs":
		return "add a JSON Schema, e.g. " + name + ": {type: object, properties: {...}}"
	case "effects":
		return "say in one line what a run may touch, e.g. effects: reads the plist; writes nothing"
	case "requires":
		return "list the executables a run needs, e.g. requires: python3 (or requires: [] for none)"
	}
	return ""
}

func (c *toolCheck) checkName() {
	f := c.spec.Frontmatter.Field("name")
	if f == nil || !isString(deref(f.Value)) || isEmptyValue(deref(f.Value)) {
		return
	}
	v := deref(f.Value)
	name := v.Value
	pos := c.spec.Frontmatter.NodePos(v)
	folder := filepath.Base(c.absDir())
	switch {
	case utf8.RuneCountInString(name) > maxNameLength:
		c.report(ruleName, pos, "name", "name %q is %d characters long; keep it at most %d", name, utf8.RuneCountInString(name), maxNameLength)
	case !kebabName.MatchString(name):
		c.report(ruleName, pos, "name", "name %q is not lowercase kebab-case (a-z, 0-9, single hyphens), e.g. %q", name, kebabCase(name))
	case name != folder:
		c.report(ruleName, pos, "name", "name %q does not match the folder name %q; rename one so that they are equal", name, folder)
	}
}

func (c *toolCheck) absDir() string {
	if abs, err := filepath.Abs(c.dir); err == nil {
		return abs
	}
	return c.dir
}

func kebabCase(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

func (c *toolCheck) checkDescription() {
	f := c.spec.Frontmatter.Field("description")
	if f == nil || !isString(deref(f.Value)) {
		return
	}
	v := deref(f.Value)
	if n := utf8.RuneCountInString(v.Value); n > maxDescriptionLength {
		c.report(ruleDescription, c.spec.Frontmatter.NodePos(v), "description",
			"description is %d characters long; keep it at most %d and move details into the Markdown body", n, maxDescriptionLength)
	}
}

func (c *toolCheck) checkPlatforms() {
	f := c.spec.Frontmatter.Field("platforms")
	if f == nil {
		return
	}
	for _, item := range listItems(c.spec.Frontmatter, f.Value) {
		if !discover.IsPlatform(item.value) {
			hint := "the known platforms are " + strings.Join(discover.Platforms, ", ")
			if near := nearest(item.value, discover.Platforms, platformAliases); near != "" {
				hint = "did you mean " + near + "?"
			}
			c.report(rulePlatforms, item.pos, "platforms", "unknown platform %q: %s", item.value, hint)
		}
	}
}

var platformAliases = map[string]string{"mac": "macos", "osx": "macos", "darwin": "macos", "win": "windows", "win32": "windows", "ubuntu": "linux", "debian": "linux"}

// listItem is one entry of a requires/platforms list, at its place.
type listItem struct {
	value string
	pos   contract.Pos
}

// listItems reads a YAML list of strings or a comma-separated string.
func listItems(fm *contract.Frontmatter, n *yaml.Node) []listItem {
	n = deref(n)
	var out []listItem
	switch n.Kind {
	case yaml.SequenceNode:
		for _, item := range n.Content {
			item = deref(item)
			if isString(item) && strings.TrimSpace(item.Value) != "" {
				out = append(out, listItem{strings.TrimSpace(item.Value), fm.NodePos(item)})
			}
		}
	case yaml.ScalarNode:
		if !isString(n) {
			return nil
		}
		base := fm.NodePos(n)
		// Columns inside the text are exact only where the source spells the
		// value as it is: a plain scalar, or a quoted one without escapes.
		singleLine := !strings.Contains(n.Value, "\n") && (n.Style == 0 ||
			(n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle) && !strings.ContainsAny(n.Value, `'"\`))
		if n.Style == yaml.DoubleQuotedStyle || n.Style == yaml.SingleQuotedStyle {
			base.Column++
		}
		off := 0
		for _, part := range strings.Split(n.Value, ",") {
			trimmed := strings.TrimSpace(part)
			lead := len(part) - len(strings.TrimLeft(part, " \t"))
			if trimmed != "" {
				pos := fm.NodePos(n)
				if singleLine {
					pos = contract.Pos{Line: base.Line, Column: base.Column + utf16Len(n.Value[:off+lead])}
				}
				out = append(out, listItem{trimmed, pos})
			}
			off += len(part) + 1
		}
	}
	return out
}

// stringList checks that requires/platforms is a string or a list of strings.
func (c *toolCheck) stringList(f *contract.Field) {
	fm := c.spec.Frontmatter
	v := deref(f.Value)
	switch v.Kind {
	case yaml.ScalarNode:
		if !isString(v) {
			c.report(ruleFieldType, fm.NodePos(v), f.Key, "%s must be a string or a list of strings, not a %s", f.Key, contract.KindName(v))
		}
	case yaml.SequenceNode:
		for _, item := range v.Content {
			if it := deref(item); !isString(it) {
				c.report(ruleFieldType, fm.NodePos(it), f.Key, "every entry of %s must be a string, not a %s", f.Key, contract.KindName(it))
			}
		}
	default:
		c.report(ruleFieldType, fm.NodePos(v), f.Key, "%s must be a string or a list of strings, not a %s", f.Key, contract.KindName(v))
	}
}

// deref follows YAML aliases to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isString(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"
}

// isEmptyValue: null, a blank string. An empty list is a value (requires: []).
func isEmptyValue(n *yaml.Node) bool {
	if n == nil {
		return true
	}
	if n.Kind == yaml.ScalarNode {
		return n.ShortTag() == "!!null" || (n.ShortTag() == "!!str" && strings.TrimSpace(n.Value) == "")
	}
	return false
}

// nearestField suggests the known field nearest to an unknown key.
func nearestField(key string) string {
	return nearest(key, knownFields, nil)
}

// nearest finds the candidate closest to s by edit distance (at most a third
// of its length, and at least 2), or by prefix; aliases map common other
// names.
func nearest(s string, candidates []string, aliases map[string]string) string {
	low := strings.ToLower(strings.TrimSpace(s))
	if a, ok := aliases[low]; ok {
		return a
	}
	best, bestD := "", max(2, len(low)/3)+1
	for _, cand := range candidates {
		d := editDistance(low, cand)
		if d < bestD {
			best, bestD = cand, d
		}
	}
	if best != "" {
		return best
	}
	for _, cand := range candidates {
		if len(low) >= 4 && (strings.HasPrefix(low, cand) || strings.HasPrefix(cand, low)) {
			return cand
		}
	}
	return ""
}

// editDistance is the Levenshtein distance of two short strings.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
