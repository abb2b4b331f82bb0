package runner

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeFile writes body to dir/name with the given permissions and returns
// its path.
func writeFile(t testing.TB, dir, name, body string, perm os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil { // not subject to umask
		t.Fatal(err)
	}
	return p
}

// fakeLookPath finds only the names in have, at /fake/bin/<name>.
func fakeLookPath(have ...string) func(string) (string, error) {
	return func(name string) (string, error) {
		for _, h := range have {
			if h == name {
				return "/fake/bin/" + name, nil
			}
		}
		return "", exec.ErrNotFound
	}
}

func mustLook(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not on PATH", name)
	}
	return p
}

func TestResolveHost(t *testing.T) {
	if os.PathSeparator != '/' {
		t.Skip("Unix rules")
	}
	dir := t.TempDir()
	bash := mustLook(t, "bash")
	python3 := mustLook(t, "python3")

	sh := writeFile(t, dir, "linux.sh", "echo hi\n", 0o644)
	argv, err := Resolve(sh)
	if err != nil || !reflect.DeepEqual(argv, []string{bash, sh}) {
		t.Errorf("Resolve(non-executable .sh) = %q, %v; want [%s %s]", argv, err, bash, sh)
	}

	exe := writeFile(t, dir, "macos.sh", "#!/bin/sh\necho hi\n", 0o755)
	argv, err = Resolve(exe)
	if err != nil || !reflect.DeepEqual(argv, []string{exe}) {
		t.Errorf("Resolve(executable) = %q, %v; want [%s]", argv, err, exe)
	}

	py := writeFile(t, dir, "linux.py", "print(1)\n", 0o644)
	argv, err = Resolve(py)
	if err != nil || !reflect.DeepEqual(argv, []string{python3, py}) {
		t.Errorf("Resolve(.py) = %q, %v; want [%s %s]", argv, err, python3, py)
	}

	unknown := writeFile(t, dir, "linux.xyz", "??\n", 0o644)
	if argv, err := Resolve(unknown); err == nil || !strings.Contains(err.Error(), "linux.xyz") {
		t.Errorf("Resolve(unknown extension) = %q, %v; want an error naming the file", argv, err)
	}
	noext := writeFile(t, dir, "linux", "??\n", 0o644)
	if argv, err := Resolve(noext); err == nil {
		t.Errorf("Resolve(no extension, not executable) = %q, want an error", argv)
	}
	if argv, err := Resolve(filepath.Join(dir, "missing.sh")); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Resolve(missing) = %q, %v; want a not-exist error", argv, err)
	}
	if argv, err := Resolve(dir); err == nil {
		t.Errorf("Resolve(directory) = %q, want an error", argv)
	}
	bat := writeFile(t, dir, "windows.cmd", "@echo off\n", 0o644)
	if argv, err := Resolve(bat); err == nil || !strings.Contains(err.Error(), "Windows") {
		t.Errorf("Resolve(.cmd) on Unix = %q, %v; want a Windows-only error", argv, err)
	}
}

func TestResolveRelativePathBecomesAbsolute(t *testing.T) {
	if os.PathSeparator != '/' {
		t.Skip("Unix rules")
	}
	dir := t.TempDir()
	exe := writeFile(t, dir, "linux.sh", "#!/bin/sh\n", 0o755)
	t.Chdir(dir)
	argv, err := Resolve("linux.sh")
	if err != nil || len(argv) != 1 || !filepath.IsAbs(argv[0]) {
		t.Fatalf("Resolve(relative) = %q, %v; want one absolute path", argv, err)
	}
	a, _ := os.Stat(argv[0])
	b, _ := os.Stat(exe)
	if a == nil || b == nil || !os.SameFile(a, b) {
		t.Errorf("Resolve(relative) = %q, want the file %s", argv, exe)
	}
}

func TestResolveMissingInterpreterMessage(t *testing.T) {
	dir := t.TempDir()
	py := writeFile(t, dir, "linux.py", "print(1)\n", 0o644)
	t.Setenv("PATH", t.TempDir())
	_, err := Resolve(py)
	want := "no interpreter for linux.py: python3 or python not on PATH"
	if err == nil || err.Error() != want {
		t.Errorf("Resolve with empty PATH: err = %v, want %q", err, want)
	}
}

