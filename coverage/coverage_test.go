package coverage

import (
	"fmt"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/contract"
)

// measure parses a TOOL.md text and measures it, its schemas compiled as
// the linter compiles them (no file of a folder is read).
func measure(t testing.TB, text string) *Coverage {
	t.Helper()
	spec := contract.ParseText("TOOL.md", []byte(text))
	tool := Tool{Spec: spec}
	if fm := spec.Frontmatter; fm != nil {
		tool.Inputs = compiled(fm.Inputs)
		tool.Outputs = compiled(fm.Outputs)
	}
	return Of(tool)
}

func compiled(f *contract.SchemaField) *contract.Schema {
	if f == nil || f.Doc == nil {
		return nil
	}
	sch, issues := contract.CompileSchema(f.Doc, f.Key.Name, nil, "/tool")
	if len(issues) > 0 {
		return nil
	}
	return sch
}

// tool is a TOOL.md with the frontmatter fields and examples given.
func tool(fields, examples string) string {
	return "---\nname: t\ndescription: d\n" + fields + "effects: none\n---\n\n## Examples\n\n" + examples
}

// parts renders the parts as "kind path line:col covered|uncovered".
func parts(c *Coverage) []string {
	var out []string
	for _, p := range c.Parts() {
		state := "uncovered"
		if p.Covered {
			state = "covered"
		}
		out = append(out, fmt.Sprintf("%s %s %s %s", p.Kind, p.Path, p.Pos, state))
	}
	return out
}

func TestOf(t *testing.T) {
	tests := []struct {
		name             string
		fields, examples string
		want             []string
	}{{
		name: "given, absent, enum, output keys, failure",
		fields: `inputs:
  type: object
  required: [path]
  properties:
    path: {type: string}
    mode: {enum: [fast, slow, exact]}
outputs:
  type: object
  properties:
    ok: {type: boolean}
    result: {type: string}
    error: {type: string}
`,
		examples: "### a\ninput: {\"path\": \"x\", \"mode\": \"slow\"}\noutput: {\"ok\": true, \"result\": \"r\"}\n\n" +
			"### b\ninput: {\"path\": \"y\"}\noutput: {\"ok\": true}\n",
		want: []string{
			"given /inputs/properties/path 8:5 covered",
			"absent /inputs/properties/mode 9:5 covered",
			"given /inputs/properties/mode 9:5 covered",
			"enum /inputs/properties/mode/enum/0 9:19 uncovered",
			"enum /inputs/properties/mode/enum/1 9:25 covered",
			"enum /inputs/properties/mode/enum/2 9:31 uncovered",
			"failure /outputs/properties/ok 13:5 uncovered",
			"output-key /outputs/properties/ok 13:5 covered",
			"output-key /outputs/properties/result 14:5 covered",
			"output-key /outputs/properties/error 15:5 uncovered",
		},
	}, {
		name: "oneOf branches by validation, const, failure covered",
		fields: `inputs:
  type: object
  properties:
    target:
      oneOf:
        - {type: string}
        - {type: integer}
        - {const: all}
outputs:
  type: object
  properties:
    ok: {type: boolean}
`,
		examples: "### a\ninput: {\"target\": 3}\noutput: {\"ok\": false}\n",
		want: []string{
			"absent /inputs/properties/target 7:5 uncovered",
			"given /inputs/properties/target 7:5 covered",
			"branch /inputs/properties/target/oneOf/0 9:11 uncovered",
			"branch /inputs/properties/target/oneOf/1 10:11 covered",
			"branch /inputs/properties/target/oneOf/2 11:11 uncovered",
			"const /inputs/properties/target/oneOf/2/const 11:12 uncovered",
			"failure /outputs/properties/ok 15:5 covered",
			"output-key /outputs/properties/ok 15:5 covered",
		},
	}, {
		name: "if/then/else arms, anyOf",
		fields: `inputs:
  type: object
  properties:
    n: {anyOf: [{minimum: 0}, {maximum: 10}]}
  if: {properties: {n: {minimum: 5}}}
  then: {required: [n]}
  else: {properties: {n: {const: 1}}}
`,
		examples: "### a\ninput: {\"n\": 1}\noutput: {}\n",
		want: []string{
			"absent /inputs/properties/n 7:5 uncovered",
			"given /inputs/properties/n 7:5 covered",
			"branch /inputs/properties/n/anyOf/0 7:17 covered",
			"branch /inputs/properties/n/anyOf/1 7:31 covered",
			"arm /inputs/then 9:3 uncovered",
			"arm /inputs/else 10:3 covered",
			"absent /inputs/else/properties/n 10:23 uncovered",
			"given /inputs/else/properties/n 10:23 covered",
			"const /inputs/else/properties/n/const 10:27 covered",
		},
	}, {
		name: "recursive $ref, items, additionalProperties",
		fields: `inputs:
  $ref: "#/$defs/node"
  $defs:
    node:
      type: object
      properties:
        kind: {enum: [leaf, tree]}
        children: {type: array, items: {$ref: "#/$defs/node"}}
      additionalProperties: {enum: [1]}
`,
		examples: "### a\ninput: {\"kind\": \"tree\", \"children\": [{\"kind\": \"leaf\", \"x\": 1}]}\noutput: {}\n",
		want: []string{
			"absent /inputs/$defs/node/properties/kind 10:9 uncovered",
			"given /inputs/$defs/node/properties/kind 10:9 covered",
			"enum /inputs/$defs/node/properties/kind/enum/0 10:23 covered",
			"enum /inputs/$defs/node/properties/kind/enum/1 10:29 covered",
			"absent /inputs/$defs/node/properties/children 11:9 covered",
			"given /inputs/$defs/node/properties/children 11:9 covered",
			"enum /inputs/$defs/node/additionalProperties/enum/0 12:37 covered",
		},
	}, {
		name:     "no examples: every part uncovered; outputs without ok have no failure part",
		fields:   "inputs: {type: object, properties: {a: {const: 1}}}\noutputs: {type: object, properties: {r: {}}}\n",
		examples: "",
		want: []string{
			"absent /inputs/properties/a 4:37 uncovered",
			"given /inputs/properties/a 4:37 uncovered",
			"const /inputs/properties/a/const 4:41 uncovered",
			"output-key /outputs/properties/r 5:38 uncovered",
		},
	}, {
		name:     "an aliased schema has no layout: placed by the document",
		fields:   "inputs: &s {type: object, properties: {a: {enum: [1, 2]}}}\noutputs: *s\n",
		examples: "### a\ninput: {\"a\": 2}\noutput: {\"a\": 1}\n",
		want: []string{
			"absent /inputs/properties/a 4:40 uncovered",
			"given /inputs/properties/a 4:40 covered",
			"output-key /outputs/properties/a 4:40 covered",
			"enum /inputs/properties/a/enum/0 4:51 uncovered",
			"enum /inputs/properties/a/enum/1 4:54 covered",
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, visit := range []bool{false, true} {
				alwaysVisit = visit // a walk keeping its visited pairs finds the same
				c := measure(t, tool(tt.fields, tt.examples))
				alwaysVisit = false
				got := parts(c)
				if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
					t.Errorf("parts (alwaysVisit %v):\n%s\nwant:\n%s", visit, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
				}
			}
		})
	}
}

