package lint

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint/process"
)

// maxScriptSize bounds how much of an implementation stdin-twice reads.
const maxScriptSize = 1 << 20

// checkImplementations checks the <platform>.<ext> files beside TOOL.md.
func (c *toolCheck) checkImplementations() {
	if c.folder == nil {
		return
	}
	impls := c.folder.Implementations
	if len(impls) == 0 {
		c.report(ruleImplementationMissing, topOfFile, "implementations",
			"no implementation beside TOOL.md; add one per platform named <platform>.<ext>, e.g. linux.py or macos.sh")
		return
	}
	var declared []string
	if fm := c.spec.Frontmatter; fm != nil {
		declared = values(fm.Platforms)
	}
	for _, p := range discover.Platforms {
		same := c.folder.ImplementationsFor(p)
		for _, extra := range same[min(1, len(same)):] {
			c.reportIn(ruleImplementationDuplicate, c.fileIn(extra.Name), topOfFile, extra.Name,
				"%s and %s both implement %s; keep one of them", same[0].Name, extra.Name, p)
		}
	}
	for _, im := range impls {
		if len(declared) > 0 && !slices.Contains(declared, im.Platform) {
			c.reportIn(ruleImplementationPlatform, c.fileIn(im.Name), topOfFile, im.Name,
				"%s implements %s, but platforms: lists only %s; add %s to platforms or remove the file",
				im.Name, im.Platform, strings.Join(declared, ", "), im.Platform)
		}
		c.checkRunnable(im)
	}
}

// interpreterExtensions are the extensions that run through an interpreter on
// every platform, as the implementation-runnable rule names them: the
// interpreter table of package process is their one source.
var interpreterExtensions = func() string {
	var exts []string
	for _, e := range process.Extensions() {
		if !e.WindowsOnly {
			exts = append(exts, e.Ext)
		}
	}
	return strings.Join(exts, " ")
}()

// checkRunnable: executable with a #! line (or a binary), or a known
// interpreter extension. Shell scripts are also checked for stdin-twice.
func (c *toolCheck) checkRunnable(im discover.ImplFile) {
	file := c.fileIn(im.Name)
	if bad, ok := c.badLinks[im.Name]; ok {
		c.reportIn(ruleImplementationRunnable, file, topOfFile, im.Name, "%s %s, so it is not run; %s", im.Name, bad.why, bad.fix)
		return
	}
	head, script := readHead(c.root, im.Name)
	executable := runtime.GOOS != "windows" && im.Mode&0o111 != 0
	switch {
	case executable && !bytes.HasPrefix(head, []byte("#!")) && !isBinary(head):
		c.reportIn(ruleImplementationRunnable, file, topOfFile, im.Name,
			"%s is executable but has no #! line, so the system cannot start it; add one such as #!/usr/bin/env %s, or remove the execute bit",
			im.Name, suggestedInterpreter(im.Ext))
	case executable && shebangCR(head) >= 0:
		// The system takes the carriage return as part of the
		// interpreter's name and reports that no such file exists.
		c.reportIn(ruleImplementationRunnable, file, contract.NewLines(head).Offset(shebangCR(head)), im.Name,
			"the #! line ends with a carriage return; save the file with LF line endings")
		if c.startHints == nil {
			c.startHints = map[string]string{}
		}
		c.startHints[im.Name] = "its #! line ends with a carriage return, which the system takes as part of the interpreter's name (see implementation-runnable)"
	case !executable && !process.KnownExtension(im.Ext):
		c.reportIn(ruleImplementationRunnable, file, topOfFile, im.Name,
			"%s is not executable and %s has no known interpreter (%s); make it executable with a #! line or rename it",
			im.Name, im.Ext, interpreterExtensions)
	}
	if isShellScript(im.Ext, head) && script != nil {
		if reads := stdinReads(script); len(reads) > 1 {
			lines := contract.NewLines(script)
			first, second := lines.Offset(reads[0]), lines.Offset(reads[1])
			c.reportIn(ruleStdinTwice, file, second, im.Name,
				"%s reads stdin again here after line %d; the second read gets nothing and the JSON input is lost: read stdin once into a variable, or move the logic into a .py file",
				im.Name, first.Line)
		}
	}
}

// shebangCR is the offset of the first carriage return in the #! line at
// the start of head (a file saved with CRLF line endings), or -1.
func shebangCR(head []byte) int {
	if !bytes.HasPrefix(head, []byte("#!")) {
		return -1
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	return bytes.IndexByte(line, '\r')
}

// readHead reads the first bytes of the file name in root, and the whole
// file when it is a script of reasonable size.
func readHead(root *os.Root, name string) (head, script []byte) {
	data, err := readLimited(root, name, maxScriptSize+1)
	if err != nil {
		return nil, nil
	}
	head = data[:min(len(data), 512)]
	if len(data) > maxScriptSize || isBinary(head) {
		return head, nil
	}
	return head, data
}

// readLimited reads at most limit bytes of the file name in root, into a
// buffer of the file's size (as ReadText does) rather than one io.ReadAll
// grows from 512 bytes.
func readLimited(root *os.Root, name string, limit int) ([]byte, error) {
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		buf.Grow(int(min(info.Size(), int64(limit))) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, int64(limit))); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// isBinary recognises executables (ELF, Mach-O, PE) and other binary data.
func isBinary(head []byte) bool {
	for _, magic := range [][]byte{{0x7f, 'E', 'L', 'F'}, {0xfe, 0xed, 0xfa, 0xce}, {0xfe, 0xed, 0xfa, 0xcf}, {0xce, 0xfa, 0xed, 0xfe}, {0xcf, 0xfa, 0xed, 0xfe}, {0xca, 0xfe, 0xba, 0xbe}, {'M', 'Z'}} {
		if bytes.HasPrefix(head, magic) {
			return true
		}
	}
	return bytes.IndexByte(head, 0) >= 0
}

func suggestedInterpreter(ext string) string {
	if names := process.Interpreters(ext); len(names) > 0 {
		return names[0]
	}
	return "sh"
}
