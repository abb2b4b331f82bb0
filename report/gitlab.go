package report

import (
	"bytes"
	"encoding/json"

	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/result"
)

// gitlabIssue is one entry of a GitLab Code Quality report: an issue of the
// Code Climate engine specification, with GitLab's fingerprint and severity.
type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
	Type        string         `json:"type"`
	EngineName  string         `json:"engine_name"`
	Categories  []string       `json:"categories"`
}

// gitlabLocation has lines (what GitLab reads) and, when the column is
// known, positions (the Code Climate form with columns).
type gitlabLocation struct {
	Path      string           `json:"path"`
	Lines     gitlabLines      `json:"lines"`
	Positions *gitlabPositions `json:"positions,omitempty"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
}

type gitlabPositions struct {
	Begin gitlabPosition `json:"begin"`
	End   gitlabPosition `json:"end"`
}

type gitlabPosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// writeGitLab renders a GitLab Code Quality report: a JSON array with one
// entry per finding in place order ([] when there is none).
func writeGitLab(b *bytes.Buffer, r *result.Result, opt Options) error {
	items := collect(r)
	categories := ruleCategories(opt.rules())
	issues := make([]gitlabIssue, len(items))
	for i, fp := range fingerprints(items) {
		f := items[i].f
		line := max(f.Line, 1)
		loc := gitlabLocation{Path: f.File, Lines: gitlabLines{Begin: line}}
		if f.Column > 0 {
			at := gitlabPosition{Line: line, Column: f.Column}
			loc.Positions = &gitlabPositions{Begin: at, End: at}
		}
		issues[i] = gitlabIssue{
			Type:        "issue",
			EngineName:  toolName,
			CheckName:   f.Rule,
			Description: cleanLine(messageAndHelp(f)),
			Categories:  []string{codeClimateCategory(categories[f.Rule])},
			Fingerprint: fp.unique(),
			Severity:    gitlabSeverity(f.Severity),
			Location:    loc,
		}
	}
	enc := json.NewEncoder(b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(issues)
}

// ruleCategories maps rule ids to their categories.
func ruleCategories(rules []*lint.Rule) map[string]string {
	m := make(map[string]string, len(rules))
	for _, r := range rules {
		m[r.ID] = r.Category
	}
	return m
}

// codeClimateCategory is the Code Climate category of a rule category: a
// wrong answer or an implementation that cannot run is a "Bug Risk", a
// contract that agents cannot rely on a "Compatibility" problem, a symlink
// out of the root "Security"; anything else "Clarity".
func codeClimateCategory(category string) string {
	switch category {
	case "run", "implementations":
		return "Bug Risk"
	case "contract", "schemas", "examples", "fixtures", "skills", "drift":
		return "Compatibility"
	case "discovery":
		return "Security"
	}
	return "Clarity"
}

// gitlabSeverity maps a severity to Code Quality's scale.
func gitlabSeverity(s result.Severity) string {
	switch s {
	case result.SeverityError:
		return "major"
	case result.SeverityWarning:
		return "minor"
	}
	return "info"
}
