//go:build unix

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speccify/speccify-lint/internal/proctest"
	"github.com/speccify/speccify-lint/runner"
)

// echoTool answers n, and misbehaves on purpose for some: 0 is ok: false, 13
// kills itself with SIGSEGV, 99 answers a string n (outputs wants an
// integer), 7 writes its pid to $PIDS/slow and sleeps. Every run appends a
// line to $PIDS/starts.
const echoTool = `---
name: echo
description: Echoes n.
inputs: {type: object, required: [n], additionalProperties: false, properties: {n: {type: integer}}}
outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, n: {type: integer}, error: {type: string}}}
effects: none
requires: []
---

## Examples

### five
input: {"n": 5}
output: {"ok": true, "n": 5}

### zero
input: {"n": 0}
output: {"ok": false, "error": "zero"}
`

const echoImpl = `#!/bin/sh
echo started >> "$PIDS/starts"
n=$(sed 's/[^0-9-]//g')
case "$n" in
  0) echo '{"ok": false, "error": "zero"}'; exit 1 ;;
  13) kill -SEGV $$ ;;
  99) echo '{"ok": true, "n": "ninety-nine"}' ;;
  7) echo $$ > "$PIDS/slow.tmp"; mv "$PIDS/slow.tmp" "$PIDS/slow"; exec sleep 600 ;;
  *) echo "{\"ok\": true, \"n\": $n}" ;;
esac
`

// brokenTool has a static error (no outputs): it is not served.
const brokenTool = `---
name: broken
description: Has no outputs.
inputs: {type: object}
effects: none
requires: []
---
`

// loudTool's description holds CI commands.
var loudTool = minimalTool("loud", `"Says ##vso[task.setvariable variable=x]1 and ##[error]x."`, `
## Examples

### ok
input: {}
output: {"ok": true}

### not ok
input: {"x": 1}
output: {"ok": false, "error": "x"}
`)

const loudImpl = `#!/bin/sh
cat >/dev/null
echo '{"ok": true, "error": "##vso[task.complete result=Succeeded]"}'
`

// The MCP tests that watch the implementations' pid files through $PIDS,
// outside the tool folder, start the server with --sandbox off (the kernel
// sandbox would keep the implementation from writing there) and
// --pass-env PIDS. sealed_test.go drives the server sealed.

// mcpTree writes the tools under dir/tree, and outside/evil (a copy of
// echo) linked from tree/evil; it returns the root and the pid directory.
func mcpTree(t *testing.T) (root, pids string) {
	t.Helper()
	dir := t.TempDir()
	root = filepath.Join(dir, "tree")
	pids = filepath.Join(dir, "pids")
	files := map[string]string{
		"tree/echo/TOOL.md":     echoTool,
		"tree/echo/linux.sh":    echoImpl,
		"tree/echo/macos.sh":    echoImpl,
		"tree/broken/TOOL.md":   brokenTool,
		"tree/header/TOOL.md":   strings.Replace(strings.Replace(echoTool, "name: echo", "name: header", 1), "n: {type: integer}", "n: {type: number, x-mcp-header: N}", 1),
		"tree/header/linux.sh":  echoImpl,
		"tree/header/macos.sh":  echoImpl,
		"tree/loud/TOOL.md":     loudTool,
		"tree/loud/linux.sh":    loudImpl,
		"tree/loud/macos.sh":    loudImpl,
		"outside/evil/TOOL.md":  strings.Replace(echoTool, "name: echo", "name: evil", 1),
		"outside/evil/linux.sh": echoImpl,
	}
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
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
	if err := os.MkdirAll(pids, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "outside", "evil"), filepath.Join(root, "evil")); err != nil {
		t.Fatal(err)
	}
	return root, pids
}

func starts(t *testing.T, pids string) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(pids, "starts"))
	if errors.Is(err, os.ErrNotExist) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(b), "\n")
}

