package lint

import (
	"os"
	"testing"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/benchcpu"
)

// BenchmarkCheckRunnable checks a generated linux.sh: reads it, looks at
// its #! line and scans it for reads of stdin.
func BenchmarkCheckRunnable(b *testing.B) {
	dir := benchCorpus(b, 1)
	disc, err := discover.Discover([]string{dir}, discover.Options{Root: dir})
	if err != nil || len(disc.Tools) != 1 {
		b.Fatalf("discovered %v, err %v", disc, err)
	}
	folder, err := disc.Tools[0].Folder()
	if err != nil || len(folder.Implementations) != 1 {
		b.Fatalf("folder %+v, err %v", folder, err)
	}
	root, err := os.OpenRoot(disc.Tools[0].Dir)
	if err != nil {
		b.Fatal(err)
	}
	defer root.Close()
	j := newToolJob(&Config{Root: dir, Platform: "linux"}, 0, disc.Tools[0].Dir)
	c := j.c
	c.folder, c.root = folder, root
	b.ReportAllocs()
	defer benchcpu.Start(b)()
	for b.Loop() {
		c.scripts = nil // read the implementation each time
		checkImplementationRunnable(c, j.out.reporter(ruleImplementationRunnable))
		checkStdinTwice(c, j.out.reporter(ruleStdinTwice))
	}
	if len(j.out.list) > 0 {
		b.Fatalf("findings: %v", j.out.list)
	}
}
