package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The GitHub Action (action.yml at the repository root) is tested by running
// its shell steps the way a runner does: bash --noprofile --norc -eo pipefail
// on the script, the step's env: with its ${{ }} expressions evaluated here,
// and temporary GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and RUNNER_TEMP.

// actionFile is the part of action.yml the tests read.
type actionFile struct {
	Name        string
	Description string
	Inputs      map[string]struct {
		Description string
		Required    bool
		Default     *string
	}
	Outputs map[string]struct {
		Description string
		Value       string
	}
	Runs struct {
		Using string
		Steps []actionStep
	}
}

type actionStep struct {
	ID               string
	Name             string
	If               string
	Uses             string
	Shell            string
	Run              string
	WorkingDirectory string `yaml:"working-directory"`
	Env              map[string]string
	With             map[string]string
}

// repoRoot is the repository root: two levels above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod at the repository root %s: %v", root, err)
	}
	return root
}

func loadAction(t *testing.T) (*actionFile, []byte) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(repoRoot(t), "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a actionFile
	if err := yaml.Unmarshal(raw, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return &a, raw
}

func (a *actionFile) step(t *testing.T, id string) actionStep {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.ID == id {
			return s
		}
	}
	t.Fatalf("action.yml has no step with id %q", id)
	return actionStep{}
}

func (a *actionFile) stepNamed(t *testing.T, name string) actionStep {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("action.yml has no step named %q", name)
	return actionStep{}
}

var (
	pinnedUses = regexp.MustCompile(`^\s*(?:-\s+)?uses:\s+[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+(\.\d+)*\s*$`)
	anyUses    = regexp.MustCompile(`^\s*(?:-\s+)?uses:`)
)

// TestActionShape checks action.yml statically: its inputs and outputs,
// that every action it uses is pinned by commit with a version comment, and
// that no ${{ }} expression appears inside a run: script.
func TestActionShape(t *testing.T) {
	a, raw := loadAction(t)
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	wantInputs := map[string]string{
		"paths": ".", "run-examples": "true", "platform": "", "timeout": "", "fail-on": "error",
		"sarif-file": "speccify-lint.sarif", "junit-file": "speccify-lint.xml", "upload-sarif": "true",
		"sarif-category": "", "changed-since": "", "against": "", "args": "", "go-version": "", "explore-runs": "0",
		"sandbox": "auto", "pass-env": "", "require-run": "false", "cache": "true",
	}
	if got := slices.Sorted(maps.Keys(a.Inputs)); !slices.Equal(got, slices.Sorted(maps.Keys(wantInputs))) {
		t.Errorf("inputs %v, want %v", got, slices.Sorted(maps.Keys(wantInputs)))
	}
	for name, def := range wantInputs {
		in, ok := a.Inputs[name]
		switch {
		case !ok:
			continue
		case in.Description == "":
			t.Errorf("input %s has no description", name)
		case in.Default == nil:
			t.Errorf("input %s has no default", name)
		case *in.Default != def:
			t.Errorf("input %s: default %q, want %q", name, *in.Default, def)
		}
	}
	for _, name := range []string{"sarif-file", "junit-file", "exit-code", "failed", "errors"} {
		out, ok := a.Outputs[name]
		if !ok || out.Description == "" || out.Value != "${{ steps.lint.outputs."+name+" }}" {
			t.Errorf("output %s = %+v, want a description and the value of the lint step's output", name, out)
		}
	}
	for i, line := range strings.Split(string(raw), "\n") {
		if anyUses.MatchString(line) && !pinnedUses.MatchString(line) {
			t.Errorf("action.yml:%d: not pinned to a full commit with a # vX.Y.Z comment: %s", i+1, strings.TrimSpace(line))
		}
	}
	for _, s := range a.Runs.Steps {
		if s.Run != "" && strings.Contains(s.Run, "${{") {
			t.Errorf("step %q: a ${{ }} expression inside run:; pass values through env:", s.Name)
		}
		if s.Run != "" && s.Shell != "bash" {
			t.Errorf("step %q: shell %q, want bash", s.Name, s.Shell)
		}
	}
	if setup := a.stepNamed(t, "Set up Go"); !strings.HasPrefix(setup.Uses, "actions/setup-go@") ||
		!strings.Contains(setup.With["go-version-file"], "github.action_path") {
		t.Errorf("setup-go step: %+v", setup)
	}
	upload := a.stepNamed(t, "Upload SARIF to code scanning")
	if !strings.HasPrefix(upload.Uses, "github/codeql-action/upload-sarif@") ||
		!strings.Contains(upload.If, "always()") || !strings.Contains(upload.If, "inputs.upload-sarif == 'true'") {
		t.Errorf("upload step: %+v", upload)
	}
	if final := a.stepNamed(t, "Fail on findings"); !strings.Contains(final.If, "always()") || final.Env["EXIT_CODE"] != "${{ steps.lint.outputs.exit-code }}" {
		t.Errorf("final step: %+v", final)
	}
}

// TestActionShellcheck runs shellcheck on the action's scripts (actionlint
// checks only workflows). Skipped when shellcheck is not installed.
func TestActionShellcheck(t *testing.T) {
	if _, err := exec.LookPath("shellcheck"); err != nil {
		t.Skip("shellcheck is not on PATH")
	}
	a, _ := loadAction(t)
	for _, s := range a.Runs.Steps {
		if s.Run == "" {
			continue
		}
		cmd := exec.Command("shellcheck", "--shell=bash", "--severity=style", "-")
		cmd.Stdin = strings.NewReader(s.Run)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("shellcheck on step %q: %v\n%s", s.Name, err, out)
		}
	}
}

