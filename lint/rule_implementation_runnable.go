package lint

import (
	"bytes"
	"runtime"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/shellscan"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

var ruleImplementationRunnable = &Rule{ID: "implementation-runnable", Severity: result.SeverityError, Category: "implementations",
	Title: "an implementation cannot be run",
	Doc: "An implementation runs directly when it is executable (its `#!` line names the interpreter) or through the " +
		"interpreter of a known extension: " + interpreterExtensions + ". A file that is neither, or " +
		"an executable script without a `#!` line, cannot be started; nor can one whose `#!` line ends with a carriage " +
		"return (saved with CRLF line endings), which the system takes as part of the interpreter's name. A shell " +
		"script saved with CRLF line endings, executable or not, starts but fails: the shell takes each line's carriage " +
		"return as part of its last word (`python3 stats.py\\r`). The examples such an implementation fails say so in " +
		"one finding each that points here. `--fix` converts such a file to LF line endings, unless it is a symbolic link, a carriage return stands inside " +
		"a line, or the file changed since it was linted. An " +
		"implementation may be a relative symbolic link to a file in the tool folder (`linux.sh -> common.sh`); a link " +
		"whose target leaves the folder, an absolute link, a dangling link or a link to a directory is not run.",
	Example: "linux.txt   (no interpreter for .txt, not executable)",
	Fix:     "linux.sh",
	Autofix: result.SafeFix,
	static:  checkImplementationRunnable}

// checkImplementationRunnable: each implementation is executable with a #!
// line (or a binary), or has an extension with a known interpreter; a
// symbolic link leads to a file inside the folder.
func checkImplementationRunnable(c *toolCheck, rep reporter) {
	if c.folder == nil {
		return
	}
	for _, im := range c.folder.Implementations {
		file := c.fileIn(im.Name)
		if bad, ok := c.badLinks[im.Name]; ok {
			rep.withHelp("%s", bad.Fix).report(inFile(file, topOfFile), im.Name, "%s %s, so it is not run", im.Name, bad.Why)
			continue
		}
		head, script := c.readHead(im.Name)
		executable := runtime.GOOS != "windows" && im.Mode&0o111 != 0
		// Where the finding is, and what it says of the file as a cause of
		// the examples' failures.
		var at place
		var k cause
		switch {
		case executable && !bytes.HasPrefix(head, []byte("#!")) && !discover.IsBinary(head):
			at = inFile(file, topOfFile)
			k = cause{is: "is executable but has no #! line", explains: unstarted}
			if !rep.withHelp("add one such as #!/usr/bin/env %s, or remove the execute bit", suggestedInterpreter(im.Ext)).report(at, im.Name, "%s is executable but has no #! line, so the system cannot start it", im.Name) {
				continue
			}
		case executable && shebangCR(head) >= 0:
			// The system takes the carriage return as part of the
			// interpreter's name and reports that no such file exists.
			at = inFile(file, contract.NewLines(head).Offset(shebangCR(head)))
			k = cause{is: "has a #! line that ends with a carriage return", explains: unstarted}
			if !c.lfFix(rep, im.Name, script).report(at, im.Name, "the #! line ends with a carriage return") {
				continue
			}
		case shellscan.IsShell(im.Ext, head) && crlfAt(script) >= 0:
			// The shell reads each line's carriage return as the last
			// character of its last word: `python3 stats.py\r`.
			at = inFile(file, contract.NewLines(script).Offset(crlfAt(script)))
			k = cause{is: "has CRLF line endings", explains: anyFailure}
			if !c.lfFix(rep, im.Name, script).report(at, im.Name,
				"%s has CRLF line endings: the shell takes each line's carriage return as part of its last word", im.Name) {
				continue
			}
		case !executable && !runner.KnownExtension(im.Ext):
			at = inFile(file, topOfFile)
			k = cause{is: "is not executable and has no known interpreter", explains: unstarted}
			if !rep.withHelp("make it executable with a #! line, or rename it to one of %s", interpreterExtensions).report(at, im.Name,
				"%s is not executable and %s has no known interpreter", im.Name, im.Ext) {
				continue
			}
		default:
			continue
		}
		k.rule, k.subject, k.are, k.at = rep.rule.ID, im.Name, k.is, rep.placeText(at)
		c.causeOfImpl(im.Name, k)
	}
}

// lfFix is rep with the help of a finding about carriage returns in the
// implementation name, whose text is script, and the fix that converts it to
// LF line endings when that may be done (crLineEndings).
func (c *toolCheck) lfFix(rep reporter, name string, script []byte) reporter {
	if c.crLineEndings(name, script) {
		rep = rep.withFix(result.Fix{Title: "convert " + name + " to LF line endings", ToLF: true, Sum: fileSum(script)})
	}
	return rep.withHelp("save the file with LF line endings")
}

// crlfAt is the offset of the first carriage return of script that ends a
// line (CRLF, or CR alone in a text without LF), or -1.
func crlfAt(script []byte) int {
	if i := bytes.Index(script, []byte("\r\n")); i >= 0 {
		return i
	}
	if bytes.IndexByte(script, '\n') < 0 {
		return bytes.IndexByte(script, '\r')
	}
	return -1
}

// interpreterExtensions are the extensions that run through an interpreter on
// every platform, as the implementation-runnable rule names them: the
// interpreter table of package runner is their one source.
var interpreterExtensions = func() string {
	var exts []string
	for _, e := range runner.Extensions() {
		if !e.WindowsOnly {
			exts = append(exts, e.Ext)
		}
	}
	return strings.Join(exts, " ")
}()

// shebangCR is the offset of the first carriage return in the #! line at
// the start of head (a file saved with CRLF line endings), or -1.
func shebangCR(head []byte) int {
	if !bytes.HasPrefix(head, []byte("#!")) {
		return -1
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	return bytes.IndexByte(line, '\r')
}

// crLineEndings reports whether the implementation name, whose text is
// script, may be converted to LF line endings: it is a regular file (not a
// link, which a fix does not write through) read whole, and each of its
// carriage returns ends a line (CRLF, or CR alone in a file without LF),
// so that the conversion changes no line's text.
func (c *toolCheck) crLineEndings(name string, script []byte) bool {
	if script == nil {
		return false
	}
	if info, err := c.root.Lstat(name); err != nil || !info.Mode().IsRegular() {
		return false
	}
	if bytes.IndexByte(script, '\n') < 0 {
		return true
	}
	return bytes.Count(script, []byte("\r")) == bytes.Count(script, []byte("\r\n"))
}

func suggestedInterpreter(ext string) string {
	if names := runner.Interpreters(ext); len(names) > 0 {
		return names[0]
	}
	return "sh"
}
