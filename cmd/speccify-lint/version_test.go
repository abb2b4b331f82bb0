package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

// TestStampOf: the ldflags stamp wins field by field over the build-info,
// and the build-info gives the module version, VCS revision, time and dirty
// flag when nothing is stamped.
func TestStampOf(t *testing.T) {
	vcs := func(mainVersion string, kv ...string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/speccify/speccify-lint", Version: mainVersion}}
		for i := 0; i+1 < len(kv); i += 2 {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return bi
	}
	for _, tc := range []struct {
		name                  string
		bi                    *debug.BuildInfo
		version, commit, date string
		want                  string
	}{
		{name: "no build-info", want: "speccify-lint devel"},
		{name: "go run, no VCS", bi: vcs("(devel)"), want: "speccify-lint devel"},
		{name: "go install @version", bi: vcs("v1.2.3"), want: "speccify-lint v1.2.3"},
		{name: "a checkout with changes", bi: vcs("v0.0.0-20261201091500-e9a8a99abcde+dirty",
			"vcs", "git", "vcs.revision", "e9a8a99abcdef0123456789abcdef0123456789a", "vcs.time", "2026-12-01T09:15:00Z", "vcs.modified", "true"),
			want: "speccify-lint v0.0.0-20261201091500-e9a8a99abcde+dirty (commit e9a8a99abcdef0123456789abcdef0123456789a, modified, 2026-12-01T09:15:00Z)"},
		{name: "a clean checkout, no module version", bi: vcs("(devel)", "vcs.revision", "abc123", "vcs.modified", "false"),
			want: "speccify-lint devel (commit abc123)"},
		{name: "release build", bi: vcs("(devel)", "vcs.revision", "old", "vcs.modified", "true", "vcs.time", "2000-01-01T00:00:00Z"),
			version: "v2.0.0", commit: "0123abc", date: "2026-12-01T10:00:00Z",
			want: "speccify-lint v2.0.0 (commit 0123abc, 2026-12-01T10:00:00Z)"},
		{name: "only the version stamped", bi: vcs("v1.2.3"), version: "v1.2.4", want: "speccify-lint v1.2.4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := stampOf(tc.bi, tc.version, tc.commit, tc.date).String(); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestVersionBuilds builds the real binary twice: stamped with -ldflags -X
// as the release does, and from the git checkout with -buildvcs=true (the
// build-info fallback). Both print the version with --version and the
// version command, and the JSON and SARIF reports carry the same version.
func TestVersionBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds speccify-lint with go build")
	}
	root := repoRoot(t)
	fixture := filepath.Join(root, "cmd", "speccify-lint", "testdata", "action", "passing")

	check := func(t *testing.T, bin, wantLine, wantVersion, wantSARIF string) {
		t.Helper()
		for _, args := range [][]string{{"--version"}, {"version"}} {
			out, err := exec.Command(bin, args...).CombinedOutput()
			if err != nil || strings.TrimSuffix(string(out), "\n") != wantLine {
				t.Errorf("speccify-lint %s: %v\n got %q\nwant %q", args[0], err, out, wantLine)
			}
		}
		out, err := exec.Command(bin, "--no-run", "--format", "json", "--root", fixture, fixture).Output()
		if err != nil {
			t.Fatalf("json report: %v\n%s", err, out)
		}
		var report struct{ Version string }
		if err := json.Unmarshal(out, &report); err != nil || report.Version != wantVersion {
			t.Errorf("JSON report version %q (%v), want %q", report.Version, err, wantVersion)
		}
		out, err = exec.Command(bin, "--no-run", "--format", "sarif", "--root", fixture, fixture).Output()
		if err != nil {
			t.Fatalf("sarif report: %v\n%s", err, out)
		}
		var sarif struct {
			Runs []struct {
				Tool struct {
					Driver struct{ Version, SemanticVersion string }
				}
			}
		}
		if err := json.Unmarshal(out, &sarif); err != nil || len(sarif.Runs) != 1 ||
			sarif.Runs[0].Tool.Driver.Version != wantSARIF || sarif.Runs[0].Tool.Driver.SemanticVersion != wantSARIF {
			t.Errorf("SARIF driver %+v (%v), want version %q", sarif.Runs, err, wantSARIF)
		}
	}

	t.Run("ldflags", func(t *testing.T) {
		bin := filepath.Join(t.TempDir(), "speccify-lint")
		ldflags := "-X main.version=v9.8.7 -X main.commit=0123456789abcdef -X main.date=2026-12-01T10:00:00Z"
		build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", bin, "./cmd/speccify-lint")
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		check(t, bin, "speccify-lint v9.8.7 (commit 0123456789abcdef, 2026-12-01T10:00:00Z)", "v9.8.7", "9.8.7")
	})

	t.Run("build-info", func(t *testing.T) {
		// Go records VCS information only when .git is a directory, not
		// in a git worktree: build from a fresh repository.
		src, rev := gitCopy(t, root)

		for _, dirty := range []bool{false, true} {
			if dirty {
				if err := os.WriteFile(filepath.Join(src, "README.md"), []byte("changed\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			bin := filepath.Join(t.TempDir(), "speccify-lint")
			build := exec.Command("go", "build", "-trimpath", "-buildvcs=true", "-o", bin, "./cmd/speccify-lint")
			build.Dir = src
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			out, err := exec.Command(bin, "--version").Output()
			if err != nil {
				t.Fatal(err)
			}
			// Go derives a pseudo-version from the revision, +dirty with
			// uncommitted changes, and records the commit time.
			version, suffix := "v0.0.0-[0-9]{14}-"+rev[:12], ""
			if dirty {
				version, suffix = version+`\+dirty`, ", modified"
			}
			line := regexp.MustCompile(`^speccify-lint (` + version + `) \(commit ` + rev + suffix + `, [0-9T:Z-]+\)\n$`)
			m := line.FindStringSubmatch(string(out))
			if m == nil {
				t.Fatalf("dirty=%v: --version printed %q, want the pseudo-version of %s and the commit", dirty, out, rev)
			}
			check(t, bin, strings.TrimSuffix(string(out), "\n"), m[1], strings.TrimPrefix(m[1], "v"))
		}
	})
}

// gitCopy makes a fresh git repository holding a copy of the files git
// tracks in root, as they are in the work tree, committed; it returns its
// directory and the commit.
func gitCopy(t *testing.T, root string) (dir, rev string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not on PATH")
	}
	files, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("%s is not a git work tree: %v", root, err)
	}
	dir = filepath.Join(t.TempDir(), "src")
	for _, f := range strings.Split(strings.TrimSuffix(string(files), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, f))
		if os.IsNotExist(err) {
			continue // deleted in the work tree
		} else if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitInit(t, dir, ".")
	head, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	return dir, strings.TrimSpace(string(head))
}

func TestVersionFlagInHelp(t *testing.T) {
	var out strings.Builder
	if code := run([]string{"--help"}, &out, os.Stderr); code != 0 || !strings.Contains(out.String(), "--version") {
		t.Errorf("--help exit %d lacks --version:\n%s", code, out.String())
	}
}
