package lint_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/testtree"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// twinTool has findings of many rules, at places all over the file.
const twinTool = `---
name: t
description: Says hello to 🌍, in one line.
inputs:
  type: object
  properties:
    x: {type: strng}
    level: {type: integer, description: 40 = Maintainer, 50 = Owner.}
input: {type: object}
outputs:
  type: object
  required: [ok]
  properties:
    ok: {const: true}
effects: |
  two
  lines
requires: []
platforms: macos, lnux
---

# T

## Examples

### 🌍 a
input: {"s": "🌍", x}
output: {"ok": true}

### 🌍 a
input: {}

### b
input: {"p": "fixtures/missing.txt"}
output: {"ok": "yes"}
`

// twinBroken has a YAML error after a tab.
const twinBroken = `---
name: broken
description: x
inputs:
  type: object
 required: [ok]
outputs:
	type: object
---

## Examples
`

const twinSkill = "# S\n\nUse 🌍 [t](../../tools/t/) and [u](../../tools/u/).\n"

// lintTwin writes the files with their line endings replaced by eol (and a
// BOM when bom) into a fresh root and lints it without running anything.
func lintTwin(t *testing.T, eol string, bom bool) []result.Finding {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		".agent/tools/t/TOOL.md":      twinTool,
		".agent/tools/broken/TOOL.md": twinBroken,
		".agent/skills/s/SKILL.md":    twinSkill,
	}
	for name, text := range files {
		text = strings.ReplaceAll(text, "\n", eol)
		if bom {
			text = "\ufeff" + text
		}
		files[name] = text
	}
	testtree.Write(t, root, files)
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	res := lint.Lint(context.Background(), disc, lint.Config{Root: root, Platform: "linux", Jobs: 1})
	var out []result.Finding
	out = append(out, res.Findings...)
	for _, tr := range res.Tools {
		out = append(out, tr.Findings...)
	}
	for _, s := range res.Skills {
		out = append(out, s.Findings...)
	}
	return out
}

// TestLineEndingTwins: a CRLF, a BOM, a BOM + CRLF and a CR twin of a
// contract give exactly the findings of the plain one, at the same lines and
// columns.
func TestLineEndingTwins(t *testing.T) {
	plain := lintTwin(t, "\n", false)
	rules := map[string]bool{}
	for _, f := range plain {
		rules[f.Rule] = true
	}
	for _, r := range []string{"frontmatter", "field-type", "unknown-field", "platforms", "schema", "ok-field", "yaml-split",
		"example-syntax", "example-title", "skill-link"} {
		if !rules[r] {
			t.Errorf("the plain twin has no %s finding; findings: %v", r, plain)
		}
	}
	for _, twin := range []struct {
		name string
		eol  string
		bom  bool
	}{
		{"CRLF", "\r\n", false},
		{"BOM", "\n", true},
		{"BOM + CRLF", "\r\n", true},
		{"CR", "\r", false},
	} {
		t.Run(twin.name, func(t *testing.T) {
			got := lintTwin(t, twin.eol, twin.bom)
			if !reflect.DeepEqual(got, plain) {
				t.Errorf("findings differ from the plain twin:\n%s\nwant\n%s", findingLines(got), findingLines(plain))
			}
		})
	}
}

func findingLines(fs []result.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String() + "\n")
	}
	return b.String()
}
