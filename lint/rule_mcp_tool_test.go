package lint

import (
	"testing"

	"github.com/speccify/speccify-lint/mcpprofile"
	"github.com/speccify/speccify-lint/result"
)

// TestProfileFinding: a profile's finding says its profile and verdict; a
// finding of mcp-tool's own checks, or of another rule, is none (the names
// are mcpprofile's TestParseKeyAndNames).
func TestProfileFinding(t *testing.T) {
	for _, c := range []struct {
		f       result.Finding
		profile string
		verdict mcpprofile.Verdict
		ok      bool
	}{
		{result.Finding{Rule: "mcp-tool", Key: mcpprofile.Key("gemini", mcpprofile.Ignores, "inputs/properties/a:b/format")}, "gemini", mcpprofile.Ignores, true},
		{result.Finding{Rule: "mcp-tool", Key: mcpprofile.Key("openai-strict", mcpprofile.Refuses, "inputs")}, "openai-strict", mcpprofile.Refuses, true},
		{result.Finding{Rule: "mcp-tool", Key: "inputs/type"}, "", "", false},
		// A property named as a profile's key would be is still the rule's
		// own finding, which leaves the tool out of an export.
		{result.Finding{Rule: "mcp-tool", Key: "inputs/properties/client:gemini:ignores:x"}, "", "", false},
		{result.Finding{Rule: "mcp-tool", Key: "inputs/properties/x|gemini|ignores"}, "", "", false},
		{result.Finding{Rule: "mcp-tool", Key: "client:nobody:ignores:inputs"}, "", "", false},
		{result.Finding{Rule: "mcp-tool", Key: "client:gemini:shrugs:inputs"}, "", "", false},
		{result.Finding{Rule: "schema", Key: mcpprofile.Key("gemini", mcpprofile.Refuses, "inputs")}, "", "", false},
	} {
		p, v, ok := ProfileFinding(c.f)
		if p != c.profile || v != c.verdict || ok != c.ok {
			t.Errorf("ProfileFinding(%+v) = %q, %q, %v; want %q, %q, %v", c.f, p, v, ok, c.profile, c.verdict, c.ok)
		}
	}
}
