package report

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestWritersReadNoFiles: the report writers only render the Result (see
// the package documentation), so no file of the package but the two that
// are about files imports a package to reach the file system: baseline.go
// reads a --baseline file, stepsummary.go appends to $GITHUB_STEP_SUMMARY.
func TestWritersReadNoFiles(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"baseline.go": true, "stepsummary.go": true}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || allowed[name] {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			switch path {
			case "os", "io/fs", "path/filepath", "io/ioutil":
				t.Errorf("%s imports %s: a writer reads nothing from disk; put what it needs in the model (result.Finding)", name, path)
			}
		}
	}
}
