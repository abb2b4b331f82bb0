// Package mcpprofile holds the client profiles of the mcp-tool rule
// (--profile, the profile setting): for each client that accepts less than
// JSON Schema 2020-12, which keyword of a tool's schema it refuses or
// ignores, each with the page of the client's documentation that says so,
// and the walk over a schema that finds them (Profile.Walk). A profile is
// data: adding one is an entry of profiles (and its scenario); the rule's
// page lists them from here (Doc). It knows nothing of findings: package
// lint turns what Walk returns into the rule's findings, and the command
// line, the export and the MCP server read the profiles' names and
// verdicts here.
package mcpprofile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/internal/suggest"
)

// Verdict is what a client does with a schema keyword it does not take as
// JSON Schema does.
type Verdict string

const (
	// Refuses: the client rejects the tool (or the request that lists it).
	Refuses Verdict = "refuses"
	// Ignores: the client takes the tool but does not hold the model's
	// arguments to the keyword.
	Ignores Verdict = "ignores"
)

// Profile is one client's constraints on the schemas of a tool
// definition.
type Profile struct {
	// Name is what --profile names.
	Name string
	// Client says which client, and through which of its interfaces.
	Client string
	// Schemas are the contract's fields the client reads as schemas.
	Schemas []string
	// Supported are the keys of a schema object the client knows; any other
	// key gets Others. Nil: every key is known.
	Supported []string
	// Note says, for the rule's page, what of Supported the client's
	// documentation does not say; "" when nothing.
	Note string
	// Others is the constraint on a key outside Supported.
	Others Constraint
	// Constraints are the profile's other constraints, in the order of its
	// documentation.
	Constraints []Constraint
}

// Constraint is one thing a client refuses or ignores.
type Constraint struct {
	// Keyword is the keyword it is about ("" for Others: the key found).
	Keyword string
	// Check is what is checked of it.
	Check Check
	// Limit is the bound of a limit check; Values the values a value check
	// allows; Over, for CheckEnumChars, the number of values above which an
	// enum is held to Limit.
	Limit  int
	Values []string
	Over   int
	// Verdict is what the client does when the check fails.
	Verdict Verdict
	// Why says what the client takes instead, in a few words; the
	// finding's message ends with it.
	Why string
	// Source is the URL of the client's documentation that says so.
	Source string
}

// Check names a check of a client profile on each schema object of a
// contract's schema (see Profile.Walk).
type Check string

// The checks a Constraint may name.
const (
	// CheckKey: the schema object has the key (Others: a key outside
	// Supported).
	CheckKey Check = "key"
	// CheckClosed: an object schema has additionalProperties: false.
	CheckClosed Check = "closed"
	// CheckAllRequired: every key of properties is in required.
	CheckAllRequired Check = "all-required"
	// CheckRootKey: the root schema has the keyword.
	CheckRootKey Check = "root-key"
	// CheckSingleType: type is one string, not a list.
	CheckSingleType Check = "single-type"
	// CheckStringValues: every value of the keyword's list is a string.
	CheckStringValues Check = "string-values"
	// CheckValueIn: the keyword's value is one of Values.
	CheckValueIn Check = "value-in"
	// CheckDepth: object schemas nest at most Limit deep, the root being
	// the first.
	CheckDepth Check = "depth"
	// CheckPropertyCount: the schema has at most Limit properties in all.
	CheckPropertyCount Check = "property-count"
	// CheckEnumCount: the schema's enums have at most Limit values in all.
	CheckEnumCount Check = "enum-count"
	// CheckStringChars: the schema's property names, definition names
	// ($defs, definitions), string enum values and string consts have at
	// most Limit characters in all.
	CheckStringChars Check = "string-chars"
	// CheckEnumChars: an enum of more than Over values has at most Limit
	// characters in its string values.
	CheckEnumChars Check = "enum-chars"
)

// MCP is the name of the profile of the MCP specification itself:
// what the mcp-tool rule checks of every contract, whatever profiles are
// named.
const MCP = "mcp"

// The documentation the profiles cite.
const (
	openAIStructuredOutputs = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas"
	openAIFunctionCalling   = "https://platform.openai.com/docs/guides/function-calling#strict-mode"
	geminiSchema            = "https://ai.google.dev/api/caching#Schema"
	geminiFunctionCalling   = "https://ai.google.dev/gemini-api/docs/function-calling#function_declarations"
)

