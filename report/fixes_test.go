package report

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

// fixResult is a result whose findings carry the three kinds of fix: edits
// (one on a line with a two-byte character), a conversion to LF of a CRLF
// implementation, and the deletion of a fixture; with what the engine puts
// in the model for the writers (the byte column of the edit's end, the size
// and converted text of the implementation), and no file under the root:
// writers read none.
func fixResult(t *testing.T) *result.Result {
	root := filepath.Join(t.TempDir(), "gone")
	p := func(line, col, off int) contract.Point {
		return contract.Point{Pos: contract.Pos{Line: line, Column: col}, Offset: off}
	}
	edit := result.Finding{Rule: "yaml-split", Severity: result.SeverityWarning, Message: "split", File: "t/TOOL.md", Line: 3, Column: 8,
		Source: "x: {d: é a, b}", Tool: "t",
		Fix: &result.Fix{Title: "quote the text of d", Safety: result.SafeFix, File: "t/TOOL.md",
			Edits: []contract.Edit{{Start: p(3, 8, 30), End: p(3, 14, 37), EndByteColumn: 15, New: `"é a, b"`}}}}
	toLF := result.Finding{Rule: "implementation-runnable", Severity: result.SeverityError, Message: "CRLF", File: "t/linux.sh", Line: 1, Column: 1, Tool: "t",
		Fix: &result.Fix{Title: "convert to LF", Safety: result.SafeFix, File: "t/linux.sh", ToLF: true,
			Size: len("#!/bin/sh\r\necho ok\r\n"), Text: "#!/bin/sh\necho ok\n"}}
	del := result.Finding{Rule: "fixture-unused", Severity: result.SeverityWarning, Message: "unused", File: "t/fixtures/u", Line: 1, Column: 1, Tool: "t",
		Fix: &result.Fix{Title: "delete the fixture", Safety: result.UnsafeFix, File: "t/fixtures/u", Delete: true}}
	r := &result.Result{Version: "v1.2.3", Root: root, Platform: "linux",
		Tools: []result.ToolResult{{Dir: "t", Spec: "t/TOOL.md", Findings: []result.Finding{edit, toLF, del}}}}
	r.Summarize()
	return r
}

// TestSARIFFixes: SARIF fixes replace the edited regions (columns in UTF-16
// units, as the results'), replace the whole bytes of a file converted to
// LF, and leave out a deletion, which SARIF cannot express.
func TestSARIFFixes(t *testing.T) {
	out := render(t, "sarif", fixResult(t), Options{})
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID string            `json:"ruleId"`
				Fixes  []json.RawMessage `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"yaml-split": `{"description":{"text":"quote the text of d"},"artifactChanges":[{"artifactLocation":{"uri":"t/TOOL.md","uriBaseId":"%SRCROOT%"},` +
			`"replacements":[{"deletedRegion":{"startLine":3,"startColumn":8,"endLine":3,"endColumn":14},"insertedContent":{"text":"\"é a, b\""}}]}]}`,
		"implementation-runnable": `{"description":{"text":"convert to LF"},"artifactChanges":[{"artifactLocation":{"uri":"t/linux.sh","uriBaseId":"%SRCROOT%"},` +
			`"replacements":[{"deletedRegion":{"byteOffset":0,"byteLength":20},"insertedContent":{"text":"#!/bin/sh\necho ok\n"}}]}]}`,
		"fixture-unused": "",
	}
	for _, res := range log.Runs[0].Results {
		got := ""
		if len(res.Fixes) == 1 {
			var v any
			_ = json.Unmarshal(res.Fixes[0], &v)
			b, _ := json.Marshal(v)
			got = string(b)
		}
		var w any
		if want[res.RuleID] != "" {
			if err := json.Unmarshal([]byte(want[res.RuleID]), &w); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(w)
			want[res.RuleID] = string(b)
		}
		if got != want[res.RuleID] {
			t.Errorf("%s: fixes\n got %s\nwant %s", res.RuleID, got, want[res.RuleID])
		}
	}
}

// TestRDJSONSuggestions: an edit is a reviewdog suggestion with UTF-8 byte
// columns (é is two bytes), the end exclusive; a conversion to LF and a
// deletion are no range of text and have none.
func TestRDJSONSuggestions(t *testing.T) {
	for _, format := range []string{"rdjson", "rdjsonl"} {
		out := render(t, format, fixResult(t), Options{})
		var ds []rdDiagnostic
		if format == "rdjson" {
			var res rdResult
			if err := json.Unmarshal(out, &res); err != nil {
				t.Fatal(err)
			}
			ds = res.Diagnostics
		} else {
			dec := json.NewDecoder(bytes.NewReader(out))
			for dec.More() {
				var d rdDiagnostic
				if err := dec.Decode(&d); err != nil {
					t.Fatal(err)
				}
				ds = append(ds, d)
			}
		}
		got := map[string][]rdSuggestion{}
		for _, d := range ds {
			got[d.Code.Value] = d.Suggestions
		}
		want := map[string][]rdSuggestion{
			"yaml-split":              {{Range: rdRange{Start: rdPosition{Line: 3, Column: 8}, End: &rdPosition{Line: 3, Column: 15}}, Text: `"é a, b"`}},
			"implementation-runnable": nil, "fixture-unused": nil,
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: suggestions %+v, want %+v", format, got, want)
		}
	}
}
