package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the README's generated rule and fix tables")

// TestReadmeRuleTable checks that the README's rule section is what
// `speccify-lint rules --format markdown` prints.
func TestReadmeRuleTable(t *testing.T) {
	var want bytes.Buffer
	if err := report.WriteRules(&want, "markdown", lint.Rules()); err != nil {
		t.Fatal(err)
	}
	checkReadmeSection(t, "rules", want.Bytes(), "`speccify-lint rules --format markdown`", "TestReadmeRuleTable")
}

// TestReadmeFixTable checks that the README's fix table lists the rules
// whose findings carry a fix, with its safety (Rule.Autofix).
func TestReadmeFixTable(t *testing.T) {
	var want bytes.Buffer
	want.WriteString("| Rule | Fix | Applied by |\n| --- | --- | --- |\n")
	for _, r := range lint.Rules() {
		if flags := report.FixFlags(r.Autofix); flags != "" {
			fmt.Fprintf(&want, "| [`%s`](#%s) | %s | `%s` |\n", r.ID, r.Anchor(), r.Autofix, flags)
		}
	}
	checkReadmeSection(t, "fixes", want.Bytes(), "the rules' Autofix", "TestReadmeFixTable")
}

// checkReadmeSection checks that the README's text between the markers
// <!-- name:begin --> and <!-- name:end --> is want (what source makes),
// and with -update-readme rewrites it.
func checkReadmeSection(t *testing.T, name string, want []byte, source, test string) {
	t.Helper()
	begin, end := "<!-- "+name+":begin -->\n", "<!-- "+name+":end -->\n"
	path := filepath.Join("..", "..", "README.md")
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(readme, []byte(begin))
	stop := bytes.Index(readme, []byte(end))
	if start < 0 || stop < start {
		t.Fatalf("README.md lacks the %q ... %q markers", begin, end)
	}
	got := readme[start+len(begin) : stop]
	if bytes.Equal(got, want) {
		return
	}
	if *updateReadme {
		var out bytes.Buffer
		out.Write(readme[:start+len(begin)])
		out.Write(want)
		out.Write(readme[stop:])
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's %s section differs from %s; run go test ./cmd/speccify-lint -run %s -update-readme", name, source, test)
}
