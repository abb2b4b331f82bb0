package lint

import (
	"strings"
	"testing"
	"time"
)

// TestStdoutHelp: the help of example-stdout says what to do for each way
// stdout is not the answer alone, and costs little on a hostile stdout of
// many lines.
func TestStdoutHelp(t *testing.T) {
	for _, tc := range []struct{ stdout, want string }{
		{"", ""},
		{`{"ok": true}`, ""},
		{"loading\n{\"ok\": true}\n", "but line 1 comes before it"},
		{"a\nb {\n{\n \"ok\": true\n}\n", "but lines 1 and 2 come before it"},
		{"a\nb\nc\n{\"ok\": true}", "but lines 1 to 3 come before it"},
		{"{\"ok\": true}\ndone\n", "print it once"},
		{"{\"ok\": true,\n", "print the answer whole in one print"},
		{"{'ok': True}", "JSON needs double quotes"},
		{"[1, 2]", "the answer is one JSON object"},
		{"done\n", "print it with json.dumps"},
	} {
		if got := stdoutHelp([]byte(tc.stdout)); tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("stdoutHelp(%q) = %q, want it to say %q", tc.stdout, got, tc.want)
		}
	}
	start := time.Now()
	hostile := "x\n" + strings.Repeat("{}\n", 1<<20) // 3 MiB: every line an object, and trailing text
	if got := stdoutHelp([]byte(hostile)); !strings.Contains(got, "print it with json.dumps") {
		t.Errorf("hostile stdout: help %q", got)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stdoutHelp took %v on a stdout of a million lines", d)
	}
}
