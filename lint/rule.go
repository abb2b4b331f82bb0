package lint

import "github.com/speccify/speccify-lint/result"

// Rule is one check: its documentation and the function that checks it. Its
// id, default severity, title and documentation are the single source of
// truth for the rules command, the rule pages of docs/rules/ and the SARIF rule
// metadata. Each rule lives in lint/rule_<id>.go (a hyphen becomes an
// underscore) and is tested by cmd/speccify-lint/testdata/script/rule_<id>.txtar.
type Rule struct {
	// ID is the rule's slug, e.g. "required-field".
	ID string
	// Severity is the default severity of its findings.
	Severity result.Severity
	// Category groups rules in listings: contract, schemas, examples, drift,
	// fixtures, implementations, skills, discovery, run, explore.
	Category string
	// Title is a one-line summary.
	Title string
	// Doc is one paragraph: what the rule checks, why, and how to fix it.
	Doc string
	// Example is a short excerpt of a tool folder (TOOL.md lines, an
	// implementation's, a listing) that triggers the rule, and Fix the same
	// excerpt fixed; a note in parentheses says what the text cannot show.
	// `speccify-lint rules ID` prints them.
	Example, Fix string
	// Autofix says whether the rule's findings carry a fix (Finding.Fix)
	// and whether it is safe: the one source of truth of the rules
	// listing, the fix table of docs/fixes.md, the SARIF rule metadata and the
	// reporter, which refuses a fix from a rule whose Autofix is NoFix.
	Autofix result.FixSafety
	// Since is the release that introduced the rule ("v1.2.0"), shown on
	// its documentation page; empty while no release has it (every rule
	// before the first release, and a rule added since the last one). The
	// release that first ships a rule sets it.
	Since string

	// The check, exactly one of these; its signature is the phase the rule
	// judges. Every check runs, whether its rule is enabled or not (the
	// reporter drops a disabled rule's findings), so that what one check
	// records in the shared context does not depend on the configuration.

	// read judges the reading of a tool's TOOL.md; the static rules run
	// only when it could be read.
	read func(*toolCheck, reporter)
	// static checks a tool folder whose TOOL.md was read.
	static func(*toolCheck, reporter)
	// run judges one example run.
	run func(*exampleRun, reporter)
	// skill checks a skill folder.
	skill func(*skillCheck, reporter)
	// discovery judges what the walk of the tree found.
	discovery func(*discoveryCheck, reporter)
	// after judges a tool folder once its examples ran (or were skipped).
	after func(*afterCheck, reporter)
	// explore judges one run of `speccify-lint explore` on a generated
	// input: the property the rule stands for, broken (a violation) or not
	// (nil). The engine reports the smallest input it shrinks a violation
	// to, once per tool. It is the one check a run rule may have besides
	// run (effects judges both).
	explore func(*exploreRun) *violation

	// What the engine needs to know of a rule besides its check, so that
	// it names no rule: properties of the rule's definition.

	// slowPatterns makes the rule the one that reports a pattern of inputs
	// or outputs that takes too long to match while any rule validates a
	// value against the schema (see toolCheck.validate): the schema rule.
	slowPatterns bool
	// errored says that a finding of this run rule means the example did
	// not complete (a timeout, a crash): its status is errored, not failed.
	errored bool
	// consequent says that a finding of this run rule is a consequence
	// when a static finding explains why the example's run fails (a
	// fixture it names is missing, its implementation loses the input: see
	// cause in lint/cause.go): the example's consequent findings are then
	// one finding that names the cause. A rule that judges something else
	// of the run (effects) or says that it did not complete (a timeout, a
	// crash) is not consequent: its finding stands as it is.
	consequent bool
	// unstarted says that a finding of this run rule about a run that
	// could not start is a consequence when a static finding explains why
	// it could not start (an executable without a #! line: see cause in
	// lint/cause.go), folded as a consequent rule's findings are.
	unstarted bool
	// twice says that this explore property judges two runs of the same
	// input, so that shrinking runs each candidate twice too.
	twice bool
	// advisory says that a violation of this explore property is a promise
	// of the contract only when it is raised (violation.raised), and advice
	// otherwise: effects, whose changed tool folder breaks a promise only
	// when effects says the tool writes nothing; explore-answer-size, whose
	// budget is a client's limit, not the contract's. A call (Callable.Call)
	// counts the advice as a note, not as a broken promise.
	advisory bool
}

// Tags are the SARIF tags of the rule's results.
func (r *Rule) Tags() []string { return []string{"speccify", r.Category} }

// RuleDocBase is where the rules' documentation pages are, docs/rules/<id>.md
// of the repository: the one base of every link to a rule's page (SARIF
// helpUri, `rules ID`'s "More:", the text report's hyperlinks).
const RuleDocBase = "https://github.com/speccify/speccify-lint/blob/main/docs/rules/"

// DocURL is the address of the rule's documentation page.
func (r *Rule) DocURL() string { return RuleDocBase + r.ID + ".md" }

// Rules returns every rule in documentation order.
func Rules() []*Rule { return append([]*Rule(nil), registry...) }

// RuleByID finds a rule; nil when no rule has the id.
func RuleByID(id string) *Rule {
	for _, r := range registry {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// ruleIDs are the ids of every rule, in documentation order.
func ruleIDs() []string {
	ids := make([]string, len(registry))
	for i, r := range registry {
		ids[i] = r.ID
	}
	return ids
}