func textOf(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// TestMCPServer starts the real binary as an MCP server and drives it with
// the official Go SDK's client: initialize, list, a valid call, an invalid
// call (the implementation not started), ok: false, a crash, an answer
// that violates outputs, cancellation (the implementation's process ended,
// by pid), shutdown.
func TestMCPServer(t *testing.T) {
	bin := buildBinary(t)
	root, pids := mcpTree(t)
	cmd := exec.Command(bin, "mcp", "--root", root, "--reload", "0", "--timeout", "60s", "--sandbox", "off", "--pass-env", "PIDS", root)
	cmd.Env = append(os.Environ(), "PIDS="+pids)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx := context.Background()
	client := mcp.NewClient(&mcp.Implementation{Name: "speccify-lint-test", Version: "v1"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	defer session.Close()
	if got := session.InitializeResult().ServerInfo.Name; got != "speccify-lint" {
		t.Errorf("server name %q", got)
	}

	list, err := session.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	if strings.Join(names, ",") != "echo,loud" {
		t.Errorf("tools %v, want echo and loud (broken has errors, header an x-mcp-header MCP refuses, evil is behind a link out of the root)", names)
	}

	call := func(args map[string]any) *mcp.CallToolResult {
		t.Helper()
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: args})
		if err != nil {
			t.Fatalf("call %v: %v", args, err)
		}
		return res
	}

	res := call(map[string]any{"n": 5})
	if res.IsError || textOf(res) != `{"n":5,"ok":true}` {
		t.Errorf("n=5: isError %v, %q", res.IsError, textOf(res))
	}
	if sc, _ := res.StructuredContent.(map[string]any); sc["ok"] != true || sc["n"] != float64(5) {
		t.Errorf("n=5: structuredContent %v", res.StructuredContent)
	}

	before := starts(t, pids)
	res = call(map[string]any{"n": "five", "m": 1})
	if !res.IsError || !strings.Contains(textOf(res), "the tool was not started") || !strings.Contains(textOf(res), "$.n: got string, want integer") {
		t.Errorf("invalid call: isError %v, %q", res.IsError, textOf(res))
	}
	if got := starts(t, pids); got != before {
		t.Errorf("the invalid call started the implementation (%d starts, %d before)", got, before)
	}

	res = call(map[string]any{"n": 0})
	if !res.IsError || !strings.HasPrefix(textOf(res), "zero\n") {
		t.Errorf("ok: false: isError %v, %q", res.IsError, textOf(res))
	}
	if sc, _ := res.StructuredContent.(map[string]any); sc["ok"] != false {
		t.Errorf("ok: false: structuredContent %v", res.StructuredContent)
	}

	res = call(map[string]any{"n": 13})
	if !res.IsError || !strings.Contains(textOf(res), "explore-crash: the implementation was killed by signal SIGSEGV") {
		t.Errorf("crash: isError %v, %q", res.IsError, textOf(res))
	}
	if res.StructuredContent != nil {
		t.Errorf("crash: structuredContent %v", res.StructuredContent)
	}

	res = call(map[string]any{"n": 99})
	if !res.IsError || !strings.Contains(textOf(res), "explore-output-schema: the output does not match outputs: $.n: got string, want integer") {
		t.Errorf("outputs violated: isError %v, %q", res.IsError, textOf(res))
	}

	// Cancellation: the call's process is killed.
	cctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		_, err := session.CallTool(cctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"n": 7}})
		done <- err
	}()
	pid := waitPid(t, filepath.Join(pids, "slow"))
	cancel()
	if err := <-done; err == nil {
		t.Error("the canceled call returned no error")
	}
	if !proctest.Ended(pid, 10*time.Second) {
		t.Errorf("the canceled call's process %d is still running", pid)
	}

	// The server still answers after all that.
	if res := call(map[string]any{"n": 6}); res.IsError {
		t.Errorf("n=6 after the cancellation: %q", textOf(res))
	}

	if err := session.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if cmd.ProcessState == nil || !cmd.ProcessState.Success() {
		t.Errorf("the server did not exit 0 on shutdown: %v", cmd.ProcessState)
	}
	for _, want := range []string{
		"speccify-lint: mcp: broken not served: the contract has",
		"speccify-lint: mcp: header not served: the contract is not a valid MCP tool definition: 1 finding (mcp-tool)",
	} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr does not say %q:\n%s", want, stderr.String())
		}
	}
}

