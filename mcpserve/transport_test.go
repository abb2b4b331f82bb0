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

// TestInFlightDropsCancelled: the response to a request the client
// cancelled before it was answered is dropped; every other message the
// server writes goes out: responses to requests not cancelled, the
// response to a request whose cancellation came after it was answered,
// the server's own requests and notifications, and answers with id null.
// A string id and a number id are different ids, and an id is the same
// however its JSON spells it.
func TestInFlightDropsCancelled(t *testing.T) {
	cancel := func(id string) string {
		return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + id + `}}`
	}
	type step struct {
		client string // a message of the client, or
		server string // one the server writes
		sent   bool   // whether the server's goes out
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"cancelled before the answer", []step{
			{client: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}`},
			{client: cancel("7")},
			{server: `{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"canceled"}}`},
			{server: `{"jsonrpc":"2.0","id":7,"result":{}}`, sent: true}, // its time in flight is over
		}},
		{"answered before the cancellation", []step{
			{client: `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x"}}`},
			{server: `{"jsonrpc":"2.0","id":7,"result":{}}`, sent: true},
			{client: cancel("7")},
			{client: `{"jsonrpc":"2.0","id":8,"method":"ping"}`},
			{server: `{"jsonrpc":"2.0","id":8,"result":{}}`, sent: true},
		}},
		{"never made", []step{
			{client: cancel("9")},
			{server: `{"jsonrpc":"2.0","id":9,"result":{}}`, sent: true},
		}},
		{"a string id is not a number id", []step{
			{client: `{"jsonrpc":"2.0","id":"7","method":"ping"}`},
			{client: `{"jsonrpc":"2.0","id":7,"method":"ping"}`},
			{client: cancel(`"7"`)},
			{server: `{"jsonrpc":"2.0","id":7,"result":{}}`, sent: true},
			{server: `{"jsonrpc":"2.0","id":"7","result":{}}`},
		}},
		{"spelt otherwise", []step{
			{client: `{"jsonrpc":"2.0","id":"a\u0062","method":"ping"}`},
			{client: cancel(`"ab"`)},
			{server: `{"jsonrpc":"2.0","id":"ab","result":{}}`},
		}},
		{"the server's requests and notifications, id null", []step{
			{client: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}`},
			{client: cancel("1")},
			{server: `{"jsonrpc":"2.0","id":1,"method":"roots/list"}`, sent: true},
			{server: `{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}`, sent: true},
			{server: `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`, sent: true},
			{server: `{"jsonrpc":"2.0","id":1,"result":{}}`},
		}},
		{"a cancellation without a usable requestId", []step{
			{client: `{"jsonrpc":"2.0","id":1,"method":"ping"}`},
			{client: `{"jsonrpc":"2.0","method":"notifications/cancelled","params":[1]}`},
			{client: `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{"a":1}}}`},
			{client: `{"jsonrpc":"2.0","method":"notifications/cancelled"}`},
			{server: `{"jsonrpc":"2.0","id":1,"result":{}}`, sent: true},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			requests := &inFlight{cancelled: map[string]bool{}}
			w := &jsonLines{w: nopCloser{&out}, requests: requests}
			for i, s := range tt.steps {
				if s.client != "" {
					requests.received([]byte(s.client))
					continue
				}
				out.Reset()
				if _, err := w.Write([]byte(s.server + "\n")); err != nil {
					t.Fatal(err)
				}
				if sent := out.Len() > 0; sent != s.sent {
					t.Errorf("step %d: %s sent %v, want %v", i, s.server, sent, s.sent)
				}
			}
			if len(requests.cancelled) > 0 {
				t.Errorf("left in flight: %v", requests.cancelled)
			}
		})
	}
}
