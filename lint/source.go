package lint

import (
	"crypto/sha256"
	"encoding/hex"
	"math"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/prose"
	"github.com/speccify/speccify-lint/result"
)

// maxSourceLine caps Finding.Source: a longer line is cut on a rune
// boundary.
const maxSourceLine = 1024

// attachSource sets the Source of the findings placed in TOOL.md or in an
// implementation the static rules read (before those texts are let go of):
// the text of the finding's line; and their positions (attachPositions).
func (c *toolCheck) attachSource(fs []result.Finding) {
	for i := range fs {
		f := &fs[i]
		if f.Fix != nil && f.Fix.File == c.specRel && c.spec != nil {
			f.Fix.Sum = c.specSum()
		}
		switch {
		case f.Source != "":
		case f.File == c.specRel:
			if c.spec != nil {
				f.Source = capLine(c.spec.Lines.Line(f.Line))
			}
		default:
			for _, t := range c.scripts {
				if t.err == nil && f.File == c.fileIn(t.name) && !discover.IsBinary(t.data[:min(len(t.data), 512)]) {
					f.Source = capLine(string(contract.RawLine(t.data, f.Line)))
				}
			}
		}
	}
	c.attachPositions(fs)
}

// capLine cuts s to maxSourceLine bytes on a rune boundary.
func capLine(s string) string { return prose.Cut(s, maxSourceLine) }

// specSum is the Fix.Sum of TOOL.md's text as the engine read it, computed
// once, when a finding has a fix.
func (c *toolCheck) specSum() string {
	if c.textSum == "" {
		sum := sha256.Sum256([]byte(c.spec.Lines.Text(contract.Span{End: contract.Point{Offset: math.MaxInt}})))
		c.textSum = hex.EncodeToString(sum[:])
	}
	return c.textSum
}

// fileSum is the Fix.Sum of a file of the tool folder other than TOOL.md
// whose bytes are raw (an implementation converted to LF, a fixture
// deleted): the SHA-256 of its normalised text, so that the fix is not
// applied to a file that changed since it was linted.
func fileSum(raw []byte) string {
	text, _ := contract.Normalize(raw)
	sum := sha256.Sum256(text)
	return hex.EncodeToString(sum[:])
}
