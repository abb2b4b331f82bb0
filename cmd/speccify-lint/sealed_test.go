//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speccify/speccify-lint/runner"
)

// scratchTool writes a scratch file named after its input in its folder,
// waits, reads it back and removes it: ok: false when it vanished. A
// second call at the same time must not take it away.
const scratchTool = `---
name: cc
description: Keeps a scratch file while it works.
inputs: {type: object, required: [x], properties: {x: {type: string, pattern: "^[0-9]+$"}}}
outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, x: {type: string}, error: {type: string}}}
effects: writes scratch-X in its folder while it works
requires: []
---

## Examples

### one
input: {"x": "1"}
output: {"ok": true, "x": "1"}

### none
input: {"x": ""}
output: {"ok": false, "error": "no x"}
`

const scratchImpl = `#!/bin/sh
x=$(sed 's/[^0-9]//g')
[ -n "$x" ] || { echo '{"ok": false, "error": "no x"}'; exit 1; }
echo "$x" > "scratch-$x"
sleep 1
if [ "$(cat "scratch-$x" 2>/dev/null)" != "$x" ]; then
  echo '{"ok": false, "error": "my scratch file vanished"}'
  exit 1
fi
rm "scratch-$x"
echo "{\"ok\": true, \"x\": \"$x\"}"
`

// slowMCPTool sleeps until it is cancelled; fastMCPTool answers at once.
var slowMCPTool = minimalTool("slow", "Takes its time.", `
## Examples

### waits
input: {}
output: {"ok": true}
`)

var fastMCPTool = minimalTool("fast", "Answers at once.", `
## Examples

### answers
input: {}
output: {"ok": true}
`)

