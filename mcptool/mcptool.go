// Package mcptool maps tool contracts to Model Context Protocol tool
// definitions: the `tools/list` result that `speccify-lint export --format
// mcp` prints and that the MCP server (package mcpserve) lists.
//
// The mapping (specification 2025-11-25, Server Features > Tools > Data
// Types > Tool):
//
//   - name: the frontmatter's name;
//   - description: the frontmatter's description;
//   - inputSchema, outputSchema: inputs and outputs, as one document each
//     (the tool folder's JSON files that a $ref names copied under $defs,
//     contract.Schema.Inline), keys in sorted order;
//   - annotations.readOnlyHint: true only when effects says the tool writes
//     nothing and the examples ran, all of them, without changing the tool
//     folder (lint.Callable.ReadOnly); otherwise no annotation at all.
//
// Nothing else is derived: a TOOL.md has no title, and whether a tool is
// destructive, idempotent or reaches an open world is not something a
// contract states in a form that can be checked, so those hints are left
// out (a client then assumes their defaults, the cautious ones).
package mcptool

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/cilog"
	"github.com/speccify/speccify-lint/lint"
	"github.com/speccify/speccify-lint/mcpprofile"
	"github.com/speccify/speccify-lint/report"
	"github.com/speccify/speccify-lint/result"
)

// Tool is an MCP tool definition, its fields in the specification's order.
type Tool struct {
	Name         string       `json:"name"`
	Title        string       `json:"title,omitempty"`
	Description  string       `json:"description,omitempty"`
	InputSchema  any          `json:"inputSchema"`
	OutputSchema any          `json:"outputSchema,omitempty"`
	Annotations  *Annotations `json:"annotations,omitempty"`
}

// Annotations are the hints of a Tool that a contract proves.
type Annotations struct {
	ReadOnlyHint bool `json:"readOnlyHint,omitempty"`
}

// ListResult is the result of tools/list.
type ListResult struct {
	Tools []Tool `json:"tools"`
}

// Left is a tool folder that is not exported, and why.
type Left struct {
	// Dir is the tool folder relative to the root.
	Dir string
	// Reason says why, in a few words.
	Reason string
}

// Definition is the MCP tool definition of the contract of k; readOnly
// says that the tool is known to write nothing (lint.Callable.ReadOnly).
// The reason is why there is none ("" when there is one): the contract has
// static errors, mcp-tool findings, or inputs or outputs that do not
// compile.
func Definition(k *lint.Callable, readOnly bool) (Tool, string) {
	if errs := k.Errors(); len(errs) > 0 {
		return Tool{}, fmt.Sprintf("the contract has %s (see speccify-lint --no-run %s)", report.Plural(len(errs), "error"), k.Dir())
	}
	own, refusing := countRefused(k.Static.Findings)
	if own > 0 {
		return Tool{}, fmt.Sprintf("the contract is not a valid MCP tool definition: %s (mcp-tool)", report.Plural(own, "finding"))
	}
	if len(refusing) > 0 {
		n := 0
		for _, c := range refusing {
			n += c
		}
		return Tool{}, fmt.Sprintf("%s would refuse the tool: %s (mcp-tool)", strings.Join(slices.Sorted(maps.Keys(refusing)), " and "), report.Plural(n, "finding"))
	}
	if n := countRule(k.Static.Findings, hiddenTextRule); n > 0 {
		return Tool{}, fmt.Sprintf("the contract holds characters that a reviewer cannot see: %s (hidden-text)", report.Plural(n, "finding"))
	}
	ins, outs := k.Compiled()
	if ins == nil || outs == nil {
		return Tool{}, "inputs or outputs does not compile"
	}
	spec := k.Spec()
	in, issues := ins.Inline()
	out, issues2 := outs.Inline()
	if len(issues)+len(issues2) > 0 {
		return Tool{}, "inputs or outputs cannot be exported as one document (mcp-tool)"
	}
	t := Tool{
		Name:         spec.Frontmatter.Name.Value,
		Description:  strings.TrimSpace(spec.Frontmatter.Description.Value),
		InputSchema:  in,
		OutputSchema: out,
	}
	if readOnly {
		t.Annotations = &Annotations{ReadOnlyHint: true}
	}
	return t, ""
}

// countRefused counts the mcp-tool findings that make a contract no tool
// definition: own, those of MCP itself, and by profile those of what the
// clients of --profile refuse (lint.ProfileFinding); what a client only
// ignores an export notes and keeps.
func countRefused(fs []result.Finding) (own int, refusing map[string]int) {
	refusing = map[string]int{}
	for _, f := range fs {
		if f.Rule != mcpToolRule {
			continue
		}
		profile, verdict, ok := lint.ProfileFinding(f)
		switch {
		case !ok:
			own++
		case verdict == mcpprofile.Refuses:
			refusing[profile]++
		}
	}
	return own, refusing
}