func TestCounts(t *testing.T) {
	c := measure(t, tool("inputs: {properties: {mode: {enum: [a, b]}}}\n", "### a\ninput: {\"mode\": \"a\"}\noutput: {}\n"))
	// given mode, enum a covered; absent mode, enum b not: 2 of 4.
	if c.Total() != 4 || c.Covered() != 2 || c.Percent() != 50 || len(c.Uncovered()) != 2 {
		t.Errorf("total %d covered %d percent %d uncovered %d", c.Total(), c.Covered(), c.Percent(), len(c.Uncovered()))
	}
	c = measure(t, tool("inputs: {enum: [a, b, c]}\n", "### a\ninput: \"a\"\noutput: {}\n\n### b\ninput: \"b\"\noutput: {}\n"))
	if c.Total() != 3 || c.Covered() != 2 || c.Percent() != 66 || len(c.Uncovered()) != 1 {
		t.Errorf("total %d covered %d percent %d uncovered %d", c.Total(), c.Covered(), c.Percent(), len(c.Uncovered()))
	}
	if (&Coverage{}).Percent() != 100 {
		t.Error("a contract without parts is fully covered")
	}
}

func TestNoFrontmatter(t *testing.T) {
	if c := measure(t, "# no frontmatter\n"); c != nil {
		t.Errorf("coverage of a TOOL.md without frontmatter: %v", c)
	}
}

