package discover

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"
)

// Shards split the tool folders between them; skill folders and escaping
// symbolic links stay with shard 1; the zero Shard keeps everything.
func TestNarrowShard(t *testing.T) {
	root := t.TempDir()
	var tools []Tool
	for i := range 30 {
		tools = append(tools, Tool{Dir: filepath.Join(root, ".agent", "tools", fmt.Sprintf("tool-%02d", i))})
	}
	fresh := func() Discovery {
		return Discovery{Tools: slices.Clone(tools), Skills: []string{"s"}, Escapes: []SymlinkEscape{{Path: "l", Target: "/x"}}}
	}
	total := 0
	for k := 1; k <= 3; k++ {
		d := fresh()
		if err := d.Narrow(root, "", Shard{K: k, N: 3}); err != nil {
			t.Fatal(err)
		}
		total += len(d.Tools)
		if first := k == 1; (len(d.Skills) == 1) != first || (len(d.Escapes) == 1) != first {
			t.Errorf("shard %d/3: skills %v, escapes %v; want them on shard 1 only", k, d.Skills, d.Escapes)
		}
	}
	if total != len(tools) {
		t.Errorf("shards hold %d tools, want %d", total, len(tools))
	}
	d := fresh()
	if err := d.Narrow(root, "", Shard{}); err != nil {
		t.Fatal(err)
	}
	if len(d.Tools) != len(tools) || len(d.Skills) != 1 {
		t.Errorf("zero Shard changed the discovery: %+v", d)
	}
}
