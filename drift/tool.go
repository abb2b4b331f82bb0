package drift

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/contract"
	"github.com/speccify/speccify-lint/discover"
)

// Contract is one tool's contract as the comparison reads it, built by the
// contract package whether it comes from the working tree or a revision.
type Contract struct {
	// Spec is the parsed TOOL.md (Spec.FileErr set when it could not be read
	// as text: then nothing is compared).
	Spec *contract.Spec
	// Inputs and Outputs are the compiled schemas; nil when missing or not
	// compiled (then that field is not compared).
	Inputs, Outputs *contract.Schema
	// Implementations are the platforms with an implementation file at the
	// top of the folder ("linux" for linux.py), sorted.
	Implementations []string
	// Unbuilt says, by part ("" for the whole TOOL.md, or a frontmatter
	// key: inputs, outputs, platforms, effects, requires), why that part
	// could not be built: it is not compared, and Compare says so.
	Unbuilt map[string]string
}

// Platforms are the platforms the tool runs on: those with an
// implementation, limited to the platforms field when it lists some.
func (c *Contract) Platforms() []string {
	var declared []string
	if fm := c.Spec.Frontmatter; fm != nil {
		for _, p := range fm.Platforms {
			declared = append(declared, p.Value)
		}
	}
	if len(declared) == 0 {
		return c.Implementations
	}
	return slices.DeleteFunc(slices.Clone(c.Implementations), func(p string) bool { return !slices.Contains(declared, p) })
}