// TestSpans: a part's span is its keyword's text in TOOL.md.
func TestSpans(t *testing.T) {
	text := tool("inputs:\n  type: object\n  properties:\n    mode: {enum: [fast, \"slow\"]}\n", "")
	c := measure(t, text)
	lines := contract.NewLines([]byte(text))
	var got []string
	for _, p := range c.Parts() {
		got = append(got, string(p.Kind)+"="+lines.Text(p.Span))
	}
	want := "absent=mode given=mode enum=fast enum=\"slow\""
	if strings.Join(got, " ") != want {
		t.Errorf("spans %q, want %q", strings.Join(got, " "), want)
	}
}

// TestHostileSchemas: recursive and exploding schemas end, bounded.
func TestHostileSchemas(t *testing.T) {
	deep := strings.Repeat("{properties: {a: ", 200) + "{}" + strings.Repeat("}}", 200)
	deepInput := strings.Repeat(`{"a": `, 150) + "1" + strings.Repeat("}", 150)
	for name, fields := range map[string]string{
		"self ref":     "inputs: {$ref: \"#\", enum: [1]}\n",
		"ref loop":     "inputs: {$ref: \"#/$defs/a\", $defs: {a: {$ref: \"#/$defs/b\"}, b: {$ref: \"#/$defs/a\", enum: [1]}}}\n",
		"anyOf bomb":   "inputs: {$defs: {a: {anyOf: [{$ref: \"#/$defs/a\"}, {$ref: \"#/$defs/a\"}, {enum: [1]}]}}, $ref: \"#/$defs/a\"}\n",
		"deep":         "inputs: " + deep + "\n",
		"ref nowhere":  "inputs: {$ref: \"#/nowhere/0\"}\n",
		"ref to file":  "inputs: {$ref: \"other.json\"}\n",
		"ref anchor":   "inputs: {$ref: \"#x\", $defs: {a: {$anchor: x}}}\n",
		"huge enum":    "inputs: {properties: {e: {enum: [" + strings.Repeat("1, ", 30000) + "2]}}}\n",
		"bad pointers": "inputs: {properties: {\"a/b~c\": {enum: [1]}, \"%\": {oneOf: [{}]}}}\n",
	} {
		t.Run(name, func(t *testing.T) {
			c := measure(t, tool(fields, "### a\ninput: "+deepInput+"\noutput: {}\n\n### b\ninput: {\"a/b~c\": 1, \"%\": 1}\noutput: {}\n"))
			if c == nil {
				t.Fatal("nil coverage")
			}
			if c.Total() > 2*maxParts {
				t.Errorf("%d parts, more than %d a field", c.Total(), maxParts)
			}
			for _, p := range c.Parts() {
				if p.Pos.Line < 1 {
					t.Errorf("part %s %s has no place", p.Kind, p.Path)
				}
			}
		})
	}
}

func FuzzOf(f *testing.F) {
	f.Add("inputs: {properties: {a: {enum: [1, 2]}}, oneOf: [{}, {$ref: \"#\"}]}\n", `{"a": 1}`)
	f.Add("inputs: {$ref: \"#/$defs/a\", $defs: {a: {anyOf: [{$ref: \"#/$defs/a\"}]}}}\noutputs: {properties: {ok: {}}}\n", `{"ok": false}`)
	f.Add("inputs: {if: {const: 1}, then: {}, else: {}, items: [{enum: [1]}], prefixItems: [{}]}\n", `[1, 2]`)
	f.Fuzz(func(t *testing.T, fields, input string) {
		if len(fields) > 4096 || len(input) > 4096 {
			return
		}
		text := tool(fields, "### a\ninput: "+input+"\noutput: "+input+"\n")
		c := measure(t, text)
		if c == nil {
			return
		}
		if c.Covered() > c.Total() {
			t.Fatalf("covered %d of %d", c.Covered(), c.Total())
		}
		alwaysVisit = true
		visiting := measure(t, text)
		alwaysVisit = false
		if got, want := fmt.Sprint(parts(c), c.Cuts), fmt.Sprint(parts(visiting), visiting.Cuts); got != want {
			t.Fatalf("walk without the visited pairs:\n%s\nwith them:\n%s", got, want)
		}
		seen := map[partKey]bool{}
		for _, p := range c.Parts() {
			if seen[partKey{p.Kind, p.Path}] {
				t.Fatalf("part %s %s twice", p.Kind, p.Path)
			}
			seen[partKey{p.Kind, p.Path}] = true
		}
	})
}

