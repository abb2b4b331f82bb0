// Package machinetext finds, in a text a contract publishes, what belongs
// to one machine, person or network: a home folder path, an e-mail
// address, what looks like a secret (a token of a known service, a private
// key, a value assigned to a secret's name) and a private host name or
// address. Each kind is a matcher: a cheap hint, a finder and a judge that
// leaves out the placeholders and the lookalikes. The machine-specific
// rule (package lint) reports what Find returns.
package machinetext

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// machineMatcher finds one kind of machine-specific text.
type machineMatcher struct {
	// hint is a cheap test that a text may hold a match: find runs only
	// where it passes.
	hint func(text []byte) bool
	// find finds the candidates, as FindAllSubmatchIndex does.
	find func(text []byte) [][]int
	// judge decides a match m (indexes into text, as FindAllStringSubmatchIndex
	// gives them): the part of the text it is about (start, end) and what it
	// is ("the home folder path /Users/alice, ..."), or ok false.
	judge func(text string, m []int) (start, end int, what string, ok bool)
	help  string
}

// Help texts of the kinds of machine-specific text.
const (
	helpHomePath = "write the path relative to the tool folder, or a placeholder such as <home>/project"
	helpEmail    = "use an address of example.com, which RFC 2606 reserves for examples"
	helpSecret   = "remove it, and revoke it if it is real: whoever reads the contract has it"
	helpHost     = "use a host under example.com (RFC 2606) or an address of 192.0.2.0/24 (RFC 5737), reserved for documentation"
)

// machineMatchers in order of precedence: where two matches overlap, the
// earlier matcher's is reported.
var machineMatchers = []machineMatcher{
	{has("PRIVATE KEY"), all(regexp.MustCompile(`-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:\s|\\[nr])*[A-Za-z0-9+/]{16}`)), judgePrivateKey, helpSecret},
	{has("AKIA", "ASIA"), all(regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`)), judgeToken("an AWS access key id", 4), helpSecret},
	{has("gh"), all(regexp.MustCompile(`\bgh[pousr]_[A-Za-z0-9]{36,255}\b`)), judgeToken("a GitHub token", 4), helpSecret},
	{has("github_pat_"), all(regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{22,255}\b`)), judgeToken("a GitHub token", 11), helpSecret},
	{has("glpat-"), all(regexp.MustCompile(`\bglpat-[A-Za-z0-9_-]{20,255}\b`)), judgeToken("a GitLab token", 6), helpSecret},
	{has("xox"), all(regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,255}\b`)), judgeToken("a Slack token", 5), helpSecret},
	{has("_live_"), all(regexp.MustCompile(`\b[rs]k_live_[A-Za-z0-9]{16,255}\b`)), judgeToken("a Stripe live key", 8), helpSecret},
	{has("AIza"), all(regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}\b`)), judgeToken("a Google API key", 4), helpSecret},
	{has("sk-"), all(regexp.MustCompile(`\bsk-[A-Za-z0-9_-]{20,255}\b`)), judgeToken("an OpenAI or Anthropic API key", 3), helpSecret},
	{hasLower("key", "token", "secret", "passw", "pwd"), findAssignments, judgeAssignment, helpSecret},
	{hasLower(":\\users", ":/users", ":\\\\users", "documents and settings"), all(regexp.MustCompile(`(?i)\b[a-z]:(?:\\{1,2}|/)(?:users|documents and settings)(?:\\{1,2}|/)([a-z0-9._-]+)`)), judgeWindowsHome, helpHomePath},
	{has("/Users/", "/home/"), all(regexp.MustCompile(`/(?:Users|home)/([A-Za-z0-9._-]+)`)), judgeUnixHome, helpHomePath},
	{has("@"), all(regexp.MustCompile(`[A-Za-z0-9._%+-]+@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.([A-Za-z]{2,}))\b`)), judgeEmail, helpEmail},
	{hasLower(".local", ".internal", ".corp", ".lan", ".intranet", ".home.arpa"), all(privateHostName), judgePrivateHost, helpHost},
	{has("10.", "172.", "192.168."), all(regexp.MustCompile(`\b(?:10|172|192)\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\b`)), judgePrivateAddress, helpHost},
}

// all finds every match of re.
func all(re *regexp.Regexp) func([]byte) [][]int {
	return func(text []byte) [][]int { return re.FindAllSubmatchIndex(text, -1) }
}

