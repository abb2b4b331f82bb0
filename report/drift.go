package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/speccify/speccify-lint/drift"
)

// DriftFormats are the formats of `speccify-lint diff`.
var DriftFormats = []string{"text", "json", "markdown"}

// WriteDrift writes the contract changes since the revision rev, tool by
// tool, each tool's in the order of their lines, in format (text, json or
// markdown: a pull-request comment). Every format passes its guard: no CI
// command from a TOOL.md gets through.
func WriteDrift(w io.Writer, format, rev string, tools []drift.ToolDrift, opt Options) error {
	var b bytes.Buffer
	var guard func([]byte) []byte
	switch format {
	case "text":
		writeDriftText(&b, rev, tools)
		guard = humanGuard
	case "markdown":
		b.WriteString("## Contract changes since " + mdCode(rev) + "\n\n")
		writeDriftMarkdown(&b, tools, opt)
		guard = humanGuard
	case "json":
		if tools == nil {
			tools = []drift.ToolDrift{}
		}
		data, err := json.MarshalIndent(struct {
			Against string            `json:"against"`
			Tools   []drift.ToolDrift `json:"tools"`
		}{rev, tools}, "", "  ")
		if err != nil {
			return err
		}
		b.Write(data)
		b.WriteByte('\n')
		guard = jsonGuard
	default:
		return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(DriftFormats, ", "))
	}
	_, err := w.Write(guard(b.Bytes()))
	return err
}

// driftCounts counts a tool's breaking and compatible changes.
func driftCounts(t *drift.ToolDrift) (breaking, compatible int) {
	return t.Breaking(), t.Count(drift.Compatible)
}

// driftLabel names a tool in a listing: its folder, and its name when
// that differs from the folder's last element, and the folder it was
// renamed from.
func driftLabel(t *drift.ToolDrift) string {
	label := t.Dir
	if t.Name != "" && !strings.HasSuffix("/"+t.Dir, "/"+t.Name) {
		label += " (" + t.Name + ")"
	}
	if t.RenamedFrom != "" {
		label += " (renamed from " + t.RenamedFrom + ")"
	}
	return label
}

func writeDriftText(b *bytes.Buffer, rev string, tools []drift.ToolDrift) {
	breakingTools := 0
	for i := range tools {
		t := &tools[i]
		br, co := driftCounts(t)
		if br > 0 {
			breakingTools++
		}
		fmt.Fprintf(b, "%s: %s\n", cleanLine(driftLabel(t)), countsText(t, br, co))
		for _, c := range t.Changes {
			kind := string(c.VerdictOf())
			where := t.Spec + ": "
			if c.Line > 0 {
				where = fmt.Sprintf("%s:%d:%d: ", t.Spec, c.Line, c.Column)
			}
			field := ""
			if c.Field != "" && c.Field != "removed" {
				field = c.Field + ": "
			}
			line := fmt.Sprintf("  %s%s: %s%s", where, kind, field, c.What)
			if c.Witness != "" {
				line += "; witness " + c.Witness
			}
			if c.Rule != "" {
				line += " [" + c.Rule + "]"
			}
			b.WriteString(cleanLine(line) + "\n")
		}
	}
	if len(tools) > 0 {
		b.WriteByte('\n')
	}
	fmt.Fprintf(b, "%s changed since %s, %s breaking\n", Plural(len(tools), "tool"), cleanLine(rev), Plural(breakingTools, "tool"))
}

// countsText counts a tool's changes by verdict: breaking and compatible
// always, warnings and parts not compared when there are.
func countsText(t *drift.ToolDrift, breaking, compatible int) string {
	parts := []string{Plural(breaking, "breaking change")}
	if n := t.Count(drift.Warning); n > 0 {
		parts = append(parts, Plural(n, "warning"))
	}
	if n := t.Count(drift.NotCompared); n > 0 {
		parts = append(parts, fmt.Sprintf("%d not compared", n))
	}
	return strings.Join(append(parts, Plural(compatible, "compatible change")), ", ")
}

// writeDriftMarkdown writes the table of contract changes per tool: the
// tools with a breaking change first.
func writeDriftMarkdown(b *bytes.Buffer, tools []drift.ToolDrift, opt Options) {
	if len(tools) == 0 {
		b.WriteString("No tool's contract changed.\n\n")
		return
	}
	b.WriteString("| Tool | Breaking | Compatible | Changes |\n| --- | ---: | ---: | --- |\n")
	for _, breaking := range []bool{true, false} {
		for i := range tools {
			t := &tools[i]
			br, co := driftCounts(t)
			if (br > 0) != breaking {
				continue
			}
			var items []string
			for _, c := range t.Changes {
				item := mdText(c.What)
				if c.Field != "" && c.Field != "removed" {
					item = mdText(c.Field) + ": " + item
				}
				if v := c.VerdictOf(); v != drift.Compatible {
					item = "**" + string(v) + "** " + item
				}
				if c.Witness != "" {
					item += ", witness " + mdCode(c.Witness)
				}
				if c.Rule != "" {
					item += " (" + mdCode(c.Rule) + ")"
				}
				if t.Status == "changed" {
					item = opt.sourceLink(item, t.Spec, c.Line)
				}
				items = append(items, item)
			}
			label := mdText(driftLabel(t))
			if t.Status == "changed" {
				label = opt.sourceLink(label, t.Spec, 0)
			}
			fmt.Fprintf(b, "| %s | %d | %d | %s |\n", label, br, co, strings.Join(items, "<br>"))
		}
	}
	b.WriteByte('\n')
}
