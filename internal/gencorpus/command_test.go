package gencorpus

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestCommand(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	if code := Command([]string{"-n", "2", "-examples", "1", "-impl", "sh", dir}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, p := range []string{"tool-00001/TOOL.md", "tool-00002/linux.sh", "tool-00002/fixtures/record-1.txt"} {
		if _, err := os.Stat(filepath.Join(dir, ".agent", "tools", filepath.FromSlash(p))); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".agent", "tools", "tool-00003")); err == nil {
		t.Error("wrote a third tool for -n 2")
	}
}

func TestCommandUsage(t *testing.T) {
	var stderr bytes.Buffer
	if code := Command(nil, &stderr); code != 2 {
		t.Fatalf("exit %d without DIR, want 2", code)
	}
	if code := Command([]string{"-impl", "py", t.TempDir()}, &stderr); code != 1 {
		t.Fatalf("exit %d for -impl py, want 1", code)
	}
}
