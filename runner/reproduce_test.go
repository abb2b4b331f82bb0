package runner

import (
	"os/exec"
	"testing"
)

func TestReproduceLine(t *testing.T) {
	got := ReproduceLine("/tmp/it's here", []byte(`{"q":"a'b"}`+"\n"), []string{"/usr/bin/python3", "/tmp/it's here/linux.py"})
	want := `cd '/tmp/it'\''s here' && printf '%s\n' '{"q":"a'\''b"}' | '/usr/bin/python3' '/tmp/it'\''s here/linux.py'`
	if got != want {
		t.Errorf("ReproduceLine =\n%s\nwant\n%s", got, want)
	}
	if got, want := ReproduceLine("", []byte("x"), []string{"cat"}), `printf '%s\n' 'x' | 'cat'`; got != want {
		t.Errorf("ReproduceLine without dir = %s, want %s", got, want)
	}
}

// TestReproduceLineRoundTrip pastes the line into sh and checks that the
// program sees the same stdin and working directory.
func TestReproduceLineRoundTrip(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir() + "/a 'b' $HOME `x` \\ \"q\""
	if err := exec.Command("mkdir", dir).Run(); err != nil {
		t.Fatal(err)
	}
	stdin := "{\"a\": \"it's $HOME `id` \\\\n %s\"}\nsecond line\n"
	line := ReproduceLine(dir, []byte(stdin), []string{"sh", "-c", `pwd; cat`})
	out, err := exec.Command(sh, "-c", line).CombinedOutput()
	if err != nil {
		t.Fatalf("sh -c %s: %v\n%s", line, err, out)
	}
	if want := dir + "\n" + stdin; string(out) != want {
		t.Errorf("round trip output\n%q\nwant\n%q", out, want)
	}
}
