package lint

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/result"
)

// runRules are checked by running examples.
var runRules = []string{"example-stdout", "example-failed", "example-schema", "example-exit", "example-timeout", "example-crash", "effects"}

var ruleID = regexp.MustCompile(`^[a-z]+(?:-[a-z]+)*$`)

// release is a release tag, the form of Rule.Since.
var release = regexp.MustCompile(`^v(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)$`)

func TestRuleRegistry(t *testing.T) {
	seen := map[string]bool{}
	categories := map[string]bool{"drift": true, "contract": true, "schemas": true, "examples": true, "fixtures": true,
		"implementations": true, "skills": true, "discovery": true, "run": true, "explore": true}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("rule id %q is used twice", r.ID)
		}
		seen[r.ID] = true
		if !ruleID.MatchString(r.ID) {
			t.Errorf("rule id %q is not lowercase kebab-case", r.ID)
		}
		if strings.TrimSpace(r.Title) == "" || strings.Contains(r.Title, "\n") {
			t.Errorf("rule %s: title %q must be one non-empty line", r.ID, r.Title)
		}
		if len(strings.Fields(r.Doc)) < 10 || strings.Contains(r.Doc, "\n") || !strings.HasSuffix(r.Doc, ".") {
			t.Errorf("rule %s: doc must be a paragraph of sentences, got %q", r.ID, r.Doc)
		}
		if r.Severity != result.SeverityError && r.Severity != result.SeverityWarning && r.Severity != result.SeverityNote {
			t.Errorf("rule %s: severity %v", r.ID, r.Severity)
		}
		if !categories[r.Category] {
			t.Errorf("rule %s: unknown category %q", r.ID, r.Category)
		}
		if (r.Category == "run") != slices.Contains(runRules, r.ID) {
			t.Errorf("rule %s: category %q, but run rules are %v", r.ID, r.Category, runRules)
		}
		if r.Since != "" && !release.MatchString(r.Since) {
			t.Errorf("rule %s: Since %q is not a release vX.Y.Z", r.ID, r.Since)
		}
		if strings.TrimSpace(r.Example) == "" || strings.TrimSpace(r.Fix) == "" {
			t.Errorf("rule %s: its documentation page needs an Example and its Fix", r.ID)
		}
		if RuleByID(r.ID) != r {
			t.Errorf("RuleByID(%q) does not return the rule", r.ID)
		}
		if !strings.Contains(RuleIDs(), r.ID) {
			t.Errorf("RuleIDs() lacks %q", r.ID)
		}
	}
	if RuleByID("no-such-rule") != nil {
		t.Error("RuleByID of an unknown id is not nil")
	}
	for _, id := range runRules {
		if !seen[id] {
			t.Errorf("run rule %q is not registered", id)
		}
	}
	// Rules returns a copy: changing it does not change the registry.
	rs := Rules()
	rs[0] = nil
	if Rules()[0] == nil {
		t.Error("Rules() returns the registry itself")
	}
}

// TestEveryRuleHasAFileAndAScenario: adding a rule is one file,
// lint/rule_<id>.go (hyphens as underscores), holding the rule value and its
// check, and one testscript scenario,
// cmd/speccify-lint/testdata/script/rule_<id>.txtar, that matches a finding
// of the rule.
func TestEveryRuleHasAFileAndAScenario(t *testing.T) {
	dir := filepath.Join("..", "cmd", "speccify-lint", "testdata", "script")
	for _, r := range Rules() {
		file := "rule_" + strings.ReplaceAll(r.ID, "-", "_") + ".go"
		src, err := os.ReadFile(file)
		switch {
		case err != nil:
			t.Errorf("rule %s has no file lint/%s: %v", r.ID, file, err)
		case !strings.Contains(string(src), `ID: "`+r.ID+`"`):
			t.Errorf("lint/%s does not define the rule %s", file, r.ID)
		}
		if check := r.check(); check != nil {
			fn := runtime.FuncForPC(reflect.ValueOf(check).Pointer())
			if at, _ := fn.FileLine(fn.Entry()); filepath.Base(at) != file {
				t.Errorf("rule %s: its check %s is in %s, not in %s", r.ID, fn.Name(), filepath.Base(at), file)
			}
		}
		data, err := os.ReadFile(filepath.Join(dir, "rule_"+r.ID+".txtar"))
		if err != nil {
			t.Errorf("rule %s has no scenario: %v", r.ID, err)
			continue
		}
		if !strings.Contains(string(data), `\[`+r.ID+`\]`) {
			t.Errorf("rule_%s.txtar never matches a finding of [%s]", r.ID, r.ID)
		}
	}
}

// TestRulePhases: every rule has exactly one check, of the phase its
// category says.
func TestRulePhases(t *testing.T) {
	for _, r := range Rules() {
		phases := map[string]bool{"read": r.read != nil, "static": r.static != nil, "run": r.run != nil,
			"skill": r.skill != nil, "discovery": r.discovery != nil, "after": r.after != nil,
			"explore": r.explore != nil && r.run == nil}
		if r.explore != nil && r.run != nil && r != ruleEffects {
			t.Errorf("rule %s has a run and an explore check; only effects judges both", r.ID)
		}
		var set []string
		for p, ok := range phases {
			if ok {
				set = append(set, p)
			}
		}
		if len(set) != 1 {
			t.Errorf("rule %s has %d checks (%v), want one", r.ID, len(set), set)
			continue
		}
		want := map[string]string{"run": "run", "skills": "skill", "discovery": "discovery", "explore": "explore"}[r.Category]
		switch {
		case r == ruleSpecFile:
			want = "read"
		case r == ruleUnusedSuppression:
			want = "after"
		case r == ruleToolRemoved:
			want = "discovery" // a folder that is gone has no tool check
		case want == "":
			want = "static"
		}
		if set[0] != want {
			t.Errorf("rule %s (category %s) checks in the %s phase, want %s", r.ID, r.Category, set[0], want)
		}
	}
}

// check is the rule's check, whatever its phase.
func (r *Rule) check() any {
	for _, c := range []any{r.read, r.static, r.run, r.skill, r.discovery, r.after, r.explore} {
		if !reflect.ValueOf(c).IsNil() {
			return c
		}
	}
	return nil
}

// RuleIDs lists every rule id, comma-separated, for error messages.
func RuleIDs() string {
	ids := make([]string, len(registry))
	for i, r := range registry {
		ids[i] = r.ID
	}
	return strings.Join(ids, ", ")
}

// TestEveryFixRuleHasAFixScenario: a rule whose findings carry a fix
// (Autofix other than NoFix) has a scenario
// cmd/speccify-lint/testdata/script/fix_<id>.txtar that shows the fix
// with --diff and applies it with --fix.
func TestEveryFixRuleHasAFixScenario(t *testing.T) {
	dir := filepath.Join("..", "cmd", "speccify-lint", "testdata", "script")
	for _, r := range Rules() {
		if r.Autofix == result.NoFix {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, "fix_"+r.ID+".txtar"))
		if err != nil {
			t.Errorf("rule %s has a %s fix but no fix scenario: %v", r.ID, r.Autofix, err)
			continue
		}
		for _, want := range []string{"speccify-lint --diff", "speccify-lint --fix", `\[` + r.ID + `\]`} {
			if !strings.Contains(string(data), want) {
				t.Errorf("fix_%s.txtar never runs or matches %s", r.ID, want)
			}
		}
	}
}
