package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/speccify/speccify-lint/internal/cilog"
	"github.com/speccify/speccify-lint/internal/citest"
	"github.com/speccify/speccify-lint/internal/testtree"
	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/result"
)

// ciAttacks are commands of CI systems as a pull request can hide them in
// a TOOL.md, an implementation's output or a folder name: anywhere in a
// line, at a line start after CR alone, U+2028, U+2029 or U+0085, behind
// ANSI sequences, NUL, or ignorable characters that .NET's
// culture-sensitive comparisons skip.
var ciAttacks = []string{
	"##vso[task.setvariable variable=pwned]1",
	"::error file=x,line=1::pwned",
	"##[error]pwned",
	"##teamcity[buildStatus text='pwned']",
	"a\r::add-mask::pwned",
	"a\u2028::warning::pwned",
	"a\u2029##vso[task.setvariable variable=para]1",
	"a\u0085::notice::pwned",
	"\x1b[31m::error::red\x1b[0m ##vso[task.setvariable variable=ansi]1",
	"\x1b]0;##vso[task.setvariable variable=osc]1\x07",
	"nul\x00##vso[task.setvariable variable=nul]1",
	"#\u200b#vso[task.setvariable variable=zw]1",
}

// ciTree writes a tree that puts attack everywhere a pull request can:
// "quoted" has it in the name, an unknown key, a schema value and a
// comment of its TOOL.md (YAML escapes) and on its implementation's
// stdout and stderr; "raw" has it as it is in an example title and a
// comment; a tool folder is named after it; "explore" has it as the value
// an explored input must have.
func ciTree(t *testing.T, attack string) (root, folder string) {
	t.Helper()
	root = t.TempDir()
	q := strconv.Quote(attack) // a YAML double-quoted scalar
	in, _ := json.Marshal(map[string]string{"x": attack})
	// An implementation that prints the attack on stdout and stderr
	// (printf with octal escapes, NUL included) and fails.
	var oct strings.Builder
	for _, c := range []byte(attack) {
		fmt.Fprintf(&oct, `\%03o`, c)
	}
	impl := fmt.Sprintf("printf '%s\\n'\nprintf '%s\\n' >&2\nexit 1\n", oct.String(), oct.String())
	spec := func(name, extra, inputs, title string) string {
		return "---\nname: " + name + "\ndescription: A tool of the CI command tests.\n" + extra +
			"inputs:\n  type: object\n  properties:\n" + inputs +
			"outputs:\n  type: object\n  required: [ok]\n  properties:\n    ok: {type: boolean}\n    # " + attack + "\neffects: none\nrequires: []\n---\n\n## Examples\n\n" +
			"### " + title + "\ninput: " + string(in) + "\noutput: {\"ok\": true}\n"
	}
	folder = strings.NewReplacer("\x00", "", "/", "").Replace(attack)
	testtree.Write(t, root, map[string]string{
		".agent/tools/quoted/TOOL.md":          spec(q, q+": 1\n", "    x: {type: "+q+"}\n", "quoted"),
		".agent/tools/quoted/linux.sh":         impl,
		".agent/tools/raw/TOOL.md":             spec("raw", "# "+attack+"\n", "    x: {type: string}\n", attack),
		".agent/tools/raw/linux.sh":            impl,
		".agent/tools/" + folder + "/TOOL.md":  spec("named", "", "    x: {type: string}\n", "named"),
		".agent/tools/" + folder + "/linux.sh": impl,
		".agent/tools/explore/TOOL.md": "---\nname: explore\ndescription: Crashes on every input.\ninputs:\n  type: object\n  required: [x]\n  properties:\n    x: {const: " + q + "}\n" +
			"outputs:\n  type: object\n  required: [ok]\n  properties:\n    ok: {type: boolean}\n    error: {type: string}\neffects: none\nrequires: []\n---\n\n## Examples\n\n### one\ninput: " + string(in) + "\noutput: {\"ok\": true}\n",
		".agent/tools/explore/linux.sh": impl,
	})
	return root, folder
}

