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
	"fmt"
	"os"
	"sync/atomic"

	"go.yaml.in/yaml/v3"

	"github.com/speccify/speccify-lint/scripts/internal/toolfiles"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: readbaseline DIR...")
		os.Exit(2)
	}
	files, err := toolfiles.Find(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "readbaseline:", err)
		os.Exit(1)
	}
	var parsed, failed atomic.Int64
	toolfiles.Each(files, func(p string) {
		data, err := os.ReadFile(p)
		if err != nil {
			failed.Add(1)
			return
		}
		front, _ := toolfiles.Split(data)
		var doc yaml.Node
		if yaml.Unmarshal(front, &doc) != nil {
			failed.Add(1)
			return
		}
		parsed.Add(1)
	})
	fmt.Printf("%d TOOL.md parsed, %d failed\n", parsed.Load(), failed.Load())
}
