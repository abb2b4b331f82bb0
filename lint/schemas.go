package lint

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/internal/jsonexact"
	"github.com/speccify/speccify-lint/internal/suggest"
	"github.com/speccify/speccify-lint/result"
)

// schemaField is inputs or outputs: converted, compiled, or why not.
type schemaField struct {
	name   string
	field  *contract.SchemaField
	doc    *contract.JSONDoc // nil when the field is missing or did not convert
	schema *contract.Schema  // nil when it did not compile
	// issues are why the field did not convert or compile: the schema
	// rule's findings.
	issues []schemaIssue
	// timedOut are the pointers of the patterns reported for taking too long.
	timedOut []string
}

// schemaIssue is one finding of the schema rule about a field.
type schemaIssue struct {
	place    place
	key, msg string
	// fix is the edit that resolves it, when the text says it surely (a
	// type name's typo, a mapping key to quote); nil otherwise.
	fix *result.Fix
}

// place is the TOOL.md place of a JSON pointer into the schema.
func (s *schemaField) place(pointer string) place {
	if s.doc == nil {
		return over(s.field.Key.Span)
	}
	return atPos(s.doc.Place(pointer))
}

// schemas converts and compiles inputs and outputs once per tool, on the
// first call (during the static checks: $ref targets are read through the
// tool folder's Root), for every rule that needs them. A field is nil when
// it is missing, both are when there is no frontmatter.
func (c *toolCheck) schemas() (inputs, outputs *schemaField) {
	if !c.schemasLoaded {
		if c.spec.Frontmatter != nil {
			c.inputs = c.loadSchema(c.spec.Frontmatter.Inputs)
			c.outputs = c.loadSchema(c.spec.Frontmatter.Outputs)
		}
		// Written once, so that the calls of a Callable, which may
		// overlap, only read it afterwards.
		c.schemasLoaded = true
	}
	return c.inputs, c.outputs
}

func (c *toolCheck) loadSchema(f *contract.SchemaField) *schemaField {
	if f == nil {
		return nil
	}
	name := f.Key.Name
	s := &schemaField{name: name, field: f}
	for _, p := range f.Problems {
		is := schemaIssue{place: atLine(p.Pos, p.Span), key: p.Key, msg: p.Msg}
		if p.Repair != nil {
			is.fix = new(repairFix(p.Repair))
		}
		s.issues = append(s.issues, is)
	}
	if f.Doc == nil {
		return s // empty or of the wrong kind (required-field, field-type) or not JSON (above)
	}
	s.doc = f.Doc
	sch, issues := contract.CompileSchema(f.Doc, name, c.root, c.dir)
	for _, is := range mergeIssues(issues) {
		at := ""
		if is.Pointer != "" {
			at = " at " + is.Pointer
		}
		s.issues = append(s.issues, schemaIssue{place: s.place(is.Pointer), key: name + is.Pointer,
			msg: name + " is not a valid JSON Schema" + at + ": " + is.Msg, fix: meantFix(c.spec.Lines, f, is)})
	}
	s.schema = sch
	return s
}

// validate validates the value v against sch, the schema of s or one of its
// subschemas. A pattern that takes too long to match is a schema finding at
// the pattern, once, and v counts as valid: nothing is known about it. Once
// the schema's patterns have used up their time together, the other
// patterns are stopped too; that is a finding only if no pattern of the
// schema was found slow on its own.
func (c *toolCheck) validate(s *schemaField, sch *contract.Schema, v any) error {
	err := sch.Validate(v)
	var pt *contract.PatternTimeoutError
	if !errors.As(err, &pt) {
		return err
	}
	if slices.Contains(s.timedOut, pt.Pointer) || (pt.Total && len(s.timedOut) > 0) {
		return nil
	}
	s.timedOut = append(s.timedOut, pt.Pointer)
	at := ""
	if pt.Pointer != "" {
		at = " at " + pt.Pointer
	}
	c.patterns.withHelp("a pattern RE2 cannot run backtracks: avoid nested repetition such as (a+)+").report(s.place(pt.Pointer), s.name+pt.Pointer,
		"%s%s: %v, so that value was not validated", s.name, at, pt)
	return nil
}

// nearProperty is the declared property whose name is a near miss of name
// (eror for error), or "" when there is none; props has no name.
func nearProperty(props map[string]any, name string) string {
	return suggest.Nearest(name, slices.Sorted(maps.Keys(props)))
}

// meantFix is the fix of a schema issue that says what the value at its
// pointer surely means (contract.SchemaIssue.Want: "string" for the type
// name "strng"): that name written over the value, quoted as it was, when
// the value is a string written in place (no alias, anchor or tag); nil
// otherwise.
func meantFix(lines *contract.Lines, f *contract.SchemaField, is contract.SchemaIssue) *result.Fix {
	if is.Want == "" {
		return nil
	}
	e := f.EntryAt(is.Pointer)
	if e == nil || !e.Own || e.Text == "" {
		return nil
	}
	edit, ok := contract.ReplaceName(lines, e.ValueSpan, e.Text, is.Want)
	if !ok {
		return nil
	}
	return &result.Fix{Title: fmt.Sprintf("write %s for %s", is.Want, e.Text), Edits: []contract.Edit{edit}}
}

// typoProperty is the declared property whose name is a typo of name (eror
// for error: the only one that near), or "".
func typoProperty(props map[string]any, name string) string {
	return suggest.Typo(name, slices.Sorted(maps.Keys(props)))
}

// mergeIssues joins the issues at one pointer (the alternatives of an anyOf
// in the meta-schema) into one, so that one wrong keyword is one finding.
func mergeIssues(issues []contract.SchemaIssue) []contract.SchemaIssue {
	var out []contract.SchemaIssue
	for _, is := range issues {
		if n := len(out); n > 0 && out[n-1].Pointer == is.Pointer {
			out[n-1].Msg += "; or " + is.Msg
			out[n-1].Want = "" // the value has more than one thing wrong
			continue
		}
		out = append(out, is)
	}
	return out
}

// issueList formats a validation error of the value v as "$.path: message;
// ...".
func issueList(err error, v any) string {
	issues := contract.ValidationIssues(err, v)
	parts := make([]string, len(issues))
	for i, is := range issues {
		parts[i] = jsonexact.PointerToPath(is.Pointer) + ": " + is.Msg
	}
	return strings.Join(parts, "; ")
}
