package contract

import "testing"

func TestAppendCase(t *testing.T) {
	const add = "### new\ninput: {}\noutput: {\"ok\": true}\n"
	const head = "---\nname: t\n---\n\n"
	tests := []struct{ name, text, want string }{
		{"at the end of the file",
			head + "## Examples\n\n### a\ninput: {}\noutput: {}\n",
			head + "## Examples\n\n### a\ninput: {}\noutput: {}\n\n### new\ninput: {}\noutput: {\"ok\": true}\n"},
		{"without a last newline",
			head + "## Examples\n\n### a\ninput: {}\noutput: {}",
			head + "## Examples\n\n### a\ninput: {}\noutput: {}\n\n### new\ninput: {}\noutput: {\"ok\": true}"},
		{"before the next section, its blank lines kept",
			head + "## Examples\n\n### a\ninput: {}\noutput: {}\n\n  \n\n## Notes\n\ntext\n",
			head + "## Examples\n\n### a\ninput: {}\noutput: {}\n\n### new\ninput: {}\noutput: {\"ok\": true}\n\n  \n\n## Notes\n\ntext\n"},
		{"after the prose of the last case",
			head + "## Examples\n\n### a\ninput: {}\noutput: {}\n\nWhy a.\n# Next\n",
			head + "## Examples\n\n### a\ninput: {}\noutput: {}\n\nWhy a.\n\n### new\ninput: {}\noutput: {\"ok\": true}\n# Next\n"},
		{"a section without a case",
			head + "## Examples\n",
			head + "## Examples\n\n### new\ninput: {}\noutput: {\"ok\": true}\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := ParseText("TOOL.md", []byte(tt.text))
			if spec.Examples == nil {
				t.Fatal("no ## Examples")
			}
			e := AppendCase(spec.Lines, spec.Examples, add)
			s := e.Start.Offset
			got := tt.text[:s] + e.New + tt.text[e.End.Offset:]
			if got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
			after := ParseText("TOOL.md", []byte(got))
			if n := len(after.Examples.Cases); n != len(spec.Examples.Cases)+1 || after.Examples.Cases[n-1].Title != "new" {
				t.Errorf("the case added is not the section's last: %+v", after.Examples.Cases)
			}
		})
	}
}
