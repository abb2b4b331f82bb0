package lint

import (
	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/result"
)

var ruleSchema = &Rule{ID: "schema", Severity: result.SeverityError, Category: "schemas",
	Title: "inputs or outputs is not a valid JSON Schema",
	Doc: "`inputs` and `outputs` are compiled as JSON Schema (draft 2020-12 unless `$schema` names another draft). " +
		"A misspelt type, a wrong keyword value or an invalid regular expression makes every validation against it " +
		"meaningless. `pattern` and `patternProperties` are ECMA-262 regular expressions, so lookaround and " +
		"backreferences work; a match that takes longer than " + contract.PatternTimeLimit.String() + " (a pattern that backtracks, such as `(a+)+`), " +
		"or the matches of one schema's such patterns that take that long together, are stopped and reported at " +
		"the pattern. `$ref` may point inside the schema or to a file in the tool folder; " +
		"references to the network or to `file://` URLs are never fetched, and a file out of the tool folder (by " +
		"`..`, an absolute path or a symbolic link) is never read: both are reported here, at the `$ref`, as are a " +
		"`$ref` to a place that is not there and a `$ref` cycle that never moves into the value. The fix (safe) " +
		"writes the type name a misspelt or abbreviated one surely means (`strng` or `str` becomes `string`, " +
		"quoted as it was; `null` stays a string), and puts in double quotes a mapping key YAML reads as a number, " +
		"a boolean or null (`200:` becomes `\"200\":`, the text JSON needs). There is none when two type names are as " +
		"near, when the list of types names that type already, or when the value is written through an alias, " +
		"anchor or tag.",
	Example: "inputs: {type: object, properties: {count: {type: intger}}}",
	Fix:     "inputs: {type: object, properties: {count: {type: integer}}}",
	Autofix: result.SafeFix,
	static:  checkSchema, slowPatterns: true}

// checkSchema reports why inputs or outputs did not convert to JSON or
// compile, from the context's one load of them. A pattern that takes too long
// while another rule validates is this rule's finding too (see
// toolCheck.validate).
func checkSchema(c *toolCheck, rep reporter) {
	inputs, outputs := c.schemas()
	for _, s := range []*schemaField{inputs, outputs} {
		if s == nil {
			continue
		}
		for _, is := range s.issues {
			rep.withFixOf(is.fix).report(is.place, is.key, "%s", is.msg)
		}
	}
}
