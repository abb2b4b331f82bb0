package mcptool

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/runner"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// repoRoot is the module root: the directory above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	abs, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// exportText exports the tool folders under path (root-relative) and
// renders the result and what was left out, as the golden files hold them.
func exportText(t *testing.T, root, path string, run bool) (string, ListResult) {
	t.Helper()
	disc, err := discover.Discover([]string{filepath.Join(root, path)}, discover.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	cfg := lint.Config{Root: root, Platform: "linux", Run: true}
	res, left := Export(context.Background(), Options{Config: cfg, RunExamples: run}, disc)
	var buf bytes.Buffer
	if err := Write(&buf, res); err != nil {
		t.Fatal(err)
	}
	for _, l := range left {
		fmt.Fprintf(&buf, "left out: %s: %s\n", l.Dir, l.Reason)
	}
	return buf.String(), res
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("export differs from %s (go test ./mcptool -update rewrites it):\n%s", path, got)
	}
}

// TestExportProject exports the project's own tool, its examples run (so
// that readOnlyHint is derived), against testdata/project.golden.
func TestExportProject(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("the project's tool is Python")
	}
	if seal := runner.Probe(runner.SandboxAuto); !seal.Sealed {
		t.Skipf("readOnlyHint needs sealed runs, and here they are %s", seal)
	}
	root := repoRoot(t)
	got, res := exportText(t, root, ".agent/tools", true)
	checkGolden(t, "project.golden", got)
	checkTools(t, res)
	if len(res.Tools) != 1 || res.Tools[0].Annotations == nil || !res.Tools[0].Annotations.ReadOnlyHint {
		t.Errorf("check-plist-keys (effects: reads the plist; writes nothing) has no readOnlyHint: %+v", res.Tools)
	}
}

// TestExportCorpus exports the shared corpus of real contracts, statically
// (no readOnlyHint), against testdata/corpus.golden.
func TestExportCorpus(t *testing.T) {
	corpus := filepath.Join(repoRoot(t), "..", "shared", "corpus")
	if info, err := os.Stat(corpus); err != nil || !info.IsDir() {
		t.Skip("no ../shared/corpus")
	}
	got, res := exportText(t, corpus, ".", false)
	checkGolden(t, "corpus.golden", got)
	checkTools(t, res)
	for _, tool := range res.Tools {
		if tool.Annotations != nil {
			t.Errorf("%s: annotations %+v without a run of its examples", tool.Name, tool.Annotations)
		}
	}
}

// mcpName is the name rule of the specification 2025-11-25 (Tools > Tool
// Names).
var mcpName = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)

// checkTools checks what the specification asks of every exported tool,
// whether or not its schema.json is at hand (TestSpecSchema): the name,
// a description, both schemas objects with the literal type object at the
// root, object schemas under inputSchema's properties, no $ref left that
// leaves the document, and the SDK-independent shape (JSON object keys).
func checkTools(t *testing.T, res ListResult) {
	t.Helper()
	roundTrip(t, res)
	for _, tool := range res.Tools {
		if !mcpName.MatchString(tool.Name) {
			t.Errorf("tool name %q", tool.Name)
		}
		if strings.TrimSpace(tool.Description) == "" {
			t.Errorf("%s: no description", tool.Name)
		}
		for what, s := range map[string]any{"inputSchema": tool.InputSchema, "outputSchema": tool.OutputSchema} {
			obj, ok := s.(map[string]any)
			if !ok || obj["type"] != "object" {
				t.Errorf("%s: %s has no literal type: object at its root", tool.Name, what)
				continue
			}
			if props, ok := obj["properties"].(map[string]any); ok {
				for k, p := range props {
					if _, ok := p.(map[string]any); !ok {
						t.Errorf("%s: %s.properties.%s is no object", tool.Name, what, k)
					}
				}
			}
			b, _ := json.Marshal(s)
			for _, m := range regexp.MustCompile(`"\$ref":"([^"]*)"`).FindAllStringSubmatch(string(b), -1) {
				if !strings.HasPrefix(m[1], "#") {
					t.Errorf("%s: %s keeps the $ref %q, which leaves the document", tool.Name, what, m[1])
				}
			}
		}
	}
}

// exportResults are the exports the specification checks validate: the
// project's own tool (run, for its annotations; needs python3) and the
// shared corpus of real contracts (../shared/corpus, when it is there).
func exportResults(t *testing.T) []ListResult {
	t.Helper()
	var results []ListResult
	if _, err := exec.LookPath("python3"); err == nil {
		_, res := exportText(t, repoRoot(t), ".agent/tools", true)
		results = append(results, res)
	}
	if corpus := filepath.Join(repoRoot(t), "..", "shared", "corpus"); isDir(corpus) {
		_, res := exportText(t, corpus, ".", false)
		results = append(results, res)
	}
	if len(results) == 0 {
		t.Skip("neither python3 for the project's tool nor ../shared/corpus")
	}
	return results
}

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

// specSchema compiles the definition def of the specification's
// schema.json doc.
func specSchema(t *testing.T, doc []byte, version, def string) *jsonschema.Schema {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	url := "https://modelcontextprotocol.io/schema/" + version + "/schema.json"
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, v); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url + "#/$defs/" + def)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// asJSON is v as the JSON value a client reads.
func asJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// roundTrip reads the result as the official Go SDK's client does (into
// its ListToolsResult) and writes it again: the same JSON, so that every
// field is one the SDK knows, of the type it expects.
func roundTrip(t *testing.T, res ListResult) {
	t.Helper()
	ours, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var sdk mcp.ListToolsResult
	if err := json.Unmarshal(ours, &sdk); err != nil {
		t.Fatalf("the SDK cannot read the export: %v", err)
	}
	if len(sdk.Tools) != len(res.Tools) {
		t.Fatalf("the SDK reads %d tools, want %d", len(sdk.Tools), len(res.Tools))
	}
	for i, tool := range sdk.Tools {
		again, err := json.Marshal(tool)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(res.Tools[i])
		var a, b map[string]any
		_ = json.Unmarshal(again, &a)
		_ = json.Unmarshal(want, &b)
		// The SDK writes idempotentHint always; false is its default in
		// the specification (ToolAnnotations), the same as absent.
		if ann, ok := a["annotations"].(map[string]any); ok && ann["idempotentHint"] == false {
			delete(ann, "idempotentHint")
		}
		if !reflectEqual(a, b) {
			t.Errorf("%s through the SDK's Tool:\n%s\nwant\n%s", tool.Name, again, want)
		}
	}
}

func reflectEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
