package lint

import (
	"bytes"
	"runtime"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/runner"
)

var ruleImplementationRunnable = &Rule{ID: "implementation-runnable", Severity: SeverityError, Category: "implementations",
	Title: "an implementation cannot be run",
	Doc: "An implementation runs directly when it is executable (its `#!` line names the interpreter) or through the " +
		"interpreter of a known extension: " + interpreterExtensions + ". A file that is neither, or " +
		"an executable script without a `#!` line, cannot be started; nor can one whose `#!` line ends with a carriage " +
		"return (saved with CRLF line endings), which the system takes as part of the interpreter's name; `--fix` " +
		"converts such a file to LF line endings, unless it is a symbolic link, a carriage return stands inside " +
		"a line, or the file changed since it was linted. An " +
		"implementation may be a relative symbolic link to a file in the tool folder (`linux.sh -> common.sh`); a link " +
		"whose target leaves the folder, an absolute link, a dangling link or a link to a directory is not run.",
	Example: "linux.txt   (no interpreter for .txt, not executable)",
	Fix:     "linux.sh",
	Autofix: SafeFix,
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
			rep.withHelp("%s", bad.fix).report(inFile(file, topOfFile), im.Name, "%s %s, so it is not run", im.Name, bad.why)
			continue
		}
		head, script := c.readHead(im.Name)
		executable := runtime.GOOS != "windows" && im.Mode&0o111 != 0
		switch {
		case executable && !bytes.HasPrefix(head, []byte("#!")) && !isBinary(head):
			rep.withHelp("add one such as #!/usr/bin/env %s, or remove the execute bit", suggestedInterpreter(im.Ext)).report(inFile(file, topOfFile), im.Name,
				"%s is executable but has no #! line, so the system cannot start it", im.Name)
		case executable && shebangCR(head) >= 0:
			// The system takes the carriage return as part of the
			// interpreter's name and reports that no such file exists.
			r := rep
			if c.crLineEndings(im.Name, script) {
				r = rep.withFix(Fix{Title: "convert " + im.Name + " to LF line endings", ToLF: true, Sum: fileSum(script)})
			}
			r.withHelp("save the file with LF line endings").report(inFile(file, contract.NewLines(head).Offset(shebangCR(head))), im.Name,
				"the #! line ends with a carriage return")
			if c.startHints == nil {
				c.startHints = map[string]string{}
			}
			c.startHints[im.Name] = "its #! line ends with a carriage return, which the system takes as part of the interpreter's name (see implementation-runnable)"
		case !executable && !runner.KnownExtension(im.Ext):
			rep.withHelp("make it executable with a #! line, or rename it to one of %s", interpreterExtensions).report(inFile(file, topOfFile), im.Name,
				"%s is not executable and %s has no known interpreter", im.Name, im.Ext)
		}
	}
}

// interpreterExtensions are the extensions that run through an interpreter on
// every platform, as the implementation-runnable rule names them: the
// interpreter table of package process is their one source.
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
