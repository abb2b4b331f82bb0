package runner

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkSnapshot takes the effects snapshot of a typical tool folder
// (TOOL.md, an implementation, three fixtures) and compares it with the one
// before, as every example that runs does.
func BenchmarkSnapshot(b *testing.B) {
	dir := b.TempDir()
	for _, name := range []string{"TOOL.md", "linux.sh", "fixtures/a.json", "fixtures/b.json", "fixtures/sub/c.txt"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(name), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	before := snapshotDir(b, dir)
	b.ReportAllocs()
	for b.Loop() {
		after := snapshotDir(b, dir)
		if changed := before.Changes(after); len(changed) != 0 {
			b.Fatalf("changes: %v", changed)
		}
		before = after
	}
}
