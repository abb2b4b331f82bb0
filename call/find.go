package call

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/speccify/speccify-lint/discover"
	"github.com/speccify/speccify-lint/internal/suggest"
)

// NotFoundError is the error of Find for a tool name that no tool folder
// under the root has.
type NotFoundError struct {
	Name string
	// Meant is the tool name Name is a near miss of, "" when none is near.
	Meant string
	// Excluded is the root-relative path of a folder named Name that the
	// search skipped because an exclude glob matches it, "" when none.
	Excluded string
}

func (e *NotFoundError) Error() string {
	msg := fmt.Sprintf("no tool named %q under the root", e.Name)
	switch {
	case e.Excluded != "":
		msg += fmt.Sprintf("; %s is in a folder the exclude settings skip: name its path to call it", e.Excluded)
	case e.Meant != "":
		msg += fmt.Sprintf("; did you mean %s?", e.Meant)
	}
	return msg
}

// Find finds the tool folder that tool names under root: a tool name (the
// name of a tool folder found under root), or the path of a tool folder
// (or of its TOOL.md). A path goes through root's gate (discover.Discover):
// one outside the root, or that leads through a symbolic link to a
// directory, is refused; so is a directory that is not itself a tool
// folder. A name that no folder has is a *NotFoundError, with the nearest
// name when one is near. A search by name skips the folders that an
// exclude glob matches, as lint's walk does (discover.Options.Exclude); a
// path is found whatever they say, as lint checks a folder it is named.
func Find(root, tool string, exclude []string) (discover.Tool, error) {
	if tool == "" {
		return discover.Tool{}, errors.New("no tool named")
	}
	if !isPath(tool) {
		t, err := findName(root, tool, exclude)
		var nf *NotFoundError
		if errors.As(err, &nf) && exists(tool) {
			return findPath(root, tool) // a folder of the working directory
		}
		return t, err
	}
	return findPath(root, tool)
}

// isPath says whether tool is spelt as a path rather than a name: it holds
// a separator, or is . or .. (a tool name is a folder name, which holds
// neither).
func isPath(tool string) bool {
	return strings.ContainsAny(tool, `/\`) || tool == "." || tool == ".." || filepath.IsAbs(tool) || filepath.VolumeName(tool) != ""
}

// exists says whether p names an entry (not followed when it is a link).
func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// findName finds the tool folder whose name is name under root, outside
// the folders the exclude globs match.
func findName(root, name string, exclude []string) (discover.Tool, error) {
	disc, err := discover.Discover([]string{root}, discover.Options{Root: root, Exclude: exclude})
	if err != nil {
		return discover.Tool{}, err
	}
	var found []discover.Tool
	var names []string
	for _, t := range disc.Tools {
		base := filepath.Base(t.Dir)
		if base == name {
			found = append(found, t)
		}
		names = append(names, base)
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		slices.Sort(names)
		nf := &NotFoundError{Name: name, Meant: suggest.Nearest(name, slices.Compact(names))}
		if len(exclude) > 0 {
			if t, err := findName(root, name, nil); err == nil {
				nf.Excluded = discover.RelPath(root, t.Dir)
			}
		}
		return discover.Tool{}, nf
	}
	var dirs []string
	for _, t := range found {
		dirs = append(dirs, discover.RelPath(root, t.Dir))
	}
	return discover.Tool{}, fmt.Errorf("%d tool folders are named %s (%s); name one by its path", len(found), name, strings.Join(dirs, ", "))
}

// findPath finds the tool folder at the path p, through root's gate.
func findPath(root, p string) (discover.Tool, error) {
	disc, err := discover.Discover([]string{p}, discover.Options{Root: root})
	if err != nil {
		return discover.Tool{}, err
	}
	if len(disc.Unfollowed) > 0 {
		return discover.Tool{}, fmt.Errorf("%s leads through the symbolic link %s, which is not followed", p, discover.RelPath(root, disc.Unfollowed[0].Link))
	}
	named, err := discover.NewGate(root).Resolve(p)
	if err != nil {
		return discover.Tool{}, err
	}
	dir := named.Path
	if filepath.Base(dir) == discover.SpecFile {
		dir = filepath.Dir(dir)
	}
	for _, t := range disc.Tools {
		if t.Dir == dir {
			return t, nil
		}
	}
	return discover.Tool{}, fmt.Errorf("%s is not a tool folder (it holds no %s)", p, discover.SpecFile)
}
