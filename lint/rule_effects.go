package lint

import (
	"fmt"
	"strings"

	"github.com/speccify/speccify-lint/contract"
)

var ruleEffects = &Rule{ID: "effects", Severity: SeverityWarning, Category: "run",
	Title: "an example changed files in the tool folder",
	Doc: "Running an example should not create, change or delete files in the tool folder (they are the fixtures " +
		"of the next example), nor may a run of `speccify-lint explore`. It is an error when `effects` says the tool writes nothing. What an example created " +
		"is removed again after the run (a directory when it is empty by then), so that a lint run leaves the working " +
		"tree clean; a changed or deleted file is left as it is, for you to restore.",
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
	rep.withHelp("write to a temporary directory, not the tool folder, whose files are the next example's fixtures%s", aftermath(r.changed)).report(r.place(), r.cs.Title, "example %q changed the tool folder%s: %s",
		r.cs.Title, why, strings.Join(changeTexts(r.changed), ", "))
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
	v.msg = fmt.Sprintf("the run changed the tool folder%s: %s%s", why, strings.Join(changeTexts(r.changed), ", "), aftermath(r.changed))
	return v
}

// aftermath says what became of the changes: the created paths are removed
// again (unless they say why not), the changed and deleted ones are left.
func aftermath(changes []change) string {
	removed, left := false, false
	for _, c := range changes {
		switch {
		case c.kind == created && c.kept == "":
			removed = true
		case c.kind != created:
			left = true
		}
	}
	var out []string
	if removed {
		out = append(out, "what it created is removed again")
	}
	if left {
		out = append(out, "what it changed or deleted is left as it is")
	}
	if len(out) == 0 {
		return ""
	}
	return "; " + strings.Join(out, "; ")
}

// writesNothing reports whether an effects line promises no writes.
func writesNothing(effects string) bool { return contract.WritesNothing(effects) }