// stepRun is the context one step runs in.
type stepRun struct {
	inputs     map[string]string // with the defaults filled in
	runnerTemp string
	workspace  string
	actionPath string
	actionRef  string                       // github.action_ref: empty for a local action
	steps      map[string]map[string]string // step id -> outputs
	github     map[string]string            // github.NAME (event_name, ref, ...) beyond those eval knows
	path       string                       // PATH; empty means the test's own
	env        []string                     // more KEY=VALUE for the step, as a job's env: would set
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// eval replaces the ${{ }} expressions of s that a runner would evaluate:
// inputs.NAME, runner.temp, github.action_path, github.action_ref,
// github.action_repository, github.server_url, github.workspace and
// steps.ID.outputs.NAME. Anything else fails the test.
func (c *stepRun) eval(t *testing.T, s string) string {
	t.Helper()
	return expression.ReplaceAllStringFunc(s, func(m string) string {
		expr := expression.FindStringSubmatch(m)[1]
		switch {
		case expr == "runner.temp":
			return c.runnerTemp
		case expr == "github.action_path":
			return c.actionPath
		case expr == "github.action_ref":
			return c.actionRef
		case expr == "github.action_repository":
			return "speccify/speccify-lint"
		case expr == "github.server_url":
			return "https://github.com"
		case expr == "github.workspace":
			return c.workspace
		case strings.HasPrefix(expr, "github."):
			v, ok := c.github[strings.TrimPrefix(expr, "github.")]
			if !ok {
				t.Fatalf("expression %s: the test gives no value", m)
			}
			return v
		case strings.HasPrefix(expr, "inputs."):
			v, ok := c.inputs[strings.TrimPrefix(expr, "inputs.")]
			if !ok {
				t.Fatalf("expression %s: no such input", m)
			}
			return v
		case strings.HasPrefix(expr, "steps."):
			id, name, ok := strings.Cut(strings.TrimPrefix(expr, "steps."), ".outputs.")
			if !ok {
				t.Fatalf("expression %s: not steps.ID.outputs.NAME", m)
			}
			return c.steps[id][name]
		}
		t.Fatalf("expression %s: the test does not evaluate it", m)
		return ""
	})
}

// stepResult is what a step did.
type stepResult struct {
	code    int
	log     string
	outputs map[string]string
	summary string
	// rawOutputs is GITHUB_OUTPUT as the step wrote it (multi-line values
	// in NAME<<DELIMITER form, which outputs leaves out).
	rawOutputs string
}

// runStep runs one shell step of the action as a runner does.
func (c *stepRun) runStep(t *testing.T, s actionStep) stepResult {
	t.Helper()
	dir := t.TempDir()
	script := filepath.Join(dir, "step.sh")
	if err := os.WriteFile(script, []byte(s.Run), 0o644); err != nil {
		t.Fatal(err)
	}
	outputFile := filepath.Join(dir, "output")
	summaryFile := filepath.Join(dir, "summary")
	for _, f := range []string{outputFile, summaryFile} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GITHUB_") && !strings.HasPrefix(kv, "RUNNER_") && !strings.HasPrefix(kv, "INPUT_") {
			env = append(env, kv)
		}
	}
	env = append(env,
		"GITHUB_ACTIONS=true", "CI=true", "RUNNER_OS="+runnerOS(), "RUNNER_ARCH="+runnerArch(), "NO_COLOR=1",
		"GITHUB_OUTPUT="+outputFile, "GITHUB_STEP_SUMMARY="+summaryFile,
		"GITHUB_WORKSPACE="+c.workspace, "GITHUB_ACTION_PATH="+c.actionPath, "RUNNER_TEMP="+c.runnerTemp,
	)
	if c.path != "" {
		env = append(env, "PATH="+c.path)
	}
	env = append(env, c.env...)
	for _, k := range slices.Sorted(maps.Keys(s.Env)) {
		env = append(env, k+"="+c.eval(t, s.Env[k]))
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", script)
	cmd.Env = env
	cmd.Dir = c.workspace
	if s.WorkingDirectory != "" {
		cmd.Dir = c.eval(t, s.WorkingDirectory)
	}
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	res := stepResult{}
	if err := cmd.Run(); err != nil {
		exit, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("step %q: %v", s.Name, err)
		}
		res.code = exit.ExitCode()
	}
	res.log = log.String()
	out, _ := os.ReadFile(outputFile)
	res.rawOutputs = string(out)
	res.outputs = map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			res.outputs[k] = v
		}
	}
	sum, _ := os.ReadFile(summaryFile)
	res.summary = string(sum)
	if s.ID != "" {
		c.steps[s.ID] = res.outputs
	}
	return res
}

// runnerOS is RUNNER_OS on a runner of this test's platform.
func runnerOS() string {
	switch runtime.GOOS {
	case "darwin":
		return "macOS"
	case "windows":
		return "Windows"
	}
	return "Linux"
}

// runnerArch is RUNNER_ARCH on a runner of this test's architecture.
func runnerArch() string {
	switch runtime.GOARCH {
	case "amd64":
		return "X64"
	case "arm64":
		return "ARM64"
	}
	return strings.ToUpper(runtime.GOARCH)
}

