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
	"github.com/speccify/speccify-lint/mcpprofile"
	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/runner"
	"go.yaml.in/yaml/v3"
)

// The facts the code holds once (the flags and their defaults and choices,
// the report formats, the platforms, the interpreter table) are also
// written in prose in the docs and action.yml, where they cannot be
// generated: these tests check that the prose agrees with the code.

// The pages of the docs that state those facts.
const (
	// usagePage has the flag table and the paragraph on running the examples.
	usagePage = "docs/usage.md"
	// ciPage has the list of formats and the table of the action's inputs.
	ciPage = "docs/ci.md"
	// configPage says which flags the configuration file may set.
	configPage = "docs/configuration.md"
)

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

// flagRow is the row of the flag table of docs/usage.md (its text given)
// whose first cell names --name.
func flagRow(t *testing.T, readme, name string) string {
	t.Helper()
	flag := regexp.MustCompile("--" + regexp.QuoteMeta(name) + "[` ]")
	for line := range strings.Lines(readme) {
		if first, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " | "); ok && strings.HasPrefix(line, "| `") && flag.MatchString(first) {
			return line
		}
	}
	t.Fatalf("%s's flag table has no row for --%s", usagePage, name)
	return ""
}

// pageParagraph is the paragraph that follows the line heading in the page
// (a path relative to the repository).
func pageParagraph(t *testing.T, page, heading string) string {
	t.Helper()
	_, after, ok := strings.Cut("\n"+readRepoFile(t, page), "\n"+heading+"\n\n")
	if !ok {
		t.Fatalf("%s has no %q heading", page, heading)
	}
	para, _, _ := strings.Cut(after, "\n\n")
	return para
}

// TestDocsFlagTable: every lint flag has a row in the flag table of
// docs/usage.md, and the rows of flags with choices name each choice.
func TestDocsFlagTable(t *testing.T) {
	readme := readRepoFile(t, usagePage)
	for _, f := range lintFlags(t).Flags {
		row := flagRow(t, readme, f.Name)
		if f.Enum == "" {
			continue
		}
		for choice := range strings.SplitSeq(f.Enum, ",") {
			if choice != "" && !strings.Contains(row, "`"+choice+"`") && !strings.Contains(row, choice+`\|`) && !strings.Contains(row, `\|`+choice) {
				t.Errorf("%s's row for --%s does not name the choice %q:\n%s", usagePage, f.Name, choice, row)
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
	if row, want := flagRow(t, readme, "platform"), "`--platform "+strings.Join(discover.Platforms, `\|`)+"`"; !strings.HasPrefix(row, "| "+want+" |") {
		t.Errorf("%s's row for --platform should start with %q:\n%s", usagePage, want, row)
	}
	var quoted []string
	for _, f := range report.Formats {
		quoted = append(quoted, "`"+f+"`")
	}
	if want := "Formats: " + strings.Join(quoted, ", ") + "."; !strings.Contains(oneLine(readRepoFile(t, ciPage)), want) {
		t.Errorf("%s should list the formats as %q", ciPage, want)
	}
}

// TestActionChoices: the action's platform and fail-on inputs, in action.yml
// and in the table of them in docs/ci.md, name the flags' choices.
func TestActionChoices(t *testing.T) {
	readme := readRepoFile(t, ciPage)
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
				t.Errorf("%s's row for the action's %s input does not name %q: %q", ciPage, name, choice, row)
			}
		}
	}
}

// TestDocsDefaults: the defaults of --timeout and --max-output, which the
// flags take from package lint, are the ones the docs and action.yml name.
func TestDocsDefaults(t *testing.T) {
	readme := readRepoFile(t, usagePage)
	ci := readRepoFile(t, ciPage)
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
		if row := flagRow(t, readme, name); !strings.Contains(row, "(default `"+def+"`)") {
			t.Errorf("%s's row for --%s does not say (default `%s`):\n%s", usagePage, name, def, row)
		}
	}
	if want := "| `timeout` | (" + timeout + ") |"; !strings.Contains(ci, want) {
		t.Errorf("%s's table of the action's inputs lacks %q", ciPage, want)
	}
	if want := "speccify-lint's default, " + timeout + ")"; !strings.Contains(action, want) {
		t.Errorf("action.yml's timeout input lacks %q", want)
	}
	if want := "--timeout (default " + timeout + ")"; !strings.Contains(lint.RuleByID("example-timeout").Doc, want) {
		t.Errorf("the example-timeout rule's doc lacks %q", want)
	}

	// --fail-on's default: the flag's, the docs', and the action's.
	failOn := lintFlag(t, "fail-on").Default
	if row := flagRow(t, readme, "fail-on"); !strings.Contains(row, "(default `"+failOn+"`)") {
		t.Errorf("%s's row for --fail-on does not say (default `%s`):\n%s", usagePage, failOn, row)
	}
	if a, _ := loadAction(t); a.Inputs["fail-on"].Default == nil || *a.Inputs["fail-on"].Default != failOn {
		t.Errorf("action.yml's fail-on input's default is not --fail-on's, %q", failOn)
	}
	if want := "| `fail-on` | `" + failOn + "` |"; !strings.Contains(ci, want) {
		t.Errorf("%s's table of the action's inputs lacks %q", ciPage, want)
	}
}

