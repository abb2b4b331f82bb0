package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/speccify/speccify-lint/result"
)

var rulePlatforms = &Rule{ID: "platforms", Severity: result.SeverityError, Category: "contract",
	Title: "platforms names an unknown platform",
	Doc: "`platforms` lists where the tool runs: `linux`, `macos` and `windows`, as a YAML list (`[macos, linux]`) " +
		"or a comma-separated string (`macos, linux`). Leaving it out means every platform. An unknown name is " +
		"usually a typo (`mac`, `osx`, `win`). The fix (safe) writes the platform a name surely means: a common " +
		"other name (`mac`, `osx`, `darwin`: macos; `win`, `win32`: windows; `ubuntu`, `debian`: linux), a typo or " +
		"an abbreviation of one platform's name; none when the list names that platform already.",
	Example: "platforms: [mac, linux]",
	Fix:     "platforms: [macos, linux]",
	Autofix: result.SafeFix,
	static:  checkPlatforms}

// checkPlatforms reports the unknown names in platforms, with the known one
// each probably means.
func checkPlatforms(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil {
		return
	}
	named := values(fm.Platforms) // and the platforms the fixes write
	for _, item := range fm.Platforms {
		if !discover.IsPlatform(item.Value) {
			hint := "the known platforms are " + strings.Join(discover.Platforms, ", ")
			key := strings.ToLower(strings.TrimSpace(item.Value))
			near, meant := platformAliases[key], platformAliases[key]
			if near == "" {
				near, meant = suggest.Nearest(item.Value, discover.Platforms), suggest.Meant(item.Value, discover.Platforms)
			}
			r := rep
			if near != "" {
				hint = "did you mean " + near + "?"
				if fix := platformFix(c.spec.Lines, named, item, meant); fix != nil {
					named = append(named, meant)
					r = rep.withFixOf(fix)
				}
			}
			r.withHelp("%s", hint).report(over(item.Span), "platforms", "unknown platform %q", item.Value)
		}
	}
}

// platformFix writes the platform meant over the unknown name item, quoted
// as it was; nil when none is meant surely, it is named already (by the
// list, or by the fix of an earlier name), or the text of item is not its
// name (an alias).
func platformFix(lines *contract.Lines, named []string, item contract.String, meant string) *result.Fix {
	if meant == "" || slices.Contains(named, meant) {
		return nil
	}
	edit, ok := contract.ReplaceName(lines, item.Span, item.Value, meant)
	if !ok {
		return nil
	}
	return &result.Fix{Title: fmt.Sprintf("write %s for %s", meant, item.Value), Edits: []contract.Edit{edit}}
}

var platformAliases = map[string]string{"mac": "macos", "osx": "macos", "darwin": "macos", "win": "windows", "win32": "windows", "ubuntu": "linux", "debian": "linux"}
