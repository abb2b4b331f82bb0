package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

var updateReadme = flag.Bool("update-readme", false, "rewrite the README's generated rule table")

const (
	rulesBegin = "<!-- rules:begin -->\n"
	rulesEnd   = "<!-- rules:end -->\n"
)

// TestReadmeRuleTable checks that the README's rule section is what
// `speccify-lint rules --format markdown` prints.
func TestReadmeRuleTable(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	readme, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(readme, []byte(rulesBegin))
	end := bytes.Index(readme, []byte(rulesEnd))
	if start < 0 || end < start {
		t.Fatalf("README.md lacks the %q ... %q markers", rulesBegin, rulesEnd)
	}
	var want bytes.Buffer
	if err := report.WriteRules(&want, "markdown", lint.Rules()); err != nil {
		t.Fatal(err)
	}
	got := readme[start+len(rulesBegin) : end]
	if bytes.Equal(got, want.Bytes()) {
		return
	}
	if *updateReadme {
		var out bytes.Buffer
		out.Write(readme[:start+len(rulesBegin)])
		out.Write(want.Bytes())
		out.Write(readme[end:])
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's rule table differs from `speccify-lint rules --format markdown`; run go test ./cmd/speccify-lint -run TestReadmeRuleTable -update-readme")
}
