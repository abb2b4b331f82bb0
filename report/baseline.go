package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
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
	// path is the file ReadBaseline read; "" for a baseline made in memory.
	path string
}

// BaselineEntry is one recorded finding.
type BaselineEntry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	File        string `json:"file"`
	Message     string `json:"message"`
	// line is the line of the file where the entry starts (its "{"), as
	// ReadBaseline read it; 0 when not known.
	line int
}

// Line is the line of the baseline file where the entry starts, 1 when
// that is not known (a baseline made in memory).
func (e BaselineEntry) Line() int { return max(e.line, 1) }

// NewBaseline records every finding of r, sorted by fingerprint.
func NewBaseline(r *result.Result) *Baseline {
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
	b.path = path
	if lines := entryLines(data); len(lines) == len(b.Findings) {
		for i := range b.Findings {
			b.Findings[i].line = lines[i]
		}
	}
	return &b, nil
}

// entryLines are the lines where the elements of the "findings" array of
// the JSON object data start, in order; nil when data is not such an
// object (ReadBaseline then says why) or names "findings" twice.
func entryLines(data []byte) []int {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	var lines []int
	seen := false
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		if key != "findings" {
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return nil
			}
			continue
		}
		if seen {
			return nil
		}
		seen = true
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return nil
		}
		for dec.More() {
			// The element starts at the first byte after the previous
			// token that is neither blank nor the comma between elements.
			start := int(dec.InputOffset())
			for start < len(data) && bytes.IndexByte([]byte(" \t\r\n,"), data[start]) >= 0 {
				start++
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return nil
			}
			lines = append(lines, 1+bytes.Count(data[:start], []byte("\n")))
		}
		if _, err := dec.Token(); err != nil { // the closing ]
			return nil
		}
	}
	return lines
}

