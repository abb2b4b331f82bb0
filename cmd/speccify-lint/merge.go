package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/speccify/speccify-lint/internal/fserr"
	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/result"
)

// MergeCmd merges the JSON reports of the shards of one run (each written by
// `speccify-lint --shard K/N --output json=FILE`) into one report.
type MergeCmd struct {
	Inputs []string `arg:"" name:"report" help:"JSON reports of the shards (written with --output json=FILE)."`

	Format        string `short:"f" enum:"${formats}" default:"json" help:"Format of the merged report: ${enum}."`
	Output        string `short:"o" placeholder:"FILE" help:"Write the merged report to FILE (default: standard output)."`
	FailOn        string `enum:"error,warning,never" default:"never" help:"Exit 1 when the merged report has a finding at or above this severity: ${enum} (default never: the shards already failed)."`
	NoTimestamps  bool   `help:"Leave timestamps out and report durations as 0, for byte-identical reports."`
	SARIFCategory string `name:"sarif-category" placeholder:"CATEGORY" help:"Code scanning category of the SARIF run (default: speccify-lint)."`
	JUnitStrict   bool   `name:"junit-strict" help:"Leave out the file and line attributes of JUnit test cases, which Jenkins' junit-10.xsd does not allow."`
}

// Run reads, merges and writes.
func (c *MergeCmd) Run(env *runEnv) error {
	var results []*result.Result
	shards := map[string]bool{}
	total := 0
	for _, path := range c.Inputs {
		r, err := readReport(path)
		if err != nil {
			return usageError{err}
		}
		if k, n, ok := strings.Cut(r.Shard, "/"); ok {
			shards[k] = true
			total, _ = strconv.Atoi(n)
		}
		results = append(results, r)
	}
	merged, err := report.Merge(results)
	if err != nil {
		return usageErrorf("%s", strings.TrimPrefix(err.Error(), "merge: "))
	}
	if total > 0 && len(shards) < total {
		var missing []string
		for k := 1; k <= total; k++ {
			if !shards[strconv.Itoa(k)] {
				missing = append(missing, fmt.Sprintf("%d/%d", k, total))
			}
		}
		fmt.Fprintf(env.stderr, "speccify-lint: merge: warning: no report of shard %s; the merged report lacks its tools\n", strings.Join(missing, ", "))
	}
	opt := report.Options{NoTimestamps: c.NoTimestamps, SARIFCategory: c.SARIFCategory, JUnitStrict: c.JUnitStrict,
		Warn: env.reportWarning}
	if c.Output != "" && c.Output != "-" {
		if err := writeReportFile(c.Output, c.Format, merged, opt); err != nil {
			return usageError{err}
		}
	} else {
		w := bufio.NewWriter(env.stdout)
		if err := report.Write(w, c.Format, merged, opt); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	if merged.Fails(failThreshold(c.FailOn)) {
		env.exitCode = 1
	}
	return nil
}

func readReport(path string) (*result.Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, fserr.Cause(err))
	}
	defer f.Close()
	r, err := report.ReadJSON(io.Reader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %w (merge reads the JSON reports of the shards: --output json=FILE)", path, err)
	}
	return r, nil
}
