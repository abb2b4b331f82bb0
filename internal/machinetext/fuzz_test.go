package machinetext

import (
	"testing"
	"time"
)

// FuzzFind: the detectors never panic or hang on a contract's text, and
// every hit is a non-empty piece of the text, said and helped, overlapping
// no other.
func FuzzFind(f *testing.F) {
	for _, s := range []string{
		"reads /Users/alice/notes.txt and mails alice@acme.io.",
		`"c:\\users\\erin\\x"`, "file:///home/carol/x",
		"api_key=Zx81fQ72LmNp", `{"password": "s3cr3t-Passw0rd"}`,
		`"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA"`,
		"ghp_R2d4Qm3nX9vLk8Tz0aBcDeFgHiJkLmNoPqRs", "http://build.corp/x", "db.internal:5432",
		"at 10.1.2.3", "172.20.0.5/", "@", "=:", "-----BEGIN PRIVATE KEY-----", "a@b.c", "10.",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		done := make(chan []Hit, 1)
		go func() { done <- Find(text) }()
		select {
		case hits := <-done:
			for i, h := range hits {
				if h.Start < 0 || h.End > len(text) || h.Start >= h.End || h.What == "" || h.Help == "" {
					t.Fatalf("hit %+v in a %d-byte text", h, len(text))
				}
				for _, o := range hits[:i] {
					if h.Start < o.End && o.Start < h.End {
						t.Fatalf("hits %+v and %+v overlap", o, h)
					}
				}
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Find did not finish on %q", text)
		}
	})
}
