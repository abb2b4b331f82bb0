package lint

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/mcpprofile"
	"github.com/speccify/speccify-lint/result"
)

var ruleMCPTool = &Rule{ID: "mcp-tool", Severity: result.SeverityWarning, Category: "contract",
	Title: "the contract is not a valid MCP tool definition",
	Doc: "`speccify-lint export --format mcp` and `speccify-lint mcp` publish each contract as an MCP tool " +
		"(`name`, `description`, `inputs` as `inputSchema`, `outputs` as `outputSchema`). The Model Context " +
		"Protocol specification 2025-11-25 says, in Server Features > Tools > Data Types > Tool and > Tool Names, " +
		"and in the `Tool` definition of its schema.json: a tool name SHOULD be 1 to 128 characters of `A-Z`, `a-z`, " +
		"`0-9`, `_`, `-` and `.` (the name rule asks for a subset of these, lowercase kebab-case of at most 64 " +
		"characters, so this rule checks MCP's limits only where the name rule is disabled); `inputSchema` MUST be a JSON Schema object whose root has the literal " +
		"`type: object` (`type: [object]` or an `allOf` that implies it does not pass the specification's schema), " +
		"and each entry of its `properties` an object schema (not `true` or `false`); `outputSchema` is likewise " +
		"\"currently restricted to type: object at the root level\" (the 2026-07-28 revision lifts that " +
		"restriction and the one on `properties`, and keeps the root's `type: object` of `inputSchema`, so a " +
		"contract valid for 2025-11-25 is valid for both). " +
		"(The description, which the model reads to choose the tool, is present and not empty by required-field " +
		"and description, errors both.) And since an MCP " +
		"client reads `inputSchema` alone, without the tool folder, every `$ref` to a JSON file of the folder " +
		"must be one the export can copy into the schema's `$defs`: by a JSON pointer (`defs.json#/x`), not by an " +
		"anchor, to a file without `$id` or `$anchor`, and no `$dynamicRef` across files. On by default, as a " +
		"warning: a contract the other rules accept almost always passes it (the name rule is stricter than MCP's " +
		"names; wire-object asks for an object), what it adds costs a line to fix, and a contract that fails it is " +
		"left out of what `speccify-lint mcp` serves. The 2026-07-28 revision adds `x-mcp-header` (Tools > x-mcp-header), " +
		"an annotation of an `inputs` property that a client MUST refuse the tool for when it is not a non-empty HTTP " +
		"token, is on a property whose type is not string, integer or boolean, or repeats another's value (case " +
		"ignored); the Go SDK refuses such a tool too, so this rule reports it. Disable it (`--disable mcp-tool`) where tools are never " +
		"reached over MCP." + mcpprofile.Doc(),
	Example: "inputs: {type: [object], properties: {path: true}}",
	Fix:     "inputs: {type: object, properties: {path: {type: string}}}",
	static:  checkMCPTool}

