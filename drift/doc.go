// Package drift compares a tool's contract at a git revision with the one
// in the working tree: what `--against REV` and `speccify-lint diff`
// report.
//
// The old contract is read from git without a checkout (Revision: `git
// ls-tree` once, `git cat-file --batch` for the blobs, the revision
// resolved to a commit hash before git sees it as anything but that) and
// built with the contract package exactly as the new one is: the same
// parser, the same schema model (contract.Schema, $ref files read from the
// revision's tree through contract.CompileSchemaFiles, never a symbolic
// link and never outside the tool folder).
//
// A schema change is classified structurally (a new required key, a
// removed enum value, a narrowed type, a tighter bound, a new pattern,
// additionalProperties: false added, ... and their mirror images for
// outputs) and proved by a witness: a value explore's generator makes
// from the wide schema (the old inputs schema, the new outputs schema),
// that the wide schema's validator accepts and the narrow one's rejects
// the way the change predicts, shrunk with explore.Shrink and confirmed by
// both validators once more. A change without a witness is not breaking; a
// witness no structural change explains is still a breaking change.
//
// Against is a lint's revision: it pairs the revision's tool folders that
// are gone with the folders they were renamed to (git's renames, then the
// tool's name), and lists a lint's drift by tool (ToolDrift, for `diff` and
// the step summary).
//
// It knows nothing of rules: the lint package turns changes into findings,
// and names the rule of each change a tool's result lists (ToolChanges).
package drift
