package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestProjectConfigSettings: the settings call, export and mcp take from
// the configuration file are lint's, and each command says in --config's
// help which of them it takes (its flags among sharedSettings). A flag of
// such a command that has a lint setting's name but is not shared must be
// one whose meaning differs, listed here: a new one is a decision to make.
func TestProjectConfigSettings(t *testing.T) {
	parser, _, err := newParser(&runEnv{stdout: io.Discard, stderr: io.Discard}, nil)
	if err != nil {
		t.Fatal(err)
	}
	keys := lintConfigKeys(parser.Model)
	for _, s := range sharedSettings {
		if !slices.Contains(keys, s) {
			t.Errorf("shared setting %s is no setting of the lint command", s)
		}
	}
	// The page names every other setting as one these commands do not apply.
	page, err := os.ReadFile(filepath.Join("..", "..", configPage))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`The other settings \(([^)]*)\) are not applied`).FindStringSubmatch(oneLine(string(page)))
	if m == nil {
		t.Fatalf("%s does not say which settings call, export and mcp do not apply", configPage)
	}
	var unapplied []string
	for _, k := range keys {
		if !slices.Contains(sharedSettings, k) && !slices.Contains([]string{"disable", "enable", "severity"}, k) {
			unapplied = append(unapplied, "`"+k+"`")
		}
	}
	if got := strings.Split(m[1], ", "); !slices.Equal(got, unapplied) {
		t.Errorf("%s says call, export and mcp do not apply %v; the settings they do not take are %v", configPage, got, unapplied)
	}
	differs := map[string][]string{"call": {"format"}, "export": {"format"}, "mcp": nil}
	table := configTable(t)
	for _, c := range parser.Model.Children {
		want, ok := differs[c.Name]
		if !ok {
			continue
		}
		var shared, other []string
		var help string
		for _, f := range c.Flags {
			switch {
			case f.Name == "config":
				help = f.Help
			case slices.Contains(sharedSettings, f.Name):
				shared = append(shared, f.Name)
			case slices.Contains(keys, f.Name):
				other = append(other, f.Name)
			}
		}
		if !slices.Equal(other, want) {
			t.Errorf("%s's flags named as lint settings but not shared: %v, want %v", c.Name, other, want)
		}
		for _, s := range sharedSettings {
			if got, want := table[s][c.Name], slices.Contains(shared, s); got != want {
				t.Errorf("%s's table says %s takes %s from the file: %v; its flags: %v", configPage, c.Name, s, got, want)
			}
		}
		if list := englishList(shared); !strings.Contains(help, "its "+list+" are the defaults") {
			t.Errorf("%s --config's help does not name its shared settings, %s:\n%s", c.Name, list, help)
		}
	}
}

// configTable reads the table of docs/configuration.md that says which
// settings call, export and mcp take from the file: by setting, by command,
// whether its cell says yes.
func configTable(t *testing.T) map[string]map[string]bool {
	t.Helper()
	page, err := os.ReadFile(filepath.Join("..", "..", configPage))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]bool{}
	row := regexp.MustCompile("(?m)^\\| `([a-z-]+)` \\|([^|]*)\\|([^|]*)\\|([^|]*)\\|$")
	for _, m := range row.FindAllStringSubmatch(string(page), -1) {
		out[m[1]] = map[string]bool{}
		for i, cmd := range []string{"call", "export", "mcp"} {
			out[m[1]][cmd] = strings.TrimSpace(m[2+i]) == "yes"
		}
	}
	if len(out) < len(sharedSettings) {
		t.Fatalf("%s has no table of the settings call, export and mcp take (rows %v)", configPage, out)
	}
	return out
}

// englishList is "a, b and c".
func englishList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// TestServerConfigNegativeTimeout: the language server reads the
// configuration file as lint does, so a negative timeout in it is the
// file's error, at its line and column (the server shows it and uses the
// defaults).
func TestServerConfigNegativeTimeout(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ".speccify-lint.yaml"), []byte("timeout: -1s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := serverConfig(root)
	if want := ".speccify-lint.yaml:1:10: timeout: -1s is negative; want a time limit such as 30s, or 0 for the default (60s)"; err == nil || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("serverConfig: %v, want an error ending %q", err, want)
	}
}
