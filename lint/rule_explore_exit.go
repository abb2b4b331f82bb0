package lint

import (
	"fmt"

	"github.com/speccify/speccify-lint/result"
)

var ruleExploreExit = &Rule{ID: "explore-exit", Severity: result.SeverityError, Category: "explore",
	Title: "explore: ok: true answered with a non-zero exit code",
	Doc: "The exit code is 0 when `ok` is true, for every valid input `speccify-lint explore` sends, not only the " +
		"examples' inputs. The finding gives the smallest input found that is answered `ok: true` with another exit code.",
	Example: "print(json.dumps({\"ok\": True}))\nsys.exit(1 if args[\"mode\"] == \"slow\" else 0)",
	Fix:     "print(json.dumps({\"ok\": True}))",
	explore: exploreExit}

// exploreExit: an answer with ok: true exits with 0.
func exploreExit(r *exploreRun) *violation {
	if !r.in.Valid {
		return nil
	}
	if ok, has := r.answeredOK(); has && ok && r.o.ExitCode != 0 {
		return &violation{how: fmt.Sprint(r.o.ExitCode),
			msg: fmt.Sprintf("exit code %d with ok: true, which needs exit code 0", r.o.ExitCode)}
	}
	return nil
}
