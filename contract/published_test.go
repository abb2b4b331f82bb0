package contract

import (
	"reflect"
	"testing"
)

// TestFrontmatterParts: each top-level entry from its key to the end of
// its value, with the comments and blank lines between them as parts with
// no key when all are asked for; only the entries of the keys asked for
// otherwise; the whole YAML as one part when it does not parse, and
// nothing without a closed frontmatter.
func TestFrontmatterParts(t *testing.T) {
	text := "---\nname: t\n# a comment\ndescription: d\n\ninputs: {type: object}\n---\n# body\n"
	s := ParseText("TOOL.md", []byte(text))
	texts := func(parts []FrontmatterPart) [][2]string {
		var out [][2]string
		for _, p := range parts {
			out = append(out, [2]string{p.Key, string(s.Lines.Bytes(p.Span))})
		}
		return out
	}
	if got, want := texts(s.FrontmatterParts(nil)), [][2]string{
		{"name", "name: t"}, {"", "\n# a comment\n"}, {"description", "description: d"}, {"", "\n\n"},
		{"inputs", "inputs: {type: object}"}, {"", "\n"},
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("all parts: %q, want %q", got, want)
	}
	if got, want := texts(s.FrontmatterParts(PublishedFields)), [][2]string{
		{"name", "name: t"}, {"description", "description: d"}, {"inputs", "inputs: {type: object}"},
	}; !reflect.DeepEqual(got, want) {
		t.Errorf("published parts: %q, want %q", got, want)
	}
	if sp, ok := s.FrontmatterSpan(); !ok || sp.Start.Pos.Line != 2 || string(s.Lines.Bytes(sp)) != text[4:len(text)-len("---\n# body\n")] {
		t.Errorf("FrontmatterSpan = %+v, %v", sp, ok)
	}

	broken := ParseText("TOOL.md", []byte("---\nname: [t\n---\n"))
	if got := broken.FrontmatterParts(nil); len(got) != 1 || got[0].Key != "" || string(broken.Lines.Bytes(got[0].Span)) != "name: [t\n" {
		t.Errorf("YAML that does not parse: %+v", got)
	}
	if got := broken.FrontmatterParts(PublishedFields); got != nil {
		t.Errorf("YAML that does not parse, keys asked for: %+v", got)
	}
	for _, text := range []string{"# no frontmatter\n", "---\nname: t\n"} {
		s := ParseText("TOOL.md", []byte(text))
		if _, ok := s.FrontmatterSpan(); ok || s.FrontmatterParts(nil) != nil {
			t.Errorf("%q: a frontmatter", text)
		}
	}
}

// TestEachRegion: the frontmatter's parts only when found finds something
// in its whole text, then each example's title, input and output line,
// each with its key; an unclosed frontmatter has no examples to read.
func TestEachRegion(t *testing.T) {
	text := "---\nname: t\ndescription: d\n---\n\n## Examples\n\n### first\ninput: {\"a\": 1}\noutput: {\"ok\": true}\n"
	s := ParseText("TOOL.md", []byte(text))
	collect := func(s *Spec, found bool) [][2]string {
		var out [][2]string
		s.EachRegion([]string{"description"}, func(Span) bool { return found }, func(r Region) {
			out = append(out, [2]string{r.Key(), string(s.Lines.Bytes(r.Span))})
		})
		return out
	}
	examples := [][2]string{{"first.title", "first"}, {"first.input", `{"a": 1}`}, {"first.output", `{"ok": true}`}}
	if got := collect(s, false); !reflect.DeepEqual(got, examples) {
		t.Errorf("nothing found in the frontmatter: %q, want %q", got, examples)
	}
	if got, want := collect(s, true), append([][2]string{{"description", "description: d"}}, examples...); !reflect.DeepEqual(got, want) {
		t.Errorf("found in the frontmatter: %q, want %q", got, want)
	}
	if got := (Region{}).Key(); got != "frontmatter" {
		t.Errorf("the text between entries has key %q", got)
	}
	if got := collect(ParseText("TOOL.md", []byte("---\nname: t\n\n## Examples\n\n### x\ninput: {}\n")), true); got != nil {
		t.Errorf("an unclosed frontmatter: %q", got)
	}
}
