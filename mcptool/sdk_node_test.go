package mcptool

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// nodeSDKEnv, when set (.ci/run sets it), makes TestExportNodeSDK fail
// instead of skip when Node or the SDK's package is missing.
const nodeSDKEnv = "SPECCIFY_MCP_NODE"

// TestExportNodeSDK validates the exports of the project's tool and of the
// shared corpus with an independent implementation of the specification:
// the MCP TypeScript SDK's schema of a tools/list result
// (ListToolsResultSchema of @modelcontextprotocol/sdk, pinned in
// testdata/node/package-lock.json; `npm ci` there installs it), and only
// the keys its Tool schema knows. Unlike TestSpecSchema, which needs the
// specification repository's schema.json, this runs wherever npm's
// registry can be reached, as in CI.
func TestExportNodeSDK(t *testing.T) {
	nodeDir, err := filepath.Abs(filepath.Join("testdata", "node"))
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(nodeDir, "node_modules", "@modelcontextprotocol", "sdk"))
	}
	if err != nil {
		if os.Getenv(nodeSDKEnv) != "" {
			t.Fatalf("%s is set, but the SDK check cannot run (npm ci in mcptool/testdata/node): %v", nodeSDKEnv, err)
		}
		t.Skipf("the SDK check cannot run (npm ci in mcptool/testdata/node, or set %s to make this a failure): %v", nodeSDKEnv, err)
	}
	results := exportResults(t)
	args := []string{"check.mjs"}
	for i, res := range results {
		var b bytes.Buffer
		if err := Write(&b, res); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "export"+string(rune('0'+i))+".json")
		if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, file)
	}
	cmd := exec.Command(node, args...)
	cmd.Dir = nodeDir
	out, err := cmd.CombinedOutput()
	t.Logf("node check.mjs:\n%s", out)
	if err != nil {
		t.Fatalf("the MCP TypeScript SDK rejects the export: %v\n%s", err, out)
	}
}
