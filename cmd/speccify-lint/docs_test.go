package main

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

var (
	updateDocs = flag.Bool("update-docs", false, "rewrite the generated documentation (docs/rules/, the fix table of docs/fixes.md) and the output shown in the docs' console blocks")
	// updateReadme is the flag's former name, kept so that the command
	// older notes give still works.
	updateReadme = flag.Bool("update-readme", false, "the same as -update-docs")
)

// updatingDocs says whether the tests rewrite the generated documentation.
func updatingDocs() bool { return *updateDocs || *updateReadme }

// TestRulePages checks that docs/rules/ holds exactly the pages the rule
// registry makes (report.WriteRulePage, one per rule, and the index,
// report.WriteRuleIndex), and with -update-docs rewrites them and removes
// the page of a rule that is gone.
func TestRulePages(t *testing.T) {
	dir := filepath.Join("..", "..", "docs", "rules")
	want := map[string][]byte{}
	var index bytes.Buffer
	if err := report.WriteRuleIndex(&index, lint.Rules()); err != nil {
		t.Fatal(err)
	}
	want["README.md"] = index.Bytes()
	for _, r := range lint.Rules() {
		var page bytes.Buffer
		if err := report.WriteRulePage(&page, r); err != nil {
			t.Fatal(err)
		}
		want[report.RulePageFile(r)] = page.Bytes()
	}
	entries, err := os.ReadDir(dir)
	if err != nil && !updatingDocs() {
		t.Fatal(err)
	}
	const hint = "go test ./cmd/speccify-lint -run TestRulePages -update-docs"
	for _, e := range entries {
		if _, ok := want[e.Name()]; ok {
			continue
		}
		if updatingDocs() {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("docs/rules/%s is the page of no rule; %s removes it", e.Name(), hint)
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		path := filepath.Join(dir, name)
		got, err := os.ReadFile(path)
		if err == nil && bytes.Equal(got, want[name]) {
			continue
		}
		if updatingDocs() {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, want[name], 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("docs/rules/%s is not what the rule registry makes; %s rewrites it", name, hint)
	}
}

// TestRuleDocLinks: every link to a rule's page (lint.Rule.DocURL: SARIF's
// helpUri, rdjson's url, `rules ID`'s More:, the text report's hyperlinks)
// names a file of this repository, docs/rules/<id>.md.
func TestRuleDocLinks(t *testing.T) {
	const repo = "https://github.com/speccify/speccify-lint/blob/main/"
	if !strings.HasPrefix(lint.RuleDocBase, repo) {
		t.Fatalf("lint.RuleDocBase %q is not a path of the repository's main branch, %s", lint.RuleDocBase, repo)
	}
	for _, r := range lint.Rules() {
		url := r.DocURL()
		path, ok := strings.CutPrefix(url, repo)
		if !ok {
			t.Errorf("rule %s links to %s, outside the repository", r.ID, url)
			continue
		}
		if info, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(path))); err != nil || !info.Mode().IsRegular() {
			t.Errorf("rule %s links to %s, but %s is no file of the repository: %v", r.ID, url, path, err)
		}
		if path != "docs/rules/"+report.RulePageFile(r) {
			t.Errorf("rule %s links to %s, not to its generated page docs/rules/%s", r.ID, path, report.RulePageFile(r))
		}
	}
}

// TestFixTable checks that the fix table of docs/fixes.md lists the rules
// whose findings carry a fix, with its safety (Rule.Autofix).
func TestFixTable(t *testing.T) {
	var want bytes.Buffer
	want.WriteString("| Rule | Fix | Applied by |\n| --- | --- | --- |\n")
	for _, r := range lint.Rules() {
		if flags := report.FixFlags(r.Autofix); flags != "" {
			fmt.Fprintf(&want, "| [`%s`](rules/%s) | %s | `%s` |\n", r.ID, report.RulePageFile(r), r.Autofix, flags)
		}
	}
	checkGeneratedSection(t, "docs/fixes.md", "fixes", want.Bytes(), "the rules' Autofix", "TestFixTable")
}

// checkGeneratedSection checks that the text of the repository's file name
// between the markers <!-- section:begin --> and <!-- section:end --> is
// want (what source makes), and with -update-docs rewrites it.
func checkGeneratedSection(t *testing.T, name, section string, want []byte, source, test string) {
	t.Helper()
	begin, end := "<!-- "+section+":begin -->\n", "<!-- "+section+":end -->\n"
	path := filepath.Join("..", "..", filepath.FromSlash(name))
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(text, []byte(begin))
	stop := bytes.Index(text, []byte(end))
	if start < 0 || stop < start {
		t.Fatalf("%s lacks the %q ... %q markers", name, begin, end)
	}
	got := text[start+len(begin) : stop]
	if bytes.Equal(got, want) {
		return
	}
	if updatingDocs() {
		var out bytes.Buffer
		out.Write(text[:start+len(begin)])
		out.Write(want)
		out.Write(text[stop:])
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's %s section differs from %s; run go test ./cmd/speccify-lint -run %s -update-docs", name, section, source, test)
}

// readmeMaxLines is how long README.md may be: a quick start read in five
// minutes; the reference is in docs/.
const readmeMaxLines = 350

// TestReadmeLength: README.md has at most readmeMaxLines lines.
func TestReadmeLength(t *testing.T) {
	if n := strings.Count(readRepoFile(t, "README.md"), "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: move reference material to a page under docs/", n, readmeMaxLines)
	}
}