// profiles are the profiles after mcp, in the order of the docs.
var profiles = []Profile{
	{
		Name:    "openai-strict",
		Client:  "OpenAI strict function calling (`strict: true`) and Structured Outputs, which read the tool's `parameters`",
		Schemas: []string{"inputs"},
		// Supported: the documented subset, and the annotations, which
		// constrain nothing and which this profile does not judge.
		Supported: []string{
			"type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf",
			"$ref", "$defs", "definitions", "pattern", "format", "minLength", "maxLength", "multipleOf", "maximum", "exclusiveMaximum",
			"minimum", "exclusiveMinimum", "minItems", "maxItems",
			"title", "description", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly",
			"x-mcp-header",
		},
		Note: "OpenAI's page lists neither way the annotations (`title`, `description`, `$comment`, `examples`, " +
			"`default`, `deprecated`, `readOnly`, `writeOnly`) nor MCP's `x-mcp-header`, which constrain nothing: " +
			"this profile lets them through; `minLength` and `maxLength` are not among the page's supported string " +
			"keywords, but it names them unsupported only for fine-tuned models and OpenAI's SDK for Node " +
			"(`toStrictJsonSchema`) passes them on: this profile takes them",
		Others: Constraint{Check: CheckKey, Verdict: Refuses,
			Why: "not in the subset of JSON Schema that strict mode supports", Source: openAIStructuredOutputs},
		Constraints: []Constraint{
			{Keyword: "additionalProperties", Check: CheckClosed, Verdict: Refuses,
				Why: "strict mode requires additionalProperties: false on every object", Source: openAIStructuredOutputs},
			{Keyword: "required", Check: CheckAllRequired, Verdict: Refuses,
				Why: "strict mode requires every property in required (an optional one is a union with null)", Source: openAIFunctionCalling},
			{Keyword: "anyOf", Check: CheckRootKey, Verdict: Refuses,
				Why: "the root must be an object, not anyOf", Source: openAIStructuredOutputs},
			{Keyword: "properties", Check: CheckDepth, Limit: 10, Verdict: Refuses,
				Why: "strict mode allows up to 10 levels of nested objects", Source: openAIStructuredOutputs},
			{Keyword: "properties", Check: CheckPropertyCount, Limit: 5000, Verdict: Refuses,
				Why: "strict mode allows up to 5000 object properties in all", Source: openAIStructuredOutputs},
			{Keyword: "enum", Check: CheckEnumCount, Limit: 1000, Verdict: Refuses,
				Why: "strict mode allows up to 1000 enum values in all", Source: openAIStructuredOutputs},
			{Keyword: "properties", Check: CheckStringChars, Limit: 120000, Verdict: Refuses,
				Why: "strict mode allows up to 120,000 characters of property names, definition names, enum values and const values in all", Source: openAIStructuredOutputs},
			{Keyword: "enum", Check: CheckEnumChars, Limit: 15000, Over: 250, Verdict: Refuses,
				Why: "strict mode allows up to 15,000 characters in the string values of one enum of more than 250 values", Source: openAIStructuredOutputs},
			{Keyword: "format", Check: CheckValueIn, Values: []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}, Verdict: Refuses,
				Why: "strict mode supports only the formats date-time, time, date, duration, email, hostname, ipv4, ipv6 and uuid", Source: openAIStructuredOutputs},
		},
	},
	{
		Name:    "gemini",
		Client:  "Gemini function declarations, whose `parameters` is a Schema object (a subset of the OpenAPI 3.0 schema object)",
		Schemas: []string{"inputs"},
		Supported: []string{
			"type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties",
			"required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf",
			"propertyOrdering", "default", "items", "minimum", "maximum",
		},
		Others: Constraint{Check: CheckKey, Verdict: Refuses,
			Why: "not a field of Gemini's Schema object, so the request is refused as an unknown name", Source: geminiSchema},
		Constraints: []Constraint{
			{Keyword: "type", Check: CheckSingleType, Verdict: Refuses,
				Why: "Gemini's type is one type (nullable: true for null)", Source: geminiSchema},
			{Keyword: "enum", Check: CheckStringValues, Verdict: Refuses,
				Why: "Gemini's enum is a list of strings", Source: geminiSchema},
			{Keyword: "format", Check: CheckValueIn, Values: []string{"float", "double", "int32", "int64", "enum", "date-time"}, Verdict: Ignores,
				Why: "Gemini's Schema allows any format, but most trigger no special functionality (it names float, double, int32, int64, enum and date-time)", Source: geminiSchema},
		},
	},
}

