package report

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"github.com/speccify/speccify-lint/result"
)

// fingerprint identifies a finding across runs without its line number, so
// that code scanning and GitLab keep tracking it when unrelated lines move.
type fingerprint struct {
	// hash is the hex SHA-256 (first 16 bytes) of the rule, the tool folder
	// and the finding's key (its file when it has no key).
	hash string
	// occurrence counts findings with the same hash, from 1, in report order.
	occurrence int
}

// lineHash is the SARIF partialFingerprints.primaryLocationLineHash value:
// "hash:occurrence", the shape GitHub's own fingerprints have.
func (f fingerprint) lineHash() string { return f.hash + ":" + strconv.Itoa(f.occurrence) }

// unique is a hex digest that differs for every finding of one report (the
// GitLab fingerprint).
func (f fingerprint) unique() string {
	sum := sha256.Sum256([]byte(f.hash + ":" + strconv.Itoa(f.occurrence)))
	return hex.EncodeToString(sum[:16])
}

// fingerprints returns the fingerprint of each finding of items, in order.
// items must be in report order (collect's) for occurrences to be stable.
func fingerprints(items []item) []fingerprint {
	seen := map[string]int{}
	out := make([]fingerprint, len(items))
	for i, it := range items {
		h := findingHash(it.f)
		seen[h]++
		out[i] = fingerprint{hash: h, occurrence: seen[h]}
	}
	return out
}

// findingHash hashes what identifies a finding: rule, tool folder and key.
func findingHash(f result.Finding) string {
	key := f.Key
	if key == "" {
		key = f.File
	}
	h := sha256.New()
	// NUL cannot occur in any of the three, so the fields cannot run together.
	for _, s := range []string{f.Rule, f.Tool, key} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}
