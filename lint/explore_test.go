package lint

import "testing"

// TestToolSeed: a tool's seed depends on the run's seed and its own path
// only, and is fixed: the same tree and seed make the same inputs, and a
// report's seed can be repeated, whatever --jobs and --shard are.
func TestToolSeed(t *testing.T) {
	a := toolSeed(DefaultExploreSeed, ".agent/tools/a")
	if a != toolSeed(DefaultExploreSeed, ".agent/tools/a") {
		t.Fatal("toolSeed is not a function of its arguments")
	}
	if a == toolSeed(DefaultExploreSeed, ".agent/tools/b") || a == toolSeed(DefaultExploreSeed+1, ".agent/tools/a") {
		t.Error("toolSeed ignores the path or the seed")
	}
	// A change of the derivation changes every report's seeds and inputs:
	// it must be on purpose.
	if got, want := toolSeed(14, "big"), uint64(972658691795856211); got != want {
		t.Errorf("toolSeed(14, big) = %d, want %d", got, want)
	}
}

// TestStdoutProblem: how explore-stdout's violation is told apart while an
// input shrinks: parseStdout's message without what it quotes.
func TestStdoutProblem(t *testing.T) {
	for msg, want := range map[string]string{
		"stdout is empty; the implementation must print one JSON object; stderr ends: \"x\"": "stdout is empty",
		"stdout is not JSON (invalid character 'd'): \"debug\"":                              "stdout is not JSON",
		"stdout holds more than one JSON value (or text after it): \"{} {}\"":                "stdout holds more than one JSON value",
		"stdout is a JSON array, not a JSON object: \"[]\"":                                  "stdout is a JSON array, not a JSON object",
	} {
		if got := stdoutProblem(msg); got != want {
			t.Errorf("stdoutProblem(%q) = %q, want %q", msg, got, want)
		}
	}
}