// waitPid waits for the file path to hold a pid and returns it.
func waitPid(t *testing.T, path string) int {
	t.Helper()
	for range 1000 {
		if b, err := os.ReadFile(path); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				return pid
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no pid in %s", path)
	return 0
}

// TestMCPServerHostile talks to the server over raw pipes as a hostile or
// broken client would: messages that are not JSON or not JSON-RPC get an
// error response and the session goes on; a tool name out of the root is an
// unknown tool; CI commands from a description and an answer come out
// escaped.
func TestMCPServerHostile(t *testing.T) {
	bin := buildBinary(t)
	root, pids := mcpTree(t)
	cmd := exec.Command(bin, "mcp", "--root", root, "--reload", "0", "--sandbox", "off", "--pass-env", "PIDS", root)
	cmd.Env = append(os.Environ(), "PIDS="+pids)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`,
		`garbage{`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"x":1}`,
		`[]`,
		`{"jsonrpc":"2.0","id":{},"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":"x"}`,
		strings.Repeat(" ", 17<<20) + "x",
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"../../etc","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"evil","arguments":{"n":1}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"loud","arguments":{}}}`,
	}
	go func() {
		for _, l := range lines {
			if _, err := io.WriteString(stdin, l+"\n"); err != nil {
				return
			}
		}
	}()
	// A server that stops answering fails the test instead of hanging it.
	stop := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() })
	defer stop.Stop()
	replies := map[string]string{} // by id
	var nullIDs int
	sc := bufio.NewScanner(stdout)
	sc.Buffer(nil, 64<<20)
	for len(replies) < 6 && sc.Scan() {
		line := sc.Text()
		for _, bad := range []string{"##vso[", "##[", "##teamcity["} {
			if strings.Contains(line, bad) {
				t.Errorf("a CI command in the server's output: %s", line)
			}
		}
		var msg struct {
			ID json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			t.Fatalf("not JSON: %s", line)
		}
		if string(msg.ID) == "null" || msg.ID == nil {
			nullIDs++
			continue
		}
		replies[string(msg.ID)] = line
	}
	if nullIDs != 5 {
		t.Errorf("%d error responses with id null, want 5 (garbage, {x:1}, [], an object id, a line too long)", nullIDs)
	}
	for id, want := range map[string]string{
		"2": `"code":-32600`,
		"3": `unknown tool \"../../etc\"`,
		"4": `unknown tool \"evil\"`,
		"5": `"name":"echo"`,
		"6": `\u0023\u0023vso[`,
	} {
		if !strings.Contains(replies[id], want) {
			t.Errorf("reply %s: %s\nwant %s", id, replies[id], want)
		}
	}
	if strings.Contains(replies["5"], `"evil"`) || strings.Contains(replies["5"], `"broken"`) {
		t.Errorf("tools/list serves evil or broken: %s", replies["5"])
	}
	if starts(t, pids) != 0 {
		t.Error("an implementation of echo or evil ran")
	}
}

