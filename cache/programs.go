package cache

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

// Program is a program that runs start, as it was found: by Name on PATH
// (Path where it was found, "" when it was not), or by its Path; with the
// size and modification time of the file Path leads to (Size -1: none).
// An entry of results with runs records the programs they started, and
// is a hit only while each is found as it was (Programs.Same).
type Program struct {
	Name, Path string
	Size       int64
	ModTime    int64
}

// Programs finds programs on PATH and stats them, once each: one run's
// view of them. The zero value is ready; it is safe for concurrent use.
type Programs struct {
	mu    sync.Mutex
	found map[Program]Program
}

// Find is p as found now: its Path (for one named) and the size and time
// of the file.
func (m *Programs) Find(p Program) Program {
	key := Program{Name: p.Name}
	if p.Name == "" {
		key.Path = p.Path
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if got, ok := m.found[key]; ok {
		return got
	}
	got := key
	if got.Name != "" {
		if path, err := exec.LookPath(got.Name); err == nil && filepath.IsAbs(path) {
			got.Path = path
		}
	}
	if got.Path != "" {
		if info, err := os.Stat(got.Path); err == nil {
			got.Size, got.ModTime = info.Size(), info.ModTime().UnixNano()
		} else {
			got.Size = -1
		}
	}
	if m.found == nil {
		m.found = map[Program]Program{}
	}
	m.found[key] = got
	return got
}

// Of is the programs ps as found now.
func (m *Programs) Of(ps []Program) []Program {
	out := make([]Program, len(ps))
	for i, p := range ps {
		out[i] = m.Find(p)
	}
	return out
}

// Same reports whether each of the programs recorded is found now as it
// was.
func (m *Programs) Same(recorded []Program) bool {
	for _, p := range recorded {
		if m.Find(p) != p {
			return false
		}
	}
	return true
}

// Shebang names the programs of the #! line that head (a file's first
// bytes) starts with, if any: the interpreter by its path, and for
// /usr/bin/env the program it looks up on PATH.
func Shebang(head []byte) []Program {
	line, _, _ := bytes.Cut(head, []byte("\n"))
	rest, ok := bytes.CutPrefix(line, []byte("#!"))
	if !ok {
		return nil
	}
	fields := strings.Fields(string(rest))
	if len(fields) == 0 {
		return nil
	}
	out := []Program{{Path: fields[0]}}
	if filepath.Base(fields[0]) == "env" {
		for _, arg := range fields[1:] {
			if !strings.HasPrefix(arg, "-") && !strings.Contains(arg, "=") {
				out = append(out, Program{Name: arg})
				break
			}
		}
	}
	return out
}
