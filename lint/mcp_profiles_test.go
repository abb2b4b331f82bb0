package lint

import (
	"slices"
	"strings"
	"testing"
)

// TestClientProfilesData: every profile is complete data: a unique name
// that is not mcp, the fields it reads, and for each constraint a check
// that checkProfile knows, a verdict, what the client takes instead and
// the URL of the client's documentation that says so.
func TestClientProfilesData(t *testing.T) {
	checks := []ProfileCheck{CheckKey, CheckClosed, CheckAllRequired, CheckRootKey, CheckSingleType,
		CheckStringValues, CheckValueIn, CheckDepth, CheckPropertyCount, CheckEnumCount}
	seen := map[string]bool{MCPProfile: true}
	for _, p := range clientProfiles {
		if seen[p.Name] || p.Name == "" || strings.ContainsAny(p.Name, ", ") {
			t.Errorf("profile name %q: empty, repeated, mcp, or not one word", p.Name)
		}
		seen[p.Name] = true
		if p.Client == "" || len(p.Schemas) == 0 {
			t.Errorf("profile %s: no client or no schemas", p.Name)
		}
		cs := p.Constraints
		if p.Supported != nil {
			cs = append([]ProfileConstraint{p.Others}, cs...)
		}
		for _, c := range cs {
			if !slices.Contains(checks, c.Check) || (c.Verdict != Refuses && c.Verdict != Ignores) ||
				c.Why == "" || !strings.HasPrefix(c.Source, "https://") {
				t.Errorf("profile %s: incomplete constraint %+v", p.Name, c)
			}
			if (c.Check == CheckDepth || c.Check == CheckPropertyCount || c.Check == CheckEnumCount) && c.Limit < 1 {
				t.Errorf("profile %s: %s without a limit", p.Name, c.Check)
			}
			if c.Check == CheckValueIn && len(c.Values) == 0 {
				t.Errorf("profile %s: %s without values", p.Name, c.Check)
			}
		}
	}
}

// TestProfileFindingAndNames: a profile's finding says its profile and
// verdict; a finding of mcp-tool's own checks, or of another rule, is none;
// CheckProfiles takes the names and refuses others with the likely one.
func TestProfileFindingAndNames(t *testing.T) {
	for _, c := range []struct {
		f       Finding
		profile string
		verdict ClientVerdict
		ok      bool
	}{
		{Finding{Rule: "mcp-tool", Key: profileKey("gemini", Ignores, "inputs/properties/a:b/format")}, "gemini", Ignores, true},
		{Finding{Rule: "mcp-tool", Key: profileKey("openai-strict", Refuses, "inputs")}, "openai-strict", Refuses, true},
		{Finding{Rule: "mcp-tool", Key: "inputs/type"}, "", "", false},
		// A property named as a profile's key would be is still the rule's
		// own finding, which leaves the tool out of an export.
		{Finding{Rule: "mcp-tool", Key: "inputs/properties/client:gemini:ignores:x"}, "", "", false},
		{Finding{Rule: "mcp-tool", Key: "inputs/properties/x|gemini|ignores"}, "", "", false},
		{Finding{Rule: "mcp-tool", Key: "client:nobody:ignores:inputs"}, "", "", false},
		{Finding{Rule: "mcp-tool", Key: "client:gemini:shrugs:inputs"}, "", "", false},
		{Finding{Rule: "schema", Key: profileKey("gemini", Refuses, "inputs")}, "", "", false},
	} {
		p, v, ok := ProfileFinding(c.f)
		if p != c.profile || v != c.verdict || ok != c.ok {
			t.Errorf("ProfileFinding(%+v) = %q, %q, %v; want %q, %q, %v", c.f, p, v, ok, c.profile, c.verdict, c.ok)
		}
	}
	if err := CheckProfiles(ProfileNames()); err != nil {
		t.Errorf("CheckProfiles(ProfileNames()) = %v", err)
	}
	if err := CheckProfiles([]string{"gemini", "opeanai-strict"}); err == nil || !strings.Contains(err.Error(), "did you mean openai-strict?") {
		t.Errorf("CheckProfiles(opeanai-strict) = %v, want an error with the likely name", err)
	}
}