// TestMCPServerReload: a contract changed while the server runs is checked
// again; the client is told the list changed and sees the change, a tool
// that gets fixed is served, one that breaks is not.
func TestMCPServerReload(t *testing.T) {
	bin := buildBinary(t)
	root, pids := mcpTree(t)
	cmd := exec.Command(bin, "mcp", "--root", root, "--reload", "100ms", "--sandbox", "off", "--pass-env", "PIDS", root)
	cmd.Env = append(os.Environ(), "PIDS="+pids)
	var notified atomic.Int64
	client := mcp.NewClient(&mcp.Implementation{Name: "speccify-lint-test", Version: "v1"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { notified.Add(1) },
	})
	ctx := context.Background()
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	tools := func() map[string]string {
		list, err := session.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, tool := range list.Tools {
			out[tool.Name] = tool.Description
		}
		return out
	}
	if got := tools(); got["echo"] != "Echoes n." || len(got) != 2 {
		t.Fatalf("tools before: %v", got)
	}
	// echo's description changes; broken gets its outputs; loud loses them.
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("echo/TOOL.md", strings.Replace(echoTool, "description: Echoes n.", "description: Echoes n back.", 1))
	write("broken/TOOL.md", strings.Replace(loudTool, "name: loud", "name: broken", 1))
	for _, impl := range []string{"broken/linux.sh", "broken/macos.sh"} {
		if err := os.WriteFile(filepath.Join(root, impl), []byte(loudImpl), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("loud/TOOL.md", brokenTool)
	want := map[string]string{"echo": "Echoes n back.", "broken": loudTool[strings.Index(loudTool, "Says") : strings.Index(loudTool, "x.\"")+2]}
	deadline := time.Now().Add(time.Minute)
	for {
		got := tools()
		if len(got) == 2 && got["echo"] == want["echo"] && got["broken"] == want["broken"] {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("tools after the change: %v, want %v", got, want)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for notified.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no notifications/tools/list_changed")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestMCPServerConfig: the server judges the contracts with the project's
// configuration file, found from its working directory as lint finds it: a
// rule the file disables no longer keeps a tool from being served (mcp-tool
// excepted: a tool MCP refuses is not served whatever the file says), and
// the file's timeout bounds a call. Without those settings (an empty file
// named by --config) the tool is not served.
func TestMCPServerConfig(t *testing.T) {
	bin := buildBinary(t)
	root, pids := mcpTree(t)
	shout := strings.Replace(echoTool, "name: echo", "name: Shout", 1)
	for name, text := range map[string]string{
		"shout/TOOL.md":       shout,
		"shout/linux.sh":      echoImpl,
		"shout/macos.sh":      echoImpl,
		".speccify-lint.yaml": "disable: [name, mcp-tool]\ntimeout: 1s\nformat: sarif\n",
		"empty.yaml":          "",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	serve := func(args ...string) (*mcp.ClientSession, *strings.Builder, []string) {
		t.Helper()
		cmd := exec.Command(bin, append([]string{"mcp", "--reload", "0", "--sandbox", "off", "--pass-env", "PIDS"}, args...)...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "PIDS="+pids)
		stderr := &strings.Builder{}
		cmd.Stderr = stderr
		client := mcp.NewClient(&mcp.Implementation{Name: "speccify-lint-test", Version: "v1"}, nil)
		session, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatalf("initialize: %v", err)
		}
		list, err := session.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tool := range list.Tools {
			names = append(names, tool.Name)
		}
		return session, stderr, names
	}

	session, stderr, names := serve(".")
	defer session.Close()
	if strings.Join(names, ",") != "Shout,echo,loud" {
		t.Errorf("tools %v, want Shout (its name error disabled by the file), echo and loud; header's x-mcp-header leaves it out although the file disables mcp-tool", names)
	}
	res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: "Shout", Arguments: map[string]any{"n": 5}})
	if err != nil || res.IsError || textOf(res) != `{"n":5,"ok":true}` {
		t.Errorf("Shout n=5: %v, %+v", err, res)
	}
	// The file's timeout: the slow call is killed after 1s, not 60s.
	res, err = session.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"n": 7}})
	if err != nil || !res.IsError || !strings.Contains(textOf(res), "explore-crash: the implementation did not finish within 1s") {
		t.Errorf("echo n=7 with the file's timeout of 1s: %v, %+v", err, res)
	}
	if err := session.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if want := "speccify-lint: mcp: header not served: the contract is not a valid MCP tool definition"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, stderr.String())
	}

	session, stderr, names = serve("--config", "empty.yaml", ".")
	defer session.Close()
	if strings.Join(names, ",") != "echo,loud" {
		t.Errorf("tools without the file's settings %v, want echo and loud", names)
	}
	if err := session.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if want := "speccify-lint: mcp: shout not served: the contract has 1 error"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, stderr.String())
	}
}