// Names are the names --profile takes, mcp first.
func Names() []string {
	names := []string{MCP}
	for _, p := range profiles {
		names = append(names, p.Name)
	}
	return names
}

// CheckNames returns an error naming the first name that is no profile,
// with the profile it was likely meant to be.
func CheckNames(names []string) error {
	all := Names()
	for _, n := range names {
		if !slices.Contains(all, n) {
			if m := suggest.Meant(n, all); m != "" {
				return fmt.Errorf("unknown profile %q; did you mean %s? (profiles: %s)", n, m, strings.Join(all, ", "))
			}
			return fmt.Errorf("unknown profile %q (profiles: %s)", n, strings.Join(all, ", "))
		}
	}
	return nil
}

// Named is the client profile of that name; nil for mcp and for a name
// that is none.
func Named(name string) *Profile {
	for i := range profiles {
		if profiles[i].Name == name {
			return &profiles[i]
		}
	}
	return nil
}

// Key is the Key of an mcp-tool finding of a client profile:
// "client:gemini:ignores:inputs/properties/n/format". The keys of the
// rule's own findings begin with name, inputs or outputs, never with
// "client:", whatever a property is named.
func Key(profile string, verdict Verdict, place string) string {
	return "client:" + profile + ":" + string(verdict) + ":" + place
}

// ParseKey says whether key is the Key of a finding of a client profile,
// and if so the profile's name and its verdict: what an export leaves a
// tool out for (Refuses) or only notes (Ignores).
func ParseKey(key string) (profile string, verdict Verdict, ok bool) {
	rest, isProfile := strings.CutPrefix(key, "client:")
	if !isProfile {
		return "", "", false
	}
	parts := strings.SplitN(rest, ":", 3)
	if len(parts) != 3 || Named(parts[0]) == nil || (parts[1] != string(Refuses) && parts[1] != string(Ignores)) {
		return "", "", false
	}
	return parts[0], Verdict(parts[1]), true
}

// Doc is the part of the mcp-tool rule's documentation that lists the
// client profiles, each constraint with its source.
func Doc() string {
	var b strings.Builder
	b.WriteString(" Client profiles (`--profile NAME`, repeatable or a comma-separated list, and the `profile` setting; " +
		"for `lint` and `export`): `mcp` is the checks above, always made; each other profile named adds, " +
		"for one client that accepts less than JSON Schema 2020-12, a finding at each keyword of the contract's " +
		"schema that the client refuses (an export leaves the tool out) or ignores (an export keeps it and says so " +
		"on stderr). A profile checks the schema written in TOOL.md, not the files a `$ref` names, and reports at " +
		"most 50 findings per schema.")
	for _, p := range profiles {
		fmt.Fprintf(&b, " Profile `%s`: %s; it reads `%s`.", p.Name, p.Client, strings.Join(p.Schemas, "` and `"))
		if p.Supported != nil {
			fmt.Fprintf(&b, " It %s any key but %s: %s (%s).", p.Others.Verdict, codeList(p.Supported), p.Others.Why, p.Others.Source)
		}
		if p.Note != "" {
			fmt.Fprintf(&b, " %s.", p.Note)
		}
		for _, v := range []Verdict{Refuses, Ignores} {
			var rules []string
			for _, c := range p.Constraints {
				if c.Verdict == v {
					rules = append(rules, fmt.Sprintf("%s (`%s`, %s)", c.Why, c.Keyword, c.Source))
				}
			}
			if len(rules) > 0 {
				fmt.Fprintf(&b, " It %s a schema against these: %s.", v, strings.Join(rules, "; "))
			}
		}
	}
	return b.String()
}

// codeList is the words as Markdown code, separated by commas.
func codeList(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = "`" + w + "`"
	}
	return strings.Join(quoted, ", ")
}
