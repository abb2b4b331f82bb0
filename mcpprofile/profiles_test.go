package mcpprofile

import (
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestClientProfilesData: every profile is complete data: a unique name
// that is not mcp, the fields it reads, and for each constraint a check
// that Profile.Walk knows, a verdict, what the client takes instead and
// the URL of the client's documentation that says so.
func TestClientProfilesData(t *testing.T) {
	checks := []Check{CheckKey, CheckClosed, CheckAllRequired, CheckRootKey, CheckSingleType,
		CheckStringValues, CheckValueIn, CheckDepth, CheckPropertyCount, CheckEnumCount, CheckStringChars, CheckEnumChars}
	seen := map[string]bool{MCP: true}
	for _, p := range profiles {
		if seen[p.Name] || p.Name == "" || strings.ContainsAny(p.Name, ", ") {
			t.Errorf("profile name %q: empty, repeated, mcp, or not one word", p.Name)
		}
		seen[p.Name] = true
		if p.Client == "" || len(p.Schemas) == 0 {
			t.Errorf("profile %s: no client or no schemas", p.Name)
		}
		cs := p.Constraints
		if p.Supported != nil {
			cs = append([]Constraint{p.Others}, cs...)
		}
		for _, c := range cs {
			if !slices.Contains(checks, c.Check) || (c.Verdict != Refuses && c.Verdict != Ignores) ||
				c.Why == "" || !strings.HasPrefix(c.Source, "https://") {
				t.Errorf("profile %s: incomplete constraint %+v", p.Name, c)
			}
			if (c.Check == CheckDepth || c.Check == CheckPropertyCount || c.Check == CheckEnumCount ||
				c.Check == CheckStringChars || c.Check == CheckEnumChars) && c.Limit < 1 {
				t.Errorf("profile %s: %s without a limit", p.Name, c.Check)
			}
			if c.Check == CheckEnumChars && c.Over < 1 {
				t.Errorf("profile %s: %s without the count it applies over", p.Name, c.Check)
			}
			if c.Check == CheckValueIn && len(c.Values) == 0 {
				t.Errorf("profile %s: %s without values", p.Name, c.Check)
			}
		}
	}
}

// TestParseKeyAndNames: a profile's finding key says its profile and
// verdict, a key of mcp-tool's own checks is none; CheckNames takes the
// names and refuses others with the likely one.
func TestParseKeyAndNames(t *testing.T) {
	for _, c := range []struct {
		key     string
		profile string
		verdict Verdict
		ok      bool
	}{
		{Key("gemini", Ignores, "inputs/properties/a:b/format"), "gemini", Ignores, true},
		{Key("openai-strict", Refuses, "inputs"), "openai-strict", Refuses, true},
		{"inputs/type", "", "", false},
		{"inputs/properties/client:gemini:ignores:x", "", "", false},
		{"client:nobody:ignores:inputs", "", "", false},
		{"client:gemini:shrugs:inputs", "", "", false},
		{"client:gemini", "", "", false},
	} {
		p, v, ok := ParseKey(c.key)
		if p != c.profile || v != c.verdict || ok != c.ok {
			t.Errorf("ParseKey(%q) = %q, %q, %v; want %q, %q, %v", c.key, p, v, ok, c.profile, c.verdict, c.ok)
		}
	}
	if err := CheckNames(Names()); err != nil {
		t.Errorf("CheckNames(Names()) = %v", err)
	}
	if err := CheckNames([]string{"gemini", "opeanai-strict"}); err == nil || !strings.Contains(err.Error(), "did you mean openai-strict?") {
		t.Errorf("CheckNames(opeanai-strict) = %v, want an error with the likely name", err)
	}
}

// TestProfileSourcesAreTheClients: every constraint of a profile cites the
// documentation of that profile's client (the host of its Others' source),
// so that a constraint copied from another client's profile, with that
// client's source and words, cannot pass as this one's.
func TestProfileSourcesAreTheClients(t *testing.T) {
	for _, p := range profiles {
		host := sourceHost(t, p.Others.Source)
		for _, c := range p.Constraints {
			if got := sourceHost(t, c.Source); got != host {
				t.Errorf("profile %s: constraint on %s (%q) cites %s, not its client's %s", p.Name, c.Keyword, c.Why, got, host)
			}
		}
	}
}

func sourceHost(t *testing.T, source string) string {
	t.Helper()
	u, err := url.Parse(source)
	if err != nil || u.Host == "" {
		t.Fatalf("source %q is not a URL", source)
	}
	return u.Host
}
