package lint

import "testing"

// TestEveryRuleHasAnExample: every rule carries an excerpt that triggers it
// and the same excerpt fixed, which `speccify-lint rules ID` prints.
func TestEveryRuleHasAnExample(t *testing.T) {
	for _, r := range Rules() {
		switch {
		case r.Example == "" || r.Fix == "":
			t.Errorf("rule %s has no Example or no Fix", r.ID)
		case r.Example == r.Fix:
			t.Errorf("rule %s: Fix is its Example", r.ID)
		}
	}
}
