package report

import (
	"bytes"
	"encoding/json"

	"github.com/speccify/speccify-lint/lint"
)

// gitlabIssue is one entry of a GitLab Code Quality report.
type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

// writeGitLab renders a GitLab Code Quality report: a JSON array with one
// entry per finding in place order ([] when there is none).
func writeGitLab(b *bytes.Buffer, r *lint.Result, _ Options) error {
	items := collect(r)
	issues := make([]gitlabIssue, len(items))
	for i, fp := range fingerprints(items) {
		f := items[i].f
		issues[i] = gitlabIssue{
			Description: cleanLine(f.Message),
			CheckName:   f.Rule,
			Fingerprint: fp.unique(),
			Severity:    gitlabSeverity(f.Severity),
			Location:    gitlabLocation{Path: f.File, Lines: gitlabLines{Begin: max(f.Line, 1)}},
		}
	}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(issues)
}

// gitlabSeverity maps a severity to Code Quality's scale.
func gitlabSeverity(s lint.Severity) string {
	switch s {
	case lint.SeverityError:
		return "major"
	case lint.SeverityWarning:
		return "minor"
	}
	return "info"
}
