package result

import (
	"fmt"

	"github.com/speccify/speccify-lint/contract"
)

// FixSafety says whether a rule's findings carry a fix, and whether applying
// it needs a human look (ruff's "safe" and "unsafe" fixes).
type FixSafety int

const (
	// NoFix: the rule's findings carry no fix.
	NoFix FixSafety = iota
	// SafeFix: the fix keeps what the author meant (quoting a text YAML
	// split, renaming a misspelt key); --fix applies it.
	SafeFix
	// UnsafeFix: the fix changes meaning (renaming the tool, deleting a
	// file); only --fix --unsafe-fixes applies it.
	UnsafeFix
)

// String is "safe", "unsafe" or "" (no fix).
func (s FixSafety) String() string {
	switch s {
	case SafeFix:
		return "safe"
	case UnsafeFix:
		return "unsafe"
	}
	return ""
}

// MarshalText writes the safety as String does.
func (s FixSafety) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads what MarshalText writes (a JSON report read back by
// merge).
func (s *FixSafety) UnmarshalText(b []byte) error {
	for _, v := range []FixSafety{NoFix, SafeFix, UnsafeFix} {
		if string(b) == v.String() {
			*s = v
			return nil
		}
	}
	return fmt.Errorf("unknown fix safety %q (want safe or unsafe)", b)
}

// Fix is the change that resolves one finding: byte-range edits of one file
// (sorted, not overlapping), or the deletion of the file, or the conversion of
// its line endings to LF.
type Fix struct {
	// Title says what the fix does, in the imperative: "quote the value".
	Title string `json:"title"`
	// Safety is the rule's Autofix: set by the reporter.
	Safety FixSafety `json:"safety"`
	// File is the file the fix changes, relative to the root with forward
	// slashes; the finding's File when the check leaves it empty.
	File  string          `json:"file"`
	Edits []contract.Edit `json:"edits,omitempty"`
	// Delete removes File.
	Delete bool `json:"delete,omitempty"`
	// ToLF rewrites File's CRLF and CR line endings as LF.
	ToLF bool `json:"to_lf,omitempty"`
	// Sum is the SHA-256 (hex) of File's normalised text as the engine
	// read it (TOOL.md, an implementation a fix converts to LF, a fixture
	// a fix deletes): the applier does not change a file whose text has
	// changed since. Empty when unknown, and in a report read back from
	// JSON, which leaves it out.
	Sum string `json:"-"`
	// Size is the size in bytes of File as the engine read it, and Text the
	// whole of File after the fix, when the fix rewrites the whole file
	// (ToLF; Text keeps a BOM): what SARIF's replacement of the file's bytes
	// needs. 0 and "" when the engine did not read the file (or its text is
	// not UTF-8), and in a report read back from JSON, which leaves them out.
	Size int    `json:"-"`
	Text string `json:"-"`
}
