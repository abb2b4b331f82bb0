package contract

// ProblemKind says which part of a TOOL.md a parse problem concerns; package
// lint maps each kind to its rule.
type ProblemKind int

// The kinds of parse problems.
const (
	// ProblemFrontmatter: the frontmatter is missing, unclosed, not YAML or
	// not a mapping.
	ProblemFrontmatter ProblemKind = iota + 1
	// ProblemValue: a YAML value has no JSON equivalent (a non-string mapping
	// key, .inf, .nan, a binary scalar, aliases that expand too far).
	ProblemValue
	// ProblemExample: an example case lacks or repeats input:/output:, or its
	// JSON does not parse.
	ProblemExample
	// ProblemType: a field of the convention has a value of the wrong kind
	// (a number for name:, a mapping for requires:).
	ProblemType
)

// Problem is something the parser could not make sense of, at its place.
type Problem struct {
	Kind ProblemKind
	// Pos is the place findings report.
	Pos Pos
	// Span is the source text the problem is about, when it is one value
	// (Span.Start.Pos is then Pos); zero otherwise.
	Span Span
	// Msg says what is wrong; Help, when the parser knows, how to fix it.
	Msg, Help string
	// Key is the logical place (field path or example title), for report
	// fingerprints.
	Key string
	// Repair, when set, is the edit of the text that resolves the problem,
	// known to the parser (quoting a plain value that holds ": ", the JSON
	// of an example line in double quotes without trailing commas).
	Repair *Replacement
}

// Replacement is an edit of the normalised text: the source text Span
// becomes New. Title says what it does, in the imperative.
type Replacement struct {
	Title string
	Span  Span
	New   string
}
