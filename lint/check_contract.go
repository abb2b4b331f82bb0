package lint

import (
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

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
		case contract.ProblemValue, contract.ProblemType:
			c.report(ruleFieldType, p.Pos, p.Key, "%s", p.Msg)
		case contract.ProblemExample:
			c.report(ruleExampleSyntax, p.Pos, p.Key, "%s", p.Msg)
		}
	}
}

// checkFields checks the top-level frontmatter fields; the parser has
// reported values of the wrong kind (ProblemType).
func (c *toolCheck) checkFields() {
	fm := c.spec.Frontmatter
	if fm == nil || fm.Invalid {
		return // unparsable: one finding is enough
	}
	for _, name := range requiredFields {
		k := fm.Key(name)
		switch {
		case k == nil:
			c.report(ruleRequiredField, fm.Pos, name, "required field %q is missing from the frontmatter; %s", name, fieldHint(name))
		case k.Empty:
			c.report(ruleRequiredField, k.Span.Start.Pos, name, "required field %q is empty; %s", name, fieldHint(name))
		}
	}
	for _, k := range fm.Unknown() {
		if near := nearestField(k.Name); near != "" {
			c.report(ruleUnknownField, k.Span.Start.Pos, k.Name, "unknown frontmatter key %q: did you mean %s?", k.Name, near)
		} else {
			c.report(ruleUnknownField, k.Span.Start.Pos, k.Name, "unknown frontmatter key %q; the convention knows %s", k.Name, strings.Join(contract.KnownFields, ", "))
		}
	}
	if e := fm.Effects; strings.TrimSpace(e.Value) != "" && strings.Contains(strings.TrimRight(e.Value, "\n"), "\n") {
		c.report(ruleFieldType, e.Span.Start.Pos, "effects", "effects must be one line; use a folded block (>-) or shorten it")
	}
	c.checkName()
	c.checkDescription()
	c.checkPlatforms()
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
	v := c.spec.Frontmatter.Name
	name := v.Value
	if strings.TrimSpace(name) == "" {
		return
	}
	pos := v.Span.Start.Pos
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
	v := c.spec.Frontmatter.Description
	if n := utf8.RuneCountInString(v.Value); n > maxDescriptionLength {
		c.report(ruleDescription, v.Span.Start.Pos, "description",
			"description is %d characters long; keep it at most %d and move details into the Markdown body", n, maxDescriptionLength)
	}
}

func (c *toolCheck) checkPlatforms() {
	for _, item := range c.spec.Frontmatter.Platforms {
		if !discover.IsPlatform(item.Value) {
			hint := "the known platforms are " + strings.Join(discover.Platforms, ", ")
			if near := nearest(item.Value, discover.Platforms, platformAliases); near != "" {
				hint = "did you mean " + near + "?"
			}
			c.report(rulePlatforms, item.Span.Start.Pos, "platforms", "unknown platform %q: %s", item.Value, hint)
		}
	}
}

var platformAliases = map[string]string{"mac": "macos", "osx": "macos", "darwin": "macos", "win": "windows", "win32": "windows", "ubuntu": "linux", "debian": "linux"}

// values are the texts of requires or platforms entries.
func values(items []contract.String) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Value
	}
	return out
}

// nearestField suggests the known field nearest to an unknown key.
func nearestField(key string) string {
	return nearest(key, contract.KnownFields, nil)
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
