//go:build unix

package mcpserve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/runner"
)

const addTool = `---
name: %s
description: Adds one to n.
inputs: {type: object, required: [n], properties: {n: {type: integer, maximum: 100}}}
outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, n: {type: integer}, error: {type: string}}}
effects: none
requires: []
---

## Examples

### one
input: {"n": 1}
output: {"ok": true, "n": 2}

### bad
input: {"n": -1}
output: {"ok": false, "error": "negative"}
`

const addImpl = `#!/bin/sh
n=$(sed 's/[^0-9-]//g')
if [ "$n" -lt 0 ]; then echo '{"ok": false, "error": "negative"}'; exit 1; fi
echo "{\"ok\": true, \"n\": $((n + 1))}"
`

// addServer writes the tools add and inc and returns the server of them;
// run runs their examples when they are checked.
func addServer(t *testing.T, run bool) *Server {
	t.Helper()
	root := t.TempDir()
	for _, name := range []string{"add", "inc"} {
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), fmt.Appendf(nil, addTool, name), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, impl := range []string{"linux.sh", "macos.sh"} {
			if err := os.WriteFile(filepath.Join(dir, impl), []byte(addImpl), 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	srv, err := New(Options{
		Config: lint.Config{Root: root},
		Discover: func() (*discover.Discovery, error) {
			return discover.Discover([]string{root}, discover.Options{Root: root})
		},
		Jobs:        4,
		RunExamples: run,
	})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// connect serves srv in memory and returns a client session of it.
func connect(t *testing.T, srv *Server) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	st, ct := mcp.NewInMemoryTransports()
	go func() { _ = srv.Run(ctx, st) }()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { session.Close() })
	return session
}

// TestReadOnlyHint: with RunExamples, a tool whose effects says none and
// whose examples changed nothing, sealed, is listed with readOnlyHint;
// without (or where runs cannot be sealed), no annotation.
func TestReadOnlyHint(t *testing.T) {
	sealed := runner.Probe(runner.SandboxAuto).Sealed
	for _, run := range []bool{false, true} {
		session := connect(t, addServer(t, run))
		list, err := session.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range list.Tools {
			got := tool.Annotations != nil && tool.Annotations.ReadOnlyHint
			if got != (run && sealed) {
				t.Errorf("run %v (sealed %v): %s readOnlyHint %v", run, sealed, tool.Name, got)
			}
		}
	}
}

// TestConcurrentCalls runs calls of two tools at once through an in-memory
// session (under -race, the server's locking is checked): every answer is
// its own input's.
func TestConcurrentCalls(t *testing.T) {
	srv := addServer(t, false)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, ct := mcp.NewInMemoryTransports()
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, st) }()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			name := []string{"add", "inc"}[i%2]
			n := i * 3
			if i%5 == 4 {
				n = 1000 // over maximum: refused before it runs
			}
			res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{"n": n}})
			if err != nil {
				t.Errorf("%s %d: %v", name, n, err)
				return
			}
			sc, _ := res.StructuredContent.(map[string]any)
			switch {
			case n == 1000 && !res.IsError:
				t.Errorf("%s %d: not refused", name, n)
			case n != 1000 && (res.IsError || sc["n"] != float64(n+1)):
				t.Errorf("%s %d: %+v", name, n, res)
			}
		})
	}
	wg.Wait()
	session.Close()
	if err := <-done; err != nil && ctx.Err() == nil {
		t.Logf("server: %v", err)
	}
}
