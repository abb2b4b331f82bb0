package lint

import "testing"

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
		if got := namesFile([]byte(tt.text), tt.name); got != tt.want {
			t.Errorf("namesFile(%q, %q) = %v, want %v", tt.text, tt.name, got, tt.want)
		}
	}
}
