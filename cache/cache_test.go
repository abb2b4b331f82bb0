package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// openTest opens a cache in a new directory, with a fake binary.
func openTest(t *testing.T) *Cache {
	t.Helper()
	return openIn(t, filepath.Join(t.TempDir(), "cache"))
}

func openIn(t *testing.T, dir string) *Cache {
	t.Helper()
	c, err := open(dir, fakeBinary(t, "binary one"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// fakeBinary is an executable opener of a file holding text.
func fakeBinary(t *testing.T, text string) func() (*os.File, error) {
	path := filepath.Join(t.TempDir(), "speccify-lint")
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	return func() (*os.File, error) { return os.Open(path) }
}

func TestPutGet(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	c := openIn(t, dir)
	k := c.KeyOf("test").String("a").Sum()
	if _, ok := c.Get(k); ok {
		t.Fatal("a hit in an empty cache")
	}
	big := bytes.Repeat([]byte{0, 1, 2}, 1000)
	for _, data := range [][]byte{[]byte("result"), {}, big} {
		if err := c.Put(k, data); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(k); !ok || !bytes.Equal(got, data) {
			t.Fatalf("Get before the flush = %q, %v; want %q", got, ok, data)
		}
		if err := c.Flush(); err != nil {
			t.Fatal(err)
		}
		if got, ok := c.Get(k); !ok || !bytes.Equal(got, data) {
			t.Fatalf("Get after the flush = %q, %v; want %q", got, ok, data)
		}
	}
	if err := c.Put(k, make([]byte, MaxEntry+1)); err == nil {
		t.Error("Put of an entry over MaxEntry succeeded")
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	again := openIn(t, dir)
	if got, ok := again.Get(k); !ok || !bytes.Equal(got, big) {
		t.Errorf("another process: Get = %v, want the last entry put", ok)
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
	defer two.Close()
	if one.KeyOf("k").Sum() == two.KeyOf("k").Sum() {
		t.Error("two binaries make the same keys")
	}
}

// packOf is the one pack of the cache c after its entries were flushed.
func packOf(t *testing.T, c *Cache) string {
	t.Helper()
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	names, _ := packNames(c.packs)
	if len(names) != 1 {
		t.Fatalf("%d packs, want 1", len(names))
	}
	return filepath.Join(c.packs, names[0])
}

// TestCorruptPacks: a pack changed in any way gives each key its own data
// or a miss, never other data.
func TestCorruptPacks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	c := openIn(t, dir)
	ka, kb := c.KeyOf("test").String("a").Sum(), c.KeyOf("test").String("b").Sum()
	want := map[Key]string{ka: "the result of a", kb: "the result of b, longer"}
	for k, v := range want {
		_ = c.Put(k, []byte(v))
	}
	path := packOf(t, c)
	c.Close()
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, raw []byte) {
		t.Helper()
		if err := os.WriteFile(path, raw, 0o600); err != nil {
			t.Fatal(err)
		}
		r, err := open(dir, fakeBinary(t, "binary one"))
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		r.mu.Lock()
		r.pending = map[Key][]byte{} // the binary's memo
		r.mu.Unlock()
		for k, v := range want {
			if got, ok := r.Get(k); ok && string(got) != v {
				t.Errorf("%s: Get = %q, want %q or a miss", what, got, v)
			}
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
	check("empty", nil)
	// The index made to lead a's key to b's record, its checksum made
	// right: another key's record is a miss.
	p, err := readPack(mustOpen(t, path, good))
	if err != nil {
		t.Fatal(err)
	}
	ia, _ := p.find(ka)
	ib, _ := p.find(kb)
	p.f.Close()
	at := int(binary.LittleEndian.Uint64(good[len(good)-packOverhead:]))
	swapped := bytes.Clone(good)
	index := swapped[at : at+p.records()*indexEntry]
	copy(index[ia*indexEntry+len(Key{}):(ia+1)*indexEntry], good[at+ib*indexEntry+len(Key{}):at+(ib+1)*indexEntry])
	sum := sha256.Sum256(index)
	copy(swapped[len(good)-packOverhead+12:], sum[:])
	check("another key's record", swapped)
	// Hand-edited: a record's data changed, and its length with it.
	check("edited", bytes.Replace(good, []byte("result of a"), []byte("result of A"), 1))
}

func mustOpen(t *testing.T, path string, data []byte) *os.File {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestConcurrentCaches: several processes (here Caches of one directory)
// put, flush and get at once; each key's data is always its own.
func TestConcurrentCaches(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache")
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			c, err := open(dir, fakeBinary(t, "binary one"))
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			for i := range 200 {
				k := c.KeyOf("test").Int(int64(i % 50)).Sum()
				want := strings.Repeat(fmt.Sprint(i%50), 100)
				if got, ok := c.Get(k); ok && string(got) != want {
					t.Errorf("writer %d: Get = %q, want %q", w, got, want)
					return
				}
				_ = c.Put(k, []byte(want))
				if i%20 == 0 {
					if err := c.Flush(); err != nil {
						t.Error(err)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	c := openIn(t, dir)
	for i := range 50 {
		if got, ok := c.Get(c.KeyOf("test").Int(int64(i)).Sum()); !ok || string(got) != strings.Repeat(fmt.Sprint(i), 100) {
			t.Errorf("key %d: %q, %v", i, got, ok)
		}
	}
	temps, _ := filepath.Glob(filepath.Join(dir, packsDir, tempPrefix+"*"))
	if len(temps) > 0 {
		t.Errorf("temporary files left: %v", temps)
	}
}

func TestInsecureDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows gives access by ACLs, which the cache does not judge")
	}
	dir := filepath.Join(t.TempDir(), "cache")
	openIn(t, dir)
	for _, tc := range []struct {
		path string
		mode os.FileMode
		why  string
	}{
		{dir, 0o777, "other users may write it (mode 0777)"},
		{dir, 0o770, "other users may write it (mode 0770)"},
		{filepath.Join(dir, packsDir), 0o757, "packs: other users may write it (mode 0757)"},
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
	openIn(t, dir)
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
	f, _ := exe()
	name := f.Name()
	f.Close()
	old := time.Now().Add(-time.Hour)
	_ = os.Chtimes(name, old, old)
	later := time.Now().Add(time.Hour) // the file's change is settled then
	first, err := open(dir, exe)
	if err != nil {
		t.Fatal(err)
	}
	first.now = func() time.Time { return later }
	first.binary, _ = first.binaryID(exe)
	first.Close()
	again, err := open(dir, exe)
	if err != nil {
		t.Fatal(err)
	}
	again.Close()
	if first.binary != again.binary {
		t.Error("the identity read from its memo differs from the one computed")
	}
	if err := os.WriteFile(name, []byte("binary one!"), 0o755); err != nil {
		t.Fatal(err)
	}
	changed, err := open(dir, exe)
	if err != nil {
		t.Fatal(err)
	}
	changed.Close()
	if changed.binary == first.binary {
		t.Error("a changed executable kept its identity")
	}
	test, err := open(filepath.Join(t.TempDir(), "cache"), executable)
	if err != nil {
		t.Fatalf("the test binary: %v", err)
	}
	test.Close()
}

// putAt puts data under key as used at the time when.
func putAt(t *testing.T, c *Cache, key Key, data []byte, when time.Time) {
	t.Helper()
	c.now = func() time.Time { return when }
	_ = c.Put(key, data)
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
}

func TestTrim(t *testing.T) {
	c := openTest(t)
	now := time.Now()
	key := func(name string) Key { return c.KeyOf("test").String(name).Sum() }
	putAt(t, c, key("stale"), make([]byte, 10), now.Add(-MaxAge-time.Hour))
	putAt(t, c, key("oldest"), make([]byte, 1000), now.Add(-3*time.Hour))
	putAt(t, c, key("older"), make([]byte, 1000), now.Add(-2*time.Hour))
	putAt(t, c, key("recent"), make([]byte, 1000), now.Add(-time.Hour))
	temp := filepath.Join(c.packs, tempPrefix+"x")
	broken := filepath.Join(c.packs, "0000000000000001-00000000"+packSuffix)
	for _, f := range []string{temp, broken} {
		if err := os.WriteFile(f, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		old := now.Add(-2 * staleTemp)
		_ = os.Chtimes(f, old, old)
	}
	foreign := filepath.Join(c.packs, "notes.txt")
	if err := os.WriteFile(foreign, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	c.now = func() time.Time { return now }
	record := recordHead + recordSum
	if err := c.merge(now, MaxAge, int64(2*(1000+record)+100)); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"stale": false, "oldest": false, "older": true, "recent": true} {
		if _, ok := c.Get(key(name)); ok != want {
			t.Errorf("%s: kept = %v, want %v", name, ok, want)
		}
	}
	if names, _ := packNames(c.packs); len(names) != 1 {
		t.Errorf("after the merge: packs %v, want one", names)
	}
	for _, f := range []string{temp, broken} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("%s was kept", filepath.Base(f))
		}
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Error("a file the cache did not write was removed")
	}
	// Trim merges at most once a day.
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	putAt(t, c, key("stale again"), []byte("x"), now.Add(-MaxAge-time.Hour))
	c.now = func() time.Time { return now }
	if err := c.Trim(); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(key("stale again")); !ok {
		t.Error("Trim merged twice within a day")
	}
}

// TestHitMarksUse: a hit on an entry unused for over a day writes it again
// with the time of the hit, so that trimming keeps it.
func TestHitMarksUse(t *testing.T) {
	c := openTest(t)
	now := time.Now()
	k := c.KeyOf("test").Sum()
	putAt(t, c, k, []byte("x"), now.Add(-MaxAge+time.Hour))
	c.now = func() time.Time { return now }
	if _, ok := c.Get(k); !ok {
		t.Fatal("miss")
	}
	if err := c.merge(now.Add(2*time.Hour), MaxAge, MaxSize); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get(k); !ok {
		t.Error("an entry used an hour before it would have aged out was trimmed")
	}
}

// TestPacksMerge: a flush that leaves more than maxPacks packs merges them.
func TestPacksMerge(t *testing.T) {
	c := openTest(t)
	for i := range maxPacks + 1 {
		_ = c.Put(c.KeyOf("test").Int(int64(i)).Sum(), []byte{byte(i)})
		if err := c.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	names, _ := packNames(c.packs)
	if len(names) != 1 {
		t.Errorf("%d packs after %d flushes, want 1", len(names), maxPacks+1)
	}
	for i := range maxPacks + 1 {
		if got, ok := c.Get(c.KeyOf("test").Int(int64(i)).Sum()); !ok || !slices.Equal(got, []byte{byte(i)}) {
			t.Errorf("entry %d: %v, %v", i, got, ok)
		}
	}
}

func TestClean(t *testing.T) {
	c := openTest(t)
	for i := range 20 {
		_ = c.Put(c.KeyOf("test").Int(int64(i)).Sum(), []byte("x"))
	}
	if err := c.Flush(); err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(c.packs, "mine.txt")
	if err := os.WriteFile(mine, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := c.Clean(); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(c.packs)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if got := strings.Join(left, " "); got != "mine.txt" {
		t.Errorf("after Clean the packs directory holds %s, want mine.txt", got)
	}
	if _, ok := c.Get(c.KeyOf("test").Int(1).Sum()); ok {
		t.Error("an entry is found after Clean")
	}
}
