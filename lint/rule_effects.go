package lint

import (
	"fmt"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

var ruleEffects = &Rule{ID: "effects", Severity: result.SeverityWarning, Category: "run",
	Title: "an example changed files in the tool folder",
	Doc: "Running an example should not create, change or delete files in the tool folder (they are the fixtures " +
		"of the next example), nor may a run of `speccify-lint explore`. It is an error when `effects` says the tool writes nothing. " +
		"Each run takes place in a private copy of the tool folder, which is made again as the folder is after a run that changed it: " +
		"your folder is never written, and the next example finds the fixtures as they ship. A run's scratch files belong in " +
		"its own temporary directory, `$TMPDIR` (`TMP` and `TEMP` on Windows), which is emptied after each run.",
	Example: "effects: none\n...\nopen(\"cache.json\", \"w\").write(data)   (in the tool folder)",
	Fix:     "effects: none\n...\nopen(os.path.join(tempfile.gettempdir(), \"cache.json\"), \"w\").write(data)",
	run:     judgeEffects,
	explore: exploreEffects, advisory: true}

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
	rep.withHelp("write to the run's temporary directory ($TMPDIR), not the tool folder, whose files are the next example's fixtures").report(r.place(), r.cs.Title, "example %q changed the tool folder%s: %s",
		r.cs.Title, why, strings.Join(runner.ChangeTexts(r.changed), ", "))
}

// exploreEffects: a run of explore changed no file in the tool folder; an
// error when effects says the tool writes nothing.
func exploreEffects(r *exploreRun) *violation {
	if len(r.changed) == 0 {
		return nil
	}
	v := &violation{how: "changed"}
	why := ""
	if effects := r.c.effects(); writesNothing(effects) {
		v.raised, why = true, fmt.Sprintf(", although effects says %q", effects)
	}
	v.msg = fmt.Sprintf("the run changed the tool folder%s: %s", why, strings.Join(runner.ChangeTexts(r.changed), ", "))
	return v
}

// writesNothing reports whether an effects line promises no writes.
func writesNothing(effects string) bool { return contract.WritesNothing(effects) }
