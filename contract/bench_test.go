package contract

import (
	"os"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/speccify/speccify-lint/internal/benchcpu"
	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// BenchmarkParseSpec parses one generated TOOL.md: nested schemas in the
// frontmatter, five examples in the body.
func BenchmarkParseSpec(b *testing.B) {
	text := []byte(gencorpus.ToolMD(1, 4))
	if s := parseSpec("TOOL.md", text); len(s.Problems) > 0 || s.Examples == nil || len(s.Examples.Cases) != 5 {
		b.Fatalf("the generated TOOL.md does not parse cleanly: %v", s.Problems)
	}
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		parseSpec("TOOL.md", text)
	}
}

// BenchmarkReadSpec reads and parses the project's own check-plist-keys
// contract from disk.
func BenchmarkReadSpec(b *testing.B) {
	path := "../.agent/tools/check-plist-keys/TOOL.md"
	if _, err := os.Stat(path); err != nil {
		b.Skip(err)
	}
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		if _, err := ReadSpec(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkToJSON converts the inputs and outputs schemas of a generated
// TOOL.md from YAML nodes to JSON with the places of their members.
func BenchmarkToJSON(b *testing.B) {
	text := []byte(gencorpus.ToolMD(1, 4))
	src, inputs := fieldNode(b, text, "inputs")
	_, outputs := fieldNode(b, text, "outputs")
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		for name, n := range map[string]*yaml.Node{"inputs": inputs, "outputs": outputs} {
			if _, problems := src.toJSON(n, name); len(problems) > 0 {
				b.Fatal(problems)
			}
		}
	}
}

// generatedSchemas converts the inputs and outputs schemas of a generated
// TOOL.md to JSON.
func generatedSchemas(b *testing.B) map[string]*JSONDoc {
	b.Helper()
	s := parseSpec("TOOL.md", []byte(gencorpus.ToolMD(1, 4)))
	docs := map[string]*JSONDoc{}
	for name, f := range map[string]*SchemaField{"inputs": s.Frontmatter.Inputs, "outputs": s.Frontmatter.Outputs} {
		if f.Doc == nil {
			b.Fatal(f.Problems)
		}
		docs[name] = f.Doc
	}
	return docs
}

// BenchmarkCompileSchema compiles the inputs and outputs schemas of a
// generated TOOL.md with the library, each for its tool alone, as a schema
// no other tool shares is.
func BenchmarkCompileSchema(b *testing.B) {
	docs := generatedSchemas(b)
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		for name, doc := range docs {
			if _, issues := compileSchema(doc, name, nil, ".", false); len(issues) > 0 {
				b.Fatal(issues)
			}
		}
	}
}

// BenchmarkCompileSchemaShared is CompileSchema of the same schemas once
// they are shared (schemacache.go): their keys and the lookups.
func BenchmarkCompileSchemaShared(b *testing.B) {
	docs := generatedSchemas(b)
	for range 2 { // kept once a second tool has it
		for name, doc := range docs {
			CompileSchema(doc, name, nil, ".")
		}
	}
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		for name, doc := range docs {
			if s, issues := CompileSchema(doc, name, nil, "."); len(issues) > 0 || s.compiler != nil {
				b.Fatal("not shared", issues)
			}
		}
	}
}

// BenchmarkSchemaPrechecks runs the checks CompileSchema makes before the
// library compiles: no remote $refs, and the meta-schema shortcut.
func BenchmarkSchemaPrechecks(b *testing.B) {
	docs := generatedSchemas(b)
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		for _, doc := range docs {
			if issues := remoteRefs(doc.Value); len(issues) > 0 {
				b.Fatal(issues)
			}
			if !provablyValid2020(doc.Value) {
				b.Fatal("a generated schema is not proven valid")
			}
		}
	}
}

// ReadSpec reads and parses the TOOL.md at path, as ReadSpecIn does through
// a Root. A file that is not text gives a Spec with FileErr set; other I/O
// errors are returned.
func ReadSpec(path string) (*Spec, error) {
	text, err := ReadText(path, MaxSpecSize)
	return specOf(path, text, err)
}
