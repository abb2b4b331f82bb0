package lint

import (
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

// TestRequiredTypo: the one unknown key that surely means a missing
// required field stands for it; none when the field is there, when two
// keys mean it, or when its entry holds a YAML error.
func TestRequiredTypo(t *testing.T) {
	for _, tc := range []struct {
		name, yaml, field, want string
	}{
		{"typo", "name: t\nefects: none\n", "effects", "efects"},
		{"abbreviation", "name: t\ndescr: x\n", "description", "descr"},
		{"there", "name: t\nefects: none\neffects: none\n", "effects", ""},
		{"two typos", "name: t\nefects: none\neffect: none\n", "effects", ""},
		{"not required", "name: t\nruntim: x\n", "runtime", ""},
		{"far", "name: t\nside_effects_of_it: x\n", "effects", ""},
		{"broken", "name: t\nefects: none\neffects: a: b\n", "effects", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := contract.ParseText("TOOL.md", []byte("---\n"+tc.yaml+"---\n"))
			got := ""
			if k := requiredTypo(spec.Frontmatter, tc.field); k != nil {
				got = k.Name
			}
			if got != tc.want {
				t.Errorf("requiredTypo(%q) = %q, want %q", tc.field, got, tc.want)
			}
		})
	}
}
