package cilog

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestNeutralize(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"plain text", "plain text"},
		{"##vso[task.setvariable variable=x]y", "**vso[task.setvariable variable=x]y"},
		{"title ##vso[task.complete result=Failed]", "title **vso[task.complete result=Failed]"},
		{"##[error]legacy", "**[error]legacy"},
		{"a ##[set-output name=x]y", "a **[set-output name=x]y"},
		{"##teamcity[buildStatus text='x']", "**teamcity[buildStatus text='x']"},
		{"::error file=x::injected", "**error file=x::injected"},
		{"  \t::add-mask::secret", "  \t**add-mask::secret"},
		{"\u00a0\u3000::notice::x", "\u00a0\u3000**notice::x"},
		{"text ::not-at-start::", "text ::not-at-start::"},
		{"a\n::error::x", "a\n**error::x"},
		{"a\r::error::x", "a\r**error::x"},
		{"a\u2028::error::x", "a\u2028**error::x"},
		{"a\u2029::error::x", "a\u2029**error::x"},
		{"a\u0085::error::x", "a\u0085**error::x"},
		{"a\v::e::x\f::e::x\x1c::e::x", "a\v**e::x\f**e::x\x1c**e::x"},
		// Culture-sensitive .NET comparisons skip ignorable characters.
		{"#\u200b#vso[x]", "*\u200b*vso[x]"},
		{"##\u00advso[x]", "**\u00advso[x]"},
		{"#\x00#[x]", "*\x00*[x]"},
		{"##\x1b[0m", "**\x1b[0m"}, // ESC is ignorable: "##" ESC "[" reads "##["
		{"\u200b::error::x", "\u200b**error::x"},
		{":\ufeff:error::x", "*\ufeff*error::x"},
		{"\x1b[1m::error::x", "\x1b[1m**error::x"},
		// A blank is not ignorable inside a command, nor a line break.
		{"# #vso[x]", "# #vso[x]"},
		{"#\n#vso[x]", "#\n#vso[x]"},
		{": :x", ": :x"},
		// Overlaps and neighbours.
		{"###vso[x]", "#**vso[x]"},
		{"##vso[##vso[", "**vso[**vso["},
		{"####[", "##**["},
		{":::x", "**:x"},
		{"##VSO[x]", "##VSO[x]"},
		{"##vso", "##vso"},
		{"#", "#"},
		{"", ""},
	} {
		if got := Neutralize(tt.in); got != tt.want {
			t.Errorf("Neutralize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestNeutralizeExcept(t *testing.T) {
	for _, tt := range []struct{ in, own, want string }{
		{"::error file=a::##vso[x]\n::warning::y\n  ::x::\n", "::", "::error file=a::**vso[x]\n::warning::y\n  **x::\n"},
		{"##vso[task.logissue type=error;]##vso[x]\nok ##[y]\n", "##vso[", "##vso[task.logissue type=error;]**vso[x]\nok **[y]\n"},
		{"##teamcity[inspection message='##vso|[']\n##teamcity[x]\n", "##teamcity[", "##teamcity[inspection message='##vso|[']\n##teamcity[x]\n"},
		{"##teamcity[x]\n ##teamcity[y]\n::z::\n", "##teamcity[", "##teamcity[x]\n **teamcity[y]\n**z::\n"},
		{"a\u2028::x::", "::", "a\u2028**x::"},
	} {
		if got := NeutralizeExcept(tt.in, tt.own); got != tt.want {
			t.Errorf("NeutralizeExcept(%q, %q) =\n%q, want\n%q", tt.in, tt.own, got, tt.want)
		}
	}
}

// hostileTexts are texts full of commands, for the properties below.
var hostileTexts = []string{
	"x ##vso[task.setvariable variable=a]b\n  ::error::c\r::add-mask::d\u2028::e::f ##[g]h ##teamcity[i]",
	"#\u200b#vso[a]\n\x1b[1m::b::\n#\x00#[c]",
	":::::\n#####[[[\n  \u00a0::\u200b:",
	"\x1b",
	"\x1b[",
	"\x1b[12",
	"a\n  :",
	"##teamcit",
}

// TestWriterSplits: however the text is cut into writes, a Writer writes
// what Neutralize makes of the whole.
func TestWriterSplits(t *testing.T) {
	for _, s := range hostileTexts {
		want := Neutralize(s)
		for cut := 0; cut <= len(s); cut++ {
			for cut2 := cut; cut2 <= len(s); cut2++ {
				var out bytes.Buffer
				w := NewWriter(&out)
				for _, part := range []string{s[:cut], s[cut:cut2], s[cut2:]} {
					if n, err := w.Write([]byte(part)); n != len(part) || err != nil {
						t.Fatalf("Write = %d, %v", n, err)
					}
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				if out.String() != want {
					t.Fatalf("%q written in parts at %d and %d:\n%q, want\n%q", s, cut, cut2, out.String(), want)
				}
			}
		}
	}
}

// TestWriterWritesAtOnce: what cannot become a command is written at once
// (the status line must show without waiting for the next write).
func TestWriterWritesAtOnce(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	w.Write([]byte("\r\x1b[2K3/7 tools, running a##"))
	if got := out.String(); got != "\r\x1b[2K3/7 tools, running a" {
		t.Errorf("written %q", got)
	}
	w.Write([]byte("\r\x1b[2K"))
	if got := out.String(); got != "\r\x1b[2K3/7 tools, running a##\r\x1b[2K" {
		t.Errorf("written %q", got)
	}
	w.Write([]byte("done ##vs"))
	w.Write([]byte("o[x]\n"))
	if got := out.String(); !strings.HasSuffix(got, "done **vso[x]\n") {
		t.Errorf("written %q", got)
	}
}

func FuzzNeutralize(f *testing.F) {
	for _, s := range hostileTexts {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, cut uint8) {
		got := Neutralize(s)
		if len(got) != len(s) {
			t.Fatalf("Neutralize(%q) = %q: the length changed", s, got)
		}
		if m := Markers(got); len(m) != 0 {
			t.Fatalf("Neutralize(%q) = %q, which still has commands at %v", s, got, m)
		}
		for i, m := range Markers(s) {
			if s[m] != '#' && s[m] != ':' || i > 0 && m <= Markers(s)[i-1] {
				t.Fatalf("Markers(%q): %d is not a '#' or ':' in order", s, m)
			}
		}
		if d := diffAt(s, got); d >= 0 && !slices.Contains(Markers(s), d) {
			t.Fatalf("Neutralize(%q) changed byte %d, not a marker", s, d)
		}
		i := int(cut) % (len(s) + 1)
		var out bytes.Buffer
		w := NewWriter(&out)
		w.Write([]byte(s[:i]))
		w.Write([]byte(s[i:]))
		w.Flush()
		if out.String() != got {
			t.Fatalf("Writer with a cut at %d wrote %q, Neutralize %q", i, out.String(), got)
		}
	})
}

// diffAt is the first offset where a and b (of one length) differ, or -1.
func diffAt(a, b string) int {
	for i := range len(a) {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}
