package machinetext

import (
	"strings"
	"testing"
)

// TestFind: what the machine-specific rule reports in a text, and the twins
// it leaves alone.
func TestFind(t *testing.T) {
	for _, tt := range []struct {
		text string
		// want is what the hit says, "" for none; at is the text it is at.
		want, at string
	}{
		// Home folder paths.
		{"reads /Users/alice/notes.txt", "home folder path", "/Users/alice"},
		{"see /home/bob.", "home folder path", "/home/bob"},
		{"file:///home/carol/x", "home folder path", "/home/carol"},
		{`C:\Users\dave\x`, "home folder path", `C:\Users\dave`},
		{`"c:\\users\\erin\\x"`, "home folder path", `c:\\users\\erin`},
		{"D:/Users/frank", "home folder path", "D:/Users/frank"},
		{"fixtures/home/alice.txt", "", ""},
		{"~/notes and $HOME/notes", "", ""},
		{"/home/user/project, /Users/Shared/x, /home/linuxbrew/.linuxbrew", "", ""},
		{`C:\Users\Public\x`, "", ""},
		{"/var/home/x", "", ""},
		// E-mail addresses.
		{"mails alice@acme.io.", "e-mail address", "alice@acme.io"},
		{"mailto:bob@mail.acme.co.uk", "e-mail address", "bob@mail.acme.co.uk"},
		{"someone@example.com, a@b.example.org, x@y.test, z@q.invalid", "", ""},
		{"git@github.com:owner/repo", "", ""},
		{"icon@2x.png and lodash@4.17.21 and @scope/pkg and pkg@latest", "", ""},
		// Secrets.
		{"ghp_R2d4Qm3nX9vLk8Tz0aBcDeFgHiJkLmNoPqRs", "a GitHub token (ghp_…)", "ghp_R2d4Qm3nX9vLk8Tz0aBcDeFgHiJkLmNoPqRs"},
		{"key AKIAZ7Q3FODNN7K2M4PX", "an AWS access key id (AKIA…)", "AKIAZ7Q3FODNN7K2M4PX"},
		{"glpat-Ab3dEf6hIj9kLm2nOp5q", "a GitLab token", "glpat-Ab3dEf6hIj9kLm2nOp5q"},
		{"api_key=Zx81fQ72LmNp", "secret assigned to api_key", "api_key=Zx81fQ72LmNp"},
		{`{"password": "s3cr3t-Passw0rd"}`, "secret assigned to password", `password": "s3cr3t-Passw0rd`},
		{"Client-Secret: 9f8e7d6c5b4a", "secret assigned to Client-Secret", "Client-Secret: 9f8e7d6c5b4a"},
		{`"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA"`, "a private key", "-----BEGIN OPENSSH PRIVATE KEY-----"},
		{"AKIAIOSFODNN7EXAMPLE and ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "", ""},
		{"token: the value of GITHUB_TOKEN; password: {type: string}", "", ""},
		{"api_key=your-api-key-123, secret: changeme42, token=abcdefgh, pwd=aaaa1111", "", ""},
		{"a PEM key: -----BEGIN PRIVATE KEY----- and so on", "", ""},
		{"sk-learn-compatible-estimators", "", ""},
		// Private hosts.
		{"http://build.corp/x", "private host name", "build.corp"},
		{"db.internal:5432", "private host name", "db.internal"},
		{`"host": "nas.home.arpa"`, "private host name", "nas.home.arpa"},
		{"ssh deploy@ci.lan", "private host name", "ci.lan"},
		{"thread.local storage, threading.local(), a printer.local in prose", "", ""},
		{"~/.local/share and /usr/local/bin", "", ""},
		{"at 10.1.2.3", "private address", "10.1.2.3"},
		{"172.20.0.5 and", "private address", "172.20.0.5"},
		{"(192.168.0.10)", "private address", "192.168.0.10"},
		{"refuses 10.0.0.0/8 and 192.168.0.0/16", "", ""},
		{"v10.1.2.3, 1.10.0.0.1, 172.15.0.1, 192.169.1.1, 10.0.0.256", "", ""},
		{"localhost:8080 and 127.0.0.1 and http://localhost", "", ""},
	} {
		hits := Find([]byte(tt.text))
		if tt.want == "" {
			if len(hits) > 0 {
				t.Errorf("%q: %d hits, the first %q at %q; want none", tt.text, len(hits), hits[0].What, tt.text[hits[0].Start:hits[0].End])
			}
			continue
		}
		if len(hits) != 1 {
			t.Errorf("%q: %d hits, want 1 (%s)", tt.text, len(hits), tt.want)
			continue
		}
		h := hits[0]
		if !strings.Contains(h.What, tt.want) || tt.text[h.Start:h.End] != tt.at {
			t.Errorf("%q: %q at %q, want %q at %q", tt.text, h.What, tt.text[h.Start:h.End], tt.want, tt.at)
		}
	}
}

// TestContainsFold: containsFold agrees with searching the text lowercased,
// on chosen cases and on every text of a small alphabet up to 6 bytes.
func TestContainsFold(t *testing.T) {
	naive := func(text []byte, sub string) bool {
		low := make([]byte, len(text))
		for i, b := range text {
			low[i] = lowerASCII(b)
		}
		return strings.Contains(string(low), sub)
	}
	for _, tt := range []struct {
		text, sub string
		want      bool
	}{
		{"", "key", false}, {"ke", "key", false}, {"key", "key", true}, {"KEY", "key", true},
		{"a KeY b", "key", true}, {"kkkey", "key", true}, {"KkKeY", "key", true}, {"kekey", "key", true},
		{"keZ", "key", false}, {"C:\\Users\\a", ":\\users", true}, {"x.LOCAL", ".local", true}, {"x", "", true},
		{"passW", "passw", true}, {"pas", "passw", false}, {"ÄKEY", "key", true},
	} {
		if got := containsFold([]byte(tt.text), tt.sub); got != tt.want {
			t.Errorf("containsFold(%q, %q) = %v, want %v", tt.text, tt.sub, got, tt.want)
		}
	}
	alphabet := []byte("kKeEy.")
	var texts func(prefix []byte, n int)
	texts = func(prefix []byte, n int) {
		for _, sub := range []string{"key", "ke", "k", ".k", "yk"} {
			if got, want := containsFold(prefix, sub), naive(prefix, sub); got != want {
				t.Fatalf("containsFold(%q, %q) = %v, want %v", prefix, sub, got, want)
			}
		}
		if n == 0 {
			return
		}
		for _, b := range alphabet {
			texts(append(prefix, b), n-1)
		}
	}
	texts(nil, 6)
}
