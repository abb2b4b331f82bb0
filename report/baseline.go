package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/lint"
)

// BaselineVersion is the version of the baseline file's shape.
const BaselineVersion = 1

// Baseline is the findings of one run, recorded so that a later run reports
// only the new ones: each by its fingerprint (the SARIF
// primaryLocationLineHash: rule, tool folder and logical key, not the line,
// with its occurrence), with the rule, file and message for a reader of the
// file. Matching uses the fingerprint only.
type Baseline struct {
	Version  int             `json:"version"`
	Findings []BaselineEntry `json:"findings"`
}

// BaselineEntry is one recorded finding.
type BaselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	File        string `json:"file"`
	Message     string `json:"message"`
}

// NewBaseline records every finding of r, sorted by fingerprint.
func NewBaseline(r *lint.Result) *Baseline {
	refs := findingRefs(r)
	b := &Baseline{Version: BaselineVersion, Findings: make([]BaselineEntry, len(refs))}
	for i, fp := range refFingerprints(refs) {
		f := refs[i]
		b.Findings[i] = BaselineEntry{Fingerprint: fp.lineHash(), Rule: f.Rule, File: f.File, Message: f.Message}
	}
	slices.SortFunc(b.Findings, func(x, y BaselineEntry) int { return strings.Compare(x.Fingerprint, y.Fingerprint) })
	return b
}

// Bytes is the baseline file: indented JSON with a final newline, the same
// bytes for the same findings.
func (b *Baseline) Bytes() []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(b) // strings and ints only: it cannot fail
	return buf.Bytes()
}

// ReadBaseline reads a baseline file written by Bytes: one JSON object with
// a version and the findings, and nothing else. Anything else (no such
// file, a directory, an empty file, text, another report such as SARIF or
// the JSON report, another version) is an error that says what to do.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, fserr.Cause(err))
	}
	notOne := func(why string) error {
		return fmt.Errorf("baseline %s: not a baseline file (speccify-lint --write-baseline writes one): %s", path, why)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, notOne("it is empty")
	}
	var shape struct {
		Version  *json.RawMessage `json:"version"`
		Findings *json.RawMessage `json:"findings"`
	}
	if err := json.Unmarshal(data, &shape); err != nil {
		return nil, notOne(err.Error())
	}
	if shape.Version == nil || shape.Findings == nil {
		return nil, notOne("a baseline is a JSON object of version and findings")
	}
	var version int
	if err := json.Unmarshal(*shape.Version, &version); err != nil {
		return nil, notOne("its version is not a number")
	}
	if version != BaselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, want %d; write it again with --write-baseline", path, version, BaselineVersion)
	}
	var b Baseline
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, notOne(err.Error())
	}
	return &b, nil
}

// Apply removes from r the findings the baseline records, and records in
// r.Baseline how many it removed and how many of its entries no finding of
// r matched (fixed since, or gone with their tool). An example that failed
// only by findings it removed is judged again without them and counts them
// (lint.ExampleResult.Baselined): reports say it fails as the baseline
// records, not that it failed; a tool that failed only by them is judged
// again too (lint.ToolResult.Rejudge). r's summary is recomputed.
func (b *Baseline) Apply(r *lint.Result) {
	known := b.known()
	refs := findingRefs(r)
	drop := map[*lint.Finding]bool{}
	matched := map[string]bool{}
	for i, fp := range refFingerprints(refs) {
		if h := fp.lineHash(); known[h] {
			drop[refs[i]] = true
			matched[h] = true
		}
	}
	r.Findings = keepFindings(r.Findings, drop)
	for i := range r.Tools {
		hideInTool(&r.Tools[i], drop)
		r.Tools[i].Rejudge(r.Interrupted)
	}
	for i := range r.Skills {
		r.Skills[i].Findings = keepFindings(r.Skills[i].Findings, drop)
	}
	r.Baseline = &lint.BaselineCounts{Baselined: len(drop), Gone: len(known) - len(matched)}
	r.Summarize()
}

// ApplyTool is what Apply makes of the tool t, alone: a copy without the
// findings the baseline records, its examples judged again. The CLI streams
// a tool's verdict line from it while the run goes on, as the report will
// have it. t is not changed.
func (b *Baseline) ApplyTool(t lint.ToolResult) lint.ToolResult {
	t.Examples = slices.Clone(t.Examples)
	var refs []*lint.Finding
	for i := range t.Findings {
		refs = append(refs, &t.Findings[i])
	}
	for j := range t.Examples {
		for i := range t.Examples[j].Findings {
			refs = append(refs, &t.Examples[j].Findings[i])
		}
	}
	slices.SortStableFunc(refs, func(a, b *lint.Finding) int { return lint.CompareFindings(*a, *b) })
	known := b.known()
	drop := map[*lint.Finding]bool{}
	for i, fp := range refFingerprints(refs) {
		if known[fp.lineHash()] {
			drop[refs[i]] = true
		}
	}
	hideInTool(&t, drop)
	t.Rejudge(false)
	return t
}

// known is the set of the baseline's fingerprints.
func (b *Baseline) known() map[string]bool {
	known := make(map[string]bool, len(b.Findings))
	for _, e := range b.Findings {
		known[e.Fingerprint] = true
	}
	return known
}

// hideInTool takes the findings drop holds out of the tool t and its
// examples; an example that failed or errored and passes without them
// counts them in Baselined.
func hideInTool(t *lint.ToolResult, drop map[*lint.Finding]bool) {
	t.Findings = keepFindings(t.Findings, drop)
	for j := range t.Examples {
		e := &t.Examples[j]
		before := len(e.Findings)
		failed := e.Status == lint.StatusFailed || e.Status == lint.StatusErrored
		e.Findings = keepFindings(e.Findings, drop)
		if hidden := before - len(e.Findings); hidden > 0 && failed {
			if st := lint.ExampleStatus(e); st == lint.StatusPassed {
				e.Status, e.Baselined = st, hidden
			}
		}
	}
}

// keepFindings is fs without the findings drop holds, in a new slice (nil
// for nil).
func keepFindings(fs []lint.Finding, drop map[*lint.Finding]bool) []lint.Finding {
	if fs == nil {
		return nil
	}
	out := fs[:0:0]
	for i := range fs {
		if !drop[&fs[i]] {
			out = append(out, fs[i])
		}
	}
	return out
}

// findingRefs points at every finding of r, in the order of collect (and of
// lint.Result.AllFindings), which fingerprint occurrences count in.
func findingRefs(r *lint.Result) []*lint.Finding {
	all := slices.Collect(r.EachFinding())
	slices.SortStableFunc(all, func(a, b *lint.Finding) int { return lint.CompareFindings(*a, *b) })
	return all
}

// refFingerprints are the fingerprints of the findings refs points at, as
// fingerprints gives them for the same findings in report order.
func refFingerprints(refs []*lint.Finding) []fingerprint {
	items := make([]item, len(refs))
	for i, f := range refs {
		items[i] = item{f: *f}
	}
	return fingerprints(items)
}
