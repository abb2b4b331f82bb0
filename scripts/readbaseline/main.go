// Command readbaseline is the floor scripts/bench.sh measures speccify-lint
// against: it finds every TOOL.md under the given directories, reads each
// once and parses its YAML frontmatter into a yaml.Node, one worker per CPU
// as the linter does, and does nothing else (no schema, no examples, no
// report). It prints how many files it parsed.
//
//	go run ./scripts/readbaseline DIR...
//
// go.mod's ignore directive keeps it out of ./..., so that `go install ./...`
// (how pre-commit installs the hooks) builds only speccify-lint.
package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"

	"go.yaml.in/yaml/v3"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: readbaseline DIR...")
		os.Exit(2)
	}
	var files []string
	for _, root := range os.Args[1:] {
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
			fmt.Fprintln(os.Stderr, "readbaseline:", err)
			os.Exit(1)
		}
	}
	paths := make(chan string)
	var parsed, failed atomic.Int64
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range paths {
				data, err := os.ReadFile(p)
				if err != nil {
					failed.Add(1)
					continue
				}
				var doc yaml.Node
				if yaml.Unmarshal(frontmatter(data), &doc) != nil {
					failed.Add(1)
					continue
				}
				parsed.Add(1)
			}
		}()
	}
	for _, p := range files {
		paths <- p
	}
	close(paths)
	wg.Wait()
	fmt.Printf("%d TOOL.md parsed, %d failed\n", parsed.Load(), failed.Load())
}

// frontmatter is the text between a first "---" line and the next one.
func frontmatter(text []byte) []byte {
	rest, ok := bytes.CutPrefix(text, []byte("---\n"))
	if !ok {
		return nil
	}
	if i := bytes.Index(rest, []byte("\n---\n")); i >= 0 {
		return rest[:i+1]
	}
	return rest
}
