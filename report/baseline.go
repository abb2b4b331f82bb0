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

// ReadBaseline reads a baseline file written by Bytes.
func ReadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, fserr.Cause(err))
	}
	var b Baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("baseline %s: not a baseline file (speccify-lint --write-baseline writes one): %v", path, err)
	}
	if b.Version != BaselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, want %d; write it again with --write-baseline", path, b.Version, BaselineVersion)
	}
	return &b, nil
}

// Apply removes from r the findings the baseline records, and records in
// r.Baseline how many it removed and how many of its entries no finding of
// r matched (fixed since, or gone with their tool). r's summary is
// recomputed; the examples keep their verdicts.
func (b *Baseline) Apply(r *lint.Result) {
	known := make(map[string]bool, len(b.Findings))
	for _, e := range b.Findings {
		known[e.Fingerprint] = true
	}
	refs := findingRefs(r)
	drop := map[*lint.Finding]bool{}
	matched := map[string]bool{}
	for i, fp := range refFingerprints(refs) {
		if h := fp.lineHash(); known[h] {
			drop[refs[i]] = true
			matched[h] = true
		}
	}
	keep := func(fs []lint.Finding) []lint.Finding {
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
	r.Findings = keep(r.Findings)
	for i := range r.Tools {
		t := &r.Tools[i]
		t.Findings = keep(t.Findings)
		for j := range t.Examples {
			t.Examples[j].Findings = keep(t.Examples[j].Findings)
		}
	}
	for i := range r.Skills {
		r.Skills[i].Findings = keep(r.Skills[i].Findings)
	}
	r.Baseline = &lint.BaselineCounts{Baselined: len(drop), Gone: len(known) - len(matched)}
	r.Summarize()
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