// countRule is the number of findings of the rule among fs.
func countRule(fs []result.Finding, rule string) int {
	n := 0
	for _, f := range fs {
		if f.Rule == rule {
			n++
		}
	}
	return n
}

// Options are the settings of an export.
type Options struct {
	// Config is the lint configuration the tools are checked with (Root,
	// Platform, Timeout, MaxOutput, Version; Disabled and Severities, with
	// mcp-tool on whatever they say: CheckConfig).
	Config lint.Config
	// RunExamples runs each tool's examples, which readOnlyHint needs.
	RunExamples bool
	// Notes, when set, is given each finding of a client profile
	// (Config.Profiles, lint.ProfileFinding) of each tool folder, in the
	// order of the folders: what the clients named refuse, which leaves
	// the tool out, and what they ignore, which does not.
	Notes func(result.Finding)
}

// CheckConfig is the configuration a contract is checked with for MCP:
// cfg (the project's rule settings: disabled rules, severities), but with
// the rules of judgedRules on whatever cfg.Disabled says, and their
// findings kept whatever a suppression comment in the contract says. What
// they check is not a matter of the project's taste or of the contract's
// author: a contract that fails mcp-tool would make an invalid tool, and
// one that fails hidden-text would publish text its reviewer did not see,
// so it is left out (Definition) whether the rule is disabled, suppressed
// or made a note or not.
func CheckConfig(cfg lint.Config) lint.Config {
	disabled := maps.Clone(cfg.Disabled)
	unsuppressible := maps.Clone(cfg.Unsuppressible)
	if unsuppressible == nil {
		unsuppressible = map[string]bool{}
	}
	for _, id := range judgedRules {
		delete(disabled, id)
		unsuppressible[id] = true
	}
	if len(disabled) != len(cfg.Disabled) {
		cfg.Disabled = disabled
	}
	cfg.Unsuppressible = unsuppressible
	return cfg
}

// mcpToolRule is the id of the rule that a contract is a valid MCP tool
// definition.
const mcpToolRule = "mcp-tool"

// hiddenTextRule is the id of the rule that a contract holds no character
// a reviewer cannot see.
const hiddenTextRule = "hidden-text"

// judgedRules are the rules that judge every contract for MCP whatever the
// configuration and the contract say (CheckConfig).
var judgedRules = []string{mcpToolRule, hiddenTextRule}

// Export checks each discovered tool folder and returns the tools/list
// result of those that make valid MCP tools, in the order of their
// folders, and the folders left out with the reason. A name that an
// earlier folder has already is left out (the specification asks names to
// be unique within a server).
func Export(ctx context.Context, opt Options, disc *discover.Discovery) (ListResult, []Left) {
	res := ListResult{Tools: []Tool{}}
	var left []Left
	seen := map[string]string{}
	for _, t := range disc.Tools {
		tool, dir, reason := exportOne(ctx, opt, t)
		switch {
		case reason != "":
			left = append(left, Left{Dir: dir, Reason: reason})
		case seen[tool.Name] != "":
			left = append(left, Left{Dir: dir, Reason: fmt.Sprintf("the name %s is %s's already", tool.Name, seen[tool.Name])})
		default:
			seen[tool.Name] = dir
			res.Tools = append(res.Tools, tool)
		}
	}
	return res, left
}

// exportOne is the definition of the tool folder t, or why there is none.
func exportOne(ctx context.Context, opt Options, t discover.Tool) (Tool, string, string) {
	k, err := lint.OpenCallable(CheckConfig(opt.Config), t)
	if err != nil {
		return Tool{}, t.Dir, err.Error()
	}
	defer k.Close()
	readOnly := false
	if opt.RunExamples {
		readOnly = k.ReadOnly(k.RunExamples(ctx))
	}
	if opt.Notes != nil {
		for _, f := range k.Static.Findings {
			if _, _, ok := lint.ProfileFinding(f); ok {
				opt.Notes(f)
			}
		}
	}
	tool, reason := Definition(k, readOnly)
	return tool, k.Dir(), reason
}

// Write writes the result as indented JSON (fields in the specification's
// order, schema keys sorted), with the markers of CI commands escaped.
func Write(w io.Writer, res ListResult) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		return err
	}
	_, err := w.Write(cilog.EscapeJSON(buf.Bytes()))
	return err
}