// secretName matches, at the end of a text, the name of a secret that a
// value is assigned to: api_key, client-secret, TOKEN, "password".
var secretName = regexp.MustCompile(`(?i)(?:^|[^a-z0-9])((?:api|access|secret|client|auth)[_-]?(?:key|token|secret)|apikey|token|secret|password|passwd|pwd)["']?[ \t]*$`)

// minSecret is the length from which an assigned value may be a secret.
const minSecret = 8

// findAssignments finds values assigned to a secret's name (NAME=VALUE,
// NAME: VALUE, "NAME": "VALUE"): each = or : followed by blanks, a quote
// and a VALUE of minSecret or more letters, digits and _-+/=.~ with a
// digit in it, with a secret's name before it (secretName). The match is
// from the name to the end of the value; group 1 is the name, 2 the value.
// A scan of the separators rather than one regular expression, which Go
// would try at every position of every text.
func findAssignments(text []byte) [][]int {
	var out [][]int
	for i := 0; i < len(text); i++ {
		if text[i] != ':' && text[i] != '=' {
			continue
		}
		v := i + 1
		for v < len(text) && (text[v] == ' ' || text[v] == '\t') {
			v++
		}
		if v < len(text) && (text[v] == '"' || text[v] == '\'') {
			v++
		}
		end, digit := v, false
		for end < len(text) && isSecretByte(text[end]) {
			digit = digit || text[end] >= '0' && text[end] <= '9'
			end++
		}
		if end-v < minSecret || !digit {
			continue
		}
		from := max(0, i-64)
		m := secretName.FindSubmatchIndex(text[from:i])
		if m == nil {
			continue
		}
		out = append(out, []int{from + m[2], end, from + m[2], from + m[3], v, end})
		i = end - 1
	}
	return out
}

// isSecretByte reports whether b can be part of an assigned secret.
func isSecretByte(b byte) bool {
	return isASCIIAlnumByte(b) || strings.IndexByte("_-+/=.~", b) >= 0
}

// has is the hint that the text holds one of subs.
func has(subs ...string) func([]byte) bool {
	bs := make([][]byte, len(subs))
	for i, sub := range subs {
		bs[i] = []byte(sub)
	}
	return func(text []byte) bool {
		return slices.ContainsFunc(bs, func(sub []byte) bool { return bytes.Contains(text, sub) })
	}
}

// hasLower is the hint that the text holds one of subs, lowercase ASCII,
// in any case.
func hasLower(subs ...string) func([]byte) bool {
	return func(text []byte) bool {
		return slices.ContainsFunc(subs, func(sub string) bool { return containsFold(text, sub) })
	}
}

// containsFold reports whether text holds sub (lowercase ASCII, not
// empty) in any case of its ASCII letters. It jumps from one place of sub's
// first byte (either case) to the next with bytes.IndexByte, which scans
// many bytes at a time: every region of TOOL.md is searched for some
// fifteen hints, most of them not there.
func containsFold(text []byte, sub string) bool {
	if len(sub) == 0 {
		return true
	}
	lower, upper := sub[0], sub[0]
	if lower >= 'a' && lower <= 'z' {
		upper = lower - 'a' + 'A'
	}
	starts := text[:max(0, len(text)-len(sub)+1)] // the places sub can start at
	// nextLower and nextUpper are the next places of each case of sub's
	// first byte at or after i, once looked up (len(starts): none left).
	nextLower, nextUpper := -1, -1
	for i := 0; i < len(starts); i++ {
		if nextLower < i {
			nextLower = indexFrom(starts, lower, i)
		}
		if nextUpper < i {
			nextUpper = indexFrom(starts, upper, i)
		}
		if i = min(nextLower, nextUpper); i == len(starts) {
			return false
		}
		if hasPrefixFold(text[i:], sub) {
			return true
		}
	}
	return false
}

// indexFrom is the index of the first c in text at or after from;
// len(text) when there is none.
func indexFrom(text []byte, c byte, from int) int {
	if j := bytes.IndexByte(text[from:], c); j >= 0 {
		return from + j
	}
	return len(text)
}

// hasPrefixFold reports whether text starts with sub (lowercase ASCII) in
// any case of its ASCII letters.
func hasPrefixFold(text []byte, sub string) bool {
	if len(text) < len(sub) {
		return false
	}
	for j := range len(sub) {
		if lowerASCII(text[j]) != sub[j] {
			return false
		}
	}
	return true
}