// TestNoCICommandsThroughTheCLI: with CI commands in every place a pull
// request writes, nothing speccify-lint prints is a command of Azure
// Pipelines, GitHub Actions or TeamCity (as citest reads them): no report
// format, with the examples run, with --no-run and in explore; not the
// step summary, not --diff, not stderr. The github, azure and teamcity
// formats issue one command per finding, whose path and message, as the CI
// system unescapes them, are those of the JSON report neutralised.
func TestNoCICommandsThroughTheCLI(t *testing.T) {
	if testing.Short() || runtime.GOOS == "windows" {
		t.Skip("runs sh implementations")
	}
	t.Setenv("NO_COLOR", "1")
	for i, attack := range ciAttacks {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			root, folder := ciTree(t, attack)
			t.Chdir(root) // the root: a path named must lie inside it
			tools := filepath.Join(root, ".agent", "tools")
			runs := []struct {
				name string
				args []string
			}{
				{"run", []string{"--timeout", "10s", root}},
				{"no-run", []string{"--no-run", root}},
				{"explore", []string{"explore", "--runs", "5", "--timeout", "10s", filepath.Join(tools, "explore")}},
			}
			for _, r := range runs {
				checkCIRun(t, attack, r.name, r.args)
			}

			summary := filepath.Join(t.TempDir(), "summary.md")
			t.Setenv("GITHUB_STEP_SUMMARY", summary)
			stdout, stderr := ciRun(t, "--no-run", "--format", "github", root)
			checkCI(t, attack, "github --no-run", "github", stdout)
			checkCI(t, attack, "stderr of github", "text", stderr)
			md, err := os.ReadFile(summary)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range citest.Commands(string(md)) {
				t.Errorf("attack %q: step summary: %v", attack, c)
			}
			t.Setenv("GITHUB_STEP_SUMMARY", "")

			for _, args := range [][]string{
				{"--diff", "--unsafe-fixes", root},
				{"--no-run", filepath.Join(tools, folder+"x")}, // a path that is none: an error on stderr
				{"--no-run", "--disable", attack, root},        // an unknown rule
			} {
				stdout, stderr := ciRun(t, args...)
				checkCI(t, attack, fmt.Sprint(args[:len(args)-1]), "text", stdout)
				checkCI(t, attack, fmt.Sprint("stderr of ", args[:len(args)-1]), "text", stderr)
			}
		})
	}
}

// ciRun runs speccify-lint with args and returns its stdout and stderr.
func ciRun(t *testing.T, args ...string) (string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	run(args, &stdout, &stderr)
	return stdout.String(), stderr.String()
}

// checkCIRun runs speccify-lint with every report format (text on stdout,
// the others in files) and checks each, and stderr.
func checkCIRun(t *testing.T, attack, name string, args []string) {
	t.Helper()
	dir := t.TempDir()
	var opts []string
	for _, f := range report.Formats {
		if f != "text" {
			opts = append(opts, "-o", f+"="+filepath.Join(dir, f))
		}
	}
	// The command comes first (explore), the paths last.
	n := len(args) - 1
	if args[0] == "explore" {
		opts = append([]string{"explore"}, opts...)
		args = args[1:]
		n--
	}
	stdout, stderr := ciRun(t, append(append(opts, args[:n]...), args[n])...)
	checkCI(t, attack, name+" text", "text", stdout)
	checkCI(t, attack, name+" stderr", "text", stderr)
	data, err := os.ReadFile(filepath.Join(dir, "json"))
	if err != nil {
		t.Fatalf("%s: %v; stderr: %s", name, err, stderr)
	}
	res, err := report.ReadJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(res.AllFindings()); n < 2 {
		t.Errorf("%s: only %d findings: the attack was not reported", name, n)
	}
	for _, f := range report.Formats {
		if f == "text" {
			continue
		}
		out, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		own := checkCI(t, attack, name+" "+f, f, string(out))
		checkOwnIssues(t, attack, name+" "+f, f, own, res.AllFindings())
	}
}

// checkCI fails t for every command in out (the output of format) that is
// not one of the format's own, and returns those.
func checkCI(t *testing.T, attack, what, format, out string) []citest.Command {
	t.Helper()
	own, errs := citest.Check(format, out)
	for _, err := range errs {
		t.Errorf("attack %q: %s: %v", attack, what, err)
	}
	return own
}

// checkOwnIssues: a format made of commands has one issue command per
// finding; the path and message of each, unescaped as the CI system does,
// are a finding's, neutralised (checked where they are plain text, which
// the system's escaping passes unchanged).
func checkOwnIssues(t *testing.T, attack, what, format string, own []citest.Command, findings []result.Finding) {
	t.Helper()
	issues := citest.Issues(format, own)
	if format != "github" && format != "azure" && format != "teamcity" {
		return
	}
	if len(issues) != len(findings) {
		t.Errorf("attack %q: %s: %d commands for %d findings", attack, what, len(issues), len(findings))
	}
	for _, is := range issues {
		if !slices.ContainsFunc(findings, func(f result.Finding) bool {
			return (!plain(f.File) || is.File == cilog.Neutralize(f.File)) && (!plain(f.Message) || strings.HasPrefix(is.Text, cilog.Neutralize(f.Message)))
		}) {
			t.Errorf("attack %q: %s: %v: no finding has its path %q and message %q", attack, what, is.Command, is.File, is.Text)
		}
	}
}

// plain reports whether s is printable text that reports show as it is.
func plain(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}