// sealedTree writes the tools of the sealed tests under a new root.
func sealedTree(t *testing.T) string {
	t.Helper()
	if seal := runner.Probe(runner.SandboxAuto); !seal.Sealed {
		t.Skipf("the runs cannot be sealed here: %s", seal.Why)
	}
	root := t.TempDir()
	for name, text := range map[string]string{
		"cc/TOOL.md": scratchTool, "cc/linux.sh": scratchImpl,
		"slow/TOOL.md": slowMCPTool, "slow/linux.sh": "#!/bin/sh\nexec sleep 30\n",
		"fast/TOOL.md": fastMCPTool, "fast/linux.sh": "#!/bin/sh\necho '{\"ok\": true}'\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(name, ".sh") {
			mode = 0o755
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestSealedCallsOverlap: four `speccify-lint call` of one tool started
// together each keep their own scratch file (all exit 0), and a file the
// user saves in the tool folder while they run survives them. A call is
// real use: it runs in the tool folder, sealed, and nothing it did not
// write is removed.
func TestSealedCallsOverlap(t *testing.T) {
	bin := buildBinary(t)
	root := sealedTree(t)
	var wg sync.WaitGroup
	results := make([]string, 4)
	for i := range 4 {
		wg.Go(func() {
			cmd := exec.Command(bin, "call", "--root", root, "cc", fmt.Sprintf(`{"x": "%d"}`, i+1))
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			err := cmd.Run()
			results[i] = fmt.Sprintf("exit %v: %s", err, strings.TrimSpace(out.String()))
			if err != nil {
				results[i] += "\n" + errOut.String()
			}
		})
	}
	time.Sleep(300 * time.Millisecond)
	user := filepath.Join(root, "cc", "notes.txt")
	if err := os.WriteFile(user, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	for i, r := range results {
		if want := fmt.Sprintf(`exit <nil>: {"ok":true,"x":"%d"}`, i+1); r != want {
			t.Errorf("call %d: %s, want %s", i+1, r, want)
		}
	}
	if b, err := os.ReadFile(user); err != nil || string(b) != "mine" {
		t.Errorf("the user's file after the calls: %q, %v", b, err)
	}
}

// TestSealedMCPCalls: the MCP server runs four calls of one tool at once,
// each keeping its own files; with --jobs 2, a call to a fast tool answers
// while a slow tool has two calls in flight (a tool's calls hold only its
// own slots).
func TestSealedMCPCalls(t *testing.T) {
	bin := buildBinary(t)
	root := sealedTree(t)
	cmd := exec.Command(bin, "mcp", "--root", root, "--reload", "0", "--jobs", "2", root)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "speccify-lint-test", Version: "v1"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	defer session.Close()
	call := func(ctx context.Context, name string, args map[string]any) (*mcp.CallToolResult, error) {
		return session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	}

	// Four calls of cc; --jobs 2 lets two run at once, the others wait.
	var wg sync.WaitGroup
	texts := make([]string, 4)
	for i := range 4 {
		wg.Go(func() {
			res, err := call(ctx, "cc", map[string]any{"x": fmt.Sprint(i + 1)})
			switch {
			case err != nil:
				texts[i] = err.Error()
			case res.IsError:
				texts[i] = "isError: " + textOf(res)
			default:
				texts[i] = textOf(res)
			}
		})
	}
	wg.Wait()
	for i, text := range texts {
		if want := fmt.Sprintf(`{"ok":true,"x":"%d"}`, i+1); text != want {
			t.Errorf("cc call %d: %s, want %s", i+1, text, want)
		}
	}

	// Two slow calls fill slow's two slots for 30 s; fast answers now.
	slowCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	slowDone := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := call(slowCtx, "slow", map[string]any{})
			slowDone <- err
		}()
	}
	time.Sleep(500 * time.Millisecond) // both slow calls have started
	start := time.Now()
	res, err := call(ctx, "fast", map[string]any{})
	took := time.Since(start)
	if err != nil || res.IsError || textOf(res) != `{"ok":true}` {
		t.Fatalf("fast call: %v, %v", err, res)
	}
	select {
	case err := <-slowDone:
		t.Errorf("a slow call ended (%v) before the fast one was answered: the fast call waited for it", err)
	default:
	}
	t.Logf("the fast call was answered in %v while slow had two calls in flight", took)
	cancel()
	for range 2 {
		<-slowDone
	}
}

// TestSealedTCPBinary: an example whose implementation connects to a TCP
// listener on 127.0.0.1 gets no connection through (the listener sees
// none, the example fails with the sandbox's refusal), unless its contract
// says requires: network.
func TestSealedTCPBinary(t *testing.T) {
	bin := buildBinary(t)
	if seal := runner.Probe(runner.SandboxAuto); !seal.Sealed || seal.ABI < 4 {
		t.Skipf("TCP is not sealed here: %s", seal)
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash (for /dev/tcp) is not on PATH")
	}
	for _, requires := range []string{"[bash]", "[bash, network]"} {
		t.Run(requires, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			accepted := make(chan bool, 1)
			go func() {
				c, err := ln.Accept()
				if err == nil {
					c.Close()
				}
				accepted <- err == nil
			}()
			root := t.TempDir()
			dir := filepath.Join(root, "net")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			tool := strings.Replace(fastMCPTool, "name: fast", "name: net", 1)
			tool = strings.Replace(tool, "requires: []", "requires: "+requires, 1)
			impl := fmt.Sprintf("#!/usr/bin/env bash\nif exec 3<>/dev/tcp/127.0.0.1/%d; then echo '{\"ok\": true}'; else echo '{\"ok\": false, \"error\": \"no connection\"}'; exit 1; fi\n",
				ln.Addr().(*net.TCPAddr).Port)
			if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), []byte(tool), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, "linux.sh"), []byte(impl), 0o755); err != nil {
				t.Fatal(err)
			}
			out, _ := exec.Command(bin, "--root", root, "--disable", "error-case", root).CombinedOutput()
			// A connection made is waiting to be accepted: give Accept its
			// time before closing the listener.
			var got bool
			select {
			case got = <-accepted:
			case <-time.After(time.Second):
				ln.Close()
				got = <-accepted
			}
			network := strings.Contains(requires, "network")
			if got != network {
				t.Errorf("requires %s: the listener got a connection: %v\n%s", requires, got, out)
			}
			if !network && !strings.Contains(string(out), "the sandbox denied an access: ") {
				t.Errorf("requires %s: the failure does not say what the sandbox denied:\n%s", requires, out)
			}
		})
	}
}
