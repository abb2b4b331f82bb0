package contract

import (
	"fmt"
	"os"
)

// Spec is a parsed TOOL.md: its frontmatter, its examples and whatever could
// not be parsed, each with its place.
type Spec struct {
	// Path is the file's path as it was read.
	Path string
	// Lines indexes the normalised text (BOM dropped, LF endings).
	Lines *Lines
	// FileErr is set when the file could not be read as text (too large, not
	// UTF-8, not a regular file); nothing else is then set.
	FileErr *FileError
	// Split is the frontmatter/body cut of the text.
	Split Split
	// Frontmatter is nil when the file has no (closed) frontmatter.
	Frontmatter *Frontmatter
	// Examples is nil when the body has no "## Examples" section.
	Examples *Examples
	// Problems are the parse problems of the frontmatter and the examples.
	Problems []Problem
	// Suppressions are the suppression comments of the frontmatter, then
	// those of the body, in document order.
	Suppressions []Suppression
}

// parseSpec parses a normalised TOOL.md text (see ReadText).
func parseSpec(path string, text []byte) *Spec {
	s := &Spec{Path: path, Lines: NewLines(text)}
	s.Split = splitFrontmatter(text)
	switch {
	case !s.Split.HasFrontmatter:
		s.Problems = append(s.Problems, Problem{Kind: ProblemFrontmatter, Pos: Pos{1, 1}, Key: "frontmatter",
			Msg: "TOOL.md does not start with YAML frontmatter", Help: "put a `---` line first, then name:, description:, inputs:, outputs:, effects:, requires:, then `---`"})
	case !s.Split.Closed:
		s.Problems = append(s.Problems, Problem{Kind: ProblemFrontmatter, Pos: Pos{s.Split.OpenLine, 1}, Key: "frontmatter",
			Msg: "the frontmatter that starts here never ends", Help: "add a closing `---` line after the last key"})
	default:
		fm, problems := parseFrontmatter(s.Split, s.Lines)
		s.Frontmatter = fm
		s.Problems = append(s.Problems, problems...)
	}
	if !s.Split.HasFrontmatter || s.Split.Closed {
		s.Examples = parseExamples(s.Split.Body, s.Split.BodyOffset, s.Lines)
		s.Suppressions = append(frontmatterSuppressions(s.Frontmatter, s.Split), parseSuppressions(s.Split.Body, s.Split.BodyOffset, s.Lines)...)
		if s.Examples != nil {
			s.Problems = append(s.Problems, s.Examples.Problems...)
			for _, c := range s.Examples.Cases {
				s.Problems = append(s.Problems, c.Problems...)
			}
		}
	}
	return s
}

// ReadSpecIn reads and parses the TOOL.md name inside root, an os.Root of
// its tool folder (see readTextIn); path names it in the Spec. A file that is
// not text gives a Spec with FileErr set; other I/O errors are returned.
func ReadSpecIn(root *os.Root, name, path string) (*Spec, error) {
	text, err := readTextIn(root, name, path, MaxSpecSize)
	return specOf(path, text, err)
}

// specOf parses the text ReadText gave, with its error, for the TOOL.md at
// path.
func specOf(path string, text []byte, err error) (*Spec, error) {
	if err != nil {
		if fe, ok := err.(*FileError); ok {
			return &Spec{Path: path, Lines: NewLines(nil), FileErr: fe}, nil
		}
		return nil, err
	}
	return parseSpec(path, text), nil
}

// ParseText parses a normalised TOOL.md text (LF line endings, no BOM, as
// ReadText gives it), for a text that is not a file: a TOOL.md with a fix
// applied, to check the fix.
func ParseText(path string, text []byte) *Spec { return parseSpec(path, text) }

// ParseBytes reads raw, the bytes of a TOOL.md that is not a file on disk
// (one at a git revision), as ReadSpecIn reads a file: at most MaxSpecSize
// bytes, normalised, UTF-8 without NUL; a text that is not gives a Spec
// with FileErr set.
func ParseBytes(path string, raw []byte) *Spec {
	if len(raw) > MaxSpecSize {
		return &Spec{Path: path, Lines: NewLines(nil), FileErr: &FileError{Path: path, Pos: Pos{1, 1},
			Msg: fmt.Sprintf("is %s, larger than the %s speccify-lint reads", byteSize(int64(len(raw))), byteSize(MaxSpecSize))}}
	}
	text, err := normalizeText(path, raw)
	s, _ := specOf(path, text, err) // normalizeText's only errors are *FileError
	return s
}
