package process

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// candidate is one interpreter that can run a file: its executable name and
// the arguments that go between it and the file.
type candidate struct {
	name string
	args []string
}

// interpreterRule lists, in order of preference, the interpreters for one
// file extension.
type interpreterRule struct {
	candidates  []candidate
	windowsOnly bool
}

func interpreters(names ...string) []candidate {
	cs := make([]candidate, len(names))
	for i, n := range names {
		cs[i] = candidate{name: n}
	}
	return cs
}

// rules maps a lower-case file extension (with its dot) to its interpreters.
var rules = map[string]interpreterRule{
	".sh":   {candidates: interpreters("bash", "sh")},
	".bash": {candidates: interpreters("bash")},
	".zsh":  {candidates: interpreters("zsh")},
	".py":   {candidates: interpreters("python3", "python")},
	".js":   {candidates: interpreters("node")},
	".mjs":  {candidates: interpreters("node")},
	".ts": {candidates: []candidate{
		{name: "bun"},
		{name: "deno", args: []string{"run", "-A"}},
		{name: "tsx"},
	}},
	".rb":  {candidates: interpreters("ruby")},
	".pl":  {candidates: interpreters("perl")},
	".ps1": {candidates: []candidate{{name: "pwsh", args: []string{"-NoProfile", "-File"}}}},
	".cmd": {candidates: []candidate{{name: "cmd", args: []string{"/c"}}}, windowsOnly: true},
	".bat": {candidates: []candidate{{name: "cmd", args: []string{"/c"}}}, windowsOnly: true},
}

// KnownExtension reports whether ext (with its dot, e.g. ".py") has an
// interpreter rule. The comparison ignores case. ".cmd" and ".bat" are known
// on every platform even though they only run on Windows.
func KnownExtension(ext string) bool {
	_, ok := rules[strings.ToLower(ext)]
	return ok
}

// Interpreters returns the names of the interpreters that can run a file
// with extension ext (with its dot), in order of preference, for messages.
// It returns nil for an unknown extension.
func Interpreters(ext string) []string {
	r, ok := rules[strings.ToLower(ext)]
	if !ok {
		return nil
	}
	names := make([]string, len(r.candidates))
	for i, c := range r.candidates {
		names[i] = c.name
	}
	return names
}

// resolver holds what Resolve depends on, so tests can play another
// platform or hide interpreters.
type resolver struct {
	goos     string
	lookPath func(string) (string, error)
}

// Resolve picks the argv that runs the implementation file at path (absolute
// or relative to the current directory; the file in argv is absolute).
//
// On Unix a file with any execute bit runs directly, and its #! line decides
// the interpreter. Otherwise the extension decides: .sh runs with bash, else
// sh; .bash with bash; .zsh with zsh; .py with python3, else python; .js and
// .mjs with node; .ts with bun, else "deno run -A", else tsx; .rb with ruby;
// .pl with perl; .ps1 with "pwsh -NoProfile -File"; .cmd and .bat with
// "cmd /c" (Windows only). On Windows the execute bit is never used.
// Interpreters are looked up on PATH; the error names what is missing.
func Resolve(path string) (argv []string, err error) {
	return resolver{goos: runtime.GOOS, lookPath: exec.LookPath}.resolve(path)
}

func (r resolver) resolve(path string) ([]string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("implementation %s: %w", path, err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("implementation %s: %w", path, err)
	}
	base := filepath.Base(abs)
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("implementation %s is not a regular file", base)
	}
	if r.goos != "windows" && fi.Mode().Perm()&0o111 != 0 {
		return []string{abs}, nil
	}
	ext := strings.ToLower(filepath.Ext(abs))
	rule, ok := rules[ext]
	switch {
	case !ok && ext == "":
		return nil, fmt.Errorf("no interpreter for %s: it is not executable and has no file extension", base)
	case !ok:
		return nil, fmt.Errorf("no interpreter for %s: it is not executable and %q has no interpreter rule", base, ext)
	case rule.windowsOnly && r.goos != "windows":
		return nil, fmt.Errorf("no interpreter for %s: %s files run only on Windows", base, ext)
	}
	names := make([]string, 0, len(rule.candidates))
	for _, c := range rule.candidates {
		names = append(names, c.name)
		p, err := r.lookPath(c.name)
		if err != nil {
			// Includes exec.ErrDot: an interpreter found only through a
			// relative PATH entry is not used.
			continue
		}
		argv := make([]string, 0, len(c.args)+2)
		argv = append(argv, p)
		argv = append(argv, c.args...)
		return append(argv, abs), nil
	}
	return nil, fmt.Errorf("no interpreter for %s: %s not on PATH", base, orList(names))
}

// orList joins names as "a", "a or b", "a, b or c".
func orList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
