package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

func shardResult(shard string, tools ...string) *result.Result {
	r := &result.Result{Version: "v1.0.0", Root: "/repo", Platform: "linux", Ran: true, Shard: shard, Tools: []result.ToolResult{}}
	for _, dir := range tools {
		r.Tools = append(r.Tools, result.ToolResult{
			Dir:  dir,
			Spec: dir + "/TOOL.md",
			Findings: []result.Finding{{
				Rule: "required-field", Severity: result.SeverityError, Message: "m", File: dir + "/TOOL.md", Line: 1, Column: 1, Tool: dir,
			}},
			Examples: []result.ExampleResult{{Title: "e", Line: 9, Status: result.StatusFailed}, {Title: "f", Line: 12, Status: result.StatusPassed}},
		})
	}
	r.Summarize()
	return r
}

func TestMerge(t *testing.T) {
	s1 := shardResult("1/3", "b", "d")
	s1.Skills = []result.SkillResult{{Dir: "skills/x", Spec: "skills/x/SKILL.md", Findings: []result.Finding{}}}
	escape := result.Finding{Rule: "symlink-escape", Severity: result.SeverityWarning, Message: "m", File: "link", Line: 1, Column: 1}
	s1.Findings = []result.Finding{escape}
	s2 := shardResult("2/3", "a", "e")
	s2.Findings = []result.Finding{escape} // the same finding twice is kept once
	s2.InternalErrors = []string{"boom"}
	s3 := shardResult("3/3")
	s3.Interrupted = true

	got, err := Merge([]*result.Result{s3, s1, s2})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, tr := range got.Tools {
		dirs = append(dirs, tr.Dir)
	}
	if strings.Join(dirs, ",") != "a,b,d,e" {
		t.Errorf("tools %v, want a,b,d,e", dirs)
	}
	if got.Shard != "" || !got.Interrupted || len(got.Skills) != 1 || len(got.Findings) != 1 || len(got.InternalErrors) != 1 {
		t.Errorf("merged %+v", got)
	}
	want := result.Summary{Tools: 4, Findings: 5, Errors: 4, Warnings: 1, Examples: 8, Passed: 4, Failed: 4}
	if got.Summary != want {
		t.Errorf("summary %+v\nwant    %+v", got.Summary, want)
	}
	if s1.Shard != "1/3" || len(s1.Tools) != 2 {
		t.Error("Merge changed its input")
	}

	// SARIF of the merged result describes each rule once and is not a shard.
	var b bytes.Buffer
	if err := Write(&b, "sarif", got, Options{NoTimestamps: true}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(b.String(), `"id": "required-field"`); n != 1 {
		t.Errorf("rule required-field described %d times in the merged SARIF", n)
	}
	if !strings.Contains(b.String(), `"id": "speccify-lint/"`) || strings.Contains(b.String(), "shard-") {
		t.Errorf("merged SARIF category is not speccify-lint")
	}
}

func TestMergeRejects(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(r *result.Result)
		dup   bool
		error string
	}{
		{name: "version", edit: func(r *result.Result) { r.Version = "v1.0.1" }, error: `report 2 has version "v1.0.1" but report 1 has "v1.0.0"`},
		{name: "root", edit: func(r *result.Result) { r.Root = "/other" }, error: `report 2 has root "/other" but report 1 has "/repo"`},
		{name: "platform", edit: func(r *result.Result) { r.Platform = "macos" }, error: `platform "macos"`},
		{name: "no-run", edit: func(r *result.Result) { r.Ran = false }, error: "report 2 did not run (--no-run) the examples but report 1 ran"},
		{name: "shard count", edit: func(r *result.Result) { r.Shard = "2/3" }, error: "report 2 is shard 2/3 but report 1 is shard 1/2"},
		{name: "same shard twice", dup: true, error: "tool folder a is in reports 1 and 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := shardResult("1/2", "a")
			b := shardResult("2/2", "b")
			if tc.dup {
				b = shardResult("1/2", "a")
			} else {
				tc.edit(b)
			}
			_, err := Merge([]*result.Result{a, b})
			if err == nil || !strings.Contains(err.Error(), tc.error) {
				t.Errorf("error %v, want one containing %q", err, tc.error)
			}
		})
	}
	if _, err := Merge(nil); err == nil {
		t.Error("Merge(nil): no error")
	}
}

// TestMergeRoundTrip: the JSON report of a merged result reads back to the
// same result (ReadJSON and Merge agree on the model).
func TestMergeRoundTrip(t *testing.T) {
	a, b := shardResult("1/2", "x"), shardResult("2/2", "y")
	var bufs [2]bytes.Buffer
	var read []*result.Result
	for i, r := range []*result.Result{a, b} {
		if err := Write(&bufs[i], "json", r, Options{NoTimestamps: true}); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(&bufs[i])
		if err != nil {
			t.Fatal(err)
		}
		read = append(read, back)
	}
	merged, err := Merge(read)
	if err != nil {
		t.Fatal(err)
	}
	whole := shardResult("", "x", "y")
	var m, w bytes.Buffer
	if err := Write(&m, "json", merged, Options{NoTimestamps: true}); err != nil {
		t.Fatal(err)
	}
	if err := Write(&w, "json", whole, Options{NoTimestamps: true}); err != nil {
		t.Fatal(err)
	}
	if m.String() != w.String() {
		t.Errorf("merged JSON differs from the whole run's:\n%s\nwant:\n%s", m.String(), w.String())
	}
}

// TestMergeSandbox: a merged report is sealed only when every shard's runs
// were; otherwise it says why one shard's were not.
func TestMergeSandbox(t *testing.T) {
	const sealed, notSealed = "sealed by Landlock ABI 7 (file system)", "not sealed: the kernel has no Landlock"
	for _, tc := range []struct {
		shards [2]string
		want   string
	}{
		{[2]string{sealed, sealed}, sealed},
		{[2]string{sealed, notSealed}, notSealed},
		{[2]string{notSealed, sealed}, notSealed},
		{[2]string{"", ""}, ""},
	} {
		a, b := shardResult("1/2", "x"), shardResult("2/2", "y")
		a.Sandbox, b.Sandbox = tc.shards[0], tc.shards[1]
		merged, err := Merge([]*result.Result{a, b})
		if err != nil {
			t.Fatal(err)
		}
		if merged.Sandbox != tc.want {
			t.Errorf("shards %q: merged sandbox %q, want %q", tc.shards, merged.Sandbox, tc.want)
		}
	}
}