func lowerASCII(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// privateHostName matches a host name under a top-level domain that only a
// private network resolves.
var privateHostName = regexp.MustCompile(`(?i)\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:local|internal|corp|lan|intranet|home\.arpa)\b`)

// Hit is machine-specific text found: text[Start:End], what it is ("the
// home folder path /Users/alice, which is one machine's") and how to fix
// it.
type Hit struct {
	Start, End int
	What, Help string
}

// Find returns the machine-specific texts of b, in the order of the
// matchers' precedence; where two matches overlap, the earlier matcher's.
func Find(b []byte) []Hit {
	var out []Hit
	text := "" // b as a string, made once something is found
	for _, mm := range machineMatchers {
		if !mm.hint(b) {
			continue
		}
		for _, m := range mm.find(b) {
			if text == "" {
				text = string(b)
			}
			start, end, what, ok := mm.judge(text, m)
			if !ok || slices.ContainsFunc(out, func(h Hit) bool { return start < h.End && h.Start < end }) {
				continue
			}
			out = append(out, Hit{Start: start, End: end, What: what, Help: mm.help})
		}
	}
	return out
}

// group is the text of the submatch i of m, "" when it did not match.
func group(text string, m []int, i int) string {
	if 2*i+1 >= len(m) || m[2*i] < 0 {
		return ""
	}
	return text[m[2*i]:m[2*i+1]]
}

// judgePrivateKey: the header of a private key followed by its base64
// text; the finding is at the header.
func judgePrivateKey(text string, m []int) (int, int, string, bool) {
	header := text[m[0]:m[1]]
	end := m[0] + strings.Index(header[len("-----BEGIN"):], "-----") + len("-----BEGIN") + len("-----")
	return m[0], end, fmt.Sprintf("a private key (%s)", text[m[0]:end]), true
}

// judgeToken judges a token of the given kind whose prefix is prefix bytes
// long: real when what follows the prefix has a digit and 10 different
// characters, and, for an AWS key id, does not end in EXAMPLE.
func judgeToken(kind string, prefix int) func(string, []int) (int, int, string, bool) {
	return func(text string, m []int) (int, int, string, bool) {
		tok := text[m[0]:m[1]]
		body := tok[prefix:]
		if strings.HasSuffix(tok, "EXAMPLE") || !strings.ContainsAny(body, "0123456789") || distinct(body) < 10 {
			return 0, 0, "", false
		}
		return m[0], m[1], fmt.Sprintf("what looks like %s (%s…), a secret", kind, tok[:prefix]), true
	}
}

// placeholderWords are parts of a value that say it is not a real secret.
var placeholderWords = []string{"example", "sample", "dummy", "fake", "placeholder", "redacted", "changeme", "your", "xxx"}

// judgeAssignment: a secret-looking value assigned to a secret's name.
func judgeAssignment(text string, m []int) (int, int, string, bool) {
	name, value := group(text, m, 1), group(text, m, 2)
	lower := strings.ToLower(value)
	if !strings.ContainsAny(value, "0123456789") || strings.IndexFunc(value, isASCIILetter) < 0 || distinct(value) < 6 ||
		slices.ContainsFunc(placeholderWords, func(w string) bool { return strings.Contains(lower, w) }) {
		return 0, 0, "", false
	}
	return m[2], m[5], fmt.Sprintf("what looks like a secret assigned to %s", name), true
}

func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// distinct counts the different bytes of s.
func distinct(s string) int {
	var seen [256]bool
	n := 0
	for i := 0; i < len(s); i++ {
		if !seen[s[i]] {
			seen[s[i]] = true
			n++
		}
	}
	return n
}

// placeholderUsers are user names that stand for anyone's, and the
// folders every machine has.
var placeholderUsers = []string{"user", "username", "you", "your-name", "your_name", "yourname", "me", "name", "someone",
	"somebody", "example", "shared", "public", "default", "all users", "linuxbrew"}

// judgeUnixHome: /Users/NAME or /home/NAME at the start of a path (or of a
// file:// URL's), NAME no placeholder.
func judgeUnixHome(text string, m []int) (int, int, string, bool) {
	if m[0] > 0 && !strings.HasSuffix(text[:m[0]], "file://") {
		if b := text[m[0]-1]; isASCIIAlnumByte(b) || strings.IndexByte("_/.~-", b) >= 0 {
			return 0, 0, "", false
		}
	}
	return homePath(text, m)
}

// judgeWindowsHome: C:\Users\NAME, NAME no placeholder.
func judgeWindowsHome(text string, m []int) (int, int, string, bool) {
	return homePath(text, m)
}

// homePath judges a home folder path: its user name is no placeholder. A
// full stop after it ends a sentence.
func homePath(text string, m []int) (int, int, string, bool) {
	end := m[1]
	for end > m[2] && text[end-1] == '.' {
		end--
	}
	if end == m[2] || slices.Contains(placeholderUsers, strings.ToLower(text[m[2]:end])) {
		return 0, 0, "", false
	}
	return m[0], end, fmt.Sprintf("the home folder path %s, which is one machine's", text[m[0]:end]), true
}

func isASCIIAlnumByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// reservedDomains are the domains reserved for examples (RFC 2606): an
// address there, or under them, is nobody's.
var reservedDomains = []string{"example.com", "example.net", "example.org"}

// reservedTLDs are the top-level domains reserved by RFC 2606 and RFC 6761.
var reservedTLDs = []string{"example", "test", "invalid", "localhost"}

// fileExtensions are endings of file names that an e-mail's pattern would
// read as a top-level domain (icon@2x.png).
var fileExtensions = []string{"png", "jpg", "jpeg", "gif", "svg", "webp", "ico", "pdf", "txt", "json", "md", "yaml", "yml",
	"py", "js", "ts", "sh", "go", "rb", "html", "css", "zip", "gz", "tar"}

// judgeEmail: an address whose domain is nobody's in particular is not
// reported, nor a repository (git@host:...) or a file name.
func judgeEmail(text string, m []int) (int, int, string, bool) {
	local := text[m[0] : strings.IndexByte(text[m[0]:], '@')+m[0]]
	domain, tld := strings.ToLower(group(text, m, 1)), strings.ToLower(group(text, m, 2))
	switch {
	case m[0] > 0 && (isASCIIAlnumByte(text[m[0]-1]) || strings.IndexByte("._%+-", text[m[0]-1]) >= 0):
		return 0, 0, "", false // inside a longer token
	case m[1] < len(text) && (text[m[1]] == ':' || text[m[1]] == '-' || text[m[1]] == '_'):
		return 0, 0, "", false // host:path, or a longer name
	case privateHostName.MatchString(domain):
		return 0, 0, "", false // user@host of a private network: judgePrivateHost's
	case local == "git", slices.Contains(reservedTLDs, tld), slices.Contains(fileExtensions, tld),
		slices.ContainsFunc(reservedDomains, func(d string) bool { return domain == d || strings.HasSuffix(domain, "."+d) }):
		return 0, 0, "", false
	}
	return m[0], m[1], fmt.Sprintf("the e-mail address %s, which is someone's", text[m[0]:m[1]]), true
}

// judgePrivateHost: a private host name where a host is written.
func judgePrivateHost(text string, m []int) (int, int, string, bool) {
	before, after := text[:m[0]], text[m[1]:]
	if after != "" && (isASCIIAlnumByte(after[0]) || strings.IndexByte("_-(", after[0]) >= 0 ||
		after[0] == '.' && len(after) > 1 && isASCIIAlnumByte(after[1])) {
		return 0, 0, "", false // a longer name, or a call
	}
	hostBefore := strings.HasSuffix(before, "://") || strings.HasSuffix(before, "@") || strings.HasSuffix(before, ": ") ||
		strings.HasSuffix(before, "\"") || strings.HasSuffix(before, "'") || strings.HasSuffix(before, "`")
	hostAfter := strings.HasPrefix(after, "/") || len(after) > 1 && after[0] == ':' && after[1] >= '0' && after[1] <= '9'
	if !hostBefore && !hostAfter {
		return 0, 0, "", false
	}
	return m[0], m[1], fmt.Sprintf("the private host name %s, which resolves on one network only", text[m[0]:m[1]]), true
}

// judgePrivateAddress: an address of RFC 1918's private ranges, not part
// of a longer dotted number and not written as a network (CIDR).
func judgePrivateAddress(text string, m []int) (int, int, string, bool) {
	addr := text[m[0]:m[1]]
	before, after := text[:m[0]], text[m[1]:]
	if strings.HasSuffix(before, ".") || len(after) > 1 && (after[0] == '.' || after[0] == '/') && after[1] >= '0' && after[1] <= '9' {
		return 0, 0, "", false
	}
	var o [4]int
	for i, p := range strings.Split(addr, ".") {
		n, err := strconv.Atoi(p)
		if err != nil || n > 255 {
			return 0, 0, "", false
		}
		o[i] = n
	}
	if !(o[0] == 10 || o[0] == 172 && o[1] >= 16 && o[1] <= 31 || o[0] == 192 && o[1] == 168) {
		return 0, 0, "", false
	}
	return m[0], m[1], fmt.Sprintf("the private address %s (RFC 1918), which is on one network only", addr), true
}