func TestResolveRules(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		file string
		goos string
		perm os.FileMode
		have []string
		want []string // "FILE" stands for the absolute file path
		err  string
	}{
		{"a.sh", "linux", 0o644, []string{"bash", "sh"}, []string{"/fake/bin/bash", "FILE"}, ""},
		{"a.sh", "linux", 0o644, []string{"sh"}, []string{"/fake/bin/sh", "FILE"}, ""},
		{"a.bash", "linux", 0o644, []string{"bash"}, []string{"/fake/bin/bash", "FILE"}, ""},
		{"a.zsh", "darwin", 0o644, []string{"zsh"}, []string{"/fake/bin/zsh", "FILE"}, ""},
		{"a.py", "linux", 0o644, []string{"python"}, []string{"/fake/bin/python", "FILE"}, ""},
		{"a.PY", "linux", 0o644, []string{"python3", "python"}, []string{"/fake/bin/python3", "FILE"}, ""},
		{"a.js", "linux", 0o644, []string{"node"}, []string{"/fake/bin/node", "FILE"}, ""},
		{"a.mjs", "linux", 0o644, []string{"node"}, []string{"/fake/bin/node", "FILE"}, ""},
		{"a.ts", "linux", 0o644, []string{"bun", "deno", "tsx"}, []string{"/fake/bin/bun", "FILE"}, ""},
		{"a.ts", "linux", 0o644, []string{"deno", "tsx"}, []string{"/fake/bin/deno", "run", "-A", "FILE"}, ""},
		{"a.ts", "linux", 0o644, []string{"tsx"}, []string{"/fake/bin/tsx", "FILE"}, ""},
		{"a.ts", "linux", 0o644, nil, nil, "no interpreter for a.ts: bun, deno or tsx not on PATH"},
		{"a.rb", "linux", 0o644, []string{"ruby"}, []string{"/fake/bin/ruby", "FILE"}, ""},
		{"a.pl", "linux", 0o644, []string{"perl"}, []string{"/fake/bin/perl", "FILE"}, ""},
		{"a.ps1", "windows", 0o644, []string{"pwsh"}, []string{"/fake/bin/pwsh", "-NoProfile", "-File", "FILE"}, ""},
		{"a.cmd", "windows", 0o644, []string{"cmd"}, []string{"/fake/bin/cmd", "/c", "FILE"}, ""},
		{"a.bat", "windows", 0o644, []string{"cmd"}, []string{"/fake/bin/cmd", "/c", "FILE"}, ""},
		{"a.bat", "linux", 0o644, []string{"cmd"}, nil, "no interpreter for a.bat: .bat files run only on Windows"},
		// The execute bit decides on Unix, never on Windows.
		{"x.py", "linux", 0o755, []string{"python3"}, []string{"FILE"}, ""},
		{"x.py", "windows", 0o755, []string{"python3"}, []string{"/fake/bin/python3", "FILE"}, ""},
		{"x.exe", "windows", 0o755, nil, nil, `no interpreter for x.exe: it is not executable and ".exe" has no interpreter rule`},
		{"x", "linux", 0o644, nil, nil, "no interpreter for x: it is not executable and has no file extension"},
	}
	for _, tt := range tests {
		p := writeFile(t, dir, tt.file, "", tt.perm)
		r := resolver{goos: tt.goos, lookPath: fakeLookPath(tt.have...)}
		argv, err := r.resolve(p)
		name := tt.goos + "/" + tt.file
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: argv %q, err %v; want error %q", name, argv, err, tt.err)
			}
			continue
		}
		want := make([]string, len(tt.want))
		for i, w := range tt.want {
			if w == "FILE" {
				w = p
			}
			want[i] = w
		}
		if err != nil || !reflect.DeepEqual(argv, want) {
			t.Errorf("%s (have %v): argv %q, err %v; want %q", name, tt.have, argv, err, want)
		}
	}
}

func TestKnownExtensionAndInterpreters(t *testing.T) {
	for _, ext := range []string{".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".ts", ".rb", ".pl", ".ps1", ".cmd", ".bat", ".PY"} {
		if !KnownExtension(ext) {
			t.Errorf("KnownExtension(%q) = false", ext)
		}
	}
	for _, ext := range []string{"", ".txt", ".exe", "py", ".md"} {
		if KnownExtension(ext) {
			t.Errorf("KnownExtension(%q) = true", ext)
		}
	}
	tests := map[string][]string{
		".sh":  {"bash", "sh"},
		".py":  {"python3", "python"},
		".ts":  {"bun", "deno", "tsx"},
		".ps1": {"pwsh"},
		".bat": {"cmd"},
		".txt": nil,
	}
	for ext, want := range tests {
		if got := Interpreters(ext); !reflect.DeepEqual(got, want) {
			t.Errorf("Interpreters(%q) = %q, want %q", ext, got, want)
		}
	}
	// The result is a copy.
	Interpreters(".py")[0] = "mutated"
	if Interpreters(".py")[0] != "python3" {
		t.Error("Interpreters returned the shared table")
	}
}
