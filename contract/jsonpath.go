package contract

import (
	"encoding/json"
	"regexp"
)

var plainMember = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// pathMember formats an object key as a JSON path step: ".name" for a plain
// identifier, `["a b"]` otherwise.
func pathMember(key string) string {
	if plainMember.MatchString(key) {
		return "." + key
	}
	b, _ := json.Marshal(key)
	return "[" + string(b) + "]"
}
