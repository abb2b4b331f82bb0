package report

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"fmt"
	"slices"
	"strings"
)

// sarifLimits are the most a SARIF run may hold for its consumer to take it.
//
// GitHub code scanning rejects an upload that exceeds any of its limits
// ("SARIF results exceed one or more limits",
// https://docs.github.com/en/code-security/code-scanning/troubleshooting-sarif-uploads/results-exceed-limit,
// and "Validating your SARIF file",
// https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning#validating-your-sarif-file):
//
//	runs per file                  20      a speccify-lint log has one run
//	results per run                25,000  results
//	rules per run                  25,000  rules
//	tool extensions per run        100     none
//	locations per result           1,000   one, and one related location
//	thread flow locations / result 10,000  none
//	tags per rule                  20      two (speccify and the category)
//	gzip-compressed file           10 MB   gzipBytes
//
// The limits that what speccify-lint writes could reach are fields; the
// others hold by the shape of the log (TestSARIFWithinGitHubLimits checks
// them).
type sarifLimits struct {
	// results is the most results of a run.
	results int
	// rules is the most rules (tool.driver.rules) of a run.
	rules int
	// gzipBytes is the most bytes of the log compressed with gzip at the
	// default level (what github/codeql-action/upload-sarif uploads). GitHub
	// says 10 MB; 10,000,000 bytes is the conservative reading.
	gzipBytes int
}

// githubSARIFLimits are GitHub code scanning's limits.
var githubSARIFLimits = sarifLimits{results: 25_000, rules: 25_000, gzipBytes: 10_000_000}

// sarifLevels are the SARIF levels in the order the results of a run too
// large for the limits are kept: errors first.
var sarifLevels = []string{"error", "warning", "note", "none"}

// omittedSuppressed is the key under which a selection counts the
// suppressed findings it leaves out, whatever their level: they are kept
// after every reported finding.
const omittedSuppressed = "suppressed"

// omittedKinds are the keys of sarifSelection.omitted, in the order the
// results are kept.
var omittedKinds = append(slices.Clone(sarifLevels), omittedSuppressed)

// sarifSelection is which findings a SARIF run holds.
type sarifSelection struct {
	// keep[i] reports whether items[i] is a result of the run.
	keep []bool
	// omitted counts the findings left out by SARIF level, the suppressed
	// ones apart (omittedSuppressed).
	omitted map[string]int
	// reasons are the limits that left findings out: what GitHub code
	// scanning rejects ("a run of more than 25000 results").
	reasons []string
}

// count is how many findings the selection leaves out.
func (s *sarifSelection) count() int {
	n := 0
	for _, c := range s.omitted {
		n += c
	}
	return n
}

// selectSARIF picks at most limit of items (all of them when they fit) for
// a run within limits: errors first, then warnings, then notes, then the
// suppressed findings, each in report order; a finding of a rule that Options.Rules lacks is left out
// when describing its rule would pass the rules limit. reason says why limit
// is what it is, for the record of what was left out.
func selectSARIF(items []item, opt Options, limits sarifLimits, limit int, reason string) *sarifSelection {
	sel := &sarifSelection{keep: make([]bool, len(items)), omitted: map[string]int{}}
	documented := map[string]bool{}
	for _, r := range opt.rules() {
		if r != nil && r.ID != "" {
			documented[r.ID] = true
		}
	}
	undocumented := map[string]bool{}
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	kind := func(i int) string {
		if items[i].f.Suppression != nil {
			return omittedSuppressed
		}
		return severityLevel(items[i].f.Severity)
	}
	rank := func(i int) int { return slices.Index(omittedKinds, kind(i)) }
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(rank(a), rank(b)) })
	kept, ruleLimited, countLimited := 0, false, false
	for _, i := range order {
		id := items[i].f.Rule
		newRule := !documented[id] && !undocumented[id]
		switch {
		case kept >= limit:
			countLimited = true
		case newRule && len(documented)+len(undocumented) >= limits.rules:
			ruleLimited = true
		default:
			sel.keep[i] = true
			kept++
			if newRule {
				undocumented[id] = true
			}
			continue
		}
		sel.omitted[kind(i)]++
	}
	if countLimited {
		sel.reasons = append(sel.reasons, reason)
	}
	if ruleLimited {
		sel.reasons = append(sel.reasons, fmt.Sprintf("a run of more than %d rules", limits.rules))
	}
	return sel
}

