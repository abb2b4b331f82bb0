// Command libfloor is a second floor for scripts/bench.sh: the work a static
// lint of a tool folder cannot avoid with the libraries speccify-lint is built
// on, and nothing else. For every TOOL.md under the given directories it
// lists the tool folder, reads the file, parses the frontmatter into a
// yaml.Node (all readbaseline does), parses the body with goldmark's block
// parser, decodes the inputs and outputs schemas and compiles each with
// santhosh-tekuri/jsonschema/v6 (once per distinct schema, as speccify-lint
// shares compiled schemas), and decodes and validates every example's input
// and output against them. No finding, no position, no report.
//
//	go run ./scripts/libfloor [-upto STEP] DIR...
//
// It collects garbage as speccify-lint does for the same number of tools
// (internal/gcbudget: GOGC 300 and the soft memory limit of the same size,
// so that its peak memory stays under the same goal), unless GOGC or
// GOMEMLIMIT is set.
//
// -upto stops after a step, to measure what each library adds: yaml (all
// readbaseline does, plus the folder listing), markdown, compile, validate
// (the default: everything).
//
// go.mod's ignore directive keeps it out of ./..., as it does readbaseline.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"go.yaml.in/yaml/v3"

	"github.com/speccify/speccify-lint/internal/gcbudget"
	"github.com/speccify/speccify-lint/scripts/internal/toolfiles"
)

// blocks is goldmark's parser without inline parsing, the one speccify-lint
// reads the examples with (contract/examples.go).
var blocks = parser.NewParser(
	parser.WithBlockParsers(parser.DefaultBlockParsers()...),
	parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
)

// The steps, in the order check takes them.
const (
	stepYAML = iota
	stepMarkdown
	stepCompile
	stepValidate
)

// stepOf is the step of each -upto value.
var stepOf = map[string]int{"yaml": stepYAML, "markdown": stepMarkdown, "compile": stepCompile, "validate": stepValidate}

// last is the step check stops after.
var last = stepValidate

// shared holds compiled schemas by their text without annotations, as
// speccify-lint shares them (contract/schemacache.go), but more cheaply: the
// first sharedSize distinct schemas are kept from their first sight on.
var shared struct {
	sync.Mutex
	schemas map[string]*jsonschema.Schema
}

const sharedSize = 1024

// schemaLoc is where a schema is compiled: the library takes a document
// under json-schema.org for a meta-schema and does not validate it against
// the meta-schema, the most that can be saved (speccify-lint skips that
// step only for schemas it has proven valid itself: contract/metacheck.go).
const schemaLoc = "https://json-schema.org/libfloor/schema.json"

func main() {
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: libfloor [-upto yaml|markdown|compile|validate] DIR...")
		os.Exit(2)
	}
	upto := flag.String("upto", "validate", "the last step: yaml, markdown, compile or validate")
	flag.Parse()
	var ok bool
	if last, ok = stepOf[*upto]; !ok || flag.NArg() == 0 {
		flag.Usage()
	}
	shared.schemas = map[string]*jsonschema.Schema{}
	files, err := toolfiles.Find(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "libfloor:", err)
		os.Exit(1)
	}
	gcbudget.SetPercent()
	gcbudget.SetLimit(len(files))
	var checked, failed, invalid atomic.Int64
	toolfiles.Each(files, func(p string) {
		n, err := check(p)
		if err != nil {
			failed.Add(1)
			return
		}
		invalid.Add(int64(n))
		checked.Add(1)
	})
	fmt.Printf("%d TOOL.md checked, %d failed, %d example values invalid\n", checked.Load(), failed.Load(), invalid.Load())
}

// check does a static lint's unavoidable library work for one TOOL.md and
// returns how many example values its schemas refuse.
func check(p string) (int, error) {
	if _, err := os.ReadDir(filepath.Dir(p)); err != nil {
		return 0, err
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return 0, err
	}
	front, body := toolfiles.Split(data)
	var doc yaml.Node
	if err := yaml.Unmarshal(front, &doc); err != nil || len(doc.Content) == 0 {
		return 0, fmt.Errorf("frontmatter: %v", err)
	}
	if last == stepYAML {
		return 0, nil
	}
	root := blocks.Parse(text.NewReader(body))
	if last == stepMarkdown {
		return 0, nil
	}
	var in, out *jsonschema.Schema
	top := doc.Content[0]
	for i := 0; i+1 < len(top.Content); i += 2 {
		switch top.Content[i].Value {
		case "inputs":
			in, err = compile(top.Content[i+1])
		case "outputs":
			out, err = compile(top.Content[i+1])
		}
		if err != nil {
			return 0, err
		}
	}
	if last == stepCompile {
		return 0, nil
	}
	invalid := 0
	err = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || n.Kind() != ast.KindParagraph {
			return ast.WalkContinue, nil
		}
		lines := n.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			line := bytes.TrimRight(seg.Value(body), "\n")
			var sch *jsonschema.Schema
			var value []byte
			if v, ok := bytes.CutPrefix(line, []byte("input: ")); ok {
				sch, value = in, v
			} else if v, ok := bytes.CutPrefix(line, []byte("output: ")); ok {
				sch, value = out, v
			} else {
				continue
			}
			dec := json.NewDecoder(bytes.NewReader(value))
			dec.UseNumber()
			var v any
			if err := dec.Decode(&v); err != nil {
				return ast.WalkStop, err
			}
			if sch != nil && sch.Validate(v) != nil {
				invalid++
			}
		}
		return ast.WalkSkipChildren, nil
	})
	return invalid, err
}

// compile decodes a schema from YAML and compiles it, once per distinct text.
func compile(n *yaml.Node) (*jsonschema.Schema, error) {
	v, err := value(n)
	if err != nil {
		return nil, err
	}
	key, err := json.Marshal(strip(v))
	if err != nil {
		return nil, err
	}
	shared.Lock()
	s, ok := shared.schemas[string(key)]
	keep := !ok && len(shared.schemas) < sharedSize
	shared.Unlock()
	if ok {
		return s, nil
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(schemaLoc, v); err != nil {
		return nil, err
	}
	s, err = c.Compile(schemaLoc)
	if err != nil {
		return nil, err
	}
	if keep {
		shared.Lock()
		shared.schemas[string(key)] = s
		shared.Unlock()
	}
	return s, nil
}

// value is the JSON value of a YAML node: the cheapest walk there is (no
// reflection), numbers kept exact as json.Number.
func value(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		return value(n.Content[0])
	case yaml.AliasNode:
		return value(n.Alias)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := value(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		a := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := value(c)
			if err != nil {
				return nil, err
			}
			a[i] = v
		}
		return a, nil
	}
	switch n.ShortTag() {
	case "!!int", "!!float":
		return json.Number(n.Value), nil
	case "!!bool":
		return n.Value == "true", nil
	case "!!null":
		return nil, nil
	}
	return n.Value, nil
}

// strip drops the annotations that do not change what a schema accepts
// (description, title, examples), so that schemas differing only in their
// words are compiled once, as speccify-lint's shared compiled schemas are.
func strip(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			switch k {
			case "description", "title", "examples":
				delete(v, k)
			default:
				v[k] = strip(e)
			}
		}
	case []any:
		for i, e := range v {
			v[i] = strip(e)
		}
	}
	return v
}
