package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/internal/suggest"
)

// The client profiles of the mcp-tool rule (--profile, the profile
// setting): for each client that accepts less than JSON Schema 2020-12,
// which keyword of a tool's schema it refuses or ignores, each with the
// page of the client's documentation that says so. A profile is data:
// adding one is an entry of clientProfiles (and its scenario); the rule's
// page lists them from here.

// ClientVerdict is what a client does with a schema keyword it does not
// take as JSON Schema does.
type ClientVerdict string

const (
	// Refuses: the client rejects the tool (or the request that lists it).
	Refuses ClientVerdict = "refuses"
	// Ignores: the client takes the tool but does not hold the model's
	// arguments to the keyword.
	Ignores ClientVerdict = "ignores"
)

// ClientProfile is one client's constraints on the schemas of a tool
// definition.
type ClientProfile struct {
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
	Others ProfileConstraint
	// Constraints are the profile's other constraints, in the order of its
	// documentation.
	Constraints []ProfileConstraint
}

// ProfileConstraint is one thing a client refuses or ignores.
type ProfileConstraint struct {
	// Keyword is the keyword it is about ("" for Others: the key found).
	Keyword string
	// Check is what is checked of it.
	Check ProfileCheck
	// Limit is the bound of a limit check; Values the values a value check
	// allows.
	Limit  int
	Values []string
	// Verdict is what the client does when the check fails.
	Verdict ClientVerdict
	// Why says what the client takes instead, in a few words; the
	// finding's message ends with it.
	Why string
	// Source is the URL of the client's documentation that says so.
	Source string
}

// ProfileCheck names a check of a client profile on each schema object of
// a contract's schema (see checkProfile).
type ProfileCheck string

// The checks a ProfileConstraint may name.
const (
	// CheckKey: the schema object has the key (Others: a key outside
	// Supported).
	CheckKey ProfileCheck = "key"
	// CheckClosed: an object schema has additionalProperties: false.
	CheckClosed ProfileCheck = "closed"
	// CheckAllRequired: every key of properties is in required.
	CheckAllRequired ProfileCheck = "all-required"
	// CheckRootKey: the root schema has the keyword.
	CheckRootKey ProfileCheck = "root-key"
	// CheckSingleType: type is one string, not a list.
	CheckSingleType ProfileCheck = "single-type"
	// CheckStringValues: every value of the keyword's list is a string.
	CheckStringValues ProfileCheck = "string-values"
	// CheckValueIn: the keyword's value is one of Values.
	CheckValueIn ProfileCheck = "value-in"
	// CheckDepth: object schemas nest at most Limit deep, the root being
	// the first.
	CheckDepth ProfileCheck = "depth"
	// CheckPropertyCount: the schema has at most Limit properties in all.
	CheckPropertyCount ProfileCheck = "property-count"
	// CheckEnumCount: the schema's enums have at most Limit values in all.
	CheckEnumCount ProfileCheck = "enum-count"
)

// MCPProfile is the name of the profile of the MCP specification itself:
// what the mcp-tool rule checks of every contract, whatever profiles are
// named.
const MCPProfile = "mcp"

// The documentation the profiles cite.
const (
	openAIStructuredOutputs = "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas"
	openAIFunctionCalling   = "https://platform.openai.com/docs/guides/function-calling#strict-mode"
	geminiSchema            = "https://ai.google.dev/api/caching#Schema"
	geminiFunctionCalling   = "https://ai.google.dev/gemini-api/docs/function-calling#function_declarations"
)

