package hiddentext

import (
	"testing"
	"time"
)

// FuzzFind: the scanners never panic or hang on a contract's text; every
// run lies inside the text, after the one before, holds characters, and,
// written as it is, is the text of those characters; describing a run and
// judging its deletion never panic either.
func FuzzFind(f *testing.F) {
	for _, s := range []string{
		"description: a\u202eb", "👩\u200d💻", "می\u200cخواهم", "שלום\u200f עולם",
		"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", "x\U000E0067\U000E0062\U000E007F",
		"a\x07b\r\n", "\ufeff", `"a\u202Eb"`, `"\uDB40\uDC41"`, `"\U000E0048\U000E0049"`, `"\x07\"`, `\u`, `\`, "\xff\xfe",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		done := make(chan [2][]Run, 1)
		go func() { done <- [2][]Run{Find(text), FindEscaped(text)} }()
		select {
		case found := <-done:
			for k, runs := range found {
				end := 0
				for _, r := range runs {
					if r.Start < end || r.End <= r.Start || r.End > len(text) || len(r.Runes) == 0 || r.Escaped != (k == 1) {
						t.Fatalf("run %+v in a %d-byte text", r, len(text))
					}
					if k == 0 && string(text[r.Start:r.End]) != string(r.Runes) {
						t.Fatalf("run %+v is %q", r, text[r.Start:r.End])
					}
					end = r.End
					_, _ = r.Describe(), r.FixTitle()
					SafeToRemove(text, r.Start, r.End)
				}
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("the scan did not finish on %q", text)
		}
	})
}
