// Package mcpserve is `speccify-lint mcp`: a Model Context Protocol server
// over stdio, on the official Go SDK (github.com/modelcontextprotocol/go-sdk),
// that serves the tool folders' contracts as MCP tools and enforces them at
// the boundary.
//
//   - tools/list is the export (package mcptool): the tools whose contracts
//     have no static error and make valid MCP tool definitions, and whose
//     implementation can run here; each tool left out is logged on stderr
//     with the reason.
//   - tools/call validates the arguments against inputs first: an invalid
//     call is a tool error (isError) naming each violation at its JSON path,
//     and the implementation is not started. A valid call runs exactly as
//     `speccify-lint call` runs it (lint.Callable: in the tool folder
//     itself, opened through the gate, under the runner's sandbox,
//     containment, timeout, output caps and sweep; what a call writes in its
//     folder stays, and nothing of the folder is removed or restored), and
//     its answer is judged as `speccify-lint call` judges it (call.Judge):
//     the answer, validated against outputs, is structuredContent and a text
//     block of its JSON; ok: false is isError with the error string; a
//     broken promise (a crash, a timeout, no JSON object, an answer that
//     violates outputs) is isError with the rule id and what was seen, never
//     a silent pass; a failed sealed call names what the sandbox denied.
//   - Up to Options.Jobs calls of one tool run at once; its further calls
//     wait their turn, holding nothing, and a call to another tool never
//     waits for them (each tool has its own slots). A call canceled by the
//     client (notifications/cancelled), also while it waits, kills its
//     processes or never starts, and gets no response (Transport), as the
//     specification asks.
//   - The tool folders are checked again every Options.Reload; clients get
//     notifications/tools/list_changed when, and only when, the list
//     changes: a tool added or removed, or its definition changed.
//   - Every JSON-RPC message the server writes has the markers of CI commands
//     escaped (cilog.EscapeJSON), as the JSON reports do.
package mcpserve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/speccify/speccify-lint/call"
	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/mcptool"
)

// Options are the server's settings.
type Options struct {
	// Config is the lint configuration the tools are checked and run with
	// (Root, Platform, Timeout, MaxOutput, Version; Disabled and Severities
	// judge the contracts, with mcp-tool on whatever they say:
	// mcptool.CheckConfig).
	Config lint.Config
	// Discover finds the tool folders (through the gate), each time the
	// server loads them.
	Discover func() (*discover.Discovery, error)
	// Jobs is how many calls of one tool run at once; 0 means 1. Calls of
	// different tools never wait for each other.
	Jobs int
	// RunExamples runs each tool's examples when it is checked, so that a
	// tool proven to write nothing gets readOnlyHint (as export --run).
	RunExamples bool
	// Reload is how often the tool folders are checked again for changes; 0
	// means never.
	Reload time.Duration
	// Log receives one line per event: a tool left out and why, a reload.
	Log io.Writer
	// Version is speccify-lint's version, the server's.
	Version string
}

// Server is one MCP server of the tool folders.
type Server struct {
	opt Options
	mcp *mcp.Server

	mu sync.Mutex
	// tools are the tools served, by name.
	tools map[string]*served
	// live is tools as the calls read it, without the lock that a reload
	// holds while it checks the folders.
	live atomic.Pointer[map[string]*served]
	// logged are the lines logged last time a folder was left out, so that
	// a reload logs only what changed.
	logged map[string]bool
}

// served is a tool being served: its checked folder and its definition.
type served struct {
	// dir is the folder as discovered.
	dir string
	k   *lint.Callable
	def mcptool.Tool
	// slots bound the calls of the tool that run at once (Options.Jobs).
	slots chan struct{}
	// stamp is what the contract's folder was when it was checked, to tell
	// when it changed.
	stamp string
}

// New checks the tool folders and makes the server of those it can serve.
func New(opt Options) (*Server, error) {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	s := &Server{opt: opt, tools: map[string]*served{}, logged: map[string]bool{}}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "speccify-lint", Version: opt.Version},
		&mcp.ServerOptions{Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{ListChanged: true}}})
	if err := s.load(); err != nil {
		return nil, err
	}
	return s, nil
}