// ImplementationPlatforms are the platforms of the implementation files
// among names (file names at the top of a tool folder), sorted and
// distinct: a name is <platform>.<extension>.
func ImplementationPlatforms(names []string) []string {
	var out []string
	for _, n := range names {
		base, _, ok := strings.Cut(n, ".")
		if ok && !strings.Contains(n, "/") && discover.IsPlatform(base) {
			out = append(out, base)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// maxRefFile bounds a file a $ref names at a revision, as on disk.
const maxRefFile = 1 << 20

// Contract reads the tool folder dir (a slash path relative to the root)
// at the revision: its TOOL.md (at most contract.MaxSpecSize bytes, never
// through a symbolic link) and the files its schemas' $refs name inside
// the folder, built as the working tree's is. specPath names the TOOL.md
// in messages. ok is false when the revision has no TOOL.md there. What
// could not be built is in the Contract's Unbuilt, with why.
func (r *Revision) Contract(dir, specPath string) (c *Contract, ok bool, err error) {
	name := path.Join(dir, "TOOL.md")
	if !r.Has(name) {
		return nil, false, nil
	}
	raw, err := r.ReadFile(name, contract.MaxSpecSize)
	var spec *contract.Spec
	if fe, isFE := err.(*contract.FolderFileError); isFE {
		spec = &contract.Spec{Path: specPath, Lines: contract.NewLines(nil),
			FileErr: &contract.FileError{Path: specPath, Msg: fe.Why, Pos: contract.Pos{Line: 1, Column: 1}}}
	} else if err != nil {
		return nil, false, err
	} else {
		spec = contract.ParseBytes(specPath, raw)
	}
	files := func(n string) ([]byte, error) { return r.ReadFile(path.Join(dir, n), maxRefFile) }
	c = &Contract{Spec: spec, Implementations: ImplementationPlatforms(r.Files(dir))}
	c.Inputs, c.Outputs = compile(spec, func(doc *contract.JSONDoc, field string) *contract.Schema {
		s, issues := contract.CompileSchemaFiles(doc, field, files, filepath.Join(r.root, filepath.FromSlash(dir)))
		if s == nil && len(issues) > 0 {
			c.unbuilt(field, fmt.Sprintf("does not compile at %s: %s", r.Rev, issueText(issues[0])))
		}
		return s
	})
	c.explainUnbuilt("at " + r.Rev)
	return c, true, nil
}

// issueText is a schema issue in words: where, then what.
func issueText(is contract.SchemaIssue) string {
	if is.Pointer == "" {
		return is.Msg
	}
	return is.Pointer + ": " + is.Msg
}

// unbuilt records why the part ("" for the whole TOOL.md, inputs or
// outputs) could not be built: for the whole, a sentence about TOOL.md;
// for a schema, what it does not do ("does not compile at HEAD: ...").
func (c *Contract) unbuilt(part, why string) {
	if c.Unbuilt == nil {
		c.Unbuilt = map[string]string{}
	}
	if _, ok := c.Unbuilt[part]; !ok {
		c.Unbuilt[part] = why
	}
}

// explainUnbuilt records the parts of c that could not be built and were
// not yet explained (a part keeps its first reason): a TOOL.md that could
// not be read or whose frontmatter does not parse, a key whose entry does
// not parse, an inputs or outputs that is present but no schema. where
// says which contract it is ("at HEAD", "now").
func (c *Contract) explainUnbuilt(where string) {
	spec := c.Spec
	problem := ""
	if i := slices.IndexFunc(spec.Problems, func(p contract.Problem) bool { return p.Kind == contract.ProblemFrontmatter }); i >= 0 {
		problem = ": " + spec.Problems[i].Msg
	}
	fm := spec.Frontmatter
	switch {
	case spec.FileErr != nil:
		msg := spec.FileErr.Msg
		if !strings.Contains(msg, where) { // the revision's reasons say where
			msg = where + " " + msg
		}
		c.unbuilt("", "TOOL.md "+msg)
		return
	case fm == nil || fm.Invalid || fm.Truncated:
		c.unbuilt("", "TOOL.md "+where+" has no frontmatter that parses"+problem)
		return
	case fm.Broken != "":
		c.unbuilt(fm.Broken, "does not parse "+where+problem)
	}
	for _, f := range []struct {
		name   string
		field  *contract.SchemaField
		schema *contract.Schema
	}{{"inputs", fm.Inputs, c.Inputs}, {"outputs", fm.Outputs, c.Outputs}} {
		if f.field != nil && f.schema == nil {
			c.unbuilt(f.name, "does not compile "+where)
		}
	}
}

// Built is the contract of a tool folder of the working tree, from its
// parsed TOOL.md and its compiled schemas (nil: not compiled), for
// Compare: what could not be built is in its Unbuilt.
func Built(spec *contract.Spec, inputs, outputs *contract.Schema, implementations []string) *Contract {
	c := &Contract{Spec: spec, Inputs: inputs, Outputs: outputs, Implementations: implementations}
	c.explainUnbuilt("now")
	return c
}

// compile compiles the inputs and outputs of spec with fn.
func compile(spec *contract.Spec, fn func(doc *contract.JSONDoc, field string) *contract.Schema) (inputs, outputs *contract.Schema) {
	fm := spec.Frontmatter
	if spec.FileErr != nil || fm == nil {
		return nil, nil
	}
	if fm.Inputs != nil && fm.Inputs.Doc != nil {
		inputs = fn(fm.Inputs.Doc, "inputs")
	}
	if fm.Outputs != nil && fm.Outputs.Doc != nil {
		outputs = fn(fm.Outputs.Doc, "outputs")
	}
	return inputs, outputs
}

// Kind is what a change is about; each kind of breaking change is one
// rule of the lint package.
type Kind string

// The kinds of change.
const (
	KindInput       Kind = "input"        // the inputs schema
	KindOutput      Kind = "output"       // the outputs schema
	KindPlatform    Kind = "platform"     // a platform the tool ran on
	KindEffects     Kind = "effects"      // the effects line
	KindRequires    Kind = "requires"     // an entry of requires
	KindRemoved     Kind = "removed"      // the tool folder
	KindNotCompared Kind = "not-compared" // a part that could not be compared (Change.Entry)
)

// Verdict is what a change means for a caller that was right at the
// revision.
type Verdict string

// The verdicts.
const (
	// Breaking: such a caller surely fails now (a schema change with a
	// witness, a platform dropped, a tool removed).
	Breaking Verdict = "breaking"
	// Warning: it may, which no value proves (effects widened, a new
	// requirement): a reviewer's judgement.
	Warning Verdict = "warning"
	// Compatible: it does not.
	Compatible Verdict = "compatible"
	// NotCompared: the comparison could not be made (a TOOL.md or a schema
	// that could not be read or built, at the revision or now).
	NotCompared Verdict = "not compared"
)

// Field is the frontmatter field a change of the kind is about.
func (k Kind) Field() string {
	switch k {
	case KindInput:
		return "inputs"
	case KindOutput:
		return "outputs"
	case KindPlatform:
		return "platforms"
	case KindNotCompared:
		return ""
	}
	return string(k)
}

// Change is one difference between a tool's contract at the revision and
// now.
type Change struct {
	Kind Kind
	// Verdict says what the change means for a caller that was right at
	// the revision.
	Verdict Verdict
	// What says what changed, in a few words.
	What string
	// Schema is the schema change of an input or output change.
	Schema *SchemaChange
	// Entry is the platform or requires entry a change is about; for
	// KindNotCompared, the part not compared ("" for the whole TOOL.md,
	// inputs or outputs).
	Entry string
}

// Message is the change in words, with its witness: what a finding about
// it says.
func (ch Change) Message() string {
	if ch.Kind == KindNotCompared {
		if ch.Entry != "" {
			return ch.Entry + " not compared: " + ch.What
		}
		return "not compared: " + ch.What
	}
	if ch.Schema != nil && ch.Schema.HasWitness {
		return fmt.Sprintf("%s: %s; witness %s", ch.Kind.Field(), ch.What, ch.Schema.WitnessJSON())
	}
	if ch.Schema != nil {
		return ch.Kind.Field() + ": " + ch.What
	}
	return ch.What
}

// Compare lists the changes from old to new: the schemas' (inputs, then
// outputs), the platforms', effects', requires'. A part that either
// contract could not build (Contract.Unbuilt, which Compare completes) is
// not compared, and is listed as such, with why (the old contract's reason
// first).
func Compare(old, new *Contract) []Change {
	old.explainUnbuilt("at the revision")
	new.explainUnbuilt("now")
	var out []Change
	notCompared := func(part string) bool {
		why, ok := old.Unbuilt[part]
		if !ok {
			why, ok = new.Unbuilt[part]
		}
		if ok {
			out = append(out, Change{Kind: KindNotCompared, Verdict: NotCompared, What: why, Entry: part})
		}
		return ok
	}
	if notCompared("") {
		return out
	}
	verdict := func(sc *SchemaChange) Verdict {
		if sc.HasWitness {
			return Breaking
		}
		return Compatible
	}
	if !notCompared("inputs") {
		for _, sc := range CompareSchemas(old.Inputs, new.Inputs, Inputs, exampleValues(old.Spec, true)) {
			out = append(out, Change{Kind: KindInput, Verdict: verdict(sc), What: sc.What, Schema: sc})
		}
	}
	if !notCompared("outputs") {
		for _, sc := range CompareSchemas(old.Outputs, new.Outputs, Outputs, exampleValues(new.Spec, false)) {
			out = append(out, Change{Kind: KindOutput, Verdict: verdict(sc), What: sc.What, Schema: sc})
		}
	}
	if !notCompared("platforms") {
		newPlatforms := new.Platforms()
		for _, p := range old.Platforms() {
			if !slices.Contains(newPlatforms, p) {
				out = append(out, Change{Kind: KindPlatform, Verdict: Breaking, What: "platform " + p + " dropped", Entry: p})
			}
		}
	}
	oldFM, newFM := old.Spec.Frontmatter, new.Spec.Frontmatter
	if !notCompared("effects") && contract.WritesNothing(oldFM.Effects.Value) && !contract.WritesNothing(newFM.Effects.Value) {
		out = append(out, Change{Kind: KindEffects, Verdict: Warning,
			What: "effects widened from " + quote(oldFM.Effects.Value) + " to " + quote(newFM.Effects.Value)})
	}
	if !notCompared("requires") {
		var before []string
		for _, r := range oldFM.Requires {
			before = append(before, r.Value)
		}
		for _, r := range newFM.Requires {
			if !slices.Contains(before, r.Value) {
				out = append(out, Change{Kind: KindRequires, Verdict: Warning, What: "requires " + quote(r.Value) + " added", Entry: r.Value})
			}
		}
	}
	return out
}

func quote(s string) string {
	if s == "" {
		return "(none)"
	}
	return jsonText(s)
}

// exampleValues are the examples' inputs (or outputs) that parsed, in
// document order.
func exampleValues(spec *contract.Spec, inputs bool) []any {
	if spec.Examples == nil {
		return nil
	}
	var out []any
	for _, c := range spec.Examples.Cases {
		j := c.Output
		if inputs {
			j = c.Input
		}
		if j != nil && j.Err == nil {
			out = append(out, j.Value)
		}
	}
	return out
}