// TestConfigKeys: a configuration file may set every lint flag but the ones
// docs/configuration.md names as the exceptions.
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
	if para := pageParagraph(t, configPage, "## The configuration file"); !strings.Contains(oneLine(para), want) {
		t.Errorf("%s's section on the configuration file should say %q:\n%s", configPage, want, para)
	}
}

// TestDocsInterpreters: the paragraph of docs/usage.md on running the
// examples names every extension of the interpreter table and its
// interpreters.
func TestDocsInterpreters(t *testing.T) {
	para := pageParagraph(t, usagePage, "## Running the examples")
	prose := regexp.MustCompile("`[^`]*`").ReplaceAllString(para, "")
	for _, e := range runner.Extensions() {
		if !strings.Contains(para, "`"+e.Ext+"`") {
			t.Errorf("%s's Running the examples does not name the extension %s", usagePage, e.Ext)
		}
		for _, name := range e.Interpreters {
			if !regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`).MatchString(prose) {
				t.Errorf("%s's Running the examples does not name %s, an interpreter of %s", usagePage, name, e.Ext)
			}
		}
	}
}

// commandLine is speccify-lint at a command's start in a code block (at a
// line's start, after a prompt, a pipe, a quote or a path) and what follows
// it up to the end of the command.
var commandLine = regexp.MustCompile(`(?:^|[\s"'(/|])speccify-lint((?:\s[^|#;&'"\n]*)?)(?:$|["'|#;&\n])`)

// TestDocsCommandLines: every speccify-lint command line of the docs' code
// blocks (shell, console, YAML and Groovy recipes) parses: its command and
// flags exist and take the values given. A placeholder or a shell
// expansion stands for a valid value.
func TestDocsCommandLines(t *testing.T) {
	checked := 0
	for _, page := range docPages(t) {
		for _, b := range mdBlocks(readRepoFile(t, page)) {
			switch b.lang {
			case "sh", "console", "yaml", "groovy":
			default:
				continue
			}
			for line := range strings.Lines(b.text) {
				for _, m := range commandLine.FindAllStringSubmatch(line, -1) {
					var args []string
					for _, f := range strings.Fields(m[1]) {
						if strings.ContainsAny(f, "$<>{}*") {
							f = f[:strings.IndexAny(f, "$<>{}*")] + "x"
						}
						args = append(args, f)
					}
					k, _, err := newParser(&runEnv{stdout: io.Discard, stderr: io.Discard}, nil)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := k.Parse(args); err != nil {
						t.Errorf("%s:%d: speccify-lint %s: %v", page, b.line, strings.Join(args, " "), err)
					}
					checked++
				}
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d command lines found in the docs", checked)
	}
}

// TestDocsRecipeNames: the action inputs the docs' workflows set (the
// with: of a step that uses speccify/speccify-lint) are inputs of
// action.yml, and the pre-commit hooks they name are hooks of
// .pre-commit-hooks.yaml.
func TestDocsRecipeNames(t *testing.T) {
	a, _ := loadAction(t)
	var hooks []struct {
		ID string `yaml:"id"`
	}
	if err := yaml.Unmarshal([]byte(readRepoFile(t, ".pre-commit-hooks.yaml")), &hooks); err != nil {
		t.Fatal(err)
	}
	hookIDs := map[string]bool{}
	for _, h := range hooks {
		hookIDs[h.ID] = true
	}
	uses, ids := 0, 0
	for _, page := range docPages(t) {
		for _, b := range mdBlocks(readRepoFile(t, page)) {
			if b.lang != "yaml" {
				continue
			}
			var doc any
			if err := yaml.Unmarshal([]byte(b.text), &doc); err != nil {
				t.Errorf("%s:%d: a YAML block that does not parse: %v", page, b.line, err)
				continue
			}
			walkYAML(doc, func(m map[string]any) {
				if u, _ := m["uses"].(string); strings.HasPrefix(u, "speccify/speccify-lint@") {
					uses++
					with, _ := m["with"].(map[string]any)
					for name := range with {
						if _, ok := a.Inputs[name]; !ok {
							t.Errorf("%s:%d: the workflow sets the action input %q, which action.yml does not have", page, b.line, name)
						}
					}
				}
				if id, _ := m["id"].(string); strings.HasPrefix(id, "speccify-lint") {
					ids++
					if !hookIDs[id] {
						t.Errorf("%s:%d: the pre-commit configuration names the hook %q, which .pre-commit-hooks.yaml does not have", page, b.line, id)
					}
				}
			})
		}
	}
	if uses == 0 || ids == 0 {
		t.Errorf("found %d uses of the action and %d pre-commit hooks in the docs", uses, ids)
	}
}

// walkYAML calls visit with every mapping of a decoded YAML (or JSON)
// value.
func walkYAML(v any, visit func(map[string]any)) {
	switch v := v.(type) {
	case map[string]any:
		visit(v)
		for _, e := range v {
			walkYAML(e, visit)
		}
	case []any:
		for _, e := range v {
			walkYAML(e, visit)
		}
	}
}

// TestReadmeFlags: the flags of the README's table of the flags used most
// are flags of the lint command, and their rows are in docs/usage.md's
// flag table too.
func TestReadmeFlags(t *testing.T) {
	usage := readRepoFile(t, usagePage)
	flagName := regexp.MustCompile(`--([a-z][a-z-]*)`)
	rows := 0
	for line := range strings.Lines(readRepoFile(t, "README.md")) {
		first, _, ok := strings.Cut(strings.TrimPrefix(line, "| "), " | ")
		if !ok || !strings.HasPrefix(line, "| `-") {
			continue
		}
		rows++
		for _, m := range flagName.FindAllStringSubmatch(first, -1) {
			lintFlag(t, m[1])
			flagRow(t, usage, m[1])
		}
	}
	if rows == 0 {
		t.Error("README.md has no table of the flags used most")
	}
}

// TestDocsSandbox: "Sealed runs" of docs/guarantees.md names what a sealed
// run may use and get, as package runner holds it: the system directories,
// the files of /proc, the devices, the network's directories, the
// environment variables passed and set, the modes and the variable that
// takes Landlock away.
func TestDocsSandbox(t *testing.T) {
	const page = "docs/guarantees.md"
	b, err := os.ReadFile(filepath.Join("..", "..", page))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	start := strings.Index(text, "## Sealed runs")
	end := strings.Index(text, "## Containment")
	if start < 0 || end < start {
		t.Fatalf("%s has no section Sealed runs before Containment", page)
	}
	section := text[start:end]
	var names []string
	for _, group := range [][]string{runner.SystemDirs, runner.ProcFiles, runner.Devices, runner.ReadOnlyDevices,
		runner.NetworkDirs, runner.PassedEnv, runner.TempEnv, runner.Modes, {runner.NoLandlockEnv}} {
		names = append(names, group...)
	}
	for _, name := range names {
		if !strings.Contains(section, "`"+name+"`") {
			t.Errorf("%s's Sealed runs does not name `%s`", page, name)
		}
	}
}

// TestDocsProfiles: the --profile row of the flag table and the table of
// Client profiles in docs/mcp.md name every profile (mcpprofile.Names),
// and --profile's help lists them.
func TestDocsProfiles(t *testing.T) {
	row := flagRow(t, readRepoFile(t, usagePage), "profile")
	mcp := readRepoFile(t, "docs/mcp.md")
	for _, name := range mcpprofile.Names() {
		if !strings.Contains(row, name) {
			t.Errorf("%s's row for --profile does not name the profile %s:\n%s", usagePage, name, row)
		}
		if !strings.Contains(mcp, "\n| `"+name+"` |") {
			t.Errorf("docs/mcp.md's table of client profiles has no row for %s", name)
		}
	}
	if help, want := lintFlag(t, "profile").Help, strings.Join(mcpprofile.Names(), ", "); !strings.Contains(help, want) {
		t.Errorf("--profile's help %q does not name the profiles %q", help, want)
	}
}
