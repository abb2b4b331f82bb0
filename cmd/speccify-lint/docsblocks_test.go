//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/speccify/speccify-lint/internal/testtree"
)

// A command the docs show with what it prints is a console block: each line
// "$ command" is run with sh, and the lines up to the next "$ " are what
// it prints on stdout. The block runs in a temporary directory that holds
// the files the page shows before it, each a code block under a comment
// `<!-- file: PATH -->`, and, when its comment `<!-- console: NAME -->`
// names one, the tree cmd/speccify-lint/testdata/docs/NAME.txtar; the
// commands of a block run one after another in the same directory, with the
// speccify-lint just built first on PATH. So the docs cannot drift from the
// binary.

// duration is a duration the text report prints, "(412ms)", "(1.2s)": it
// changes from run to run, so the comparison replaces it on both sides.
var duration = regexp.MustCompile(`\((?:[0-9]+(?:\.[0-9]+)?(?:ns|µs|us|ms|s))\)`)

// consoleCommand is one command of a console block and the stdout shown.
type consoleCommand struct{ command, stdout string }

// consoleCommands splits a console block into its commands.
func consoleCommands(text string) []consoleCommand {
	var out []consoleCommand
	for line := range strings.Lines(text) {
		if cmd, ok := strings.CutPrefix(line, "$ "); ok {
			out = append(out, consoleCommand{command: strings.TrimSpace(cmd)})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].stdout += line
		}
	}
	return out
}

// normalizeOutput is the output as the docs and the run are compared:
// durations replaced, blanks at line ends dropped, one final newline.
func normalizeOutput(s string) string {
	s = duration.ReplaceAllString(s, "(DURATION)")
	var b strings.Builder
	for line := range strings.Lines(s) {
		b.WriteString(strings.TrimRight(line, " \t\r\n") + "\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// runConsole runs a console block's commands in dir with the binary bin
// first on PATH and a minimal environment, and reports each command whose
// stdout differs from the one shown; with -update-docs it reports nothing
// and returns the block as the run printed it (a command's output is kept
// as written when only durations differ), else the block as it was.
func runConsole(t *testing.T, where, bin, dir, block string, update bool) string {
	t.Helper()
	cmds := consoleCommands(block)
	if len(cmds) == 0 {
		t.Errorf("%s: a console block with no \"$ \" command", where)
	}
	env := []string{
		"PATH=" + filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + dir, "TMPDIR=" + os.TempDir(), "LANG=C.UTF-8",
		// No result cache: a block's output is the same whichever ran before.
		cacheEnv + "=" + cacheOff,
	}
	var rewritten strings.Builder
	for _, c := range cmds {
		cmd := exec.Command("sh", "-c", withoutTimeBudget(c.command))
		cmd.Dir, cmd.Env = dir, env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if _, exited := err.(*exec.ExitError); err != nil && !exited {
			t.Fatalf("%s: %s: %v", where, c.command, err)
		}
		rewritten.WriteString("$ " + c.command + "\n")
		got, want := normalizeOutput(stdout.String()), normalizeOutput(c.stdout)
		switch {
		case got == want:
			rewritten.WriteString(c.stdout)
		case update:
			for line := range strings.Lines(strings.TrimRight(stdout.String(), "\n") + "\n") {
				rewritten.WriteString(strings.TrimRight(line, " \t\r\n") + "\n")
			}
		default:
			t.Errorf("%s: `%s` prints (stderr: %q)\n%s\nbut the docs show\n%s(go test ./cmd/speccify-lint -run TestDocsConsoleBlocks -update-docs rewrites it)", where, c.command, stderr.String(), got, want)
		}
	}
	if !update {
		return block
	}
	return rewritten.String()
}

// exploreCommand is a command of the docs that runs explore.
var exploreCommand = regexp.MustCompile(`^speccify-lint explore\b`)

// withoutTimeBudget is command with explore's --time-budget lifted to 10
// minutes when the command does not set one: the budget is wall-clock
// time, so on a loaded machine it would cut the exploration short and
// change what the command prints ("explored 18 inputs before
// --time-budget ran out" instead of the 20 the docs show), a failure that
// says nothing about the docs. What the command prints with the budget
// left is what the docs must show.
func withoutTimeBudget(command string) string {
	if !exploreCommand.MatchString(command) || strings.Contains(command, "--time-budget") {
		return command
	}
	return exploreCommand.ReplaceAllLiteralString(command, "speccify-lint explore --time-budget 10m")
}

// skipUnlessLinuxPython skips a test of the docs' examples where they do not
// run as shown: their tools are linux.py implementations.
func skipUnlessLinuxPython(t *testing.T) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the docs' examples run linux.py implementations")
	}
}

// TestDocsConsoleBlocks runs every console block of the documentation (see
// above) and compares what each command prints with what the block shows.
// A block of another kind that shows a command with a "$ " prompt is an
// error: it would not be checked.
func TestDocsConsoleBlocks(t *testing.T) {
	skipUnlessLinuxPython(t)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH; the docs' examples are in Python")
	}
	bin := buildBinary(t)
	ran := 0
	for _, page := range docPages(t) {
		files := map[string]string{}
		var rewrites []blockRewrite
		for _, b := range mdBlocks(readRepoFile(t, page)) {
			where := fmt.Sprintf("%s:%d", page, b.line)
			if name, ok := strings.CutPrefix(b.marker, "file:"); ok {
				files[strings.TrimSpace(name)] = b.text
				continue
			}
			if b.lang != "console" {
				if strings.HasPrefix(strings.TrimSpace(b.text), "$ ") {
					t.Errorf("%s: a %q block shows a command and its output; make it a console block, which this test runs", where, b.lang)
				}
				continue
			}
			tree, ok := strings.CutPrefix(b.marker, "console")
			if !ok {
				t.Errorf("%s: a console block needs <!-- console --> (or <!-- console: TREE -->) on the line before it", where)
				continue
			}
			dir := t.TempDir()
			if tree = strings.TrimSpace(strings.TrimPrefix(tree, ":")); tree != "" {
				ar, err := txtar.ParseFile(filepath.Join("testdata", "docs", tree+".txtar"))
				if err != nil {
					t.Errorf("%s: %v", where, err)
					continue
				}
				extract(t, dir, ar)
			}
			testtree.Write(t, dir, files)
			if text := runConsole(t, where, bin, dir, b.text, updatingDocs()); text != b.text {
				rewrites = append(rewrites, blockRewrite{b, text})
			}
			ran++
		}
		if len(rewrites) > 0 {
			rewriteBlocks(t, page, rewrites)
		}
	}
	if ran == 0 {
		t.Error("the docs have no console block")
	}
}