// Run serves the MCP session on t until the client ends it or ctx is done.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	ctx, cancel := context.WithCancel(ctx)
	var reloads sync.WaitGroup
	if s.opt.Reload > 0 {
		reloads.Go(func() { s.reloadEvery(ctx, s.opt.Reload) })
	}
	defer func() {
		cancel()
		reloads.Wait()
		s.close()
	}()
	return s.mcp.Run(ctx, t)
}

func (s *Server) logf(format string, args ...any) {
	fmt.Fprintf(s.opt.Log, "speccify-lint: mcp: "+format+"\n", args...)
}

func (s *Server) reloadEvery(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if err := s.load(); err != nil {
				s.logf("reloading the tool folders: %v", err)
			}
		}
	}
}

// close lets go of the tool folders.
func (s *Server) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.tools {
		t.k.Close()
	}
}

// load discovers the tool folders and checks those that are new or changed
// since they were last checked; it adds the tools that can be served and
// removes those that no longer can (the SDK tells the clients).
func (s *Server) load() error {
	disc, err := s.opt.Discover()
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	byDir := map[string]*served{}
	for _, t := range s.tools {
		byDir[t.dir] = t
	}
	next := map[string]*served{}
	logged := map[string]bool{}
	leave := func(dir, reason string) {
		line := dir + " not served: " + reason
		logged[line] = true
		if !s.logged[line] {
			s.logf("%s", line)
		}
	}
	for _, t := range disc.Tools {
		stamp := s.stamp(t.Dir)
		var cur *served
		if old := byDir[t.Dir]; old != nil && old.stamp == stamp && stamp != "" {
			cur = old
		} else {
			cur, err = s.check(t, stamp)
			if err != nil {
				leave(discover.RelPath(s.opt.Config.Root, t.Dir), err.Error())
				continue
			}
		}
		if other, ok := next[cur.def.Name]; ok {
			leave(cur.k.Dir(), fmt.Sprintf("the name %s is %s's already", cur.def.Name, other.k.Dir()))
			if cur != byDir[cur.dir] {
				cur.k.Close()
			}
			continue
		}
		next[cur.def.Name] = cur
	}
	s.logged = logged
	// The list changes, and the SDK tells the clients, only where a
	// definition does: a folder checked again (its stamp changed: an
	// implementation edited, a file touched) that makes the same definition
	// is served by its new check without a word to the clients.
	s.live.Store(&next)
	var gone []string
	for name, old := range s.tools {
		if cur := next[name]; cur == nil || !sameDefinition(cur.def, old.def) {
			gone = append(gone, name)
		}
		if !slices.Contains(slices.Collect(maps.Values(next)), old) {
			old.k.Close()
		}
	}
	if len(gone) > 0 {
		s.mcp.RemoveTools(gone...)
	}
	for name, cur := range next {
		if old := s.tools[name]; old == nil || !sameDefinition(cur.def, old.def) {
			s.add(cur)
		}
	}
	s.tools = next
	return nil
}

// sameDefinition says whether a and b are the same tool definition, as
// tools/list gives it.
func sameDefinition(a, b mcptool.Tool) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}

// serving is the tool served under the name now, nil when none is.
func (s *Server) serving(name string) *served {
	if live := s.live.Load(); live != nil {
		return (*live)[name]
	}
	return nil
}

// check checks the tool folder t and returns it ready to serve, or why it
// cannot be served.
func (s *Server) check(t discover.Tool, stamp string) (*served, error) {
	k, err := lint.OpenCallable(mcptool.CheckConfig(s.opt.Config), t)
	if err != nil {
		return nil, err
	}
	readOnly := false
	if s.opt.RunExamples {
		readOnly = k.ReadOnly(k.RunExamples(context.Background()))
	}
	def, reason := mcptool.Definition(k, readOnly)
	if reason == "" {
		reason = k.Unrunnable()
	}
	if reason != "" {
		k.Close()
		return nil, fmt.Errorf("%s", reason)
	}
	return &served{dir: t.Dir, k: k, def: def, stamp: stamp, slots: make(chan struct{}, max(s.opt.Jobs, 1))}, nil
}

