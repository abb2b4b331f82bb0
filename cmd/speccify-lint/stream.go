package main

import (
	"bytes"
	"context"
	"io"
	"sync"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/report"
)

// toolStream prints, while the examples run where no status line is drawn
// (in CI, in a pipe), each tool's verdict line (with -v its examples' lines
// first, unless the report on stdout lists them: report.ListsExamples;
// report.WriteToolVerdict) on stderr when the tool is done, so that a long
// run's log moves. The tools come in the report's order whatever
// --jobs is: a tool's lines are printed as soon as it and every tool before
// it are done, as go test prints packages. The report on stdout is not
// changed: it is what tools parse and what -o files hold. Once the run is
// interrupted nothing more is streamed: a tool cut short has no verdict,
// and the report says what finished.
type toolStream struct {
	ctx context.Context // the run's: canceled when it is interrupted
	w   io.Writer       // stderr, through the cilog guard
	opt report.Options
	// baseline, when set, is the --baseline file: a tool's verdict is
	// rendered without what it records, as the report will have it.
	baseline *report.Baseline

	mu    sync.Mutex
	order []int          // Result.Tools indices in the report's order
	next  int            // how many of order are printed
	ready map[int][]byte // the rendered lines of tools done, not yet printed, by index
}

// wantStream says whether the verdict lines stream on stderr where no
// status line is drawn: examples run (or explore runs), and not -q.
func wantStream(run, quiet bool) bool {
	return run && !quiet
}

// newToolStream streams the verdict lines of the tools dirs (root-relative,
// in Result.Tools order; lint.ToolDirs) of the run ctx on w.
func newToolStream(ctx context.Context, w io.Writer, dirs []string, opt report.Options, baseline *report.Baseline) *toolStream {
	return &toolStream{ctx: ctx, w: w, opt: opt, baseline: baseline, order: report.ToolOrder(dirs), ready: map[int][]byte{}}
}

// event takes a step of the run (lint.Config.Progress): a tool done is
// rendered at once and printed in its turn.
func (s *toolStream) event(e lint.Progress) {
	if e.Kind != lint.ToolDone || e.Result == nil || s.ctx.Err() != nil {
		return
	}
	t := e.Result
	if s.baseline != nil {
		applied := s.baseline.ApplyTool(*t)
		t = &applied
	}
	var b bytes.Buffer
	_ = report.WriteToolVerdict(&b, t, s.opt)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ctx.Err() != nil {
		return
	}
	s.ready[e.Index] = b.Bytes()
	for s.next < len(s.order) {
		lines, ok := s.ready[s.order[s.next]]
		if !ok {
			break
		}
		// A failed write of stderr is not worth stopping the run for: the
		// report on stdout is what counts.
		_, _ = s.w.Write(lines)
		delete(s.ready, s.order[s.next])
		s.next++
	}
}
