package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/speccify/speccify-lint/internal/gencorpus"
)

// cmdCRLF is the testscript command "crlf [-bom] FILE...": it rewrites each
// file with CRLF line endings, and with -bom a UTF-8 byte order mark first,
// for the CRLF+BOM twins of the fix scenarios (a txtar file holds LF text).
func cmdCRLF(ts *testscript.TestScript, neg bool, args []string) {
	bom := len(args) > 0 && args[0] == "-bom"
	if bom {
		args = args[1:]
	}
	if neg || len(args) == 0 {
		ts.Fatalf("usage: crlf [-bom] FILE...")
	}
	for _, name := range args {
		path := ts.MkAbs(name)
		data, err := os.ReadFile(path)
		ts.Check(err)
		data = bytes.ReplaceAll(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
		if bom {
			data = append([]byte("\xef\xbb\xbf"), data...)
		}
		ts.Check(os.WriteFile(path, data, 0o644))
	}
}

// cmdGenCorpus is the testscript command "gen-corpus [-broken-examples K]
// [speccify-gen-corpus flags] DIR": it writes the generated corpus of the
// benchmarks (internal/gencorpus) to DIR; -broken-examples adds K examples
// to each TOOL.md whose output line is not JSON (an example-syntax error
// each, and no fixture file), for a tree with many findings in few files.
func cmdGenCorpus(ts *testscript.TestScript, neg bool, args []string) {
	broken := 0
	if len(args) > 1 && args[0] == "-broken-examples" {
		n, err := strconv.Atoi(args[1])
		ts.Check(err)
		broken, args = n, args[2:]
	}
	if neg || len(args) == 0 {
		ts.Fatalf("usage: gen-corpus [-broken-examples K] [-n N] [-examples E] [-impl sh|none] DIR")
	}
	dir := ts.MkAbs(args[len(args)-1])
	args[len(args)-1] = dir
	var stderr bytes.Buffer
	if code := gencorpus.Command(args, &stderr); code != 0 {
		ts.Fatalf("speccify-gen-corpus: exit %d: %s", code, stderr.String())
	}
	if broken == 0 {
		return
	}
	var more bytes.Buffer
	for i := range broken {
		fmt.Fprintf(&more, "\n### broken %d\ninput: {}\noutput: {\"ok\": true\n", i+1)
	}
	ts.Check(filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Name() != "TOOL.md" {
			return err
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			return err
		}
		_, err = f.Write(more.Bytes())
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}))
}

// unhideCode is how a scenario writes a character it must not hold as
// itself (an invisible or bidirectional one): <U+202E>.
var unhideCode = regexp.MustCompile(`<U\+([0-9A-F]{4,6})>`)

// cmdUnhide is the testscript command "unhide FILE...": it replaces each
// <U+XXXX> of the files with that character, so that the scenarios of
// hidden-text keep the characters they test visible in the repository.
func cmdUnhide(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: unhide FILE...")
	}
	for _, name := range args {
		path := ts.MkAbs(name)
		data, err := os.ReadFile(path)
		ts.Check(err)
		data = unhideCode.ReplaceAllFunc(data, func(m []byte) []byte {
			r, err := strconv.ParseUint(string(unhideCode.FindSubmatch(m)[1]), 16, 32)
			ts.Check(err)
			return []byte(string(rune(r)))
		})
		ts.Check(os.WriteFile(path, data, 0o644))
	}
}

// cmdPad is the testscript command "pad FILE N": it appends N bytes of
// "#\n" lines to FILE (created if needed), for files past a size limit
// that a txtar file would not hold.
func cmdPad(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: pad FILE N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	ts.Check(err)
	_, err = f.Write(bytes.Repeat([]byte("#\n"), n/2))
	ts.Check(err)
	ts.Check(f.Close())
}

// cmdCacheCorrupt is the testscript command "cache-corrupt flip|truncate|swap
// DIR": it damages every pack of the result cache in DIR as a bad disk, an
// interrupted copy or a hand edit would. flip flips a byte in every 16 of
// the records (their index stays whole, so each record is found and its
// checksum must fail); truncate cuts each pack in half; swap gives each
// key of a pack's index another key's record (the index's own checksum made
// again, so that only the record's key can tell). The layout is the one
// cache/pack.go documents; packs damaged before are left as they are, and
// finding no whole pack fails the command, so that the scenario cannot
// pass by damaging nothing.
func cmdCacheCorrupt(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cache-corrupt flip|truncate|swap DIR")
	}
	const (
		header     = "speccify-lint cache 2\n"
		end        = "\nend of pack\n"
		trailer    = 8 + 4 + sha256.Size
		indexEntry = sha256.Size + 8 + 4 + 8
	)
	packs, err := filepath.Glob(filepath.Join(ts.MkAbs(args[1]), "packs", "*.pack"))
	ts.Check(err)
	damaged := 0
	for _, path := range packs {
		data, err := os.ReadFile(path)
		ts.Check(err)
		tail := len(data) - len(end) - trailer
		if !bytes.HasPrefix(data, []byte(header)) || tail < len(header) || string(data[tail+trailer:]) != end {
			continue // damaged before
		}
		at := int(binary.LittleEndian.Uint64(data[tail:]))
		n := int(binary.LittleEndian.Uint32(data[tail+8:]))
		if at+n*indexEntry != tail || n < 2 {
			ts.Fatalf("%s: an index of %d entries at %d does not end at %d", path, n, at, tail)
		}
		damaged++
		switch args[0] {
		case "flip":
			for i := len(header); i < at; i += 16 {
				data[i] ^= 0x20
			}
		case "truncate":
			data = data[:len(data)/2]
		case "swap":
			index := data[at:tail]
			first := slices.Clone(index[sha256.Size : sha256.Size+12])
			for i := range n {
				place := index[i*indexEntry+sha256.Size : i*indexEntry+sha256.Size+12]
				if i == n-1 {
					copy(place, first)
				} else {
					copy(place, index[(i+1)*indexEntry+sha256.Size:])
				}
			}
			sum := sha256.Sum256(index)
			copy(data[tail+12:], sum[:])
		default:
			ts.Fatalf("usage: cache-corrupt flip|truncate|swap DIR")
		}
		ts.Check(os.WriteFile(path, data, 0o600))
	}
	if damaged == 0 {
		ts.Fatalf("no whole pack in %s to damage", args[1])
	}
}

// cmdRepeat is the testscript command "repeat FILE N TEXT": it appends TEXT
// N times to FILE (created if needed), each time with %d replaced by the
// count from 0 and \n by a line break, for schemas too large to write out
// in a txtar file (thousands of properties or enum values).
func cmdRepeat(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: repeat FILE N TEXT")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	text := strings.ReplaceAll(args[2], `\n`, "\n")
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.ReplaceAll(text, "%d", strconv.Itoa(i)))
	}
	path := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(filepath.Dir(path), 0o755))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	ts.Check(err)
	_, err = f.WriteString(b.String())
	ts.Check(err)
	ts.Check(f.Close())
}
