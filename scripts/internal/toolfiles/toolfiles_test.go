package toolfiles

import (
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/speccify/speccify-lint/internal/testtree"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		text, front, body string
	}{
		{"---\nname: a\n---\n## Examples\n", "name: a\n", "## Examples\n"},
		{"---\nname: a\n", "name: a\n", ""},
		{"# no frontmatter\n---\n", "", "# no frontmatter\n---\n"},
		{"---\n---\nbody", "---\nbody", ""}, // the closing line needs a line before it: no frontmatter ends here
	}
	for _, tt := range tests {
		front, body := Split([]byte(tt.text))
		if string(front) != tt.front || string(body) != tt.body {
			t.Errorf("Split(%q) = %q, %q; want %q, %q", tt.text, front, body, tt.front, tt.body)
		}
	}
}

func TestFindEach(t *testing.T) {
	dir := t.TempDir()
	testtree.Write(t, dir, map[string]string{
		".agent/tools/a/TOOL.md":         "",
		".agent/tools/b/TOOL.md":         "",
		".agent/tools/b/fixtures/x.json": "",
		"README.md":                      "",
	})
	files, err := Find([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, ".agent/tools/a/TOOL.md"), filepath.Join(dir, ".agent/tools/b/TOOL.md")}
	if !slices.Equal(files, want) {
		t.Fatalf("Find = %q, want %q", files, want)
	}
	var mu sync.Mutex
	var seen []string
	Each(files, func(p string) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, p)
	})
	slices.Sort(seen)
	if !slices.Equal(seen, want) {
		t.Errorf("Each visited %q, want %q", seen, want)
	}
	if _, err := Find([]string{filepath.Join(dir, "missing")}); err == nil {
		t.Error("Find of a missing directory: no error")
	}
}
