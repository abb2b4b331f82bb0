package lsp

import (
	"context"
	"encoding/json"
	"slices"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// runExamplesCommand runs the examples of the tool folder of the document
// given as its one argument (workspace/executeCommand): the one way the
// server runs an implementation, on the user's word, never on open or
// while typing.
const runExamplesCommand = "speccify-lint.runExamples"

// runResult is the findings of a run of a folder's examples, which its
// diagnostics carry until the folder changes.
type runResult struct {
	gen      uint64 // the folder's generation they hold for
	findings []result.Finding
	// ranBy is, by finding (its index), the implementation that ran its
	// example, root-relative: the diagnostic's related information, as
	// SARIF's related location.
	ranBy []string
}

// RunSummary is what speccify-lint.runExamples answers: how many examples
// ran, passed and failed (their findings arrive as diagnostics).
type RunSummary struct {
	Tool     string `json:"tool"`
	Examples int    `json:"examples"`
	Passed   int    `json:"passed"`
	Failed   int    `json:"failed"`
	Findings int    `json:"findings"`
}

// executeCommand runs a command: speccify-lint.runExamples runs the
// examples of the saved files of the tool folder of the document its
// argument names, as `speccify-lint` does (the same runner, limits and
// configuration), and publishes their findings with the folder's
// diagnostics. The read loop goes on meanwhile; shutdown stops the run.
func (s *server) executeCommand(ctx context.Context, p *protocol.ExecuteCommandParams) (any, error) {
	if p.Command != runExamplesCommand {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "unknown command %q (the server has %s)", p.Command, runExamplesCommand)
	}
	var target string
	if len(p.Arguments) != 1 || json.Unmarshal(p.Arguments[0], &target) != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s takes one argument, the URI of a file of the tool folder", runExamplesCommand)
	}
	s.mu.Lock()
	d := &document{uri: uri.URI(target)}
	if open := s.docs[d.uri]; open != nil {
		d = open
	} else {
		s.locate(d)
	}
	f := d.folder
	if f != nil && s.folders[f.dir] == nil {
		s.folders[f.dir] = f
	}
	if f == nil || f.kind != toolFolder || s.stopped {
		s.mu.Unlock()
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is not a file of a tool folder under the workspace", target)
	}
	gen := f.gen
	runCtx := s.runCtx
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.wg.Done()
	jsonrpc2.Async(ctx) // the examples take their time: read on meanwhile

	cfg, exclude := s.rootConfig(f.root)
	if excludes(exclude, f) {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is in a folder the configuration's exclude skips", target)
	}
	cfg.Run, cfg.Jobs = true, 1
	res := lint.Lint(runCtx, &discover.Discovery{Tools: []discover.Tool{{Dir: f.dir}}}, cfg)
	sum := RunSummary{Tool: f.rel}
	var findings []result.Finding
	var ranBy []string
	for _, tr := range res.Tools {
		for _, ex := range tr.Examples {
			for range ex.Findings {
				ranBy = append(ranBy, ex.Implementation)
			}
			sum.Examples++
			switch ex.Status {
			case result.StatusPassed:
				sum.Passed++
			case result.StatusFailed, result.StatusErrored:
				sum.Failed++
			}
			findings = append(findings, ex.Findings...)
		}
	}
	sum.Findings = len(findings)
	s.mu.Lock()
	if f.gen == gen && !s.stopped {
		f.gen++ // publish again, with the run's findings
		f.runs = &runResult{gen: f.gen, findings: findings, ranBy: ranBy}
		s.noteChange()
		s.refresh()
		s.schedule(f, 0)
	}
	s.mu.Unlock()
	return sum, nil
}

// placed is a finding to publish, with the implementation that ran its
// example when it is a run's.
type placed struct {
	result.Finding
	ranBy string
}

// withRuns is the findings of a lint with those of the folder's last run
// of the examples, while they hold (the folder did not change since), in
// the findings' order. The caller holds s.mu.
func withRuns(res *folderLint) []placed {
	all := make([]placed, 0, len(res.findings))
	for _, f := range res.findings {
		all = append(all, placed{Finding: f})
	}
	if r := res.folder.runs; r != nil && r.gen == res.gen {
		for i, f := range r.findings {
			all = append(all, placed{Finding: f, ranBy: r.ranBy[i]})
		}
		slices.SortStableFunc(all, func(a, b placed) int { return result.CompareFindings(a.Finding, b.Finding) })
	}
	return all
}
