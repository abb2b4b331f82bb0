package call

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
)

// tree makes root/.agent/tools/{alpha,beta}, root/other/alpha-two and a
// tool folder outside the root, outside/evil, linked as
// root/.agent/tools/evil.
func tree(t *testing.T) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root = filepath.Join(base, "root")
	outside = filepath.Join(base, "outside")
	for _, dir := range []string{
		filepath.Join(root, ".agent", "tools", "alpha"),
		filepath.Join(root, ".agent", "tools", "beta"),
		filepath.Join(root, "other", "alpha-two"),
		filepath.Join(outside, "evil"),
	} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "TOOL.md"), []byte("---\nname: x\n---\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if runtime.GOOS != "windows" {
		if err := os.Symlink(filepath.Join(outside, "evil"), filepath.Join(root, ".agent", "tools", "evil")); err != nil {
			t.Fatal(err)
		}
	}
	return root, outside
}

func TestFind(t *testing.T) {
	root, outside := tree(t)
	t.Chdir(root)
	tests := []struct {
		tool    string
		want    string // the tool folder relative to root; "" for an error
		wantErr string // a part of the error
	}{
		{tool: "alpha", want: ".agent/tools/alpha"},
		{tool: "beta", want: ".agent/tools/beta"},
		{tool: ".agent/tools/beta", want: ".agent/tools/beta"},
		{tool: ".agent/tools/beta/TOOL.md", want: ".agent/tools/beta"},
		{tool: filepath.Join(root, "other", "alpha-two"), want: "other/alpha-two"},
		{tool: "alpah", wantErr: `no tool named "alpah" under the root; did you mean alpha?`},
		{tool: "zzzzzz", wantErr: `no tool named "zzzzzz" under the root`},
		{tool: "other", wantErr: "other is not a tool folder"},
		{tool: ".agent/tools", wantErr: "is not a tool folder"},
		{tool: "../../etc", wantErr: "outside the root"},
		{tool: "/etc", wantErr: "outside the root"},
		{tool: filepath.Join(outside, "evil"), wantErr: "outside the root"},
		{tool: "", wantErr: "no tool named"},
	}
	if runtime.GOOS != "windows" {
		tests = append(tests,
			struct{ tool, want, wantErr string }{tool: "evil", wantErr: `no tool named "evil"`},
			struct{ tool, want, wantErr string }{tool: ".agent/tools/evil", wantErr: "leads through the symbolic link .agent/tools/evil, which is not followed"},
			struct{ tool, want, wantErr string }{tool: ".agent/tools/evil/TOOL.md", wantErr: "not followed"},
		)
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			got, err := Find(root, tt.tool, nil)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Find(%q) = %v, %v; want an error with %q", tt.tool, got.Dir, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Find(%q): %v", tt.tool, err)
			}
			if rel := discover.RelPath(root, got.Dir); rel != tt.want {
				t.Errorf("Find(%q) = %s, want %s", tt.tool, rel, tt.want)
			}
		})
	}
}

func TestFindAmbiguous(t *testing.T) {
	root, _ := tree(t)
	if err := os.MkdirAll(filepath.Join(root, "more", "alpha"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "more", "alpha", discover.SpecFile), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Find(root, "alpha", nil)
	if err == nil || !strings.Contains(err.Error(), "2 tool folders are named alpha (.agent/tools/alpha, more/alpha)") {
		t.Fatalf("Find: %v", err)
	}
	var nf *NotFoundError
	if errors.As(err, &nf) {
		t.Errorf("an ambiguous name is no NotFoundError")
	}
}

// TestFindExcluded: a search by name skips the folders an exclude glob
// matches and says so; a path is found whatever the globs say.
func TestFindExcluded(t *testing.T) {
	root, _ := tree(t)
	t.Chdir(root)
	exclude := []string{".agent/tools/alpha"}
	_, err := Find(root, "alpha", exclude)
	var nf *NotFoundError
	if !errors.As(err, &nf) || nf.Excluded != ".agent/tools/alpha" {
		t.Fatalf("Find(alpha) with alpha excluded: %v, want a NotFoundError naming the excluded folder", err)
	}
	if want := "no tool named \"alpha\" under the root; .agent/tools/alpha is in a folder the exclude settings skip: name its path to call it"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if got, err := Find(root, ".agent/tools/alpha", exclude); err != nil || discover.RelPath(root, got.Dir) != ".agent/tools/alpha" {
		t.Errorf("Find by path with alpha excluded: %v, %v", got.Dir, err)
	}
	if got, err := Find(root, "beta", exclude); err != nil || discover.RelPath(root, got.Dir) != ".agent/tools/beta" {
		t.Errorf("Find(beta): %v, %v", got.Dir, err)
	}
}
