package cache

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// openTest opens a cache in a new directory, with a fake binary.
func openTest(t *testing.T) *Cache {
	t.Helper()
	c, err := open(filepath.Join(t.TempDir(), "cache"), fakeBinary(t, "binary one"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// fakeBinary is an executable opener of a file holding text.
func fakeBinary(t *testing.T, text string) func() (*os.File, error) {
	path := filepath.Join(t.TempDir(), "speccify-lint")
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	return func() (*os.File, error) { return os.Open(path) }
}

func TestPutGet(t *testing.T) {
	c := openTest(t)
	k := c.KeyOf("test").String("a").Sum()
	if _, ok := c.Get(k); ok {
		t.Fatal("a hit in an empty cache")
	}
	for _, data := range [][]byte{[]byte("result"), {}, bytes.Repeat([]byte{0, 1, 2}, 1000)} {
		if err := c.Put(k, data); err != nil {
			t.Fatal(err)
		}
		got, ok := c.Get(k)
		if !ok || !bytes.Equal(got, data) {
			t.Fatalf("Get = %q, %v; want %q", got, ok, data)
		}
	}
	if err := c.Put(k, make([]byte, MaxEntry+1)); err == nil {
		t.Error("Put of an entry over MaxEntry succeeded")
	}
}

// TestKeyParts: no two lists of parts make one key, and the binary is part
// of every key.
func TestKeyParts(t *testing.T) {
	keys := map[Key]string{}
	add := func(name string, k Key) {
		if other, ok := keys[k]; ok {
			t.Errorf("%s and %s make the same key", name, other)
		}
		keys[k] = name
	}
	add("ab,c", KeyOf("k").String("ab").String("c").Sum())
	add("a,bc", KeyOf("k").String("a").String("bc").Sum())
	add("[ab c]", KeyOf("k").Strings([]string{"ab", "c"}).Sum())
	add("bytes ab,c", KeyOf("k").Bytes([]byte("ab")).String("c").Sum())
	add("int 1", KeyOf("k").Int(1).Sum())
	add("true", KeyOf("k").Bool(true).Sum())
	add("other kind", KeyOf("l").String("ab").String("c").Sum())
	one := openTest(t)
	two, err := open(filepath.Join(t.TempDir(), "cache"), fakeBinary(t, "binary two"))
	if err != nil {
		t.Fatal(err)
	}
	if one.KeyOf("k").Sum() == two.KeyOf("k").Sum() {
		t.Error("two binaries make the same keys")
	}
}

// TestCorruptEntries: an entry changed in any way is a miss, never data.
func TestCorruptEntries(t *testing.T) {
	c := openTest(t)
	k := c.KeyOf("test").String("a").Sum()
	other := c.KeyOf("test").String("b").Sum()
	data := []byte("the result of a")
	if err := c.Put(k, data); err != nil {
		t.Fatal(err)
	}
	if err := c.Put(other, []byte("the result of b")); err != nil {
		t.Fatal(err)
	}
	path := c.path(k)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	otherRaw, _ := os.ReadFile(c.path(other))
	check := func(what string, raw []byte) {
		t.Helper()
		if err := os.WriteFile(path, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(k); ok {
			t.Errorf("%s: Get = %q, want a miss", what, got)
		}
	}
	for i := range good {
		for _, bit := range []byte{0x01, 0x80} {
			bad := bytes.Clone(good)
			bad[i] ^= bit
			check(fmt.Sprintf("bit %#x of byte %d flipped", bit, i), bad)
		}
	}
	for n := range len(good) {
		check(fmt.Sprintf("truncated to %d bytes", n), good[:n])
	}
	check("a byte more", append(bytes.Clone(good), 0))
	check("another key's entry", otherRaw)
	check("empty", nil)
	// Edited by hand: the data changed and its length with it.
	check("edited", bytes.Replace(good, []byte("result of a"), []byte("result of A!"), 1))
	if err := os.WriteFile(path, good, 0o600); err != nil {
		t.Fatal(err)
	}
	if got, ok := c.Get(k); !ok || !bytes.Equal(got, data) {
		t.Errorf("the entry written back: Get = %q, %v", got, ok)
	}
}

// TestConcurrentPuts: writers of one key and readers of it at once; a
// reader sees a whole entry or none.
func TestConcurrentPuts(t *testing.T) {
	c := openTest(t)
	k := c.KeyOf("test").Sum()
	want := bytes.Repeat([]byte("x"), 1<<16)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 50 {
				if err := c.Put(k, want); err != nil {
					t.Error(err)
					return
				}
			}
		})
		wg.Go(func() {
			for range 200 {
				if got, ok := c.Get(k); ok && !bytes.Equal(got, want) {
					t.Error("a reader saw a partial entry")
					return
				}
			}
		})
	}
	wg.Wait()
	left, _ := filepath.Glob(filepath.Join(c.dir, "*", tempPrefix+"*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestInsecureDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows gives access by ACLs, which the cache does not judge")
	}
	dir := filepath.Join(t.TempDir(), "cache")
	c, err := open(dir, fakeBinary(t, "b"))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Put(c.KeyOf("x").Sum(), []byte("x")); err != nil {
		t.Fatal(err)
	}
	shard := filepath.Dir(c.path(c.KeyOf("x").Sum()))
	for _, tc := range []struct {
		path string
		mode os.FileMode
		why  string
	}{
		{dir, 0o777, "other users may write it (mode 0777)"},
		{dir, 0o770, "other users may write it (mode 0770)"},
		{shard, 0o757, filepath.Base(shard) + ": other users may write it (mode 0757)"},
	} {
		if err := os.Chmod(tc.path, tc.mode); err != nil {
			t.Fatal(err)
		}
		_, err := open(dir, fakeBinary(t, "b"))
		var insecure *InsecureError
		if !errors.As(err, &insecure) || insecure.Why != tc.why {
			t.Errorf("mode %o of %s: err = %v, want %q", tc.mode, tc.path, err, tc.why)
		}
		if err := os.Chmod(tc.path, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := open(dir, fakeBinary(t, "b")); err != nil {
		t.Errorf("the directory made private again: %v", err)
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := open(file, fakeBinary(t, "b")); err == nil {
		t.Error("a file was opened as a cache directory")
	}
}

// TestBinaryID: the identity is the executable's hash, whether it is
// computed or read from its memo, and changes with the executable.
func TestBinaryID(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	exe := fakeBinary(t, "binary one")
	first, err := open(dir, exe)
	if err != nil {
		t.Fatal(err)
	}
	again, err := open(dir, exe)
	if err != nil {
		t.Fatal(err)
	}
	if first.binary != again.binary {
		t.Error("the identity read from its memo differs from the one computed")
	}
	f, _ := exe()
	name := f.Name()
	f.Close()
	if err := os.WriteFile(name, []byte("binary one!"), 0o755); err != nil {
		t.Fatal(err)
	}
	changed, err := open(dir, exe)
	if err != nil {
		t.Fatal(err)
	}
	if changed.binary == first.binary {
		t.Error("a changed executable kept its identity")
	}
	if _, err := open(filepath.Join(t.TempDir(), "cache"), executable); err != nil {
		t.Errorf("the test binary: %v", err)
	}
}

func TestTrim(t *testing.T) {
	c := openTest(t)
	now := time.Now()
	c.now = func() time.Time { return now }
	put := func(name string, size int, used time.Time) Key {
		k := c.KeyOf("test").String(name).Sum()
		if err := c.Put(k, make([]byte, size)); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(c.path(k), used, used); err != nil {
			t.Fatal(err)
		}
		return k
	}
	stale := put("stale", 10, now.Add(-MaxAge-time.Hour))
	oldest := put("oldest", 1000, now.Add(-3*time.Hour))
	older := put("older", 1000, now.Add(-2*time.Hour))
	recent := put("recent", 1000, now.Add(-time.Hour))
	temp := filepath.Join(filepath.Dir(c.path(recent)), tempPrefix+"x")
	if err := os.WriteFile(temp, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	old := now.Add(-2 * staleTemp)
	_ = os.Chtimes(temp, old, old)
	foreign := filepath.Join(filepath.Dir(c.path(recent)), "notes.txt")
	if err := os.WriteFile(foreign, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := c.trim(now, MaxAge, int64(2*(1000+entryOverhead)+100)); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[Key]bool{stale: false, oldest: false, older: true, recent: true} {
		if _, err := os.Stat(c.path(k)); (err == nil) != want {
			t.Errorf("%s: kept = %v, want %v", k, err == nil, want)
		}
	}
	if _, err := os.Stat(temp); err == nil {
		t.Error("a stale temporary file was kept")
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Error("a file the cache did not write was removed")
	}
	// Trim looks at most once a day.
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	put("stale again", 10, now.Add(-MaxAge-time.Hour))
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(c.KeyOf("test").String("stale again").Sum()); !ok {
		t.Error("Trim ran twice within a day")
	}
}

// TestHitMarksUse: a hit on an entry unused for over an hour marks it used.
func TestHitMarksUse(t *testing.T) {
	c := openTest(t)
	k := c.KeyOf("test").Sum()
	if err := c.Put(k, []byte("x")); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * touchAfter)
	_ = os.Chtimes(c.path(k), old, old)
	if _, ok := c.Get(k); !ok {
		t.Fatal("miss")
	}
	info, err := os.Stat(c.path(k))
	if err != nil || time.Since(info.ModTime()) > time.Minute {
		t.Errorf("the hit did not mark the entry used: %v %v", info.ModTime(), err)
	}
}

func TestClean(t *testing.T) {
	c := openTest(t)
	for i := range 20 {
		if err := c.Put(c.KeyOf("test").Int(int64(i)).Sum(), []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	mine := filepath.Join(c.dir, "mine.txt")
	if err := os.WriteFile(mine, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := c.Clean(); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(c.dir)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if got := strings.Join(left, " "); got != "README mine.txt" {
		t.Errorf("after Clean the directory holds %s, want README mine.txt", got)
	}
}
