package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/result"
)

// progressInterval bounds how often the status line is redrawn.
const progressInterval = 100 * time.Millisecond

// Terminal control of the status line: back to the start of the line, and
// erase the line.
const (
	carriageReturn = "\r"
	eraseLine      = "\x1b[2K"
)

// progressLine is the live status line on stderr while examples run: tools
// done of the total, examples passed and failed (explore: inputs run and
// findings of the tools done), the tools running now. It is redrawn in
// place at most every progressInterval and erased by stop, which must come
// before anything else is written to the terminal.
type progressLine struct {
	w       io.Writer
	width   int  // the line is cut to this many characters
	explore bool // the explore command: count inputs, not examples

	mu       sync.Mutex
	total    int
	done     int
	passed   int
	failed   int
	inputs   int
	findings int
	running  []string // the tools running now, in the order they started
	dirty    bool     // something changed since the last redraw
	drawn    bool     // the terminal shows a status line

	quit     chan struct{}
	finished chan struct{}
}

// wantProgress says whether the status line goes on stderr: examples run,
// not -q, stderr is a terminal that can erase a line (on Windows, a console
// with escape sequences turned on), and it is not a CI log.
func wantProgress(stderr io.Writer, run, quiet bool) bool {
	if !run || quiet || os.Getenv("CI") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(stderr) && canRedraw(stderr)
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := fileOf(w)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// fileOf is the file w writes to: w, or what a writer that filters what is
// written (the neutralised stderr) writes to.
func fileOf(w io.Writer) (*os.File, bool) {
	for {
		switch v := w.(type) {
		case *os.File:
			return v, true
		case interface{ Unwrap() io.Writer }:
			w = v.Unwrap()
		default:
			return nil, false
		}
	}
}

// printable is s with what a terminal would act on (control characters,
// invalid UTF-8) as "?".
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, s)
}

// startProgress starts the redraws of the status line for a run of total
// tool folders on the terminal w; explore counts inputs instead of
// examples.
func startProgress(w io.Writer, total int, explore bool) *progressLine {
	p := &progressLine{w: w, width: max(terminalWidth(w)-1, 20), explore: explore, total: total, quit: make(chan struct{}), finished: make(chan struct{})}
	go p.loop()
	return p
}

// loop redraws the line when it changed, at most every progressInterval.
func (p *progressLine) loop() {
	defer close(p.finished)
	t := time.NewTicker(progressInterval)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			return
		case <-t.C:
			p.mu.Lock()
			if p.dirty {
				fmt.Fprint(p.w, carriageReturn+eraseLine+p.text())
				p.dirty, p.drawn = false, true
			}
			p.mu.Unlock()
		}
	}
}

// event takes one step of the run into account (lint.Config.Progress).
func (p *progressLine) event(e lint.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e.Kind {
	case lint.ToolStarted:
		p.running = append(p.running, printable(e.Tool))
	case lint.ToolDone:
		p.done++
		if e.Result != nil {
			p.findings += toolFindings(e.Result)
		}
		for i, t := range p.running {
			if t == printable(e.Tool) {
				p.running = append(p.running[:i], p.running[i+1:]...)
				break
			}
		}
	case lint.ExampleDone:
		switch e.Status {
		case result.StatusPassed:
			p.passed++
		case result.StatusFailed, result.StatusErrored:
			p.failed++
		}
	case lint.InputDone:
		p.inputs++
	}
	p.dirty = true
}

// toolFindings counts the findings of a finished tool.
func toolFindings(t *result.ToolResult) int {
	n := len(t.Findings)
	for i := range t.Examples {
		n += len(t.Examples[i].Findings)
	}
	return n
}

// text is the status line, without a line ending, cut to the width: "3/12
// tools, examples: 5 passed, 1 failed", or for explore "3/12 tools, 420
// inputs, 1 finding"; then the tools running now.
func (p *progressLine) text() string {
	s := fmt.Sprintf("%d/%d tools, examples: %d passed, %d failed", p.done, p.total, p.passed, p.failed)
	if p.explore {
		s = fmt.Sprintf("%d/%d tools, %s, %s", p.done, p.total, report.Plural(p.inputs, "input"), report.Plural(p.findings, "finding"))
	}
	if len(p.running) > 0 {
		s += ", running " + strings.Join(p.running, ", ")
	}
	if r := []rune(s); len(r) > p.width {
		s = string(r[:p.width-1]) + "…"
	}
	return s
}

// stop ends the redraws and erases the status line.
func (p *progressLine) stop() {
	close(p.quit)
	<-p.finished
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, carriageReturn+eraseLine)
		p.drawn = false
	}
}
