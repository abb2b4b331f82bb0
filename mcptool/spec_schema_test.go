package mcptool

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// specVersion is a version of the MCP specification whose schema.json the
// exports are validated against, and the digest (specDigest) of the
// definitions TestSpecSchema uses from it, taken from the specification
// repository's schema/<version>/schema.json at commit b0f60ba5 (the file
// .ci/run fetches and checks by hash).
type specVersion struct {
	version string
	digest  string
	// list says whether ListToolsResult is validated too (the 2026-07-28
	// revision changed it around pagination; Tool is the part a TOOL.md
	// becomes).
	list bool
}

var specVersions = []specVersion{
	{version: "2025-11-25", digest: "52c8cd365c7c1914ba312da9f76db252d704186c1af0ad7f1457e24587c93fbc", list: true},
	{version: "2026-07-28", digest: "526c3cb60f7cb536957030c157cf20758c60490e3f3a9561741801df5c3d2328"},
}

// specSchemaEnv names the directory that holds <version>/schema.json, the
// schema/ folder of the specification repository
// github.com/modelcontextprotocol/modelcontextprotocol.
const specSchemaEnv = "MCP_SPEC_SCHEMA_DIR"

// TestSpecSchema validates the exports of the project's tool and of the
// shared corpus against the specification's own JSON Schema: its Tool
// definition (2025-11-25 and 2026-07-28) and ListToolsResult (2025-11-25).
//
// The schema.json files come from $MCP_SPEC_SCHEMA_DIR when it is set. Where
// the specification repository cannot be reached (CI has npm's registry,
// not GitHub), the 2025-11-25 schema is made as the specification
// repository makes it: its generator (typescript-json-schema, with the
// flags of its scripts/generate-schemas.ts) run on its schema.ts, which the
// MCP TypeScript SDK ships as spec.types.d.ts (testdata/node/spec-schema.mjs;
// both pinned by the lock file). Either way the definitions the test uses
// must have the digest of the specification's published file, so a schema
// that is not the specification's (another SDK version, another generator)
// fails here rather than validating against something else.
func TestSpecSchema(t *testing.T) {
	results := exportResults(t)
	validated := 0
	for _, v := range specVersions {
		doc, from := specSchemaFile(t, v.version)
		if doc == nil {
			t.Logf("%s: no schema.json (%s)", v.version, from)
			continue
		}
		if got := specDigest(t, doc); got != v.digest {
			t.Fatalf("%s (%s): the Tool and ListToolsResult definitions have the digest %s, want %s: this is not the specification's %s schema.json", v.version, from, got, v.digest, v.version)
		}
		t.Logf("%s: %s", v.version, from)
		tool := specSchema(t, doc, v.version, "Tool")
		// The schema refuses what the specification refuses: a tool whose
		// inputSchema's root is not the literal type object.
		if err := tool.Validate(asJSON(t, map[string]any{"name": "t", "inputSchema": map[string]any{"type": "string"}})); err == nil {
			t.Fatalf("%s: the Tool definition accepts an inputSchema of type string", v.version)
		}
		var list *jsonschema.Schema
		if v.list {
			list = specSchema(t, doc, v.version, "ListToolsResult")
		}
		for _, res := range results {
			if list != nil {
				if err := list.Validate(asJSON(t, res)); err != nil {
					t.Errorf("%s ListToolsResult: %v", v.version, err)
				}
			}
			for _, tl := range res.Tools {
				if err := tool.Validate(asJSON(t, tl)); err != nil {
					t.Errorf("%s Tool %s: %v", v.version, tl.Name, err)
				}
			}
		}
		validated++
	}
	if validated == 0 {
		if os.Getenv(nodeSDKEnv) != "" {
			t.Fatalf("%s is set, but no schema.json of the specification is at hand: set %s, or npm ci in mcptool/testdata/node", nodeSDKEnv, specSchemaEnv)
		}
		t.Skipf("no schema.json of the specification: set %s, or npm ci in mcptool/testdata/node", specSchemaEnv)
	}
}

// specSchemaFile is the specification's schema.json of version and where it
// came from: $MCP_SPEC_SCHEMA_DIR, else (2025-11-25) generated from the
// SDK's copy of schema.ts; nil and the reason when neither is at hand.
func specSchemaFile(t *testing.T, version string) ([]byte, string) {
	t.Helper()
	if dir := os.Getenv(specSchemaEnv); dir != "" {
		file := filepath.Join(dir, version, "schema.json")
		doc, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return doc, file
	}
	if version != "2025-11-25" {
		return nil, specSchemaEnv + " is not set, and the SDK's schema.ts is the 2025-11-25 one"
	}
	nodeDir, err := filepath.Abs(filepath.Join("testdata", "node"))
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat(filepath.Join(nodeDir, "node_modules", "typescript-json-schema"))
	}
	if err != nil {
		if os.Getenv(nodeSDKEnv) != "" {
			t.Fatalf("%s is set, but the schema cannot be generated (npm ci in mcptool/testdata/node): %v", nodeSDKEnv, err)
		}
		return nil, err.Error()
	}
	out := filepath.Join(t.TempDir(), "schema.json")
	cmd := exec.Command(node, "spec-schema.mjs", out)
	cmd.Dir = nodeDir
	msg, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node spec-schema.mjs: %v\n%s", err, msg)
	}
	doc, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return doc, "generated by typescript-json-schema from the SDK's schema.ts, " + strings.TrimSpace(string(msg))
}

// specDigest is the SHA-256 of the definitions reachable from
// ListToolsResult in the schema.json doc, as canonical JSON (keys sorted)
// and without their descriptions (the strings under "description", which
// name the version in links and do not take part in validation; a property
// called description is a schema, not a string, and stays).
func specDigest(t *testing.T, doc []byte) string {
	t.Helper()
	var schema struct {
		Defs map[string]any `json:"$defs"`
	}
	if err := json.Unmarshal(doc, &schema); err != nil {
		t.Fatal(err)
	}
	ref := regexp.MustCompile(`^#/\$defs/(.+)$`)
	reached := map[string]any{}
	todo := []string{"ListToolsResult"}
	for len(todo) > 0 {
		name := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if _, ok := reached[name]; ok {
			continue
		}
		def, ok := schema.Defs[name]
		if !ok {
			t.Fatalf("schema.json has no definition %s", name)
		}
		reached[name] = withoutDescriptions(def, func(r string) {
			if m := ref.FindStringSubmatch(r); m != nil {
				todo = append(todo, m[1])
			}
		})
	}
	b, err := json.Marshal(reached)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// withoutDescriptions is v without the string values of "description" keys;
// it calls ref with every $ref it holds.
func withoutDescriptions(v any, ref func(string)) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, item := range v {
			s, isString := item.(string)
			switch {
			case k == "description" && isString:
				continue
			case k == "$ref" && isString:
				ref(s)
			}
			out[k] = withoutDescriptions(item, ref)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = withoutDescriptions(item, ref)
		}
		return out
	}
	return v
}
