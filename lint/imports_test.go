package lint

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoYAML: package contract reads the YAML of a TOOL.md into typed fields;
// no file of lint or of the packages under it imports a YAML library.
func TestNoYAML(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); strings.Contains(strings.ToLower(p), "yaml") {
				t.Errorf("%s imports %s; read the typed fields of contract.Frontmatter instead", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
