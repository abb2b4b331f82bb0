package shellscan

import (
	"testing"
	"time"
)

// FuzzStdinReads: the shell scanner never panics or hangs, and every offset
// it reports lies inside the script, in order.
func FuzzStdinReads(f *testing.F) {
	for _, s := range []string{
		"in=$(cat)\npython3 - <<EOF\nimport sys\nsys.stdin.read()\nEOF\n",
		"echo \"$in\" | jq -r .a\n",
		"a=`cat`; b=$(cat /dev/stdin)\n",
		"cat <<-'X' > f\n\tbody $(cat)\n\tX\n",
		"python3 -c 'import sys; sys.stdin' <<< \"$x\" 2>&1 >/dev/null\n",
		"`$(a`", "$((1+2))", "x=$( (cat) )", "\\", "'", "\"$(",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, script []byte) {
		done := make(chan []int, 1)
		go func() { done <- StdinReads(script) }()
		select {
		case offs := <-done:
			for i, off := range offs {
				if off < 0 || off > len(script) || (i > 0 && off < offs[i-1]) {
					t.Fatalf("offsets %v for a %d-byte script", offs, len(script))
				}
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("stdinReads did not finish on %q", script)
		}
	})
}
