// Package gencorpus writes synthetic but realistic tool folders for
// benchmarks: TOOL.md contracts with nested inputs/outputs schemas, worked
// examples (passing ones and one ok: false case), the fixtures the examples
// name and, optionally, a tiny /bin/sh implementation that answers every
// example correctly. The output is deterministic: the same options give the
// same bytes.
package gencorpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Impl says which implementation a generated tool gets.
type Impl string

// The implementations Generate can write.
const (
	ImplNone Impl = "none" // no implementation file
	ImplSh   Impl = "sh"   // linux.sh, a #!/bin/sh script with a case on the input
)

// Options tune Generate.
type Options struct {
	// Tools is how many tool folders to write.
	Tools int
	// Examples is how many passing examples each tool has; one ok: false
	// example is added to them.
	Examples int
	// Impl is the implementation each tool gets; "" means ImplNone.
	Impl Impl
	// DistinctSchemas gives every tool schemas that differ from every other
	// tool's in more than their words (a maximum in inputs and in outputs),
	// so that no compiled schema is shared between tools (see ToolMD).
	DistinctSchemas bool
}

// ToolsDir is where the tool folders go, relative to the output directory.
const ToolsDir = ".agent/tools"

// Name is the name (and folder name) of tool i, counted from 1.
func Name(i int) string { return fmt.Sprintf("tool-%05d", i) }

// modes are the values of the generated tools' "mode" input.
var modes = []string{"keys", "count", "summary"}

// kinds are the values of summary.kind.
var kinds = []string{"text", "json", "plist"}

// File is one generated file: a slash path relative to the tool folder, its
// content and its mode.
type File struct {
	Path    string
	Content string
	Mode    os.FileMode
}

// Tool returns the files of tool i (counted from 1), TOOL.md first.
func Tool(i int, opt Options) []File {
	md := ToolMD(i, opt.Examples)
	if opt.DistinctSchemas {
		md = distinctToolMD(i, opt.Examples)
	}
	files := []File{{Path: "TOOL.md", Content: md, Mode: 0o644}}
	for k := 1; k <= opt.Examples; k++ {
		files = append(files, File{Path: fixture(k), Content: fixtureContent(i, k), Mode: 0o644})
	}
	if opt.Impl == ImplSh {
		files = append(files, File{Path: "linux.sh", Content: shImpl(i, opt.Examples), Mode: 0o755})
	}
	return files
}

// Generate writes opt.Tools tool folders under dir/.agent/tools.
func Generate(dir string, opt Options) error {
	switch opt.Impl {
	case "", ImplNone, ImplSh:
	default:
		return fmt.Errorf("unknown implementation %q (want sh or none)", opt.Impl)
	}
	if opt.Tools < 0 || opt.Examples < 0 {
		return fmt.Errorf("negative count")
	}
	base := filepath.Join(dir, filepath.FromSlash(ToolsDir))
	for i := 1; i <= opt.Tools; i++ {
		tool := filepath.Join(base, Name(i))
		for _, f := range Tool(i, opt) {
			p := filepath.Join(tool, filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(f.Content), f.Mode); err != nil {
				return err
			}
			if err := os.Chmod(p, f.Mode); err != nil { // the umask may have cut it
				return err
			}
		}
	}
	return nil
}

func fixture(k int) string { return fmt.Sprintf("fixtures/record-%d.txt", k) }

func fixtureContent(i, k int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# record %d of %s\n", k, Name(i))
	for j := 0; j < k+1; j++ {
		fmt.Fprintf(&b, "key-%d-%d = value %d\n", k, j, i*j)
	}
	return b.String()
}

// example is one generated case: its title and the compact JSON lines.
type example struct {
	title, input, output string
}

func examples(i, n int) []example {
	out := make([]example, 0, n+1)
	for k := 1; k <= n; k++ {
		mode := modes[(i+k)%len(modes)]
		in := fmt.Sprintf(`{"file": "fixtures/record-%d.txt", "mode": %q, "limit": %d}`, k, mode, 10+k)
		var res string
		switch mode {
		case "keys":
			keys := make([]string, 0, k+1)
			for j := 0; j < k+1; j++ {
				keys = append(keys, fmt.Sprintf(`"key-%d-%d"`, k, j))
			}
			res = fmt.Sprintf(`{"ok": true, "keys": [%s], "count": %d}`, strings.Join(keys, ", "), k+1)
		case "count":
			res = fmt.Sprintf(`{"ok": true, "keys": [], "count": %d}`, k+1)
		default:
			res = fmt.Sprintf(`{"ok": true, "keys": [], "summary": {"lines": %d, "bytes": %d, "kind": %q}}`,
				k+2, len(fixtureContent(i, k)), kinds[k%len(kinds)])
		}
		out = append(out, example{fmt.Sprintf("%s of record %d", mode, k), in, res})
	}
	out = append(out, example{"a missing fixture",
		`{"file": "fixtures/missing.txt", "mode": "keys"}`,
		`{"ok": false, "keys": [], "error": "cannot read fixtures/missing.txt"}`})
	return out
}