// rawClient is an MCP client that writes JSON-RPC lines itself to the real
// binary's stdin and reads every line it writes.
type rawClient struct {
	t     *testing.T
	cmd   *exec.Cmd
	stdin io.WriteCloser
	// messages are the server's messages, in the order written.
	messages chan map[string]any
	stderr   *strings.Builder
}

// startRaw starts the binary bin with args in the directory dir, with
// PIDS=pids, and initializes the session.
func startRaw(t *testing.T, bin, dir, pids string, args ...string) *rawClient {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PIDS="+pids)
	c := &rawClient{t: t, cmd: cmd, messages: make(chan map[string]any, 100), stderr: &strings.Builder{}}
	cmd.Stderr = c.stderr
	var err error
	if c.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.stdin.Close()
		go func() {
			for range c.messages { // what no one read, so that the server can end
			}
		}()
		_ = cmd.Wait()
	})
	// A server that stops answering fails the test instead of hanging it.
	stop := time.AfterFunc(2*time.Minute, func() { _ = cmd.Process.Kill() })
	t.Cleanup(func() { stop.Stop() })
	go func() {
		defer close(c.messages)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Errorf("not JSON: %s", sc.Text())
				continue
			}
			c.messages <- m
		}
	}()
	c.send(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	c.await("init")
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return c
}

func (c *rawClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.t.Fatalf("writing %s: %v", line, err)
	}
}

// await reads the server's messages until the response to the request id,
// and returns it with the messages read before it.
func (c *rawClient) await(id string) (response map[string]any, before []map[string]any) {
	c.t.Helper()
	for m := range c.messages {
		if _, isRequest := m["method"]; !isRequest && fmt.Sprint(m["id"]) == id {
			return m, before
		}
		before = append(before, m)
	}
	c.t.Fatalf("the server ended without answering %s; stderr:\n%s", id, c.stderr)
	return nil, nil
}

// TestMCPServerCancelledRaw: a tools/call that the client cancels
// (notifications/cancelled, written by hand) has its process killed and
// gets no response, as the specification asks (the receiver SHOULD NOT
// respond); the session goes on, and a cancellation of a request already
// answered changes nothing.
func TestMCPServerCancelledRaw(t *testing.T) {
	bin := buildBinary(t)
	root, pids := mcpTree(t)
	c := startRaw(t, bin, root, pids, "mcp", "--root", root, "--reload", "0", "--sandbox", "off", "--pass-env", "PIDS", root)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"n":7}}}`)
	pid := waitPid(t, filepath.Join(pids, "slow"))
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"the user gave up"}}`)
	if !proctest.Ended(pid, 10*time.Second) {
		t.Errorf("the canceled call's process %d is still running", pid)
	}
	// Time for a response to the canceled call to be written, were it.
	time.Sleep(300 * time.Millisecond)
	c.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"n":6}}}`)
	res, before := c.await("3")
	if r, _ := res["result"].(map[string]any); r == nil || r["isError"] == true {
		t.Errorf("the call after the cancellation: %v", res)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}`)
	c.send(`{"jsonrpc":"2.0","id":4,"method":"ping"}`)
	_, between := c.await("4")
	for _, m := range append(before, between...) {
		if _, isRequest := m["method"]; !isRequest && fmt.Sprint(m["id"]) == "2" {
			t.Errorf("the canceled request got a response: %v", m)
		}
	}
}

