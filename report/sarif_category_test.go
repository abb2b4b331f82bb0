package report

import (
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// githubCategory splits a runAutomationDetails.id the way GitHub code
// scanning documents it (SARIF support for code scanning,
// "runAutomationDetails object"): "id is interpreted as category/run-id. If
// the id contains no forward slash (/), then the entire string is the run_id
// and the category is empty. Otherwise, category is everything in the string
// until the last forward slash, and run_id is everything after."
func githubCategory(id string) (category, runID string) {
	i := strings.LastIndex(id, "/")
	if i < 0 {
		return "", id
	}
	return id[:i], id[i+1:]
}

// TestGitHubCategoryRule: githubCategory gives the rows of GitHub's own
// table.
func TestGitHubCategoryRule(t *testing.T) {
	for _, tc := range []struct{ id, category, runID string }{
		{"my-analysis/tool1/2022-01-02", "my-analysis/tool1", "2022-01-02"},
		{"my-analysis/tool1/", "my-analysis/tool1", ""},
		{"my-analysis for tool1", "", "my-analysis for tool1"},
	} {
		if c, r := githubCategory(tc.id); c != tc.category || r != tc.runID {
			t.Errorf("githubCategory(%q) = %q, %q; want %q, %q", tc.id, c, r, tc.category, tc.runID)
		}
	}
}

// TestSARIFCategory: the category GitHub reads from the SARIF run is the
// one the user asked for (or speccify-lint), never empty, and each shard of
// a run has its own, so that shards uploaded separately do not replace each
// other's alerts.
func TestSARIFCategory(t *testing.T) {
	for _, tc := range []struct {
		name, option, shard string
		id, category        string
	}{
		{name: "default", id: "speccify-lint/", category: "speccify-lint"},
		{name: "shard", shard: "2/4", id: "speccify-lint/shard-2-of-4/", category: "speccify-lint/shard-2-of-4"},
		{name: "option", option: "contracts", id: "contracts/", category: "contracts"},
		{name: "option with a slash", option: "ci/contracts", id: "ci/contracts/", category: "ci/contracts"},
		{name: "option with a trailing slash", option: "ci/contracts/", id: "ci/contracts/", category: "ci/contracts"},
		{name: "option, shard", option: "ci/contracts", shard: "1/3", id: "ci/contracts/shard-1-of-3/", category: "ci/contracts/shard-1-of-3"},
		{name: "only slashes", option: "//", id: "speccify-lint/", category: "speccify-lint"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := testResult()
			r.Shard = tc.shard
			opt := goldenOptions()
			opt.SARIFCategory = tc.option
			got := readSARIF(t, render(t, "sarif", r, opt)).Runs[0].AutomationDetails.ID
			if got != tc.id {
				t.Errorf("automationDetails.id = %q, want %q", got, tc.id)
			}
			if c, _ := githubCategory(got); c != tc.category {
				t.Errorf("GitHub reads the category %q from %q, want %q", c, got, tc.category)
			}
		})
	}

	// Every shard of a run, and the merged report, in a category of its own.
	seen := map[string]string{}
	for _, shard := range []string{"", "1/4", "2/4", "3/4", "4/4"} {
		r := &result.Result{Version: "v1.2.3", Root: "/src", Shard: shard}
		c, _ := githubCategory(readSARIF(t, render(t, "sarif", r, Options{NoTimestamps: true})).Runs[0].AutomationDetails.ID)
		if c == "" {
			t.Errorf("shard %q: no category", shard)
		}
		if other, dup := seen[c]; dup {
			t.Errorf("shards %q and %q share the category %q: their uploads replace each other's alerts", other, shard, c)
		}
		seen[c] = shard
	}
}