// blockRewrite is a console block and the text -update-docs gives it.
type blockRewrite struct {
	block mdBlock
	text  string
}

// rewriteBlocks replaces the text of blocks of a page (given in the order
// of the page) and writes the page.
func rewriteBlocks(t *testing.T, page string, rewrites []blockRewrite) {
	t.Helper()
	lines := strings.SplitAfter(readRepoFile(t, page), "\n")
	for i := len(rewrites) - 1; i >= 0; i-- {
		r := rewrites[i]
		first := r.block.line // the index of the line after the opening fence
		last := first + strings.Count(r.block.text, "\n")
		if got := strings.Join(lines[first:last], ""); got != r.block.text {
			t.Fatalf("%s:%d: the block is not where it was read", page, r.block.line)
		}
		lines = slices.Concat(lines[:first], slices.Collect(strings.Lines(r.text)), lines[last:])
	}
	if err := os.WriteFile(filepath.Join("..", "..", filepath.FromSlash(page)), []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestQuickStart follows the README's quick start as a new user would, in
// an empty directory: it builds speccify-lint (the quick start installs it
// with go install), writes the two files of the tool folder exactly as the
// README shows them, at the paths the text before each names, runs the
// command shown and compares what it prints with the output shown.
func TestQuickStart(t *testing.T) {
	skipUnlessLinuxPython(t)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not on PATH; the quick start's tool is in Python")
	}
	section := docSection(t, "README.md", "## Quick start")
	blocks := mdBlocks(section)
	install, files, console := false, map[string]string{}, ""
	for _, b := range blocks {
		switch {
		case b.lang == "sh" && strings.Contains(b.text, "go install github.com/speccify/speccify-lint/cmd/speccify-lint@"):
			install = true
		case strings.HasPrefix(b.marker, "file:"):
			name := strings.TrimSpace(strings.TrimPrefix(b.marker, "file:"))
			// The path is the one a reader sees, in the text just above.
			above, _, _ := strings.Cut(section, "<!-- "+b.marker+" -->")
			above = strings.TrimRight(above, "\n")
			if last := above[strings.LastIndex(above, "\n\n")+1:]; !strings.Contains(last, "`"+name+"`") {
				t.Errorf("the quick start writes %s, but the text above the block does not name it:\n%s", name, last)
			}
			files[name] = b.text
		case b.lang == "console" && console == "":
			console = b.text
		}
	}
	if !install {
		t.Error("the quick start does not install speccify-lint with go install")
	}
	if len(files) != 2 {
		t.Fatalf("the quick start writes %d files, want a TOOL.md and its implementation: %v", len(files), files)
	}
	var spec, impl string
	for name := range files {
		switch {
		case strings.HasSuffix(name, "/TOOL.md"):
			spec = name
		case strings.HasSuffix(name, "/linux.py"):
			impl = name
		}
	}
	if spec == "" || impl == "" || filepath.Dir(spec) != filepath.Dir(impl) || !strings.HasPrefix(spec, ".agent/tools/") {
		t.Fatalf("the quick start writes %v, want .agent/tools/NAME/TOOL.md and its linux.py", files)
	}
	if console == "" {
		t.Fatal("the quick start shows no run (a console block)")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	testtree.Write(t, dir, files)
	runConsole(t, "README.md's quick start", bin, dir, console, false)
}
