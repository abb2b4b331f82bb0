package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/kong"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/lint/process"
	"github.com/speccify/speccify-lint/report"
)

// The facts the code holds once (the flags and their defaults and choices,
// the report formats, the platforms, the interpreter table) are also
// written in prose in README.md and action.yml, where they cannot be
// generated: these tests check that the prose agrees with the code.

// lintFlags is the lint command's node in kong's model.
func lintFlags(t *testing.T) *kong.Node {
	t.Helper()
	k, _, err := newParser(&runEnv{stdout: io.Discard, stderr: io.Discard}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range k.Model.Children {
		if n.Name == "lint" {
			return n
		}
	}
	t.Fatal("kong's model has no lint command")
	return nil
}

func lintFlag(t *testing.T, name string) *kong.Flag {
	t.Helper()
	for _, f := range lintFlags(t).Flags {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("the lint command has no flag --%s", name)
	return nil
}

func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readmeFlagRow is the row of the README's flag table whose first cell
// names --name.
func readmeFlagRow(t *testing.T, readme, name string) string {
	t.Helper()
	flag := regexp.MustCompile("--" + regexp.QuoteMeta(name) + "[` ]")
	for line := range strings.Lines(readme) {
		if first, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " | "); ok && strings.HasPrefix(line, "| `") && flag.MatchString(first) {
			return line
		}
	}
	t.Fatalf("README.md's flag table has no row for --%s", name)
	return ""
}

// readmeParagraph is the paragraph that follows the line heading in README.md.
func readmeParagraph(t *testing.T, readme, heading string) string {
	t.Helper()
	_, after, ok := strings.Cut(readme, "\n"+heading+"\n\n")
	if !ok {
		t.Fatalf("README.md has no %q heading", heading)
	}
	para, _, _ := strings.Cut(after, "\n\n")
	return para
}

// TestReadmeFlagTable: every lint flag has a row in the README's flag table,
// and the rows of flags with choices name each choice.
func TestReadmeFlagTable(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	for _, f := range lintFlags(t).Flags {
		row := readmeFlagRow(t, readme, f.Name)
		if f.Enum == "" {
			continue
		}
		for choice := range strings.SplitSeq(f.Enum, ",") {
			if choice != "" && !strings.Contains(row, "`"+choice+"`") && !strings.Contains(row, choice+`\|`) && !strings.Contains(row, `\|`+choice) {
				t.Errorf("README.md's row for --%s does not name the choice %q:\n%s", f.Name, choice, row)
			}
		}
	}
	// --format's choices are the report writers', --platform's the platforms.
	if got, want := lintFlag(t, "format").Enum, strings.Join(report.Formats, ","); got != want {
		t.Errorf("--format choices %q, want report.Formats %q", got, want)
	}
	// --platform is no kong enum (its help would list "" as a choice):
	// checkPlatform accepts the platforms and empty, and its help names them.
	for _, p := range append([]string{""}, discover.Platforms...) {
		if err := checkPlatform(p); err != nil {
			t.Errorf("checkPlatform(%q) = %v, want nil", p, err)
		}
	}
	if err := checkPlatform("mac"); err == nil {
		t.Error(`checkPlatform("mac") = nil, want an error`)
	}
	if help, want := lintFlag(t, "platform").Help, strings.Join(discover.Platforms, ", "); !strings.Contains(help, want) {
		t.Errorf("--platform's help %q does not name the platforms %q", help, want)
	}
	if row, want := readmeFlagRow(t, readme, "platform"), "`--platform "+strings.Join(discover.Platforms, `\|`)+"`"; !strings.HasPrefix(row, "| "+want+" |") {
		t.Errorf("README.md's row for --platform should start with %q:\n%s", want, row)
	}
	var quoted []string
	for _, f := range report.Formats {
		quoted = append(quoted, "`"+f+"`")
	}
	if want := "Formats: " + strings.Join(quoted, ", ") + "."; !strings.Contains(oneLine(readme), want) {
		t.Errorf("README.md's Continuous integration section should list the formats as %q", want)
	}
}

// TestActionChoices: the action's platform and fail-on inputs, in action.yml
// and in README.md's table of them, name the flags' choices.
func TestActionChoices(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	a, _ := loadAction(t)
	for _, name := range []string{"platform", "fail-on"} {
		row := ""
		for line := range strings.Lines(readme) {
			if strings.HasPrefix(line, "| `"+name+"` |") {
				row = line
			}
		}
		choices := strings.Split(lintFlag(t, name).Enum, ",")
		if name == "platform" {
			choices = discover.Platforms // checkPlatform's, not an enum
		}
		for _, choice := range choices {
			if !regexp.MustCompile(`\b` + choice + `\b`).MatchString(a.Inputs[name].Description) {
				t.Errorf("action.yml's %s input does not name %q: %s", name, choice, a.Inputs[name].Description)
			}
			if !strings.Contains(row, "`"+choice+"`") {
				t.Errorf("README.md's row for the action's %s input does not name %q: %q", name, choice, row)
			}
		}
	}
}

// TestReadmeDefaults: the defaults of --timeout and --max-output, which the
// flags take from package lint, are the ones README.md and action.yml name.
func TestReadmeDefaults(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	action := readRepoFile(t, "action.yml")
	timeout, maxOutput := lintFlag(t, "timeout").Default, lintFlag(t, "max-output").Default
	if d, err := time.ParseDuration(timeout); err != nil || d != lint.DefaultTimeout {
		t.Errorf("--timeout's default %q is not lint.DefaultTimeout, %s", timeout, lint.DefaultTimeout)
	}
	var size byteSize
	if err := size.UnmarshalText([]byte(maxOutput)); err != nil || int64(size) != lint.DefaultMaxOutput {
		t.Errorf("--max-output's default %q is not lint.DefaultMaxOutput, %d", maxOutput, lint.DefaultMaxOutput)
	}
	for name, def := range map[string]string{"timeout": timeout, "max-output": maxOutput} {
		if row := readmeFlagRow(t, readme, name); !strings.Contains(row, "(default `"+def+"`)") {
			t.Errorf("README.md's row for --%s does not say (default `%s`):\n%s", name, def, row)
		}
	}
	if want := "| `timeout` | (" + timeout + ") |"; !strings.Contains(readme, want) {
		t.Errorf("README.md's table of the action's inputs lacks %q", want)
	}
	if want := "speccify-lint's default, " + timeout + ")"; !strings.Contains(action, want) {
		t.Errorf("action.yml's timeout input lacks %q", want)
	}
	if want := "--timeout (default " + timeout + ")"; !strings.Contains(lint.RuleByID("example-timeout").Doc, want) {
		t.Errorf("the example-timeout rule's doc lacks %q", want)
	}

	// --fail-on's default: the flag's, the README's, and the action's.
	failOn := lintFlag(t, "fail-on").Default
	if row := readmeFlagRow(t, readme, "fail-on"); !strings.Contains(row, "(default `"+failOn+"`)") {
		t.Errorf("README.md's row for --fail-on does not say (default `%s`):\n%s", failOn, row)
	}
	if a, _ := loadAction(t); a.Inputs["fail-on"].Default == nil || *a.Inputs["fail-on"].Default != failOn {
		t.Errorf("action.yml's fail-on input's default is not --fail-on's, %q", failOn)
	}
	if want := "| `fail-on` | `" + failOn + "` |"; !strings.Contains(readme, want) {
		t.Errorf("README.md's table of the action's inputs lacks %q", want)
	}
}

// TestConfigKeys: a configuration file may set every lint flag but the ones
// README.md names as the exceptions.
func TestConfigKeys(t *testing.T) {
	node := lintFlags(t)
	keys := configKeys(node)
	var excluded []string
	for _, f := range node.Flags {
		if !slices.Contains(keys, f.Name) {
			excluded = append(excluded, "`--"+f.Name+"`")
		}
	}
	if len(keys) == 0 || len(excluded) == 0 {
		t.Fatalf("config keys %q, excluded %q", keys, excluded)
	}
	want := "(every flag but " + strings.Join(excluded[:len(excluded)-1], ", ") + " and " + excluded[len(excluded)-1] + ","
	readme := readRepoFile(t, "README.md")
	if para := readmeParagraph(t, readme, "## Configuration"); !strings.Contains(oneLine(para), want) {
		t.Errorf("README.md's Configuration section should say %q:\n%s", want, para)
	}
}

// TestReadmeInterpreters: the README's paragraph on running the examples
// names every extension of the interpreter table and its interpreters.
func TestReadmeInterpreters(t *testing.T) {
	para := readmeParagraph(t, readRepoFile(t, "README.md"), "### Running the examples")
	prose := regexp.MustCompile("`[^`]*`").ReplaceAllString(para, "")
	for _, e := range process.Extensions() {
		if !strings.Contains(para, "`"+e.Ext+"`") {
			t.Errorf("README.md's Running the examples does not name the extension %s", e.Ext)
		}
		for _, name := range e.Interpreters {
			if !regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(prose) {
				t.Errorf("README.md's Running the examples does not name %s, an interpreter of %s", name, e.Ext)
			}
		}
	}
}