// mdLink is a Markdown link's target, [text](target), outside code.
var mdLink = regexp.MustCompile(`\]\(([^()\s]+)\)`)

// htmlAnchor is an anchor an HTML element of a page defines.
var htmlAnchor = regexp.MustCompile(`<a id="([^"]+)">`)

// headingSlug is the anchor GitHub gives a Markdown heading: lower case,
// punctuation dropped, spaces as hyphens.
func headingSlug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// pageAnchors are the anchors of a Markdown text: its headings' slugs
// (outside code blocks) and its <a id> elements.
func pageAnchors(md string) map[string]bool {
	anchors := map[string]bool{}
	for _, m := range htmlAnchor.FindAllStringSubmatch(md, -1) {
		anchors[m[1]] = true
	}
	for _, line := range proseLines(md) {
		if title, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " "); ok && strings.HasPrefix(line, "#") {
			anchors[headingSlug(title)] = true
		}
	}
	return anchors
}

// proseLines are the lines of a Markdown text outside fenced code blocks,
// with inline code spans removed.
func proseLines(md string) []string {
	var out []string
	fence := ""
	for line := range strings.Lines(md) {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			marks := trimmed[:len(trimmed)-len(strings.TrimLeft(trimmed, "`"))]
			switch {
			case fence == "":
				fence = marks
			case strings.HasPrefix(marks, fence) && strings.Trim(trimmed, "`") == "":
				fence = ""
			}
			continue
		}
		if fence == "" {
			out = append(out, inlineCode.ReplaceAllString(strings.TrimRight(line, "\n"), ""))
		}
	}
	return out
}

// inlineCode is a code span of one line.
var inlineCode = regexp.MustCompile("`[^`]*`")

// TestDocsLinks: every relative link of the docs (README.md,
// CONTRIBUTING.md, ARCHITECTURE.md, docs/) leads to a file or directory of
// the repository, and a link to a heading of a Markdown page to one that
// page has: the pages were split, and links must follow what moves.
func TestDocsLinks(t *testing.T) {
	pages := append(docPages(t), "ARCHITECTURE.md")
	texts := map[string]string{}
	for _, p := range pages {
		texts[p] = readRepoFile(t, p)
	}
	for _, page := range pages {
		for _, line := range proseLines(texts[page]) {
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				resolved := page
				if file != "" {
					resolved = path.Join(pageDir(page), file)
					if !repoFileExists(resolved) {
						t.Errorf("%s links to %s, but %s does not exist", page, target, resolved)
						continue
					}
				}
				if anchor == "" || !strings.HasSuffix(resolved, ".md") {
					continue
				}
				text, ok := texts[resolved]
				if !ok {
					text = readRepoFile(t, resolved)
				}
				if !pageAnchors(text)[anchor] {
					t.Errorf("%s links to %s, but %s has no heading #%s", page, target, resolved, anchor)
				}
			}
		}
	}
}

// TestReadmeCommands: the README names the project's two commands (lint
// its own tools, run the tests), and .ci/run, CI's entry point, runs the
// README's test command as written.
func TestReadmeCommands(t *testing.T) {
	section := docSection(t, "README.md", "## Contributing")
	var lint, test string
	for _, b := range mdBlocks(section) {
		for line := range strings.Lines(b.text) {
			cmd, comment, _ := strings.Cut(line, "#")
			switch cmd = strings.TrimSpace(cmd); {
			case strings.Contains(comment, "own .agent/tools/"):
				lint = cmd
			case strings.Contains(comment, "run the tests"):
				test = cmd
			}
		}
	}
	if lint != "go run ./cmd/speccify-lint" || !strings.HasPrefix(test, "go test ") {
		t.Fatalf("README.md's Contributing section should show the two commands, got %q and %q", lint, test)
	}
	ci := readRepoFile(t, ".ci/run")
	for _, cmd := range []string{lint, test} {
		if !slices.Contains(strings.Split(ci, "\n"), cmd) {
			t.Errorf(".ci/run does not run the README's command %q on a line of its own", cmd)
		}
	}
}

// TestReadmeLinksEveryPage: every page of docs/ (the rule pages through
// their index) is linked from README.md, so that a new page is found.
func TestReadmeLinksEveryPage(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	for _, page := range docPages(t) {
		if !strings.HasPrefix(page, "docs/") || (strings.HasPrefix(page, "docs/rules/") && page != "docs/rules/README.md") {
			continue
		}
		if !strings.Contains(readme, "]("+page+")") && !strings.Contains(readme, "]("+page+"#") {
			t.Errorf("README.md does not link %s: add it to the Documentation list (or More:)", page)
		}
	}
}