// TestCuts: a measure that a bound cuts short says so (Cuts, Partial), and
// a part that the walk of the examples did not reach is not a gap: it
// stays out of Uncovered. When only the counting stopped, the parts
// counted are measured and their gaps are gaps.
func TestCuts(t *testing.T) {
	nested := func(levels int, leaf string) string {
		return strings.Repeat(`{"next": `, levels) + leaf + strings.Repeat("}", levels)
	}
	tree := "inputs: {$ref: \"#/$defs/n\", $defs: {n: {properties: {next: {$ref: \"#/$defs/n\"}, v: {enum: [1, 2]}}}}}\n"
	ones := "[" + strings.Repeat("1, ", maxSteps) + "2]"
	tests := []struct {
		name             string
		fields, examples string
		// cuts are "field: why walk"; uncovered the paths Uncovered must
		// hold, and not those it must not.
		cuts               []string
		uncovered, notGaps []string
	}{{
		name:      "measured in full",
		fields:    tree,
		examples:  "### a\ninput: " + nested(3, `{"v": 2}`) + "\noutput: {}\n",
		uncovered: []string{"/inputs/$defs/n/properties/v/enum/0"},
	}, {
		name:     "the walk of a recursive $ref goes deeper than the bound",
		fields:   tree,
		examples: "### a\ninput: " + nested(40, `{"v": 2}`) + "\noutput: {}\n",
		cuts:     []string{"inputs: its schema nests deeper than 64 schemas true"},
		notGaps:  []string{"/inputs/$defs/n/properties/v/enum/0", "/inputs/$defs/n/properties/v/enum/1"},
	}, {
		name:     "the walk of an example takes more steps than the bound",
		fields:   "inputs: {items: {enum: [1, 2, 3]}}\n",
		examples: "### a\ninput: " + ones + "\noutput: {}\n",
		cuts:     []string{"inputs: the walk of its examples' values takes more than 65,536 steps true"},
		notGaps:  []string{"/inputs/items/enum/1", "/inputs/items/enum/2"},
	}, {
		name:     "a schema with more parts than the bound",
		fields:   "inputs: {properties: {e: {enum: [" + strings.Repeat("1, ", maxParts) + "2]}}}\n",
		examples: "### a\ninput: {}\noutput: {}\n",
		cuts:     []string{"inputs: its schema has more than 10,000 parts false"},
		// given e, absent e and the first 9,998 values are counted.
		uncovered: []string{"/inputs/properties/e", "/inputs/properties/e/enum/9997"},
	}, {
		name:      "a schema nested deeper than the bound",
		fields:    "inputs: " + strings.Repeat("{properties: {a: ", 70) + "{enum: [1]}" + strings.Repeat("}}", 70) + "\n",
		examples:  "### a\ninput: {}\noutput: {}\n",
		cuts:      []string{"inputs: its schema nests deeper than 64 schemas false"},
		uncovered: []string{"/inputs/properties/a"},
	}, {
		name:     "outputs cut, inputs measured",
		fields:   "inputs: {properties: {n: {}}}\noutputs: {items: {properties: {k: {}}}}\n",
		examples: "### a\ninput: {}\noutput: " + "[" + strings.Repeat("{}, ", maxSteps) + "{\"k\": 1}]" + "\n",
		cuts:     []string{"outputs: the walk of its examples' values takes more than 65,536 steps true"},
		// inputs' gap is measured; outputs' k was never reached.
		uncovered: []string{"/inputs/properties/n"},
		notGaps:   []string{"/outputs/items/properties/k"},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := measure(t, tool(tt.fields, tt.examples))
			var cuts []string
			for _, cut := range c.Cuts {
				cuts = append(cuts, fmt.Sprintf("%s: %s %v", cut.Field, cut.Why, cut.Walk))
				if cut.Span == (contract.Span{}) {
					t.Errorf("cut of %s has no span", cut.Field)
				}
			}
			if strings.Join(cuts, "\n") != strings.Join(tt.cuts, "\n") {
				t.Errorf("cuts:\n%s\nwant:\n%s", strings.Join(cuts, "\n"), strings.Join(tt.cuts, "\n"))
			}
			if c.Partial() != (len(tt.cuts) > 0) {
				t.Errorf("Partial() = %v with cuts %q", c.Partial(), cuts)
			}
			gaps := map[string]bool{}
			for _, p := range c.Uncovered() {
				gaps[p.Path] = true
			}
			for _, p := range tt.uncovered {
				if !gaps[p] {
					t.Errorf("%s is not among the gaps", p)
				}
			}
			for _, p := range tt.notGaps {
				if gaps[p] {
					t.Errorf("%s is reported as a gap; the walk did not measure it", p)
				}
			}
		})
	}
}