// mcpToolName is the character set and length that the MCP specification
// (2025-11-25, Tools > Tool Names) asks tool names to keep to.
var mcpToolName = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`)

// checkMCPTool: the contract maps to a valid MCP tool definition.
func checkMCPTool(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil {
		return
	}
	// The name rule asks for a subset of MCP's names: this rule checks
	// MCP's own limits only where that rule is off, so that one bad name is
	// one finding.
	if name := fm.Name.Value; name != "" && !c.cfg.enabled(ruleName) && !mcpToolName.MatchString(name) {
		why := "characters other than A-Z, a-z, 0-9, _, - and ."
		if utf8.RuneCountInString(name) > 128 {
			why = "more than 128 characters"
		}
		rep.withHelp("MCP tool names are 1 to 128 characters of A-Z, a-z, 0-9, _, - and . (specification 2025-11-25, Tools > Tool Names)").
			report(over(fm.Name.Span), "name", "name %q is no MCP tool name: it has %s", name, why)
	}
	ins, outs := c.schemas()
	for _, s := range []*schemaField{ins, outs} {
		if s == nil || s.doc == nil || s.schema == nil {
			continue // missing, not JSON or not compiling: other rules say so
		}
		checkMCPSchema(s, rep)
	}
	checkClientProfiles(c, []*schemaField{ins, outs}, rep)
}

// checkClientProfiles: the contract's schemas, as written, break none of
// the constraints of the client profiles cfg names (checkMCPTool's part
// for --profile; the profiles and their walk are package mcpprofile's).
func checkClientProfiles(c *toolCheck, schemas []*schemaField, rep reporter) {
	seen := map[string]bool{}
	for _, name := range c.cfg.Profiles {
		p := mcpprofile.Named(name)
		if p == nil || seen[name] {
			continue // mcp (the rule's own checks), or named twice
		}
		seen[name] = true
		for _, s := range schemas {
			if s == nil || s.doc == nil || s.schema == nil || !slices.Contains(p.Schemas, s.name) {
				continue
			}
			problems, more := p.Walk(s.name, s.doc.Value)
			for _, pr := range problems {
				rep.withHelp("%s", pr.Help()).report(s.place(pr.Pointer), pr.Key, "%s", pr.Message)
			}
			if more > 0 {
				rep.withHelp("fix the findings above and lint again to see the rest").
					report(s.place(""), mcpprofile.Key(p.Name, mcpprofile.Refuses, s.name),
						"%s: %d more findings of the profile %s not listed", s.name, more, p.Name)
			}
		}
	}
}

// ProfileFinding says whether f is a finding of a client profile of the
// mcp-tool rule, and if so the profile's name and its verdict: what an
// export leaves a tool out for (Refuses) or only notes (Ignores).
func ProfileFinding(f result.Finding) (profile string, verdict mcpprofile.Verdict, ok bool) {
	if f.Rule != ruleMCPTool.ID {
		return "", "", false
	}
	return mcpprofile.ParseKey(f.Key)
}

// checkMCPSchema: the schema s is an MCP inputSchema or outputSchema (the
// root's literal type: object, object schemas under properties) and an
// export can inline its file references.
func checkMCPSchema(s *schemaField, rep reporter) {
	mcpName := map[string]string{"inputs": "inputSchema", "outputs": "outputSchema"}[s.name]
	root, _ := s.doc.Value.(map[string]any)
	if t, _ := root["type"].(string); t != "object" && !acceptsNonObject(s) {
		at, what := over(s.field.Key.Span), "has no type"
		if _, has := root["type"]; has {
			at, what = s.place("/type"), "has a type that is not the string object"
		}
		rep.withHelp("write type: object at the root of %s: MCP's %s requires that literal (specification 2025-11-25, schema.json Tool)", s.name, mcpName).
			report(at, s.name+".type", "%s %s, which MCP's %s requires", s.name, what, mcpName)
	}
	if props, ok := root["properties"].(map[string]any); ok && hasNonObject(props) {
		for _, k := range slices.Sorted(maps.Keys(props)) {
			if _, isObject := props[k].(map[string]any); !isObject {
				p := contract.PropertyPointer(k)
				rep.withHelp("write a schema object ({} accepts anything); MCP's %s allows no true or false there", mcpName).
					report(s.place(p), s.name+p, "%s.properties.%s is not a schema object, which MCP's %s requires", s.name, k, mcpName)
			}
		}
	}
	if s.name == "inputs" && hasMCPHeader(root) {
		checkMCPHeaders(s, root, "", map[string]bool{}, rep)
	}
	for _, is := range s.schema.InlineIssues() {
		rep.withHelp("an MCP client reads %s alone: refer to files by a JSON pointer, and keep $id, $anchor and $dynamicRef out of them", mcpName).
			report(s.place(is.Pointer), s.name+is.Pointer, "%s cannot be exported as one document: %s", s.name, is.Msg)
	}
}

// hasNonObject reports whether a value of props is no JSON object.
func hasNonObject(props map[string]any) bool {
	for _, v := range props {
		if _, isObject := v.(map[string]any); !isObject {
			return true
		}
	}
	return false
}

// hasMCPHeader reports whether a property that checkMCPHeaders looks at,
// under obj, has an x-mcp-header: most schemas have none, and looking for one
// costs no pointers and no sorting.
func hasMCPHeader(obj map[string]any) bool {
	props, _ := obj["properties"].(map[string]any)
	for _, v := range props {
		prop, _ := v.(map[string]any)
		if _, has := prop["x-mcp-header"]; has {
			return true
		}
		if prop != nil && hasMCPHeader(prop) {
			return true
		}
	}
	return false
}

// acceptsNonObject reports whether the schema s accepts a value that is no
// JSON object: wire-object's finding, which this rule does not repeat.
func acceptsNonObject(s *schemaField) bool {
	if onlyObjects(s.doc.Value) {
		return false
	}
	return slices.ContainsFunc(nonObjects, func(v struct {
		kind  string
		value any
	}) bool {
		return valid(s.schema, v.value)
	})
}

// httpToken matches an HTTP field name token (RFC 9110, 5.1: 1*tchar).
var httpToken = regexp.MustCompile("^[!#$%&'*+.^_`|~0-9A-Za-z-]+$")

// checkMCPHeaders: the x-mcp-header annotations of the properties of the
// schema object obj (at pointer at in inputs) are valid (specification
// 2026-07-28, Tools > x-mcp-header): a non-empty HTTP token, on a string,
// integer or boolean property, unique case-insensitively (seen).
func checkMCPHeaders(s *schemaField, obj map[string]any, at string, seen map[string]bool, rep reporter) {
	props, _ := obj["properties"].(map[string]any)
	for _, k := range slices.Sorted(maps.Keys(props)) {
		prop, _ := props[k].(map[string]any)
		p := at + contract.PropertyPointer(k)
		if h, has := prop["x-mcp-header"]; has {
			name, _ := h.(string)
			t, _ := prop["type"].(string)
			why := ""
			switch {
			case !httpToken.MatchString(name):
				why = "is not a non-empty HTTP header name (letters, digits and !#$%&'*+-.^_`|~)"
			case t != "string" && t != "integer" && t != "boolean":
				why = "is on a property whose type is not string, integer or boolean"
			case seen[strings.ToLower(name)]:
				why = fmt.Sprintf("repeats the header %s of another property", name)
			}
			seen[strings.ToLower(name)] = true
			if why != "" {
				rep.withHelp("MCP clients refuse the tool otherwise (specification 2026-07-28, Tools > x-mcp-header)").
					report(s.place(p+"/x-mcp-header"), "inputs"+p+"/x-mcp-header", "x-mcp-header of inputs.%s %s", k, why)
			}
		}
		if prop != nil {
			checkMCPHeaders(s, prop, p, seen, rep)
		}
	}
}
