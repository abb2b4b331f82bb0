//go:build unix

package mcpserve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/proctest"
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

// slowImpl answers n + 1, and when n is 7 writes its pid to the file PIDFILE
// and sleeps.
const slowImpl = `#!/bin/sh
n=$(sed 's/[^0-9-]//g')
if [ "$n" = 7 ]; then echo $$ > 'PIDFILE.tmp'; mv 'PIDFILE.tmp' 'PIDFILE'; exec sleep 60; fi
echo "{\"ok\": true, \"n\": $((n + 1))}"
`

// writeTool writes the tool name (addTool's contract) with impl as its
// implementation for Linux and macOS under root.
func writeTool(t *testing.T, root, name, contract, impl string) {
	t.Helper()
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), []byte(contract), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"linux.sh", "macos.sh"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(impl), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// newServer is the server of the tools under root, checked again every
// reload (0: never).
func newServer(t *testing.T, root string, reload time.Duration) *Server {
	t.Helper()
	srv, err := New(Options{
		Config: lint.Config{Root: root},
		Discover: func() (*discover.Discovery, error) {
			return discover.Discover([]string{root}, discover.Options{Root: root})
		},
		Jobs:   2,
		Reload: reload,
	})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// lines is what one side of a session wrote, line by line.
type lines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// messages are the JSON-RPC messages written so far.
func (l *lines) messages(t *testing.T) []map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for line := range strings.Lines(l.buf.String()) {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON message: %q", line)
		}
		out = append(out, m)
	}
	return out
}

type readCloser struct {
	io.Reader
	io.Closer
}

type writeCloser struct {
	io.Writer
	io.Closer
}

// TestCancelledCallGetsNoResponse drives the server through its stdio
// Transport with the official Go SDK's client: a tools/call the client
// cancels (the SDK sends notifications/cancelled when the call's context
// ends) has its process killed and gets no response, as the specification
// asks (the receiver SHOULD NOT respond to a cancelled request); the
// session goes on.
func TestCancelledCallGetsNoResponse(t *testing.T) {
	root := t.TempDir()
	// In the tool folder, where a call (sealed or not) may write.
	pidFile := filepath.Join(root, "add", "pid")
	writeTool(t, root, "add", fmt.Sprintf(addTool, "add"), strings.ReplaceAll(slowImpl, "PIDFILE", pidFile))
	srv := newServer(t, root, 0)

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- srv.Run(ctx, Transport(toServer, fromServer)) }()
	var sent, received lines
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, nil)
	session, err := client.Connect(ctx, &mcp.IOTransport{
		Reader: readCloser{io.TeeReader(toClient, &received), toClient},
		Writer: writeCloser{io.MultiWriter(fromClient, &sent), fromClient},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}

	cctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		_, err := session.CallTool(cctx, &mcp.CallToolParams{Name: "add", Arguments: map[string]any{"n": 7}})
		done <- err
	}()
	pid := waitPid(t, pidFile)
	cancel()
	if err := <-done; err == nil {
		t.Error("the canceled call returned no error")
	}
	if !proctest.Ended(pid, 10*time.Second) {
		t.Fatalf("the canceled call's process %d is still running", pid)
	}
	// The session goes on; by the time a later call is answered and a
	// while more, a response to the canceled one would have been written.
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "add", Arguments: map[string]any{"n": 1}})
	if err != nil || res.IsError {
		t.Fatalf("a call after the cancellation: %v, %+v", err, res)
	}
	time.Sleep(300 * time.Millisecond)

	var id any
	var cancelled bool
	for _, m := range sent.messages(t) {
		if p, _ := m["params"].(map[string]any); m["method"] == "tools/call" && fmt.Sprint(p["arguments"]) == "map[n:7]" {
			id = m["id"]
		}
		if m["method"] == "notifications/cancelled" {
			cancelled = true
		}
	}
	if id == nil || !cancelled {
		t.Fatalf("the client sent no tools/call of n 7 (id %v) or no notifications/cancelled (%v)", id, cancelled)
	}
	for _, m := range received.messages(t) {
		if _, isRequest := m["method"]; !isRequest && m["id"] == id {
			t.Errorf("the canceled request %v got a response: %v", id, m)
		}
	}
	session.Close()
	if err := <-served; err != nil && ctx.Err() == nil {
		t.Logf("server: %v", err)
	}
}

// TestListChangedOnlyWhenTheListChanges: the server checks the folders
// again every reload; a folder checked again whose definition is the same
// (its implementation edited) is served by its new check (the next call
// runs the new implementation) without notifications/tools/list_changed;
// a changed description is a changed list, and the clients are told.
func TestListChangedOnlyWhenTheListChanges(t *testing.T) {
	root := t.TempDir()
	writeTool(t, root, "add", fmt.Sprintf(addTool, "add"), addImpl)
	srv := newServer(t, root, 20*time.Millisecond)
	var notified atomic.Int64
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	st, ct := mcp.NewInMemoryTransports()
	go func() { _ = srv.Run(ctx, st) }()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { notified.Add(1) },
	})
	session, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	add := func() float64 {
		t.Helper()
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "add", Arguments: map[string]any{"n": 1}})
		if err != nil || res.IsError {
			t.Fatalf("add 1: %v, %+v %s", err, res, textOf(res))
		}
		n, _ := res.StructuredContent.(map[string]any)["n"].(float64)
		return n
	}
	if n := add(); n != 2 {
		t.Fatalf("add 1 = %v, want 2", n)
	}

	// The implementation changes (it adds two now), the contract does not.
	// No call runs until the server checked the folder again (a call of
	// the old check would find the folder changed under it).
	checked := srv.serving("add")
	impl := strings.Replace(addImpl, "n + 1", "n + 2", 1)
	for _, f := range []string{"linux.sh", "macos.sh"} {
		if err := os.WriteFile(filepath.Join(root, "add", f), []byte(impl), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(time.Minute)
	for srv.serving("add") == checked {
		if time.Now().After(deadline) {
			t.Fatal("the edited folder was never checked again")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := add(); n != 3 {
		t.Errorf("add 1 = %v after the edit, want 3: the new check is not the one called", n)
	}
	time.Sleep(200 * time.Millisecond) // ten reloads, and the SDK's delay of a notification
	if got := notified.Load(); got != 0 {
		t.Errorf("%d notifications/tools/list_changed for an edited implementation, want none: the list did not change", got)
	}

	// The description changes: the list does.
	contract := strings.Replace(fmt.Sprintf(addTool, "add"), "Adds one to n.", "Adds to n.", 1)
	if err := os.WriteFile(filepath.Join(root, "add", "TOOL.md"), []byte(contract), 0o644); err != nil {
		t.Fatal(err)
	}
	for notified.Load() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no notifications/tools/list_changed for a changed description")
		}
		time.Sleep(20 * time.Millisecond)
	}
	list, err := session.ListTools(ctx, nil)
	if err != nil || len(list.Tools) != 1 || list.Tools[0].Description != "Adds to n." {
		t.Errorf("tools after the change: %v, %+v", err, list)
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
