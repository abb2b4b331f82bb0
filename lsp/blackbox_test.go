package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// blackboxEnv, when set (.ci/run sets it), makes TestBlackBoxNode fail
// instead of skip when Node or the client's packages are missing.
const blackboxEnv = "SPECCIFY_LSP_BLACKBOX"

// TestBlackBoxNode drives the real binary with an independent client,
// Node's vscode-languageserver-protocol over vscode-jsonrpc
// (testdata/node/client.mjs; `npm ci` in testdata/node installs them): a
// broken TOOL.md opened, its diagnostics with their exact ranges and codes,
// a quick fix and the suppression of its rule offered, fix all applied
// (what `speccify-lint --fix` writes in a copy of the folder), the
// diagnostics cleared, shutdown and exit 0.
func TestBlackBoxNode(t *testing.T) {
	nodeDir, err := filepath.Abs("testdata/node")
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(nodeDir, "node_modules", "vscode-languageserver-protocol"))
	}
	if err != nil {
		if os.Getenv(blackboxEnv) != "" {
			t.Fatalf("%s is set, but the Node client cannot run (run npm ci in lsp/testdata/node): %v", blackboxEnv, err)
		}
		t.Skipf("the Node client cannot run (npm ci in lsp/testdata/node, or set %s to make this a failure): %v", blackboxEnv, err)
	}
	bin := buildBinary(t)
	// A description with "é𝄞" before the first split: UTF-16 columns.
	text := strings.Replace(splitTool, "level: {type: integer, description: 40", "level: {type: integer, description: é𝄞 40", 1)
	files := map[string]string{".agent/tools/split/TOOL.md": text, ".agent/tools/split/linux.sh": okScript}
	root, fixed := writeTree(t, files), writeTree(t, files)
	fix := exec.Command(bin, "--fix", "--root", fixed, fixed)
	if out, err := fix.CombinedOutput(); err != nil {
		t.Fatalf("speccify-lint --fix: %v\n%s", err, out)
	}
	want, err := os.ReadFile(filepath.Join(fixed, ".agent/tools/split/TOOL.md"))
	if err != nil {
		t.Fatal(err)
	}

	client := exec.Command(node, "client.mjs", bin, root, filepath.Join(root, ".agent/tools/split/TOOL.md"))
	client.Dir = nodeDir
	var stdout, stderr bytes.Buffer
	client.Stdout, client.Stderr = &stdout, &stderr
	if err := client.Run(); err != nil {
		t.Fatalf("node client.mjs: %v\n%s", err, stderr.String())
	}
	type position struct{ Line, Character int }
	var got struct {
		PositionEncoding string
		CodeActionKinds  []string
		Diagnostics      []struct {
			Range      struct{ Start, End position }
			Severity   int
			Code, Href string
		}
		QuickFixes []struct {
			Title, Kind string
			IsPreferred bool
		}
		FixAll   []struct{ Title, Kind string }
		Fixed    string
		Cleared  []json.RawMessage
		ExitCode int
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("the client's output %q: %v", stdout.String(), err)
	}
	if got.PositionEncoding != "utf-16" || !slices.Equal(got.CodeActionKinds, []string{"quickfix", "source.fixAll.speccify-lint"}) {
		t.Errorf("initialize: encoding %q, code action kinds %q", got.PositionEncoding, got.CodeActionKinds)
	}
	var diags []string
	for _, d := range got.Diagnostics {
		diags = append(diags, fmt.Sprintf("%d:%d-%d:%d %d %s %s", d.Range.Start.Line, d.Range.Start.Character, d.Range.End.Line, d.Range.End.Character, d.Severity, d.Code, d.Href))
	}
	href := " https://github.com/speccify/speccify-lint/blob/main/docs/rules/yaml-split.md"
	wantDiags := []string{
		"10:61-10:72 2 yaml-split" + href,
		"12:15-12:17 2 yaml-split" + href,
		"13:48-13:56 2 yaml-split" + href,
	}
	if !slices.Equal(diags, wantDiags) {
		t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(diags, "\n"), strings.Join(wantDiags, "\n"))
	}
	// The fix, preferred, then the suppression of its rule (the client
	// sends the diagnostic as context), never preferred.
	if len(got.QuickFixes) != 2 || got.QuickFixes[0].Title != "quote the text of description" || got.QuickFixes[0].Kind != "quickfix" || !got.QuickFixes[0].IsPreferred ||
		got.QuickFixes[1].Title != `Disable yaml-split here (then write the reason after " -- ")` || got.QuickFixes[1].Kind != "quickfix" || got.QuickFixes[1].IsPreferred {
		t.Errorf("quick fixes %+v", got.QuickFixes)
	}
	if len(got.FixAll) != 1 || got.FixAll[0].Kind != "source.fixAll.speccify-lint" {
		t.Errorf("fix all %+v", got.FixAll)
	}
	if got.Fixed != string(want) {
		t.Errorf("fix all made\n%s\n--fix wrote\n%s", got.Fixed, want)
	}
	if got.Cleared == nil || len(got.Cleared) != 0 {
		t.Errorf("diagnostics after fix all: %s", got.Cleared)
	}
	if got.ExitCode != 0 {
		t.Errorf("exit code %d after shutdown and exit", got.ExitCode)
	}
}

// buildBinary builds speccify-lint into a temporary folder and returns its
// path.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "speccify-lint")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := exec.Command("go", "build", "-o", bin, "github.com/speccify/speccify-lint/cmd/speccify-lint")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
