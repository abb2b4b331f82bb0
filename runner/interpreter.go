package runner

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
	ext         string // lower case, with its dot
	candidates  []candidate
	windowsOnly bool
	// comment starts a line comment in the file's language, ending in a #
	// or //, which a suppression comment follows (contract.HashDirective).
	comment string
}

func interpreters(names ...string) []candidate {
	cs := make([]candidate, len(names))
	for i, n := range names {
		cs[i] = candidate{name: n}
	}
	return cs
}

// rules is the interpreter table: the one list of the extensions that run
// through an interpreter, which the implementation-runnable rule's
// documentation and messages are made from.
var rules = []interpreterRule{
	{ext: ".sh", candidates: interpreters("bash", "sh"), comment: "#"},
	{ext: ".bash", candidates: interpreters("bash"), comment: "#"},
	{ext: ".zsh", candidates: interpreters("zsh"), comment: "#"},
	{ext: ".py", candidates: interpreters("python3", "python"), comment: "#"},
	{ext: ".js", candidates: interpreters("node"), comment: "//"},
	{ext: ".mjs", candidates: interpreters("node"), comment: "//"},
	{ext: ".ts", candidates: []candidate{
		{name: "bun"},
		{name: "deno", args: []string{"run", "-A"}},
		{name: "tsx"},
	}, comment: "//"},
	{ext: ".rb", candidates: interpreters("ruby"), comment: "#"},
	{ext: ".pl", candidates: interpreters("perl"), comment: "#"},
	{ext: ".ps1", candidates: []candidate{{name: "pwsh", args: []string{"-NoProfile", "-File"}}}, comment: "#"},
	{ext: ".cmd", candidates: []candidate{{name: "cmd", args: []string{"/c"}}}, windowsOnly: true, comment: "REM #"},
	{ext: ".bat", candidates: []candidate{{name: "cmd", args: []string{"/c"}}}, windowsOnly: true, comment: "REM #"},
}

// ruleFor finds the rule of ext (with its dot), ignoring case.
func ruleFor(ext string) (interpreterRule, bool) {
	ext = strings.ToLower(ext)
	for _, r := range rules {
		if r.ext == ext {
			return r, true
		}
	}
	return interpreterRule{}, false
}

// KnownExtension reports whether ext (with its dot, e.g. ".py") has an
// interpreter rule. The comparison ignores case. ".cmd" and ".bat" are known
// on every platform even though they only run on Windows.
func KnownExtension(ext string) bool {
	_, ok := ruleFor(ext)
	return ok
}

// LineComment is what starts a line comment in a file with extension ext
// (with its dot; the case is ignored) that a suppression comment can
// follow: "#", "//", or "REM #" for cmd; "" for an unknown extension.
func LineComment(ext string) string {
	r, _ := ruleFor(ext)
	return r.comment
}

// Extension is one row of the interpreter table, for documentation and
// messages: a file extension (lower case, with its dot), the names of its
// interpreters in order of preference, and whether it runs only on Windows.
type Extension struct {
	Ext          string
	Interpreters []string
	WindowsOnly  bool
}

// Extensions lists the interpreter table in its order.
func Extensions() []Extension {
	exts := make([]Extension, len(rules))
	for i, r := range rules {
		exts[i] = Extension{Ext: r.ext, Interpreters: Interpreters(r.ext), WindowsOnly: r.windowsOnly}
	}
	return exts
}

// Interpreters returns the names of the interpreters that can run a file
// with extension ext (with its dot), in order of preference, for messages.
// It returns nil for an unknown extension.
func Interpreters(ext string) []string {
	r, ok := ruleFor(ext)
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
// the interpreter. Otherwise the extension decides, through the interpreter
// table (rules): the first of its interpreters found on PATH runs the file,
// e.g. .sh with bash, else sh. On Windows the execute bit is never used. The
// error names what is missing.
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
	rule, ok := ruleFor(ext)
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
