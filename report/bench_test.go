package report

import (
	"bytes"
	"fmt"
	"io"
	"testing"
	"time"

	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/result"
)

// benchResult1000 is a run over 1,000 tools with five examples each, as the
// generated benchmark corpus gives: most tools pass; every 20th has a
// warning and a failing example with two differences.
func benchResult1000() *result.Result {
	r := &result.Result{Version: "v1.0.0", Root: "/work/repo", Platform: "linux", Ran: true}
	for i := 1; i <= 1000; i++ {
		dir := fmt.Sprintf(".agent/tools/tool-%05d", i)
		spec, impl := dir+"/TOOL.md", dir+"/linux.sh"
		tr := result.ToolResult{
			Dir: dir, Spec: spec, Name: fmt.Sprintf("tool-%05d", i),
			Implementations: []result.Implementation{{Platform: "linux", Path: impl}},
			Findings:        []result.Finding{},
			Duration:        12 * time.Millisecond,
		}
		for k := 1; k <= 5; k++ {
			line := 60 + 4*k
			in := fmt.Sprintf(`{"file":"fixtures/record-%d.txt","limit":%d,"mode":"keys"}`, k, 10+k)
			ex := result.ExampleResult{
				Title: fmt.Sprintf("keys of record %d", k), Line: line, InputLine: line + 1, OutputLine: line + 2,
				Status: result.StatusPassed, Duration: 2 * time.Millisecond, ExitStatus: "exit code 0",
				Stdout:         fmt.Sprintf(`{"ok":true,"keys":["key-%d-0","key-%d-1"],"count":2}`+"\n", k, k),
				Reproduce:      fmt.Sprintf(`cd %s && printf '%%s\n' '%s' | ./linux.sh`, dir, in),
				Implementation: impl,
			}
			if i%20 == 0 && k == 2 {
				ex.Status = result.StatusFailed
				ex.Differences = []jsonexact.Difference{
					{Path: "$.keys[0]", Expected: `"key-2-0"`, Actual: `"key-2-1"`, Message: `expected "key-2-0", got "key-2-1"`},
					{Path: "$.count", Expected: `2`, Actual: `3`, Message: `expected 2, got 3`},
				}
				ex.Findings = []result.Finding{{Rule: "example-failed", Severity: result.SeverityError,
					Message: `example "keys of record 2": the output differs from the expected output: $.keys[0]: expected "key-2-0", got "key-2-1"; $.count: expected 2, got 3`,
					File:    spec, Line: line + 2, Column: 1, Key: ex.Title, Tool: dir}}
			}
			tr.Examples = append(tr.Examples, ex)
		}
		if i%20 == 0 {
			tr.Findings = append(tr.Findings, result.Finding{Rule: "fixture-unused", Severity: result.SeverityWarning,
				Message: "fixture fixtures/old.txt is named by no example and by no implementation; use it in an example or delete it",
				File:    dir + "/fixtures/old.txt", Line: 1, Column: 1, Key: "fixtures/old.txt", Tool: dir})
		}
		r.Tools = append(r.Tools, tr)
	}
	r.Summarize()
	return r
}

// BenchmarkWrite renders a 1,000-tool run in every report format.
func BenchmarkWrite(b *testing.B) {
	r := benchResult1000()
	opt := Options{NoTimestamps: true}
	for _, format := range Formats {
		b.Run(format, func(b *testing.B) {
			var buf bytes.Buffer
			if err := Write(&buf, format, r, opt); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(buf.Len()))
			b.ReportAllocs()
			defer benchcpu.Start(b)()
			for b.Loop() {
				if err := Write(io.Discard, format, r, opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("stepsummary", func(b *testing.B) {
		b.ReportAllocs()
		defer benchcpu.Start(b)()
		for b.Loop() {
			var buf bytes.Buffer
			writeStepSummary(&buf, r, opt)
		}
	})
}