// clientProfiles are the profiles after mcp, in the order of the docs.
var clientProfiles = []ClientProfile{
	{
		Name:    "openai-strict",
		Client:  "OpenAI strict function calling (`strict: true`) and Structured Outputs, which read the tool's `parameters`",
		Schemas: []string{"inputs"},
		// Supported: the documented subset, and the annotations, which
		// constrain nothing and which this profile does not judge.
		Supported: []string{
			"type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf",
			"$ref", "$defs", "definitions", "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum",
			"minimum", "exclusiveMinimum", "minItems", "maxItems",
			"title", "description", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly",
			"x-mcp-header",
		},
		Note: "OpenAI's page lists neither way the annotations (`title`, `description`, `$comment`, `examples`, " +
			"`default`, `deprecated`, `readOnly`, `writeOnly`) nor MCP's `x-mcp-header`, which constrain nothing: " +
			"this profile lets them through",
		Others: ProfileConstraint{Check: CheckKey, Verdict: Refuses,
			Why: "not in the subset of JSON Schema that strict mode supports", Source: openAIStructuredOutputs},
		Constraints: []ProfileConstraint{
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
		Others: ProfileConstraint{Check: CheckKey, Verdict: Refuses,
			Why: "not a field of Gemini's Schema object, so the request is refused as an unknown name", Source: geminiSchema},
		Constraints: []ProfileConstraint{
			{Keyword: "type", Check: CheckSingleType, Verdict: Refuses,
				Why: "Gemini's type is one type (nullable: true for null)", Source: geminiSchema},
			{Keyword: "enum", Check: CheckStringValues, Verdict: Refuses,
				Why: "Gemini's enum is a list of strings", Source: geminiSchema},
			{Keyword: "format", Check: CheckValueIn, Values: []string{"float", "double", "int32", "int64", "enum", "date-time"}, Verdict: Ignores,
				Why: "Gemini supports only the formats float, double, int32, int64, enum and date-time", Source: geminiSchema},
		},
	},
}

// ProfileNames are the names --profile takes, mcp first.
func ProfileNames() []string {
	names := []string{MCPProfile}
	for _, p := range clientProfiles {
		names = append(names, p.Name)
	}
	return names
}

// CheckProfiles returns an error naming the first name that is no profile,
// with the profile it was likely meant to be.
func CheckProfiles(names []string) error {
	all := ProfileNames()
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

// profileNamed is the client profile of that name; nil for mcp and for a
// name that is none.
func profileNamed(name string) *ClientProfile {
	for i := range clientProfiles {
		if clientProfiles[i].Name == name {
			return &clientProfiles[i]
		}
	}
	return nil
}

// profileKey is the Key of an mcp-tool finding of a client profile:
// "client:gemini:ignores:inputs/properties/n/format". The keys of the
// rule's own findings begin with name, inputs or outputs, never with
// "client:", whatever a property is named.
func profileKey(profile string, verdict ClientVerdict, place string) string {
	return "client:" + profile + ":" + string(verdict) + ":" + place
}

// ProfileFinding says whether f is a finding of a client profile of the
// mcp-tool rule, and if so the profile's name and its verdict: what an
// export leaves a tool out for (Refuses) or only notes (Ignores).
func ProfileFinding(f Finding) (profile string, verdict ClientVerdict, ok bool) {
	rest, isProfile := strings.CutPrefix(f.Key, "client:")
	if f.Rule != ruleMCPTool.ID || !isProfile {
		return "", "", false
	}
	parts := strings.SplitN(rest, ":", 3)
	if len(parts) != 3 || profileNamed(parts[0]) == nil || (parts[1] != string(Refuses) && parts[1] != string(Ignores)) {
		return "", "", false
	}
	return parts[0], ClientVerdict(parts[1]), true
}

// profilesDoc is the part of the mcp-tool rule's documentation that lists
// the client profiles, each constraint with its source.
func profilesDoc() string {
	var b strings.Builder
	b.WriteString(" Client profiles (`--profile NAME`, repeatable or a comma-separated list, and the `profile` setting; " +
		"for `lint` and `export`): `mcp` is the checks above, always made; each other profile named adds, " +
		"for one client that accepts less than JSON Schema 2020-12, a finding at each keyword of the contract's " +
		"schema that the client refuses (an export leaves the tool out) or ignores (an export keeps it and says so " +
		"on stderr). A profile checks the schema written in TOOL.md, not the files a `$ref` names, and reports at " +
		"most 50 findings per schema.")
	for _, p := range clientProfiles {
		fmt.Fprintf(&b, " Profile `%s`: %s; it reads `%s`.", p.Name, p.Client, strings.Join(p.Schemas, "` and `"))
		if p.Supported != nil {
			fmt.Fprintf(&b, " It %s any key but %s: %s (%s).", p.Others.Verdict, codeList(p.Supported), p.Others.Why, p.Others.Source)
		}
		if p.Note != "" {
			fmt.Fprintf(&b, " %s.", p.Note)
		}
		for _, v := range []ClientVerdict{Refuses, Ignores} {
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
