package main

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The documentation is README.md, CONTRIBUTING.md and the pages under docs/.
// These helpers read its Markdown for the tests that check it against the
// code (facts_test.go, install_test.go, docs_test.go, docsblocks_test.go).

// docPages are the repository's Markdown documentation files, as paths
// relative to the repository with /, in a fixed order: README.md,
// CONTRIBUTING.md, then docs/ sorted.
func docPages(t *testing.T) []string {
	t.Helper()
	pages := []string{"README.md", "CONTRIBUTING.md"}
	root := filepath.Join("..", "..")
	var docs []string
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			docs = append(docs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(docs)
	return append(pages, docs...)
}

// allDocs is the text of every documentation page, joined: what a test of
// facts the docs may state on any page searches.
func allDocs(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, p := range docPages(t) {
		b.WriteString(readRepoFile(t, p))
		b.WriteString("\n")
	}
	return b.String()
}

// mdBlock is a fenced code block of a Markdown page: its info string
// (language), text, the line of its opening fence, and the HTML comment on
// the line before it, if any (`<!-- file: PATH -->`, `<!-- console -->`),
// without its delimiters.
type mdBlock struct {
	lang, text string
	line       int
	marker     string
}

// markerComment is an HTML comment alone on its line.
var markerComment = regexp.MustCompile(`^<!--\s*(.*?)\s*-->$`)

// mdBlocks are the fenced code blocks of a Markdown text. A fence is three
// or more backticks; a block ends at a line of at least as many.
func mdBlocks(md string) []mdBlock {
	var out []mdBlock
	var cur *mdBlock
	fence, prev := "", ""
	n := 0
	for line := range strings.Lines(md) {
		n++
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			fence = trimmed[:len(trimmed)-len(strings.TrimLeft(trimmed, "`"))]
			cur = &mdBlock{lang: strings.TrimSpace(strings.TrimLeft(trimmed, "`")), line: n}
			if m := markerComment.FindStringSubmatch(prev); m != nil {
				cur.marker = m[1]
			}
		case cur != nil && strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, "`") == "":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			cur.text += line
		}
		if trimmed != "" {
			prev = trimmed
		}
	}
	return out
}

// docSection is the text of a page from the heading (a line "## Title",
// given whole) to the next heading of the same or a higher level.
func docSection(t *testing.T, page, heading string) string {
	t.Helper()
	text := readRepoFile(t, page)
	_, after, ok := strings.Cut("\n"+text, "\n"+heading+"\n")
	if !ok {
		t.Fatalf("%s has no heading %q", page, heading)
	}
	level := strings.Repeat("#", strings.IndexByte(heading, ' '))
	var b strings.Builder
	inFence := false
	for line := range strings.Lines(after) {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
		}
		if !inFence && strings.HasPrefix(line, "#") {
			hashes := line[:len(line)-len(strings.TrimLeft(line, "#"))]
			if len(hashes) <= len(level) && strings.HasPrefix(line, hashes+" ") {
				break
			}
		}
		b.WriteString(line)
	}
	return b.String()
}

// pageDir is the directory of a page, relative to the repository.
func pageDir(page string) string { return path.Dir(page) }

// repoFileExists says whether a path relative to the repository is a file
// or directory of it.
func repoFileExists(p string) bool {
	_, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(p)))
	return err == nil
}
