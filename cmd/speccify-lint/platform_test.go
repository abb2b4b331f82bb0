package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/testtree"
)

// The tests in this file exercise what only one kind of platform has. CI
// runs them on ubuntu, macOS and Windows (.github/workflows/ci.yml); each
// skips, with the reason, where its platform is not the one it runs on.

// helloTool is a TOOL.md with two examples, passed by an implementation that
// answers {"ok": true, "greeting": "hello"} to an input with a name and
// {"ok": false, "error": "name is required"} with exit code 1 otherwise, as
// the hello* scripts below do; platforms names where it runs.
func helloTool(platforms string) string {
	return `---
name: hello
description: Says hello; a fixture of the platform tests.
platforms: [` + platforms + `]
inputs:
  type: object
  properties:
    name: {type: string}
outputs:
  type: object
  required: [ok]
  properties:
    ok: {type: boolean}
    greeting: {type: string}
    error: {type: string}
effects: none
requires: []
---

## Examples

### a name
input: {"name": "Ada"}
output: {"ok": true, "greeting": "hello"}

### no name
input: {}
output: {"ok": false, "error": "name is required"}
`
}

// The implementations of helloTool: a shell script (run by sh: no #! line
// and no execute bit), a cmd batch file and a PowerShell script.
const (
	helloSh = `input=$(cat)
case "$input" in
  *'"name"'*) echo '{"ok": true, "greeting": "hello"}' ;;
  *) echo '{"ok": false, "error": "name is required"}'; exit 1 ;;
esac
`
	helloCmd = `@echo off
set /p input=
echo %input%| findstr /c:name >nul
if errorlevel 1 (
  echo {"ok": false, "error": "name is required"}
  exit /b 1
)
echo {"ok": true, "greeting": "hello"}
`
	helloPs1 = `$in = [Console]::In.ReadToEnd()
if ($in -match '"name"') {
  '{"ok": true, "greeting": "hello"}'
  exit 0
}
'{"ok": false, "error": "name is required"}'
exit 1
`
)

// crlf turns LF line endings into CRLF, as Windows editors write them.
func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

// jsonRun runs speccify-lint in this process with --format json and
// returns the exit code and the report.
func jsonRun(t *testing.T, args ...string) (int, lintReport) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(append([]string{"--format", "json"}, args...), &stdout, &stderr)
	var rep lintReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("speccify-lint %v: exit %d, not a JSON report (%v)\nstdout:\n%s\nstderr:\n%s", args, code, err, stdout.String(), stderr.String())
	}
	return code, rep
}

// lintReport is the part of the JSON report these tests read.
type lintReport struct {
	Tools []struct {
		Spec     string
		Findings []struct{ Rule, Message string }
	}
	Summary struct{ Tools, Errors, Warnings, Passed, Failed, Errored int }
}

// TestWindowsImplementations: on Windows a windows.cmd runs with cmd /c and
// a windows.ps1 with pwsh; the TOOL.md and the .cmd have CRLF line endings;
// the tool is named by a native path with backslashes, and the report gives
// its root-relative slash path.
func TestWindowsImplementations(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("cmd /c for .cmd files, CRLF scripts and backslash paths: Windows only (CI runs this on windows-latest)")
	}
	for _, tc := range []struct {
		name, file, text, needs string
	}{
		{name: "cmd", file: "windows.cmd", text: crlf(helloCmd)},
		{name: "powershell", file: "windows.ps1", needs: "pwsh", text: crlf(helloPs1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.needs != "" {
				if _, err := exec.LookPath(tc.needs); err != nil {
					t.Skipf("%s is not on PATH", tc.needs)
				}
			}
			dir := t.TempDir()
			testtree.Write(t, dir, map[string]string{
				".agent/tools/hello/TOOL.md":    crlf(helloTool("windows")),
				".agent/tools/hello/" + tc.file: tc.text,
			})
			spec := filepath.Join(dir, ".agent", "tools", "hello", "TOOL.md")
			if !strings.Contains(spec, `\`) {
				t.Fatalf("%s: not a backslash path", spec)
			}
			code, rep := jsonRun(t, "--root", dir, spec)
			if code != 0 || rep.Summary.Tools != 1 || rep.Summary.Errors != 0 || rep.Summary.Passed != 2 {
				t.Errorf("exit %d, summary %+v, tools %+v; want exit 0, 1 tool, 2 examples passed", code, rep.Summary, rep.Tools)
			}
			if len(rep.Tools) == 1 && rep.Tools[0].Spec != ".agent/tools/hello/TOOL.md" {
				t.Errorf("spec %q, want the root-relative slash path .agent/tools/hello/TOOL.md", rep.Tools[0].Spec)
			}
		})
	}
}

// TestCaseInsensitiveNames: on a case-insensitive file system (the default
// on macOS and Windows) a file argument spelled in another case (tool.md)
// names the tool folder's TOOL.md, which is linted and run as usual.
func TestCaseInsensitiveNames(t *testing.T) {
	if runtime.GOOS == "linux" {
		t.Skip("file names are case-sensitive on Linux (CI runs this on macos-latest and windows-latest)")
	}
	dir := t.TempDir()
	platform, impl, text := "macos", "macos.sh", helloSh
	if runtime.GOOS == "windows" {
		platform, impl, text = "windows", "windows.cmd", crlf(helloCmd)
	}
	testtree.Write(t, dir, map[string]string{
		".agent/tools/hello/TOOL.md": helloTool(platform),
		".agent/tools/hello/" + impl: text,
		"probe-lower":                "",
	})
	if _, err := os.Stat(filepath.Join(dir, "PROBE-LOWER")); err != nil {
		t.Skipf("the file system of %s is case-sensitive: %v", dir, err)
	}
	code, rep := jsonRun(t, "--root", dir, filepath.Join(dir, ".agent", "tools", "hello", "tool.md"))
	if code != 0 || rep.Summary.Tools != 1 || rep.Summary.Errors != 0 || rep.Summary.Passed != 2 {
		t.Errorf("exit %d, summary %+v, tools %+v; want exit 0, 1 tool, 2 examples passed", code, rep.Summary, rep.Tools)
	}
}
