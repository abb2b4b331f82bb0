package lint

import (
	"strings"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/suggest"
)

var rulePlatforms = &Rule{ID: "platforms", Severity: SeverityError, Category: "contract",
	Title: "platforms names an unknown platform",
	Doc: "`platforms` lists where the tool runs: `linux`, `macos` and `windows`, as a YAML list (`[macos, linux]`) " +
		"or a comma-separated string (`macos, linux`). Leaving it out means every platform. An unknown name is " +
		"usually a typo (`mac`, `osx`, `win`).",
	Example: "platforms: [mac, linux]",
	Fix:     "platforms: [macos, linux]",
	static:  checkPlatforms}

// checkPlatforms reports the unknown names in platforms, with the known one
// each probably means.
func checkPlatforms(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil {
		return
	}
	for _, item := range fm.Platforms {
		if !discover.IsPlatform(item.Value) {
			hint := "the known platforms are " + strings.Join(discover.Platforms, ", ")
			near := platformAliases[strings.ToLower(strings.TrimSpace(item.Value))]
			if near == "" {
				near = suggest.Nearest(item.Value, discover.Platforms)
			}
			if near != "" {
				hint = "did you mean " + near + "?"
			}
			rep.report(over(item.Span), "platforms", "unknown platform %q: %s", item.Value, hint)
		}
	}
}

var platformAliases = map[string]string{"mac": "macos", "osx": "macos", "darwin": "macos", "win": "windows", "win32": "windows", "ubuntu": "linux", "debian": "linux"}
