package discover

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestFollowLinks: a relative link to a file inside the tool
// folder becomes an implementation with its target's mode; every other link
// is recorded with why it is not run.
func TestFollowLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	base := t.TempDir()
	dir := filepath.Join(base, "t")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "common.sh"), []byte("echo\n"), 0o755))
	must(os.WriteFile(filepath.Join(base, "outside.sh"), []byte("echo\n"), 0o644))
	links := map[string]string{
		"linux.sh":   "common.sh",
		"macos.sh":   "../outside.sh",
		"linux.bash": "hop.sh",
		"hop.sh":     "../outside.sh",
		"linux.zsh":  filepath.Join(dir, "common.sh"),
		"linux.py":   filepath.Join(base, "outside.sh"),
		"linux.rb":   "gone.rb",
		"linux.pl":   "sub",
		"linux.js":   "linux.js",
	}
	for name, target := range links {
		must(os.Symlink(target, filepath.Join(dir, name)))
	}
	folder, err := Tool{Dir: dir}.Folder()
	must(err)
	root, err := os.OpenRoot(dir)
	must(err)
	defer root.Close()
	badLinks := folder.FollowLinks(root)

	want := map[string]string{
		"macos.sh":   "is a symbolic link to ../outside.sh, outside the tool folder",
		"linux.bash": "is a symbolic link to hop.sh, which leads outside the tool folder",
		"linux.zsh":  "is a symbolic link by the absolute path " + filepath.Join(dir, "common.sh"),
		"linux.py":   "is a symbolic link to " + filepath.Join(base, "outside.sh") + ", outside the tool folder",
		"linux.rb":   "is a symbolic link to gone.rb, which does not exist",
		"linux.pl":   "is a symbolic link to sub, which is not a regular file",
		"linux.js":   "is a symbolic link to linux.js, which cannot be read: too many levels of symbolic links",
	}
	for _, im := range folder.Implementations {
		bad, isBad := badLinks[im.Name]
		switch {
		case im.Name == "linux.sh":
			if isBad || im.Mode&fs.ModeSymlink != 0 || im.Mode.Perm() != 0o755 {
				t.Errorf("linux.sh: mode %v, bad %q; want the target's mode 0755 and no problem", im.Mode, bad.Why)
			}
		case bad.Why != want[im.Name]:
			t.Errorf("%s: %q, want %q", im.Name, bad.Why, want[im.Name])
		}
		delete(want, im.Name)
	}
	if len(want) > 0 {
		t.Errorf("not listed as implementations: %v", want)
	}
}
