package runner

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// benchFolder is a typical tool folder: TOOL.md, an implementation that
// reads its input and answers, three fixtures.
func benchFolder(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	for name, text := range map[string]string{
		"TOOL.md": "contract", "linux.sh": "read -r input\necho '{\"ok\": true}'\n",
		"fixtures/a.json": "{}", "fixtures/b.json": "{}", "fixtures/sub/c.txt": "c",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

// BenchmarkRuns compares one run of a shell implementation: bare (Run in
// the folder, as before workspaces), in a copy unsealed, in a copy sealed.
// The sealed and copy costs per run are what the workspace adds.
func BenchmarkRuns(b *testing.B) {
	sh, err := lookSh()
	if err != nil {
		b.Skip(err)
	}
	dir := benchFolder(b)
	req := Request{Argv: []string{sh, filepath.Join(dir, "linux.sh")}, Path: sh, Stdin: []byte("{}\n"), Timeout: time.Minute}
	b.Run("bare", func(b *testing.B) {
		for b.Loop() {
			Run(context.Background(), Command{Argv: req.Argv, Path: sh, Dir: dir, Stdin: req.Stdin, Timeout: req.Timeout})
		}
	})
	for _, mode := range []Mode{SandboxOff, SandboxAuto} {
		b.Run("copy-"+Modes[mode], func(b *testing.B) {
			root, err := os.OpenRoot(dir)
			if err != nil {
				b.Fatal(err)
			}
			w, err := Open(root, dir, Options{Placement: Copy, Sandbox: mode, Repository: dir, Programs: []string{sh}})
			if err != nil {
				b.Fatal(err)
			}
			defer w.Close()
			for b.Loop() {
				w.Run(context.Background(), req)
			}
		})
	}
}

// BenchmarkOpen is what a tool's workspace costs once: the private
// directory, the copy, and (sealed) the ruleset and its thread.
func BenchmarkOpen(b *testing.B) {
	sh, err := lookSh()
	if err != nil {
		b.Skip(err)
	}
	dir := benchFolder(b)
	for _, mode := range []Mode{SandboxOff, SandboxAuto} {
		b.Run(Modes[mode], func(b *testing.B) {
			for b.Loop() {
				root, err := os.OpenRoot(dir)
				if err != nil {
					b.Fatal(err)
				}
				w, err := Open(root, dir, Options{Placement: Copy, Sandbox: mode, Repository: dir, Programs: []string{sh}})
				if err != nil {
					b.Fatal(err)
				}
				w.Close()
			}
		})
	}
}
