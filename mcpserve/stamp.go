package mcpserve

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/discover"
)

// stampDepth is how deep below a tool folder stamp looks: the folder's
// files and those of its subdirectories (schemas a $ref names), not the
// fixtures' deeper trees.
const stampDepth = 2

// stamp says what the tool folder dir holds, for telling when it changed:
// the name, size, mode and modification time of each entry down to
// stampDepth, looked up through the root's gate (no link followed); "" when
// the folder cannot be opened.
func (s *Server) stamp(dir string) string {
	root, err := discover.NewGate(s.opt.Config.Root).OpenFolder(dir)
	if err != nil {
		return ""
	}
	defer root.Close()
	var lines []string
	_ = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && p != "." && strings.Count(p, "/") >= stampDepth-1 {
			return fs.SkipDir
		}
		if info, err := d.Info(); err == nil {
			lines = append(lines, fmt.Sprintf("%s %d %v %d", p, info.Size(), info.Mode(), info.ModTime().UnixNano()))
		}
		return nil
	})
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}
