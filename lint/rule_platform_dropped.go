package lint

import (
	"github.com/speccify/speccify-lint/drift"
	"github.com/speccify/speccify-lint/result"
)

var rulePlatformDropped = &Rule{ID: "platform-dropped", Severity: result.SeverityError, Category: "drift",
	Title: "the tool no longer runs on a platform it ran on at --against REV",
	Doc: "With `--against REV`, the platforms a tool runs on (those with an implementation, within `platforms` when " +
		"it lists some) are compared with the ones at the git revision REV. A platform dropped from `platforms`, or " +
		"whose implementation was removed, breaks every caller on that platform: it is an error. Put the " +
		"implementation back, or record a deliberate drop with `<!-- speccify-lint-disable-file platform-dropped -- why -->`.",
	Example: "platforms: [linux]   (platforms: [linux, macos] at REV)",
	Fix:     "platforms: [linux, macos]",
	static:  checkPlatformDropped}

// checkPlatformDropped: every platform the tool ran on at the revision it
// still runs on.
func checkPlatformDropped(c *toolCheck, rep reporter) {
	c.reportDrift(rep, drift.KindPlatform,
		func(ch drift.Change) string {
			return "keep an implementation for " + ch.Entry + " and list it in platforms, or record the drop"
		})
}
