package lint

import (
	"reflect"
	"testing"
)

// TestCacheKeysEveryConfigField: every field of Config is either part of
// the result cache's key (settingsKey, keyOf) or said here not to change a
// tool's result, so that a field added to Config cannot be left out of the
// key unnoticed.
func TestCacheKeysEveryConfigField(t *testing.T) {
	keyed := map[string]string{
		"Version": "settingsKey", "Root": "settingsKey", "Platform": "settingsKey", "Run": "settingsKey",
		"NotRun": "settingsKey", "Disabled": "settingsKey", "Unsuppressible": "settingsKey",
		"Severities": "settingsKey", "Timeout": "settingsKey (runs)", "MaxOutput": "settingsKey (runs)",
		"Sandbox": "settingsKey (runs)", "PassEnv": "settingsKey (runs)", "Explore": "settingsKey",
		"git": "keyGit", "Profiles": "settingsKey", "MaxAnswerTokens": "settingsKey", "CoverageThreshold": "settingsKey",
	}
	irrelevant := map[string]string{
		"Jobs":     "how many tools at once: the reports are the same whatever it is",
		"Shard":    "which tools are checked, not what a tool's result is",
		"Against":  "no cache with --against (newResultCache)",
		"Cache":    "the cache itself",
		"Progress": "who listens to progress",
		"folders":  "the walk's open directories, the same folders",
	}
	for f := range reflect.TypeFor[Config]().Fields() {
		_, k := keyed[f.Name]
		_, i := irrelevant[f.Name]
		if !k && !i {
			t.Errorf("Config.%s: neither keyed by the result cache (lint/cache.go) nor said not to change a result", f.Name)
		}
	}
}