// add registers the tool with the SDK. The SDK panics on a definition it
// refuses (an x-mcp-header it finds invalid, for one): that tool is then
// not served.
func (s *Server) add(t *served) {
	defer func() {
		if r := recover(); r != nil {
			s.logf("%s not served: the MCP SDK refuses its definition: %v", t.k.Dir(), r)
		}
	}()
	tool := &mcp.Tool{Name: t.def.Name, Description: t.def.Description, InputSchema: t.def.InputSchema, OutputSchema: t.def.OutputSchema}
	if a := t.def.Annotations; a != nil {
		tool.Annotations = &mcp.ToolAnnotations{ReadOnlyHint: a.ReadOnlyHint}
	}
	name := t.def.Name
	s.mcp.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		// The tool served under the name now: a reload that checked its
		// folder again without changing its definition does not add it anew.
		t := s.serving(name)
		if t == nil {
			return toolError(fmt.Sprintf("%s is no longer served", name)), nil
		}
		return s.call(ctx, t, req.Params.Arguments)
	})
}

// call runs one tools/call of the tool t with the raw arguments.
func (s *Server) call(ctx context.Context, t *served, raw json.RawMessage) (*mcp.CallToolResult, error) {
	if len(strings.TrimSpace(string(raw))) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	v, err := jsonexact.Parse(raw)
	if err != nil {
		return toolError("the arguments are not one JSON value: " + err.Error()), nil
	}
	if invalid := t.k.CheckInput(v); len(invalid) > 0 {
		return toolError(invalidText(invalid)), nil
	}
	select {
	case t.slots <- struct{}{}:
		defer func() { <-t.slots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	res := t.k.Call(ctx, v)
	if res.Canceled || ctx.Err() != nil {
		// The client canceled the call: the transport writes no response
		// (inFlight), as the specification asks.
		return nil, fmt.Errorf("canceled: %w", ctx.Err())
	}
	return toolResult(call.Judge(res))
}

// toolResult is the tools/call result of a call's answer a, as call.Judge
// judged it: an input that violates inputs and a broken promise are tool
// errors that say which; an answer is structuredContent and a text block of
// its JSON, with isError and its error string first when it says ok: false.
func toolResult(a call.Answer) (*mcp.CallToolResult, error) {
	switch a.Verdict {
	case call.VerdictInvalid:
		return toolError(invalidText(a.Invalid)), nil
	case call.VerdictBroken:
		var lines []string
		for _, b := range a.Broken {
			lines = append(lines, b.Rule+": "+b.Message)
		}
		if a.Denied != "" {
			lines = append(lines, "the sandbox denied an access: "+a.Denied)
		}
		return toolError("the tool broke its contract:\n" + strings.Join(lines, "\n")), nil
	}
	text, err := json.Marshal(a.Output)
	if err != nil {
		return nil, err
	}
	out := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(text)}}, StructuredContent: a.Output}
	if a.Verdict == call.VerdictNotOK {
		out.IsError = true
		if a.Error != "" {
			out.Content = append([]mcp.Content{&mcp.TextContent{Text: a.Error}}, out.Content...)
		}
		if a.Denied != "" {
			out.Content = append(out.Content, &mcp.TextContent{Text: "the sandbox denied an access: " + a.Denied})
		}
	}
	return out, nil
}

// invalidText names the violations of inputs.
func invalidText(invalid []lint.Violation) string {
	lines := []string{"the arguments violate inputs; the tool was not started:"}
	for _, is := range invalid {
		lines = append(lines, is.Path+": "+is.Message)
	}
	return strings.Join(lines, "\n")
}

func toolError(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}
