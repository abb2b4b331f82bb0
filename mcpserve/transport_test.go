package mcpserve

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// filter runs input through jsonFilter and returns what it passes on and
// what it answers.
func filter(input string) (passed, answered string) {
	var out bytes.Buffer
	f := &jsonFilter{in: io.NopCloser(nil), out: &out}
	f.r = newReader(strings.NewReader(input))
	b, _ := io.ReadAll(f)
	return string(b), out.String()
}

func TestJSONFilter(t *testing.T) {
	tests := []struct {
		in, passed, answered string
	}{
		{in: `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n", passed: `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n"},
		{in: "  \n\n", passed: ""},
		{in: "garbage{\n", answered: `"code":-32700`},
		{in: `{"x":1}` + "\n", answered: `"Invalid Request: jsonrpc is not \"2.0\""`},
		{in: "[]\n", answered: `the message is not a JSON object`},
		{in: `{"jsonrpc":"2.0","id":{},"method":"x"}` + "\n", answered: `the id is neither`},
		{in: `{"jsonrpc":"2.0","id":"a","method":3}` + "\n", answered: `"id":"a"`},
		{in: `{"jsonrpc":"2.0","id":1.5,"method":"ping"}` + "\n", answered: `not an integer`},
		{in: `{"jsonrpc":"2.0","id":1e400,"method":"ping"}` + "\n", answered: `not an integer`},
		{in: `{"jsonrpc":"2.0","id":2,"method":"x","params":"s"}` + "\n", answered: `params is neither`},
		{in: `{"jsonrpc":"2.0","id":2}` + "\n", answered: `neither a request`},
		{in: `{"jsonrpc":"2.0","id":2,"result":{}}` + "\n", passed: `{"jsonrpc":"2.0","id":2,"result":{}}` + "\n"},
		{in: `{"jsonrpc":"2.0","method":"notifications/initialized"}`, passed: `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"},
		{in: strings.Repeat("1", maxLine+10) + "\n" + `{"jsonrpc":"2.0","method":"n"}` + "\n", passed: `{"jsonrpc":"2.0","method":"n"}` + "\n", answered: `"code":-32700`},
	}
	for _, tt := range tests {
		name := tt.in
		if len(name) > 40 {
			name = name[:40]
		}
		t.Run(name, func(t *testing.T) {
			passed, answered := filter(tt.in)
			if passed != tt.passed {
				t.Errorf("passed %q, want %q", passed, tt.passed)
			}
			if tt.answered == "" && answered != "" || !strings.Contains(answered, tt.answered) {
				t.Errorf("answered %q, want %q", answered, tt.answered)
			}
		})
	}
}

func TestJSONLinesEscapes(t *testing.T) {
	var out bytes.Buffer
	w := &jsonLines{w: nopCloser{&out}}
	for _, part := range []string{`{"a":"#`, `#vso[x]"}` + "\n" + `{"b":"::e`, `rror::"}`} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), `{"a":"\u0023\u0023vso[x]"}`+"\n"+`{"b":"::error::"}`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// FuzzJSONFilter: whatever a client sends, the filter passes on only lines
// that are JSON objects with jsonrpc "2.0", and every answer is JSON.
func FuzzJSONFilter(f *testing.F) {
	f.Add(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\ngarbage\n[]\n")
	f.Add(`{"jsonrpc":"2.0","id":1.5e3,"result":null}`)
	f.Fuzz(func(t *testing.T, in string) {
		passed, answered := filter(in)
		for _, line := range strings.Split(strings.TrimSuffix(passed, "\n"), "\n") {
			if line == "" {
				continue
			}
			var m map[string]any
			if json.Unmarshal([]byte(line), &m) != nil || m["jsonrpc"] != "2.0" {
				t.Fatalf("passed %q", line)
			}
		}
		for _, line := range strings.Split(strings.TrimSuffix(answered, "\n"), "\n") {
			if line != "" && !json.Valid([]byte(line)) {
				t.Fatalf("answered %q", line)
			}
		}
	})
}