// TestMCPServerConfigFromRoot: a client that starts the server outside the
// project (Claude Desktop starts servers in /) with the root and the paths
// given as absolute paths, as docs/mcp.md's snippet for it does: the
// project's configuration file is found from the root, and a tool it
// excludes is not served; the server's log names the file. Without the
// file, the log says none was found, and where it looked.
func TestMCPServerConfigFromRoot(t *testing.T) {
	bin := buildBinary(t)
	root, pids := mcpTree(t)
	if err := os.WriteFile(filepath.Join(root, ".speccify-lint.yaml"), []byte("exclude: [loud]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	list := func(c *rawClient) string {
		t.Helper()
		c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
		res, _ := c.await("2")
		var names []string
		r, _ := res["result"].(map[string]any)
		tools, _ := r["tools"].([]any)
		for _, tool := range tools {
			names = append(names, fmt.Sprint(tool.(map[string]any)["name"]))
		}
		return strings.Join(names, ",")
	}
	c := startRaw(t, bin, "/", pids, "mcp", "--root", root, "--reload", "0", root)
	if got := list(c); got != "echo" {
		t.Errorf("tools %s, want echo alone: loud is excluded by %s", got, filepath.Join(root, ".speccify-lint.yaml"))
	}
	c.stdin.Close()
	_ = c.cmd.Wait()
	if want := "speccify-lint: mcp: configuration file " + filepath.Join(root, ".speccify-lint.yaml") + "\n"; !strings.Contains(c.stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, c.stderr)
	}

	if err := os.Remove(filepath.Join(root, ".speccify-lint.yaml")); err != nil {
		t.Fatal(err)
	}
	c = startRaw(t, bin, "/", pids, "mcp", "--root", root, "--reload", "0", root)
	if got := list(c); got != "echo,loud" {
		t.Errorf("tools without the file %s, want echo and loud", got)
	}
	c.stdin.Close()
	_ = c.cmd.Wait()
	if want := "speccify-lint: mcp: no configuration file in " + root + " or a directory above it; the defaults apply\n"; !strings.Contains(c.stderr.String(), want) {
		t.Errorf("stderr does not say %q:\n%s", want, c.stderr)
	}
}

// TestMCPServerResultCache: mcp --run keeps the examples' results in the
// result cache (--cache-dir) as lint does: the first server stores them, a
// second one gives the same readOnlyHint from them. Runs are cached only
// where the kernel seals them.
func TestMCPServerResultCache(t *testing.T) {
	if runtime.GOOS != "linux" || !runner.Probe(runner.SandboxAuto).Sealed {
		t.Skip("only sealed runs are cached: the kernel cannot seal runs here")
	}
	bin := buildBinary(t)
	root := t.TempDir()
	spec := "---\nname: answer\ndescription: Answers yes.\ninputs: {type: object}\noutputs:\n  type: object\n  required: [ok]\n" +
		"  properties:\n    ok: {type: boolean}\n    error: {type: string}\neffects: none\nrequires: []\n---\n\n## Examples\n\n" +
		"### yes\ninput: {}\noutput: {\"ok\": true}\n\n### no\ninput: {\"no\": true}\noutput: {\"ok\": false, \"error\": \"no\"}\n"
	impl := "if grep -q no; then echo '{\"ok\": false, \"error\": \"no\"}'; exit 1; fi\necho '{\"ok\": true}'\n"
	if err := os.MkdirAll(filepath.Join(root, "answer"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{"answer/TOOL.md": spec, "answer/linux.sh": impl} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(t.TempDir(), "cache")
	readOnly := func() bool {
		t.Helper()
		cmd := exec.Command(bin, "mcp", "--run", "--root", root, "--reload", "0", "--cache-dir", dir, root)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		session, err := mcp.NewClient(&mcp.Implementation{Name: "speccify-lint-test", Version: "v1"}, nil).
			Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		list, err := session.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		session.Close()
		if len(list.Tools) != 1 || list.Tools[0].Annotations == nil {
			t.Fatalf("tools %+v, want answer with its annotations; log:\n%s", list.Tools, stderr.String())
		}
		return list.Tools[0].Annotations.ReadOnlyHint
	}
	if !readOnly() {
		t.Fatal("cold: readOnlyHint false, want true (effects none, sealed examples that wrote nothing)")
	}
	packs, _ := filepath.Glob(filepath.Join(dir, "packs", "*.pack"))
	if len(packs) == 0 {
		t.Fatal("the server stored nothing in the result cache")
	}
	if !readOnly() {
		t.Error("warm: readOnlyHint false, want the cold server's true")
	}
}
