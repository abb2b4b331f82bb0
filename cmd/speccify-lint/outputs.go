package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/result"
)

// stdoutPath is the --output path that stands for standard output
// (golangci-lint's path=stdout convention, spelt as merge --output spells it).
const stdoutPath = "-"

// formatEnv names the environment variable that holds the default report
// format on stdout (as RUFF_OUTPUT_FORMAT does for ruff).
const formatEnv = "SPECCIFY_LINT_FORMAT"

// reportFile is one --output FORMAT=PATH.
type reportFile struct {
	format, path string
	spec         string // the entry as it was given, for messages
}

// reportPlan is where the reports of one run go: one format on stdout and
// any number of files, each written by one entry.
type reportPlan struct {
	stdout string
	files  []reportFile
}

// settingOrigin says where the value of a lint setting came from, for
// messages: the command line, or the configuration file.
type settingOrigin struct {
	// config is the configuration file's path; empty for the command line.
	config string
}

// name is how a message names the setting key with value v: --key v on the
// command line, key: v in the configuration file.
func (o settingOrigin) name(key, v string) string {
	if o.config == "" {
		return "--" + key + " " + v
	}
	return key + ": " + v
}

// prefix introduces a message about settings that all come from this origin.
func (o settingOrigin) prefix() string {
	if o.config == "" {
		return ""
	}
	return "config " + o.config + ": "
}

// located is name with the configuration file it is in, for a message that
// names settings of different origins.
func (o settingOrigin) located(key, v string) string {
	if o.config == "" {
		return o.name(key, v)
	}
	return o.name(key, v) + " (in " + o.config + ")"
}

// planReports checks --format, $SPECCIFY_LINT_FORMAT and the --output
// entries: an entry is
// FORMAT=PATH with a known format, no two entries write the same file however
// the path is spelt, and one report at most goes to stdout. An entry FORMAT=-
// puts that report on stdout instead of the default text; with --format set
// as well (on the command line or in the configuration file) it is an error.
func (c *LintCmd) planReports() (reportPlan, error) {
	plan := reportPlan{stdout: c.Format}
	formatOrigin, formatSet := c.origins["format"]
	if env := os.Getenv(formatEnv); env != "" && !formatSet {
		// The environment's default format: below --format on the command
		// line and in the configuration file, and below an entry FORMAT=-.
		if !slices.Contains(formats, env) {
			return reportPlan{}, fmt.Errorf("%s=%s: unknown format %q (want %s)", formatEnv, env, env, strings.Join(formats, ", "))
		}
		plan.stdout = env
	}
	outputOrigin := c.origins["output"]
	specs := c.Output
	var stdoutSpec string
	keys := make([]string, 0, len(specs))
	for _, s := range specs {
		f, path, ok := strings.Cut(s, "=")
		quoted := outputOrigin.name("output", fmt.Sprintf("%q", s))
		if !ok || path == "" {
			return reportPlan{}, fmt.Errorf("%s%s: want FORMAT=PATH, e.g. sarif=results.sarif (PATH - is stdout)", outputOrigin.prefix(), quoted)
		}
		if !slices.Contains(formats, f) {
			return reportPlan{}, fmt.Errorf("%s%s: unknown format %q (want %s)", outputOrigin.prefix(), quoted, f, strings.Join(formats, ", "))
		}
		if path == stdoutPath {
			switch {
			case stdoutSpec != "":
				return reportPlan{}, fmt.Errorf("%s%s and %s both write to stdout; write one of them to a file instead",
					outputOrigin.prefix(), outputOrigin.name("output", fmt.Sprintf("%q", stdoutSpec)), quoted)
			case formatSet:
				return reportPlan{}, fmt.Errorf("%s and %s both write to stdout; write one of them to a file instead",
					formatOrigin.located("format", c.Format), outputOrigin.located("output", fmt.Sprintf("%q", s)))
			}
			stdoutSpec, plan.stdout = s, f
			continue
		}
		key := pathKey(path)
		for i, prev := range plan.files {
			if keys[i] == key || sameExistingFile(prev.path, path) {
				return reportPlan{}, fmt.Errorf("%s%s and %s write the same file; give each report its own path",
					outputOrigin.prefix(), outputOrigin.name("output", fmt.Sprintf("%q", prev.spec)), quoted)
			}
		}
		keys = append(keys, key)
		plan.files = append(plan.files, reportFile{format: f, path: path, spec: s})
	}
	return plan, nil
}

// pathKey is the clean absolute form of a report path: two spellings of one
// path (a.sarif, ./a.sarif, /abs/a.sarif) have the same key.
func pathKey(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}

// sameExistingFile reports whether a and b are one file that exists already,
// reached through different names (a symbolic link, a case-insensitive file
// system).
func sameExistingFile(a, b string) bool {
	ia, err := os.Stat(a)
	if err != nil {
		return false
	}
	ib, err := os.Stat(b)
	return err == nil && os.SameFile(ia, ib)
}

// writeReportFile writes one report file, creating its directory.
func writeReportFile(path, format string, res *result.Result, opt report.Options) error {
	opt.Color, opt.Hyperlinks = false, false
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = report.Write(w, format, res, opt)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
