package report

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

func TestAzureEscaping(t *testing.T) {
	for _, tt := range []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"50%", "50%AZP25", "50%AZP25"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"k=v; x]y", "k=v; x]y", "k=v%3B x%5Dy"},
		{"%0A", "%AZP250A", "%AZP250A"},
	} {
		if got := escapeAzureData(tt.in); got != tt.data {
			t.Errorf("escapeAzureData(%q) = %q, want %q", tt.in, got, tt.data)
		}
		if got := escapeAzureProperty(tt.in); got != tt.prop {
			t.Errorf("escapeAzureProperty(%q) = %q, want %q", tt.in, got, tt.prop)
		}
	}
}

func TestTeamCityEscaping(t *testing.T) {
	for in, want := range map[string]string{
		"plain": "plain", "it's": "it|'s", "a|b": "a||b", "[x]": "|[x|]", "a\r\nb": "a|r|nb",
		"##teamcity[buildStatus text='x']": "##teamcity|[buildStatus text=|'x|'|]",
	} {
		if got := escapeTeamCity(in); got != want {
			t.Errorf("escapeTeamCity(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestInternalErrorsInCIFormats: a failure of speccify-lint itself is an
// error in the Azure and TeamCity logs too.
func TestInternalErrorsInCIFormats(t *testing.T) {
	r := testResult()
	r.InternalErrors = []string{"worker\npanicked"}
	if out := string(render(t, "azure", r, goldenOptions())); !strings.HasPrefix(out, "##vso[task.logissue type=error;]speccify-lint: internal error: worker%0Apanicked\n") {
		t.Errorf("azure:\n%s", out)
	}
	if out := string(render(t, "teamcity", r, goldenOptions())); !strings.HasSuffix(out, "##teamcity[buildProblem description='speccify-lint: internal error: worker panicked']\n") {
		t.Errorf("teamcity:\n%s", out)
	}
}

// TestRDJSONByteColumns: reviewdog counts columns in UTF-8 bytes; findings
// count UTF-16 code units. The writer takes the byte columns the engine
// gives the findings (lint's TestFindingByteColumns), and the column where
// the finding has none; it reads no file (the root does not exist).
func TestRDJSONByteColumns(t *testing.T) {
	root := filepath.Join(t.TempDir(), "gone")
	// The line "name: é𐐀 x": é is 1 unit and 2 bytes, 𐐀 2 units and 4 bytes.
	r := &result.Result{Root: root, Tools: []result.ToolResult{{Dir: "t", Spec: "t/TOOL.md", Findings: []result.Finding{
		{Rule: "name", Severity: result.SeverityError, Message: "m", File: "t/TOOL.md", Line: 2, Column: 11, ByteColumn: 14}, // x
		{Rule: "name", Severity: result.SeverityError, Message: "m", File: "t/TOOL.md", Line: 2, Column: 20, ByteColumn: 23}, // past the end
		{Rule: "name", Severity: result.SeverityError, Message: "m", File: "t/TOOL.md", Line: 1, Column: 1},
		{Rule: "name", Severity: result.SeverityError, Message: "m", File: "t/gone.md", Line: 3, Column: 4},
	}}}}
	var res struct {
		Diagnostics []struct {
			Location struct {
				Range struct {
					Start struct{ Line, Column int }
				}
			}
		}
	}
	if err := json.Unmarshal(render(t, "rdjson", r, Options{}), &res); err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, d := range res.Diagnostics {
		got = append(got, d.Location.Range.Start.Column)
	}
	// Sorted by line: 1:1, 2:11 → 14, 2:20 → 23, and gone.md keeps 4.
	if want := []int{1, 14, 23, 4}; !slices.Equal(got, want) {
		t.Errorf("columns %v, want %v", got, want)
	}
}

// TestRDJSONLLinesBounded: reviewdog reads rdjsonl lines of at most 64 KiB.
func TestRDJSONLLinesBounded(t *testing.T) {
	r := testResult()
	r.Tools[0].Findings[0].Message = strings.Repeat("x", 200<<10)
	out := render(t, "rdjsonl", r, goldenOptions())
	for i, line := range bytes.Split(out, []byte("\n")) {
		if len(line) >= 64<<10 {
			t.Errorf("line %d has %d bytes", i+1, len(line))
		}
	}
}