// copyTree copies the directory src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestAction builds speccify-lint with the action's build step, then runs
// its lint step and its final step over fixture workspaces, and checks the
// outputs, the reports and the step summary.
func TestAction(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the action's steps run in bash; this test runs them on Unix")
	}
	if testing.Short() {
		t.Skip("builds speccify-lint with go build")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not on PATH")
	}
	a, _ := loadAction(t)
	root := repoRoot(t)
	defaults := map[string]string{}
	for name, in := range a.Inputs {
		if in.Default != nil {
			defaults[name] = *in.Default
		}
	}
	newRun := func(inputs map[string]string, workspace string) *stepRun {
		all := maps.Clone(defaults)
		maps.Copy(all, inputs)
		return &stepRun{inputs: all, runnerTemp: t.TempDir(), workspace: workspace, actionPath: root, steps: map[string]map[string]string{}}
	}

	// Run as a local action (uses: ./, no release tag), the release step
	// leaves path empty, so that the build steps run.
	builder := newRun(nil, t.TempDir())
	if rel := builder.runStep(t, a.step(t, "release")); rel.code != 0 || rel.outputs["path"] != "" ||
		!strings.Contains(rel.log, "not at a release tag: building speccify-lint from source") {
		t.Fatalf("release step at no tag: exit %d, path %q:\n%s", rel.code, rel.outputs["path"], rel.log)
	}

	// The Go cache key, with the action outside the workspace as users get
	// it: from the action's own go.sum and the Go version.
	key := builder.runStep(t, a.step(t, "gocache"))
	if key.code != 0 {
		t.Fatalf("gocache step exit %d:\n%s", key.code, key.log)
	}
	checkCacheKey(t, root, key.outputs)

	// The build step, once: the binary goes to RUNNER_TEMP.
	build := builder.runStep(t, a.step(t, "build"))
	if build.code != 0 {
		t.Fatalf("build step exit %d:\n%s", build.code, build.log)
	}
	bin := build.outputs["path"]
	if !strings.HasPrefix(bin, builder.runnerTemp) {
		t.Fatalf("build step output path=%q, want a file in RUNNER_TEMP %s", bin, builder.runnerTemp)
	}
	if out, err := exec.Command(bin, "version").CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "speccify-lint ") {
		t.Fatalf("%s version: %v %s", bin, err, out)
	}

	fixtures := filepath.Join(root, "cmd", "speccify-lint", "testdata", "action")
	// workspace makes a workspace with the passing fixture under
	// "good tools/" and the failing one under "bad tools/".
	workspace := func(t *testing.T) string {
		ws := filepath.Join(t.TempDir(), "work space")
		copyTree(t, filepath.Join(fixtures, "passing"), filepath.Join(ws, "good tools"))
		copyTree(t, filepath.Join(fixtures, "failing"), filepath.Join(ws, "bad tools"))
		return ws
	}

	for _, tc := range []struct {
		name     string
		inputs   map[string]string
		noJQ     bool
		git      bool // the workspace is a git repository; "bad tools" is committed, "good tools" is new
		code     string
		failed   string
		errors   string
		tools    int
		category string
		explore  bool // the log has explore's summary line

		files map[string]string // more files of the workspace
		note  string            // a line the log must hold
	}{
		{name: "passing", inputs: map[string]string{"paths": "good tools"}, code: "0", failed: "0", errors: "0", tools: 1},
		{name: "failing", inputs: map[string]string{"paths": "bad tools\n"}, code: "1", failed: "1", errors: "2", tools: 1},
		{name: "both, blank lines, CRLF and extra args", inputs: map[string]string{
			"paths": "\r\n  good tools  \r\n\r\nbad tools/.agent/tools/broken/TOOL.md\r\n", "args": "--jobs 1\n--timeout 20s",
			"sarif-category": "ci/contracts", "sarif-file": "reports/out.sarif", "junit-file": "reports/junit out.xml",
		}, code: "1", failed: "1", errors: "2", tools: 2, category: "ci/contracts"},
		{name: "no-run and fail-on never", inputs: map[string]string{"paths": "bad tools", "run-examples": "false", "fail-on": "never"},
			code: "0", failed: "0", errors: "1", tools: 1},
		{name: "without jq", inputs: map[string]string{"paths": "bad tools"}, noJQ: true, code: "1", failed: "1", errors: "2", tools: 1},
		{name: "usage error", inputs: map[string]string{"paths": "no such dir"}, code: "2", failed: "", errors: "", tools: -1},
		// explore-runs: explore after the lint; the passing tools pass it
		// too, the failing tool's explore findings join the lint's exit code.
		{name: "explore", inputs: map[string]string{"paths": "good tools", "explore-runs": "20"}, code: "0", failed: "0", errors: "0", tools: 1, explore: true},
		{name: "changed-since", inputs: map[string]string{"paths": ".", "changed-since": "HEAD"}, git: true,
			code: "0", failed: "0", errors: "0", tools: 1},
		// against: the contracts compared with HEAD's (the good tool is new
		// since: nothing breaks), and the summary's table of changes.
		{name: "against", inputs: map[string]string{"paths": "good tools", "against": "HEAD"}, git: true,
			code: "0", failed: "0", errors: "0", tools: 1},
		// require-run: a tool without an implementation, which is only a
		// warning, fails the job; one whose implementations are for other
		// platforms does not.
		{name: "require-run", inputs: map[string]string{"paths": "todo tools\ngood tools", "require-run": "true"}, files: todoTool,
			code: "1", failed: "0", errors: "0", tools: 2,
			note: "speccify-lint: --require-run: 1 tool cannot run its examples here: todo tools/.agent/tools/todo/TOOL.md (not-implemented)"},
		{name: "no require-run", inputs: map[string]string{"paths": "todo tools"}, files: todoTool, code: "0", failed: "0", errors: "0", tools: 1},
		{name: "require-run, not for this platform", inputs: map[string]string{"paths": "good tools", "require-run": "true", "platform": "windows"},
			code: "0", failed: "0", errors: "0", tools: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := workspace(t)
			for name, text := range tc.files {
				if err := os.MkdirAll(filepath.Join(ws, filepath.Dir(name)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(ws, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			c := newRun(tc.inputs, ws)
			c.steps["build"] = build.outputs
			if tc.noJQ {
				c.path = pathWithout(t, "jq")
			}
			if tc.git {
				if _, err := exec.LookPath("git"); err != nil {
					t.Skip("git is not on PATH")
				}
				gitInit(t, ws, "bad tools")
			}
			lint := c.runStep(t, a.step(t, "lint"))
			if lint.code != 0 {
				t.Fatalf("lint step exit %d, want 0 (the final step fails the job):\n%s", lint.code, lint.log)
			}
			out := lint.outputs
			if out["exit-code"] != tc.code || out["failed"] != tc.failed || out["errors"] != tc.errors {
				t.Errorf("outputs exit-code=%q failed=%q errors=%q, want %q %q %q\n%s",
					out["exit-code"], out["failed"], out["errors"], tc.code, tc.failed, tc.errors, lint.log)
			}
			if out["sarif-file"] != c.inputs["sarif-file"] || out["junit-file"] != c.inputs["junit-file"] {
				t.Errorf("outputs sarif-file=%q junit-file=%q", out["sarif-file"], out["junit-file"])
			}

			if tc.tools >= 0 {
				if out["sarif-written"] != "true" {
					t.Errorf("sarif-written=%q, want true", out["sarif-written"])
				}
				checkSARIF(t, filepath.Join(ws, out["sarif-file"]), tc.category, tc.errors)
				checkJUnit(t, filepath.Join(ws, out["junit-file"]), tc.tools, tc.failed)
				if !strings.Contains(lint.summary, "speccify-lint") {
					t.Errorf("step summary has no report:\n%s", lint.summary)
				}
				if tc.inputs["against"] != "" && !strings.Contains(lint.summary, "### Contract changes since `"+tc.inputs["against"]+"`") {
					t.Errorf("step summary has no table of contract changes:\n%s", lint.summary)
				}
				if tc.errors != "0" && !strings.Contains(lint.log, "::error file=") {
					t.Errorf("no ::error annotation in the log:\n%s", lint.log)
				}
			} else if out["sarif-written"] != "false" {
				t.Errorf("sarif-written=%q after a usage error, want false", out["sarif-written"])
			}

			if tc.note != "" && !strings.Contains(lint.log, tc.note+"\n") {
				t.Errorf("the log lacks %q:\n%s", tc.note, lint.log)
			}
			if got := strings.Contains(lint.log, ", explored: "); got != tc.explore {
				t.Errorf("explore's summary in the log: %v, want %v:\n%s", got, tc.explore, lint.log)
			}

			final := c.runStep(t, a.stepNamed(t, "Fail on findings"))
			if got := final.code; got != atoi(t, tc.code) {
				t.Errorf("final step exit %d, want %s:\n%s", got, tc.code, final.log)
			}
		})
	}

	t.Run("release", func(t *testing.T) { testReleaseDownload(t, a, newRun, bin) })

	t.Run("bad explore-runs", func(t *testing.T) {
		c := newRun(map[string]string{"explore-runs": "many"}, workspace(t))
		c.steps["build"] = build.outputs
		lint := c.runStep(t, a.step(t, "lint"))
		if lint.code != 2 || !strings.Contains(lint.log, "::error title=speccify-lint action::explore-runs must be a number of inputs per tool (0: no explore)") {
			t.Errorf("exit %d, log:\n%s", lint.code, lint.log)
		}
	})

	// An empty against (a push event's github.event.pull_request.base.sha)
	// or one of blanks is no comparison: the action leaves --against out,
	// which the CLI would refuse empty.
	for _, against := range []string{"", " \n "} {
		t.Run(fmt.Sprintf("against %q", against), func(t *testing.T) {
			if _, err := exec.LookPath("git"); err != nil {
				t.Skip("git is not on PATH")
			}
			ws := workspace(t)
			gitInit(t, ws, "bad tools")
			c := newRun(map[string]string{"paths": "good tools", "against": against}, ws)
			c.steps["build"] = build.outputs
			lint := c.runStep(t, a.step(t, "lint"))
			if lint.code != 0 || lint.outputs["exit-code"] != "0" || strings.Contains(lint.summary, "Contract changes") {
				t.Errorf("exit %d, exit-code %q, summary:\n%s\nlog:\n%s", lint.code, lint.outputs["exit-code"], lint.summary, lint.log)
			}
		})
	}

	// A renamed tool with a contract change (git mv, name changed, a new
	// required input): the step summary shows the breaking change at the
	// new folder, compared with the old one, and the job fails.
	t.Run("against, renamed tool", func(t *testing.T) {
		if _, err := exec.LookPath("git"); err != nil {
			t.Skip("git is not on PATH")
		}
		ws := workspace(t)
		gitInit(t, ws, "good tools")
		tools := filepath.Join(ws, "good tools", ".agent", "tools")
		gitRun(t, ws, "mv", filepath.Join(tools, "greet"), filepath.Join(tools, "hello"))
		spec := filepath.Join(tools, "hello", "TOOL.md")
		text, err := os.ReadFile(spec)
		if err != nil {
			t.Fatal(err)
		}
		changed := strings.Replace(strings.Replace(string(text), "name: greet", "name: hello", 1),
			"  properties:\n    name: {type: string}", "  required: [lang]\n  properties:\n    name: {type: string}\n    lang: {type: string}", 1)
		if err := os.WriteFile(spec, []byte(changed), 0o644); err != nil {
			t.Fatal(err)
		}
		gitRun(t, ws, "commit", "-q", "-a", "-m", "greet is hello")
		c := newRun(map[string]string{"paths": "good tools", "against": "HEAD~1", "run-examples": "false"}, ws)
		c.steps["build"] = build.outputs
		lint := c.runStep(t, a.step(t, "lint"))
		if lint.outputs["exit-code"] != "1" {
			t.Errorf("exit-code %q, want 1:\n%s", lint.outputs["exit-code"], lint.log)
		}
		for _, want := range []string{
			"| good tools/.agent/tools/hello (renamed from good tools/.agent/tools/greet) | 1 | 0 | **breaking** inputs: required input \"lang\" added, witness `{}` (`breaking-input`)",
			"tool folder renamed to good tools/.agent/tools/hello (name \"greet\" is now \"hello\")",
			"### ❌ hello",
		} {
			if !strings.Contains(lint.summary, want) {
				t.Errorf("step summary lacks %q:\n%s", want, lint.summary)
			}
		}
		if strings.Contains(lint.summary, "passed: [hello]") || strings.Contains(lint.summary, "passed: hello") {
			t.Errorf("step summary says the renamed tool passed:\n%s", lint.summary)
		}
	})

	t.Run("bad require-run", func(t *testing.T) {
		c := newRun(map[string]string{"require-run": "yes"}, workspace(t))
		c.steps["build"] = build.outputs
		lint := c.runStep(t, a.step(t, "lint"))
		if lint.code != 2 || !strings.Contains(lint.log, "::error title=speccify-lint action::require-run must be true or false") {
			t.Errorf("exit %d, log:\n%s", lint.code, lint.log)
		}
	})

	t.Run("bad run-examples", func(t *testing.T) {
		c := newRun(map[string]string{"run-examples": "yes"}, workspace(t))
		c.steps["build"] = build.outputs
		lint := c.runStep(t, a.step(t, "lint"))
		if lint.code != 2 || !strings.Contains(lint.log, "::error title=speccify-lint action::run-examples must be true or false") {
			t.Errorf("exit %d, log:\n%s", lint.code, lint.log)
		}
		if _, ok := lint.outputs["exit-code"]; ok {
			t.Errorf("exit-code output written after an input error")
		}
	})
}

// todoTool is a workspace's "todo tools" folder: a tool with a contract
// and no implementation.
var todoTool = map[string]string{"todo tools/.agent/tools/todo/TOOL.md": `---
name: todo
description: Says hello, once it is written.
inputs: {type: object, properties: {name: {type: string}}}
outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, greeting: {type: string}, error: {type: string}}}
effects: none
requires: [sh]
---

## Examples

### greets
input: {"name": "Ada"}
output: {"ok": true, "greeting": "hello Ada"}

### no name
input: {}
output: {"ok": false, "error": "name is missing"}
`}

// checkCacheKey checks the outputs of the gocache step: a key from the
// action's go.sum and the Go version, and the Go build and module caches.
func checkCacheKey(t *testing.T, root string, out map[string]string) {
	t.Helper()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	goenv, err := exec.Command("go", "env", "GOVERSION", "GOCACHE", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	env := strings.Split(strings.TrimSpace(string(goenv)), "\n")
	want := fmt.Sprintf("speccify-lint-go-%s-%s-%s-%x", runnerOS(), runnerArch(), env[0], sha256.Sum256(sum))
	if out["key"] != want || out["gocache"] != env[1] || out["gomodcache"] != env[2] {
		t.Errorf("gocache outputs %v, want key %s, gocache %s, gomodcache %s", out, want, env[1], env[2])
	}
}

// TestActionCache checks how the action caches its build from source. The
// cache must not come from setup-go: setup-go resolves cache-dependency-path
// against the workspace, but the action's go.sum is in the action's own
// checkout (github.action_path), outside it, so that cache never worked for
// users and warned on every run. The restore and save steps use the key the
// gocache step computes (TestAction runs it), and every build-path step runs
// only when no release binary was downloaded.
func TestActionCache(t *testing.T) {
	a, _ := loadAction(t)
	setup := a.stepNamed(t, "Set up Go")
	if setup.With["cache"] != "false" || setup.With["cache-dependency-path"] != "" {
		t.Errorf("setup-go with %v: want cache false and no cache-dependency-path (it cannot see the action's go.sum)", setup.With)
	}
	paths := "${{ steps.gocache.outputs.gocache }}\n${{ steps.gocache.outputs.gomodcache }}\n"
	for name, prefix := range map[string]string{
		"Restore the Go cache": "actions/cache/restore@", "Save the Go cache": "actions/cache/save@",
	} {
		s := a.stepNamed(t, name)
		if !strings.HasPrefix(s.Uses, prefix) || s.With["key"] != "${{ steps.gocache.outputs.key }}" || s.With["path"] != paths {
			t.Errorf("step %q: uses %s with %v, want %s with the gocache step's key and paths", name, s.Uses, s.With, prefix)
		}
	}
	if save := a.stepNamed(t, "Save the Go cache"); !strings.Contains(save.If, "steps.restore.outputs.cache-hit != 'true'") {
		t.Errorf("save step if: %q, want it skipped on a cache hit", save.If)
	}
	for _, s := range a.Runs.Steps {
		for _, dep := range []string{s.With["cache-dependency-path"], s.With["key"], s.With["path"]} {
			if strings.Contains(dep, "hashFiles") {
				t.Errorf("step %q: hashFiles sees only the workspace, not the action's files: %s", s.Name, dep)
			}
		}
	}
	for _, name := range []string{"Set up Go", "Go cache key", "Restore the Go cache", "Build speccify-lint", "Save the Go cache"} {
		if s := a.stepNamed(t, name); !strings.HasPrefix(s.If, "steps.release.outputs.path == ''") {
			t.Errorf("step %q: if %q, want it to run only without a release binary", name, s.If)
		}
	}
	lint := a.step(t, "lint")
	if lint.Env["RELEASE_BIN"] != "${{ steps.release.outputs.path }}" || lint.Env["BUILT_BIN"] != "${{ steps.build.outputs.path }}" {
		t.Errorf("lint step env %v: want RELEASE_BIN and BUILT_BIN", lint.Env)
	}
}

// fakeRelease serves a release of speccify-lint on 127.0.0.1 the way
// GitHub's release downloads are laid out and .goreleaser.yaml names them:
// BASE/TAG/checksums.txt and BASE/TAG/speccify-lint_VERSION_OS_ARCH.tar.gz
// with the binary bin inside. It returns the base URL and the paths of the
// requests served.
func fakeRelease(t *testing.T, bin string, rel release) (string, *[]string) {
	t.Helper()
	exe, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	tag := "v1.2.3"
	// The archive's name as .goreleaser.yaml makes it, so that the action's
	// download step is checked against the release config itself.
	name, ok := goreleaserAssets(t, "1.2.3").archives[runtime.GOOS+"/"+runtime.GOARCH]
	if !ok {
		t.Skipf("the release has no archive for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	archive := makeArchive(t, name, []archiveFile{{"README.md", 0o644, []byte("speccify-lint\n")}, {"speccify-lint", 0o755, exe}})
	assets := rel.assets
	if assets == nil {
		assets = []string{name}
	}
	var sums strings.Builder
	for _, asset := range assets {
		sum := sha256.Sum256([]byte(asset)) // another platform's archive
		if asset == name {
			sum = sha256.Sum256(archive)
		}
		fmt.Fprintf(&sums, "%x  %s\n", sum, asset)
	}
	if rel.tamper {
		archive = append(slices.Clone(archive), 0)
	}
	var mu sync.Mutex
	var requests []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests = append(requests, r.URL.Path)
		mu.Unlock()
		switch r.URL.Path {
		case "/" + tag + "/checksums.txt":
			io.WriteString(w, sums.String())
		case "/" + tag + "/" + name:
			if rel.noArchive {
				http.NotFound(w, r)
				return
			}
			w.Write(archive)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("test server at %s, want 127.0.0.1", srv.URL)
	}
	return srv.URL, &requests
}

// testReleaseDownload runs the release step at a release tag against a
// release served on 127.0.0.1 (SPECCIFY_LINT_RELEASE_URL): a matching
// binary is downloaded, verified and used by the lint step; a checksum
// mismatch or a listed asset that cannot be downloaded fails the step
// loudly; a tag without a release or without this platform's asset leaves
// path empty, so that the action builds from source.
// release is what fakeRelease serves at the tag v1.2.3: tamper changes the
// archive after its checksum was taken; assets are the archive names
// checksums.txt lists (nil means this platform's); noArchive answers 404 for
// this platform's archive.
type release struct {
	tamper, noArchive bool
	assets            []string
}

func testReleaseDownload(t *testing.T, a *actionFile, newRun func(map[string]string, string) *stepRun, bin string) {
	other := fmt.Sprintf("speccify-lint_1.2.3_%s_mips.tar.gz", runtime.GOOS)
	// The downloaded binary is bin itself: the release step's log shows its
	// own --version line, which is "devel" or a VCS pseudo-version depending
	// on how (and where) the test built it.
	version, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("%s --version: %v", bin, err)
	}
	for _, tc := range []struct {
		name     string
		ref      string
		release  release
		code     int
		download bool
		log      string
	}{
		{name: "matching binary", ref: "v1.2.3", code: 0, download: true, log: strings.TrimSpace(string(version))},
		{name: "checksum mismatch", ref: "v1.2.3", release: release{tamper: true}, code: 1,
			log: "::error title=speccify-lint action::checksum mismatch for speccify-lint_1.2.3_"},
		{name: "no asset for this platform", ref: "v1.2.3", release: release{assets: []string{other}}, code: 0,
			log: "The release v1.2.3 has no speccify-lint_1.2.3_" + runtime.GOOS + "_" + runtime.GOARCH + ".tar.gz: building speccify-lint from source."},
		{name: "no release at the tag", ref: "v9.9.9", code: 0, log: "No checksums.txt at "},
		{name: "listed asset missing", ref: "v1.2.3", release: release{noArchive: true}, code: 1,
			log: "::error title=speccify-lint action::could not download "},
		{name: "a branch", ref: "main", code: 0, log: "The action runs at main, not at a release tag"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			url, requests := fakeRelease(t, bin, tc.release)
			ws := t.TempDir()
			copyTree(t, filepath.Join(repoRoot(t), "cmd", "speccify-lint", "testdata", "action", "passing"), ws)
			c := newRun(nil, ws)
			c.actionRef = tc.ref
			c.env = []string{"SPECCIFY_LINT_RELEASE_URL=" + url, "no_proxy=127.0.0.1", "NO_PROXY=127.0.0.1"}
			rel := c.runStep(t, a.step(t, "release"))
			if rel.code != tc.code || !strings.Contains(rel.log, tc.log) {
				t.Errorf("release step exit %d, want %d, log lacks %q:\n%s", rel.code, tc.code, tc.log, rel.log)
			}
			path := rel.outputs["path"]
			if !tc.download {
				if path != "" {
					t.Errorf("path=%q, want none", path)
				}
				if tc.ref == "main" && len(*requests) != 0 {
					t.Errorf("requests at a branch: %v", *requests)
				}
				return
			}
			if !strings.HasPrefix(path, c.runnerTemp) {
				t.Fatalf("path=%q, want a file in RUNNER_TEMP %s", path, c.runnerTemp)
			}
			if want := []string{"/v1.2.3/checksums.txt", "/v1.2.3/speccify-lint_1.2.3_" + runtime.GOOS + "_" + runtime.GOARCH + ".tar.gz"}; !slices.Equal(*requests, want) {
				t.Errorf("requests %v, want %v", *requests, want)
			}
			lint := c.runStep(t, a.step(t, "lint"))
			if lint.code != 0 || lint.outputs["exit-code"] != "0" || lint.outputs["errors"] != "0" {
				t.Errorf("lint step with the downloaded binary: exit %d, outputs %v:\n%s", lint.code, lint.outputs, lint.log)
			}
		})
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			t.Fatalf("not a number: %q", s)
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// checkSARIF parses a SARIF file and checks its run.
func checkSARIF(t *testing.T, path, category, errors string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct{ Name string }
			}
			AutomationDetails struct{ ID string }
			Results           []struct {
				RuleID string
				Level  string
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "speccify-lint" {
		t.Fatalf("%s: version %q, %d runs", path, log.Version, len(log.Runs))
	}
	if category == "" {
		category = "speccify-lint"
	}
	// The id is the category and an empty run id (see report's
	// sarifAutomationID).
	if got := log.Runs[0].AutomationDetails.ID; got != category+"/" {
		t.Errorf("%s: automationDetails.id %q, want %q", path, got, category+"/")
	}
	n := 0
	for _, r := range log.Runs[0].Results {
		if r.Level == "error" {
			n++
		}
	}
	if want := atoi(t, errors); n != want {
		t.Errorf("%s: %d error results, want %d", path, n, want)
	}
}

// checkJUnit parses a JUnit file: one test suite per tool, failures for the
// failing examples.
func checkJUnit(t *testing.T, path string, tools int, failed string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		XMLName xml.Name
		Suites  []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if doc.XMLName.Local != "testsuites" || len(doc.Suites) != tools {
		t.Fatalf("%s: root <%s> with %d suites, want <testsuites> with %d", path, doc.XMLName.Local, len(doc.Suites), tools)
	}
	if failed != "0" {
		f := 0
		for _, s := range doc.Suites {
			f += s.Failures
		}
		if f < atoi(t, failed) {
			t.Errorf("%s: %d failures, want at least %s", path, f, failed)
		}
	}
}

// pathWithout returns a PATH of one directory holding links to what the
// lint step and the fixtures need (bash, sh, python3), but not the named
// command.
func pathWithout(t *testing.T, without string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"bash", "sh", "python3", "rm", "cat"} {
		if name == without {
			continue
		}
		p, err := exec.LookPath(name)
		if err != nil {
			t.Skipf("%s is not on PATH", name)
		}
		if name == "python3" {
			// pyenv and similar shims need their own PATH: link the real one.
			out, err := exec.Command(p, "-c", "import sys; print(sys.executable)").Output()
			if err != nil {
				t.Skipf("python3: %v", err)
			}
			p = strings.TrimSpace(string(out))
		}
		if err := os.Symlink(p, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// gitInit makes dir a git repository in which the path committed is
// committed and everything else is untracked.
func gitInit(t *testing.T, dir, committed string) {
	t.Helper()
	gitRun(t, dir, "init", "-q")
	gitRun(t, dir, "add", "--", committed)
	gitRun(t, dir, "commit", "-q", "-m", "base")
}

// gitRun runs git in dir with a fixed identity and no system or global
// configuration.
func gitRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestGoReleaserConfig checks the parts of .goreleaser.yaml that the action's
// release step and --version rely on: the archive and checksum names, the
// platforms, the ldflags stamping and the reproducible-build settings.
func TestGoReleaserConfig(t *testing.T) {
	cfg := readGoReleaserConfig(t)
	if cfg.Version != 2 || cfg.ProjectName != "speccify-lint" || len(cfg.Builds) != 1 || len(cfg.Archives) != 1 {
		t.Fatalf("version %d, project %q, %d builds, %d archives", cfg.Version, cfg.ProjectName, len(cfg.Builds), len(cfg.Archives))
	}
	b := cfg.Builds[0]
	if b.Main != "./cmd/speccify-lint" || b.Binary != "speccify-lint" ||
		!slices.Equal(b.Goos, []string{"linux", "darwin", "windows"}) || !slices.Equal(b.Goarch, []string{"amd64", "arm64"}) {
		t.Errorf("build %+v", b)
	}
	ldflags := strings.Join(b.Ldflags, " ")
	for _, want := range []string{"-X main.version=v{{ .Version }}", "-X main.commit={{ .FullCommit }}", "-X main.date={{ .CommitDate }}"} {
		if !strings.Contains(ldflags, want) {
			t.Errorf("ldflags %q lack %q", ldflags, want)
		}
	}
	if !slices.Contains(b.Flags, "-trimpath") || b.ModTimestamp != "{{ .CommitTimestamp }}" {
		t.Errorf("not reproducible: flags %v, mod_timestamp %q", b.Flags, b.ModTimestamp)
	}
	// The release step downloads speccify-lint_VERSION_OS_ARCH.tar.gz (.zip
	// on windows) and checksums.txt.
	a := cfg.Archives[0]
	if a.NameTemplate != "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}" || !slices.Equal(a.Formats, []string{"tar.gz"}) ||
		len(a.FormatOverrides) != 1 || a.FormatOverrides[0].Goos != "windows" || !slices.Equal(a.FormatOverrides[0].Formats, []string{"zip"}) {
		t.Errorf("archives %+v", a)
	}
	if cfg.Checksum.NameTemplate != "checksums.txt" || cfg.Checksum.Algorithm != "sha256" {
		t.Errorf("checksum %+v", cfg.Checksum)
	}
	action, _ := loadAction(t)
	release := action.step(t, "release").Run
	for _, want := range []string{`archive="speccify-lint_${ACTION_REF#v}_${os}_${arch}.${ext}"`, `"${base}/checksums.txt"`, "ext=zip"} {
		if !strings.Contains(release, want) {
			t.Errorf("the release step lacks %s", want)
		}
	}
}

// TestActionResultCache runs the action's result cache key step as a push
// to main, a pull request into main (and the same under
// pull_request_target, which shares main's cache scope) and a push to a
// branch with a comma in its name, and checks that no key a pull request
// saves under begins with a prefix main restores, that a pull request
// restores main's, and that the lint step gets the directory (off when the
// input says false). The restore and save steps use the key step's
// outputs, and the save step runs only once the lint step ran.
func TestActionResultCache(t *testing.T) {
	a, _ := loadAction(t)
	key := a.step(t, "results")
	type cacheKeys struct {
		dir, key string
		restore  []string
	}
	run := func(input string, github map[string]string) (stepResult, cacheKeys) {
		t.Helper()
		c := &stepRun{inputs: map[string]string{"cache": input}, runnerTemp: t.TempDir(), steps: map[string]map[string]string{},
			github: map[string]string{"event_name": "push", "ref": "refs/heads/main", "base_ref": "",
				"event.pull_request.number": "", "run_id": "1234", "run_attempt": "1"}}
		maps.Copy(c.github, github)
		res := c.runStep(t, key)
		var k cacheKeys
		k.dir, k.key = res.outputs["dir"], res.outputs["key"]
		lines := strings.Split(res.rawOutputs, "\n")
		for i, line := range lines {
			name, delim, ok := strings.Cut(line, "<<")
			if !ok || name != "restore-keys" {
				continue
			}
			for _, l := range lines[i+1:] {
				if l == delim {
					break
				}
				k.restore = append(k.restore, l)
			}
		}
		return res, k
	}
	_, main := run("true", nil)
	if !strings.HasSuffix(main.dir, "speccify-lint-results") || len(main.restore) != 1 || !strings.HasPrefix(main.key, main.restore[0]) {
		t.Fatalf("push to main: %+v, want a directory in runner.temp and a key under its one restore prefix", main)
	}
	for _, event := range []string{"pull_request", "pull_request_target"} {
		_, pr := run("true", map[string]string{"event_name": event, "ref": "refs/pull/7/merge", "base_ref": "main", "event.pull_request.number": "7"})
		if len(pr.restore) != 2 || !strings.HasPrefix(pr.key, pr.restore[0]) || pr.restore[1] != main.restore[0] {
			t.Errorf("%s: %+v, want its own key under its own prefix, then main's prefix %q to restore", event, pr, main.restore[0])
		}
		for _, p := range main.restore {
			if strings.HasPrefix(pr.key, p) {
				t.Errorf("%s saves under %q, which main restores (prefix %q)", event, pr.key, p)
			}
		}
	}
	_, odd := run("true", map[string]string{"ref": "refs/heads/a,b"})
	if strings.Contains(odd.key, ",") || strings.Contains(strings.Join(odd.restore, ""), ",") || odd.key == main.key {
		t.Errorf("a ref with a comma: %+v, want keys without commas, not main's", odd)
	}
	if res, off := run("false", nil); res.code != 0 || off.dir != "off" || off.key != "" {
		t.Errorf("cache false: exit %d, %+v, want dir off and no key", res.code, off)
	}
	if res, _ := run("yes", nil); res.code != 2 || !strings.Contains(res.log, "cache must be true or false") {
		t.Errorf("cache yes: exit %d, log %q, want exit 2 saying so", res.code, res.log)
	}
	if _, bad := run("true", map[string]string{"event_name": "pull_request", "event.pull_request.number": "7;x"}); bad.dir != "off" {
		t.Errorf("a pull request number that is not a number: %+v, want the cache off", bad)
	}
	for name, uses := range map[string]string{"Restore the result cache": "actions/cache/restore@", "Save the result cache": "actions/cache/save@"} {
		s := a.stepNamed(t, name)
		if !strings.HasPrefix(s.Uses, uses) || s.With["key"] != "${{ steps.results.outputs.key }}" ||
			s.With["path"] != "${{ steps.results.outputs.dir }}" || !strings.Contains(s.If, "steps.results.outputs.dir != 'off'") {
			t.Errorf("step %q: %+v, want %s with the key step's key and directory, skipped when the cache is off", name, s, uses)
		}
	}
	if r := a.stepNamed(t, "Restore the result cache"); r.With["restore-keys"] != "${{ steps.results.outputs.restore-keys }}" {
		t.Errorf("restore step with %v, want the key step's restore-keys", r.With)
	}
	if s := a.stepNamed(t, "Save the result cache"); !strings.Contains(s.If, "steps.lint.outputs.exit-code != ''") {
		t.Errorf("save step if %q, want it to run once the lint ran", s.If)
	}
	if lint := a.step(t, "lint"); lint.Env["RESULT_CACHE"] != "${{ steps.results.outputs.dir }}" {
		t.Errorf("lint step env %v: want RESULT_CACHE from the key step", lint.Env)
	}
}