// Apply removes from r the findings the baseline records and keeps them in
// r.Suppressed, each with a Suppression of kind external at its entry's line
// in the baseline file; it records in r.Baseline how many it removed and
// how many of its entries no finding of r matched (fixed since, or gone
// with their tool), and returns those entries (one per fingerprint), in the
// file's order. An example that failed only by findings it removed is
// judged again without them and counts them (lint.ExampleResult.Baselined):
// reports say it fails as the baseline records, not that it failed; a tool
// that failed only by them is judged again too (result.ToolResult.Rejudge).
// r's summary is recomputed.
func (b *Baseline) Apply(r *result.Result) (gone []BaselineEntry) {
	known := b.known()
	refs := findingRefs(r)
	drop := map[*result.Finding]bool{}
	matched := map[string]bool{}
	var kept []result.Finding
	for i, fp := range refFingerprints(refs) {
		if e, ok := known[fp.lineHash()]; ok {
			drop[refs[i]] = true
			matched[e.Fingerprint] = true
			f := *refs[i]
			f.Fix = nil // --fix makes no fix of a finding it does not report
			f.Suppression = b.suppression(r.Root, e)
			kept = append(kept, f)
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
	if kept != nil {
		r.Suppressed = append(slices.Clone(r.Suppressed), kept...)
		slices.SortStableFunc(r.Suppressed, result.CompareFindings)
	}
	for _, e := range b.Findings {
		if !matched[e.Fingerprint] {
			matched[e.Fingerprint] = true // one entry per fingerprint
			gone = append(gone, e)
		}
	}
	r.Baseline = &result.BaselineCounts{Baselined: len(drop), Gone: len(gone)}
	r.Summarize()
	return gone
}

// suppression is the Suppression of a finding that the entry e records:
// kind external, at e's line of the baseline file, whose path is relative
// to root when the file lies inside it, else absolute.
func (b *Baseline) suppression(root string, e BaselineEntry) *result.Suppression {
	return &result.Suppression{Kind: result.SuppressedExternal, File: b.File(root), Line: e.Line(), Column: 1}
}

// File is the baseline file's path as reports show it: relative to root
// with forward slashes when it lies inside root, else absolute; "" for a
// baseline made in memory.
func (b *Baseline) File(root string) string {
	if b.path == "" {
		return ""
	}
	abs, err := filepath.Abs(b.path)
	if err != nil {
		return filepath.ToSlash(b.path)
	}
	if root != "" {
		if rel, err := filepath.Rel(root, abs); err == nil && filepath.IsLocal(rel) {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(abs)
}

// Stale are the entries of gone (what Apply returned for r) whose findings
// the run of r looked for (lint.Config.LooksFor, asked with the tool folder
// the entry's file lies in): a finding it would have reported and the
// baseline recorded is no longer there. With narrowed (a run of some tool
// folders only: --shard, --changed-since, paths below the root), an entry
// of a file in no folder the run checked is not judged.
func Stale(r *result.Result, gone []BaselineEntry, looksFor func(rule string, t *result.ToolResult) bool, narrowed bool) []BaselineEntry {
	var stale []BaselineEntry
	for _, e := range gone {
		t, inFolder := folderOf(r, e.File)
		if narrowed && !inFolder {
			continue
		}
		if looksFor(e.Rule, t) {
			stale = append(stale, e)
		}
	}
	return stale
}

// folderOf is the tool folder of r that holds the root-relative file (the
// deepest, nil when none), and whether a tool or skill folder of r holds it.
func folderOf(r *result.Result, file string) (*result.ToolResult, bool) {
	within := func(dir string) bool { return dir == "." || file == dir || strings.HasPrefix(file, dir+"/") }
	var tool *result.ToolResult
	for i := range r.Tools {
		if t := &r.Tools[i]; within(t.Dir) && (tool == nil || len(t.Dir) > len(tool.Dir)) {
			tool = t
		}
	}
	if tool != nil {
		return tool, true
	}
	for _, s := range r.Skills {
		if within(s.Dir) {
			return nil, true
		}
	}
	return nil, false
}

// ApplyTool is what Apply makes of the tool t, alone: a copy without the
// findings the baseline records, its examples judged again. The CLI streams
// a tool's verdict line from it while the run goes on, as the report will
// have it. t is not changed.
func (b *Baseline) ApplyTool(t result.ToolResult) result.ToolResult {
	t.Examples = slices.Clone(t.Examples)
	var refs []*result.Finding
	for i := range t.Findings {
		refs = append(refs, &t.Findings[i])
	}
	for j := range t.Examples {
		for i := range t.Examples[j].Findings {
			refs = append(refs, &t.Examples[j].Findings[i])
		}
	}
	slices.SortStableFunc(refs, func(a, b *result.Finding) int { return result.CompareFindings(*a, *b) })
	known := b.known()
	drop := map[*result.Finding]bool{}
	for i, fp := range refFingerprints(refs) {
		if _, ok := known[fp.lineHash()]; ok {
			drop[refs[i]] = true
		}
	}
	hideInTool(&t, drop)
	t.Rejudge(false)
	return t
}

// known maps each fingerprint of the baseline to its first entry.
func (b *Baseline) known() map[string]BaselineEntry {
	known := make(map[string]BaselineEntry, len(b.Findings))
	for _, e := range b.Findings {
		if _, dup := known[e.Fingerprint]; !dup {
			known[e.Fingerprint] = e
		}
	}
	return known
}

// hideInTool takes the findings drop holds out of the tool t and its
// examples; an example that failed or errored and passes without them
// counts them in Baselined.
func hideInTool(t *result.ToolResult, drop map[*result.Finding]bool) {
	t.Findings = keepFindings(t.Findings, drop)
	for j := range t.Examples {
		e := &t.Examples[j]
		before := len(e.Findings)
		failed := e.Status == result.StatusFailed || e.Status == result.StatusErrored
		e.Findings = keepFindings(e.Findings, drop)
		if hidden := before - len(e.Findings); hidden > 0 && failed {
			if st := lint.ExampleStatus(e); st == result.StatusPassed {
				e.Status, e.Baselined = st, hidden
			}
		}
	}
}

// keepFindings is fs without the findings drop holds, in a new slice (nil
// for nil).
func keepFindings(fs []result.Finding, drop map[*result.Finding]bool) []result.Finding {
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
// result.Result.AllFindings), which fingerprint occurrences count in.
func findingRefs(r *result.Result) []*result.Finding {
	all := slices.Collect(r.EachFinding())
	slices.SortStableFunc(all, func(a, b *result.Finding) int { return result.CompareFindings(*a, *b) })
	return all
}

// refFingerprints are the fingerprints of the findings refs points at, as
// fingerprints gives them for the same findings in report order.
func refFingerprints(refs []*result.Finding) []fingerprint {
	items := make([]item, len(refs))
	for i, f := range refs {
		items[i] = item{f: *f}
	}
	return fingerprints(items)
}

// Path is the baseline file as ReadBaseline was given it; "" for a
// baseline made in memory.
func (b *Baseline) Path() string { return b.path }

// StaleLine is the line --baseline-strict prints on stderr for the stale
// entry e (see Stale) of the baseline file at path: placed as a finding is,
// at the entry's line, every text from the file cleaned for one line and
// the message cut as the text report cuts a value.
func StaleLine(path string, e BaselineEntry) string {
	return fmt.Sprintf("%s:%d:1: error: stale baseline entry: no %s finding in %s matches it any more (it said: %s); write the baseline again with --write-baseline [baseline-strict]",
		cleanLine(path), e.Line(), cleanLine(e.Rule), cleanLine(e.File), cutValue(e.Message))
}
