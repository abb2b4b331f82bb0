package drift

import (
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
// in messages. ok is false when the revision has no TOOL.md there.
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
		s, _ := contract.CompileSchemaFiles(doc, field, files, filepath.Join(r.root, filepath.FromSlash(dir)))
		return s
	})
	return c, true, nil
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
	KindInput    Kind = "input"    // the inputs schema
	KindOutput   Kind = "output"   // the outputs schema
	KindPlatform Kind = "platform" // a platform the tool ran on
	KindEffects  Kind = "effects"  // the effects line
	KindRequires Kind = "requires" // an entry of requires
	KindRemoved  Kind = "removed"  // the tool folder
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
	}
	return string(k)
}

// Change is one difference between a tool's contract at the revision and
// now.
type Change struct {
	Kind Kind
	// Breaking says whether a caller that was right before may be wrong now:
	// a schema change with a witness, a platform dropped, effects widened, a
	// new requirement, a tool removed.
	Breaking bool
	// What says what changed, in a few words.
	What string
	// Schema is the schema change of an input or output change.
	Schema *SchemaChange
	// Entry is the platform or requires entry a change is about.
	Entry string
}

// Compare lists the changes from old to new, breaking ones first, each
// group in a stable order.
func Compare(old, new *Contract) []Change {
	var out []Change
	if old.Spec.FileErr != nil || new.Spec.FileErr != nil {
		return nil
	}
	for _, sc := range CompareSchemas(old.Inputs, new.Inputs, Inputs, exampleValues(old.Spec, true)) {
		out = append(out, Change{Kind: KindInput, Breaking: sc.HasWitness, What: sc.What, Schema: sc})
	}
	for _, sc := range CompareSchemas(old.Outputs, new.Outputs, Outputs, exampleValues(new.Spec, false)) {
		out = append(out, Change{Kind: KindOutput, Breaking: sc.HasWitness, What: sc.What, Schema: sc})
	}
	newPlatforms := new.Platforms()
	for _, p := range old.Platforms() {
		if !slices.Contains(newPlatforms, p) {
			out = append(out, Change{Kind: KindPlatform, Breaking: true, What: "platform " + p + " dropped", Entry: p})
		}
	}
	oldFM, newFM := old.Spec.Frontmatter, new.Spec.Frontmatter
	if oldFM != nil && newFM != nil {
		if contract.WritesNothing(oldFM.Effects.Value) && !contract.WritesNothing(newFM.Effects.Value) {
			out = append(out, Change{Kind: KindEffects, Breaking: true,
				What: "effects widened from " + quote(oldFM.Effects.Value) + " to " + quote(newFM.Effects.Value)})
		}
		var before []string
		for _, r := range oldFM.Requires {
			before = append(before, r.Value)
		}
		for _, r := range newFM.Requires {
			if !slices.Contains(before, r.Value) {
				out = append(out, Change{Kind: KindRequires, Breaking: true, What: "requires " + quote(r.Value) + " added", Entry: r.Value})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Change) int {
		switch {
		case a.Breaking == b.Breaking:
			return 0
		case a.Breaking:
			return -1
		}
		return 1
	})
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
