package contract

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// TestExamplesParserIgnoresInlines: parsing the body for examples without
// inline parsers finds exactly what the full Markdown parser finds.
func TestExamplesParserIgnoresInlines(t *testing.T) {
	docs := map[string]string{
		"generated": gencorpus.ToolMD(7, 4),
		"inline markup around cases": "## Examples\n\n### *emphasis* and `code` in a title\n" +
			"input: {\"a\": \"*not emphasis*\"}\noutput: {\"ok\": true, \"link\": \"[x](y)\"}\n\n" +
			"### a case after a [link](../x) and <b>html</b>\nSome `input: {}` in a code span.\n" +
			"input: {\"b\": 1} *trailing*\noutput: {\"ok\": false}\n\n" +
			"### emphasis across lines *start\ninput: {}\noutput: {\"ok\": true}* end\n",
		"lists, quotes and code": "## Examples\n\n### in a list\n- input: {}\n- output: {}\n\n" +
			"### in a quote\n> input: {\"q\": 1}\noutput: {\"ok\": true}\n\n```\ninput: {}\n```\n" +
			"### setext\ninput: {}\noutput: {}\n---\n\n[ref]: http://example.com\n## Next\n",
	}
	for _, dir := range []string{"testdata/fuzz/FuzzParseSpec", "testdata/fuzz/FuzzSplitFrontmatter"} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if doc, ok := fuzzBytes(string(data)); ok {
				docs[dir+"/"+e.Name()] = doc
			}
		}
	}
	if data, err := os.ReadFile("../.agent/tools/check-plist-keys/TOOL.md"); err == nil {
		docs["check-plist-keys"] = string(data)
	}
	withCases := 0
	for name, doc := range docs {
		text := []byte(doc)
		split := splitFrontmatter(text)
		lines := NewLines(text)
		got := parseExamplesWith(examplesParser, split.Body, split.BodyOffset, lines)
		want := parseExamplesWith(markdown.Parser(), split.Body, split.BodyOffset, lines)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: block-only parse differs:\n got %+v\nwant %+v", name, got, want)
		}
		if got != nil && len(got.Cases) > 0 {
			withCases++
		}
	}
	if len(docs) < 10 || withCases < 5 {
		t.Fatalf("only %d documents (%d with cases): the corpus was not found", len(docs), withCases)
	}
}

// fuzzBytes reads the []byte value of a "go test fuzz v1" corpus file.
func fuzzBytes(file string) (string, bool) {
	_, rest, ok := strings.Cut(file, "[]byte(")
	if !ok {
		return "", false
	}
	rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), ")"))
	s, err := strconv.Unquote(rest)
	return s, err == nil
}
