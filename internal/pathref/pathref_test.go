package pathref

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

func TestNamesFile(t *testing.T) {
	tests := []struct {
		text, name string
		want       bool
	}{
		{`open("fixtures/a.json")`, "fixtures/a.json", true},
		{`open("./fixtures/a.json")`, "fixtures/a.json", true},
		{`path = base / "a.json"`, "a.json", true},
		{"a.json", "a.json", true},
		{"cat a.json\n", "a.json", true},
		{`open("data.json")`, "a.json", false},
		{`open("a.json.bak")`, "a.json", false},
		{`open("a.jsonl")`, "a.json", false},
		{`"données-a.json"`, "a.json", false},
		{"xa.json a.json", "a.json", true},
		{"", "a.json", false},
	}
	for _, tt := range tests {
		if got := NamesFile([]byte(tt.text), tt.name); got != tt.want {
			t.Errorf("NamesFile(%q, %q) = %v, want %v", tt.text, tt.name, got, tt.want)
		}
	}
}

// TestOutside: absolute, home-relative and parent paths leave the folder,
// written with either separator; relative paths, a lone / or //, URLs and
// texts of several lines do not count.
func TestOutside(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"/etc/passwd", true}, {"~/.ssh/id_rsa", true}, {`C:\Windows`, true}, {"c:/x", true},
		{"../secret", true}, {`..\secret`, true}, {"fixtures/../../x", true}, {"a/..", true}, {"..", true},
		{"fixtures/a.json", false}, {"./a", false}, {"/", false}, {"//host/share", false},
		{"https://example.com/../x", false}, {"/a\n/b", false}, {"", false}, {"...", false}, {"a..b/c", false},
	} {
		if got := Outside(tt.s); got != tt.want {
			t.Errorf("Outside(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

// TestInFolder: a relative path whose first segment is a directory of the
// folder names a file of it, cleaned; an absolute one, one under no such
// directory, and "." or ".." as first segment do not.
func TestInFolder(t *testing.T) {
	dirs := func(name string) bool { return name == "fixtures" || name == "data" || name == "." || name == ".." }
	for _, tt := range []struct {
		s, want string
		ok      bool
	}{
		{"fixtures/a.json", "fixtures/a.json", true}, {"./fixtures//a.json", "fixtures/a.json", true},
		{"data/x/../y", "data/y", true}, {"data", "data", true},
		{"/fixtures/a.json", "", false}, {"other/a.json", "", false}, {"../fixtures/a", "", false},
		{".", "", false}, {"fixtures\nx", "", false}, {"file://fixtures/a", "", false},
	} {
		got, ok := InFolder(tt.s, dirs)
		if got != tt.want || ok != tt.ok {
			t.Errorf("InFolder(%q) = %q, %v, want %q, %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
}

// TestJSONStrings: every string value, depth first, an object's in the
// order of its keys; keys, numbers, booleans and null are not collected.
func TestJSONStrings(t *testing.T) {
	var v any
	if err := json.Unmarshal([]byte(`{"z": "last", "a": ["x", 1, true, null, {"k": "y"}], "m": {"q": "z"}, "n": 2}`), &v); err != nil {
		t.Fatal(err)
	}
	got := JSONStrings(v, []string{"before"})
	if want := []string{"before", "x", "y", "z", "last"}; !slices.Equal(got, want) {
		t.Errorf("JSONStrings = %q, want %q", got, want)
	}
	if got := JSONStrings(3.5, nil); got != nil {
		t.Errorf("JSONStrings(number) = %q, want nil", got)
	}
}

// FuzzNamesFile: never panics, and a text that names a file holds it.
func FuzzNamesFile(f *testing.F) {
	f.Add([]byte(`open("fixtures/a.json")`), "a.json")
	f.Add([]byte("xa.json a.json"), "a.json")
	f.Add([]byte("données"), "es")
	f.Fuzz(func(t *testing.T, text []byte, name string) {
		if NamesFile(text, name) && !bytes.Contains(text, []byte(name)) {
			t.Errorf("NamesFile(%q, %q) without the name in the text", text, name)
		}
	})
}

// FuzzOutside: never panics; a path outside the folder never counts as a
// file of it, and nothing that does not look like a path is either.
func FuzzOutside(f *testing.F) {
	for _, s := range []string{"/etc/passwd", "~/x", `C:\x`, "../x", `a\..\b`, "fixtures/a", "//x", "a://b"} {
		f.Add(s)
	}
	all := func(string) bool { return true }
	f.Fuzz(func(t *testing.T, s string) {
		out := Outside(s)
		ref, in := InFolder(s, all)
		if out && !LooksLikePath(s) {
			t.Errorf("Outside(%q) of a text that does not look like a path", s)
		}
		if in && (!LooksLikePath(s) || ref == "" || ref[0] == '/' || ref == ".." || len(ref) > 2 && ref[:3] == "../") {
			t.Errorf("InFolder(%q) = %q", s, ref)
		}
	})
}