// property is the run property that records what the selection left out
// ("speccify-lint/omitted"), nil when it left out nothing.
func (s *sarifSelection) property() map[string]any {
	if s.count() == 0 {
		return nil
	}
	levels := map[string]int{}
	for _, l := range omittedKinds {
		if s.omitted[l] > 0 {
			levels[l] = s.omitted[l]
		}
	}
	return map[string]any{
		"results": s.count(),
		"levels":  levels,
		"reason":  s.reason(),
	}
}

// reason says why results were left out and which were kept.
func (s *sarifSelection) reason() string {
	return "GitHub code scanning rejects " + strings.Join(s.reasons, " and ") +
		"; errors are kept first, then warnings, then notes, then suppressed findings, each in file and line order"
}

// warning is what the CLI prints on stderr when the selection left results
// out of the SARIF report of total findings; "" when it left out nothing.
func (s *sarifSelection) warning(total int) string {
	n := s.count()
	if n == 0 {
		return ""
	}
	var parts []string
	for _, l := range omittedKinds {
		switch c := s.omitted[l]; {
		case c == 0:
		case l == "none":
			parts = append(parts, Plural(c, "result")+" of level none")
		case l == omittedSuppressed:
			parts = append(parts, fmt.Sprintf("%d suppressed", c))
		default:
			parts = append(parts, Plural(c, l))
		}
	}
	return fmt.Sprintf("the SARIF report leaves out %d of %d results (%s): %s (the other formats report every finding)",
		n, total, strings.Join(parts, ", "), s.reason())
}

// gzipFits reports whether data compressed with gzip at the default level
// takes at most max bytes. gzip adds at most a few bytes per 16 KiB block
// and its header to what it cannot compress, so data that small is not
// compressed to find out.
func gzipFits(data []byte, max int) bool {
	return len(data)+len(data)/1000+64 <= max || gzipSize(data) <= max
}

// gzipSize is the size of data compressed with gzip at the default level.
func gzipSize(data []byte) int {
	n := &countWriter{}
	zw := gzip.NewWriter(n)
	_, _ = zw.Write(data)
	_ = zw.Close()
	return n.n
}

// countWriter counts the bytes written to it.
type countWriter struct{ n int }

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	return len(p), nil
}

// fitSARIF renders the SARIF log of items with render into b, keeping as
// many results as the limits allow (see selectSARIF): at most
// limits.results and then, while the log's gzip-compressed size is over
// limits.gzipBytes, fewer in proportion to the excess. It returns the
// selection the rendered log holds.
func fitSARIF(b *bytes.Buffer, items []item, opt Options, limits sarifLimits, render func(*bytes.Buffer, *sarifSelection) error) (*sarifSelection, error) {
	start := b.Len()
	keep, reason := len(items), ""
	if keep > limits.results {
		keep, reason = limits.results, fmt.Sprintf("a run of more than %d results", limits.results)
	}
	for {
		sel := selectSARIF(items, opt, limits, keep, reason)
		b.Truncate(start)
		if err := render(b, sel); err != nil {
			return nil, err
		}
		// What is uploaded is the log as Write lets it through SARIF's guard,
		// which escapes the characters of CI commands (more bytes).
		log := jsonGuard(b.Bytes()[start:])
		if keep == 0 || gzipFits(log, limits.gzipBytes) {
			return sel, nil
		}
		// The results make most of the log: keep fewer in proportion (with
		// a margin), and at least one fewer.
		fewer := int(float64(keep) * 0.95 * float64(limits.gzipBytes) / float64(gzipSize(log)))
		keep = max(min(fewer, keep-1), 0)
		reason = fmt.Sprintf("a SARIF file of more than %d bytes gzip-compressed", limits.gzipBytes)
	}
}
