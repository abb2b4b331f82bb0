package drift

import (
	"fmt"
	"testing"
)

// TestPairRemovals: a gone folder is paired with the new folder git moved
// the most of its files into (its TOOL.md's on a tie), else with the new
// folder whose tool has its name; each new folder once; none: removed.
func TestPairRemovals(t *testing.T) {
	tests := []struct {
		name    string
		removed []Removal
		fresh   []freshTool
		renames []Rename
		want    string // dir->to, ...
	}{
		{name: "git rename, name changed",
			removed: []Removal{{Dir: "t/fetch", Name: "fetch"}},
			fresh:   []freshTool{{dir: "t/get", name: "get"}},
			renames: []Rename{{"t/fetch/TOOL.md", "t/get/TOOL.md"}, {"t/fetch/linux.sh", "t/get/linux.sh"}},
			want:    "t/fetch->t/get"},
		{name: "by name, no rename",
			removed: []Removal{{Dir: "t/fetch", Name: "fetch"}},
			fresh:   []freshTool{{dir: "t/a", name: "other"}, {dir: "t/b", name: "fetch"}},
			want:    "t/fetch->t/b"},
		{name: "unpaired stays removed",
			removed: []Removal{{Dir: "t/fetch", Name: "fetch"}},
			fresh:   []freshTool{{dir: "t/get", name: "get"}},
			want:    "t/fetch->"},
		{name: "most files wins",
			removed: []Removal{{Dir: "t/x", Name: "x"}},
			fresh:   []freshTool{{dir: "t/a", name: "a"}, {dir: "t/b", name: "b"}},
			renames: []Rename{{"t/x/TOOL.md", "t/a/TOOL.md"}, {"t/x/linux.sh", "t/b/linux.sh"}, {"t/x/macos.sh", "t/b/macos.sh"}},
			want:    "t/x->t/b"},
		{name: "a tie goes to the TOOL.md",
			removed: []Removal{{Dir: "t/x", Name: "x"}},
			fresh:   []freshTool{{dir: "t/a", name: "a"}, {dir: "t/b", name: "b"}},
			renames: []Rename{{"t/x/linux.sh", "t/a/linux.sh"}, {"t/x/TOOL.md", "t/b/TOOL.md"}},
			want:    "t/x->t/b"},
		{name: "git evidence before names, each new folder once",
			removed: []Removal{{Dir: "t/a", Name: "same"}, {Dir: "t/b", Name: "b"}},
			fresh:   []freshTool{{dir: "t/n", name: "same"}},
			renames: []Rename{{"t/b/TOOL.md", "t/n/TOOL.md"}},
			want:    "t/a->, t/b->t/n"},
		{name: "a file of a nested old folder counts for it",
			removed: []Removal{{Dir: "t/o", Name: "o"}, {Dir: "t/o/in", Name: "in"}},
			fresh:   []freshTool{{dir: "t/p", name: "p"}},
			renames: []Rename{{"t/o/in/TOOL.md", "t/p/TOOL.md"}},
			want:    "t/o->, t/o/in->t/p"},
		{name: "renamed into a folder that is not new: no pairing",
			removed: []Removal{{Dir: "t/x", Name: "x"}},
			renames: []Rename{{"t/x/linux.sh", "t/old/linux.sh"}},
			want:    "t/x->"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pairRemovals(tt.removed, tt.fresh, tt.renames)
			got := ""
			for i, r := range tt.removed {
				if i > 0 {
					got += ", "
				}
				got += fmt.Sprintf("%s->%s", r.Dir, r.To)
			}
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}
