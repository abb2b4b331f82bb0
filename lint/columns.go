package lint

import (
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/result"
)

// attachPositions completes, from the texts the engine read, what reports
// need of the findings' places beyond their line and UTF-16 column, so that
// the writers of package report only render: the byte columns of the
// findings (Finding.ByteColumn) and of their fixes' edits, and the whole text
// of a fix that rewrites its file (Fix.Size and Fix.Text, for SARIF). The
// texts are TOOL.md and, while the static checks have them
// (toolCheck.scripts), the implementations. A finding or edit in a text not
// at hand keeps 0: its byte column is taken to be its column.
func (c *toolCheck) attachPositions(fs []result.Finding) {
	for i := range fs {
		f := &fs[i]
		if col := c.byteColumnIn(f.File); col != nil {
			f.ByteColumn = differing(col(contract.Pos{Line: f.Line, Column: f.Column}), f.Column)
		}
		fix := f.Fix
		if fix == nil {
			continue
		}
		if col := c.byteColumnIn(fix.File); col != nil {
			for j := range fix.Edits {
				e := &fix.Edits[j]
				e.StartByteColumn = differing(col(e.Start.Pos), e.Start.Column)
				e.EndByteColumn = differing(col(e.End.Pos), e.End.Column)
			}
		}
		if fix.ToLF && fix.Text == "" {
			if data := c.scriptData(fix.File); data != nil {
				if lf := contract.ToLF(data); utf8.Valid(lf) {
					fix.Size, fix.Text = len(data), string(lf)
				}
			}
		}
	}
}

// byteColumnIn is the function that turns a position of the root-relative
// file into its byte column, when the engine has the file's text at hand
// (TOOL.md's normalised text, an implementation's bytes); nil otherwise.
func (c *toolCheck) byteColumnIn(file string) func(contract.Pos) int {
	if file == c.specRel {
		if c.spec == nil {
			return nil
		}
		return c.spec.Lines.ByteColumn
	}
	if data := c.scriptData(file); data != nil {
		return func(p contract.Pos) int { return contract.ByteColumn(contract.RawLine(data, p.Line), p.Column) }
	}
	return nil
}

// scriptData is the text of the root-relative file when it is an
// implementation the static checks read and it is no binary; nil otherwise.
func (c *toolCheck) scriptData(file string) []byte {
	for _, t := range c.scripts {
		if t.err == nil && file == c.fileIn(t.name) && !discover.IsBinary(t.data[:min(len(t.data), 512)]) {
			return t.data
		}
	}
	return nil
}

// differing is the byte column b of a place whose column is col, as
// Finding.ByteColumn and Edit hold it: 0 when it is col.
func differing(b, col int) int {
	if b == col {
		return 0
	}
	return b
}

// attachSkillPositions sets the byte columns of the findings placed in the
// skill's SKILL.md, whose text is text.
func attachSkillPositions(fs []result.Finding, spec string, text []byte) {
	lines := contract.NewLines(text)
	for i := range fs {
		if f := &fs[i]; f.File == spec {
			f.ByteColumn = differing(lines.ByteColumn(contract.Pos{Line: f.Line, Column: f.Column}), f.Column)
		}
	}
}
