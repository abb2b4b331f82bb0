package lint

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestReadLimited: a file is read whole up to the limit, and cut at it.
func TestReadLimited(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, size := range []int{0, 1, 511, 512, 513, 4095, 4096, 4097, 10000} {
		content := bytes.Repeat([]byte("abcdefg\n"), size/8+1)[:size]
		path := filepath.Join(dir, "f")
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int{1, 512, 4096, 4097, 1 << 20} {
			got, err := readLimited(root, "f", limit)
			if want := content[:min(size, limit)]; err != nil || !bytes.Equal(got, want) {
				t.Errorf("size %d, limit %d: read %d bytes, err %v; want %d bytes", size, limit, len(got), err, len(want))
			}
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := readLimited(root, "d", 10); err == nil {
		t.Error("reading a directory: no error")
	}
	if _, err := readLimited(root, "missing", 10); err == nil {
		t.Error("reading a missing file: no error")
	}
}