// ToolMD is the TOOL.md of tool i (counted from 1) with n passing examples.
// The schemas differ from tool to tool in their descriptions, and inputs in
// a maximum as well, which repeats every 900 tools: apart from their words,
// the outputs schemas of all tools are the same, and there are 900 inputs
// schemas, which speccify-lint compiles once each (contract/schemacache.go).
// Options.DistinctSchemas makes every schema differ.
func ToolMD(i, n int) string {
	return toolMD(i, n, 100+i%900, "")
}

// distinctToolMD is ToolMD with schemas that differ from every other tool's
// in more than their words: the maximum of inputs' limit is 100+i, and
// outputs' count has a maximum of its own.
func distinctToolMD(i, n int) string {
	return toolMD(i, n, 100+i, fmt.Sprintf(", maximum: %d", 1000000+i))
}

// toolMD is the TOOL.md of tool i with n passing examples, maxLimit the maximum
// of inputs' limit and countMax written after the minimum of outputs' count.
func toolMD(i, n, maxLimit int, countMax string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `---
name: %[1]s
description: Reads a record file of the tool folder and reports its keys,
  their count or a summary of the file — generated tool %[2]d of the
  speccify-lint benchmark corpus.
inputs:
  type: object
  required: [file, mode]
  additionalProperties: false
  properties:
    file:
      type: string
      minLength: 1
      description: Path to the record file of %[1]s, relative to
        the tool directory or absolute.
    mode:
      type: string
      enum: [keys, count, summary]
      description: What to report about the file.
    limit:
      type: integer
      minimum: 1
      maximum: %[3]d
      description: At most this many keys.
    tags:
      type: array
      items: {type: string, minLength: 1}
      uniqueItems: true
      description: "Only keys carrying one of these tags, matched
        case-insensitively."
outputs:
  type: object
  required: [ok, keys]
  properties:
    ok: {type: boolean}
    keys: {type: array, items: {type: string}, description: "Matching
      keys, in file order."}
    count: {type: integer, minimum: 0%[4]s}
    summary:
      type: object
      required: [lines, bytes]
      properties:
        lines: {type: integer, minimum: 0}
        bytes: {type: integer, minimum: 0}
        kind: {type: string, enum: [text, json, plist]}
    error: {type: string, description: "Why %[1]s failed."}
effects: reads the record file; writes nothing
requires: [sh]
runtime: any
---

## Behaviour

Read the record file named by `+"`file`"+` and answer according to `+"`mode`"+`:
the keys in file order (at most `+"`limit`"+`), their count, or a summary of
the file's size. A missing or unreadable file is `+"`ok: false`"+` with an
`+"`error`"+` message; the exit code is then 1.

## Examples
`, Name(i), i, maxLimit, countMax)
	for _, ex := range examples(i, n) {
		fmt.Fprintf(&b, "\n### %s\ninput: %s\noutput: %s\n", ex.title, ex.input, ex.output)
	}
	return b.String()
}

// shImpl is a /bin/sh implementation that answers each example: it reads
// the one input line and matches the fixture it names.
func shImpl(i, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/sh\n# %s: answers the examples of TOOL.md (generated).\nIFS= read -r input\ncase $input in\n", Name(i))
	exs := examples(i, n)
	for k, ex := range exs[:n] {
		fmt.Fprintf(&b, "*'\"%s\"'*)\n  echo '%s' ;;\n", fixture(k+1), compact(ex.output))
	}
	b.WriteString("*)\n  echo '{\"ok\": false, \"keys\": [], \"error\": \"cannot read fixtures/missing.txt\"}'\n  exit 1 ;;\nesac\n")
	return b.String()
}

// compact drops the blanks after the separators of the generated JSON
// (none of its strings hold ", " or ": ").
func compact(s string) string {
	return strings.NewReplacer(", ", ",", ": ", ":").Replace(s)
}
