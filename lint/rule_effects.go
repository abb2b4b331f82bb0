package lint

import (
	"fmt"
	"strings"
)

var ruleEffects = &Rule{ID: "effects", Severity: SeverityWarning, Category: "run",
	Title: "an example changed files in the tool folder",
	Doc: "Running an example should not create, change or delete files in the tool folder (they are the fixtures " +
		"of the next example). It is an error when `effects` says the tool writes nothing.",
	run: judgeEffects}

// judgeEffects: the run changed no file in the tool folder; an error when
// effects says the tool writes nothing.
func judgeEffects(r *exampleRun, rep reporter) {
	if len(r.changed) == 0 {
		return
	}
	why := ""
	if effects := r.c.effects(); writesNothing(effects) {
		rep, why = rep.asError(), fmt.Sprintf(", although effects says %q", effects)
	}
	rep.report(r.place(), r.cs.Title, "example %q changed the tool folder%s: %s", r.cs.Title, why, strings.Join(r.changed, ", "))
}

// writesNothing reports whether an effects line promises no writes.
func writesNothing(effects string) bool {
	e := strings.ToLower(strings.TrimSpace(effects))
	switch e {
	case "none", "nothing", "read-only", "read only", "pure", "no side effects":
		return true
	}
	return strings.Contains(e, "writes nothing") ||
		strings.Contains(e, "no writes") || strings.Contains(e, "read-only")
}
