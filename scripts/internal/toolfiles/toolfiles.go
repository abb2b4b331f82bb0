// Package toolfiles finds the TOOL.md files under directories and visits
// them with one worker per CPU, as speccify-lint checks tool folders: the
// loop the floors scripts/bench.sh measures speccify-lint against
// (scripts/readbaseline, scripts/libfloor) share.
package toolfiles

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"runtime"
	"sync"
)

// Find returns the paths of the TOOL.md files under the roots, in the
// order of a walk of each.
func Find(roots []string) ([]string, error) {
	var files []string
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && d.Name() == "TOOL.md" {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// Each calls visit with every path of files, from one goroutine per CPU,
// and returns when all are visited.
func Each(files []string, visit func(path string)) {
	paths := make(chan string)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for p := range paths {
				visit(p)
			}
		})
	}
	for _, p := range files {
		paths <- p
	}
	close(paths)
	wg.Wait()
}

// Split cuts the text of a TOOL.md into its frontmatter (the text between
// a first "---" line and the next one) and its body (after that line); a
// text that does not start with "---" is all body.
func Split(text []byte) (front, body []byte) {
	rest, ok := bytes.CutPrefix(text, []byte("---\n"))
	if !ok {
		return nil, text
	}
	if i := bytes.Index(rest, []byte("\n---\n")); i >= 0 {
		return rest[:i+1], rest[i+5:]
	}
	return rest, nil
}
