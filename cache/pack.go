package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"slices"
	"sort"
)

// formatVersion names the layout of the packs and of the keys: a change
// to either changes it, so that no entry of another layout is ever read.
const formatVersion = "speccify-lint cache 2"

// A pack is a file of entries, written whole and renamed into place, never
// changed after: the header, the records, the index and the trailer.
//
//	header   formatVersion "\n"
//	record   key (32) | used (int64) | n (uint32) | data (n) | SHA-256 of key, used, n and data (32)
//	index    per record, sorted by key: key (32) | offset (uint64) | length (uint32) | used (int64)
//	trailer  index offset (uint64) | records (uint32) | SHA-256 of the index (32) | packEnd
//
// Integers are little-endian; used is when the entry was last used, in Unix
// seconds.
var (
	packHeader = []byte(formatVersion + "\n")
	packEnd    = []byte(packEndText)
)

const packEndText = "\nend of pack\n"

const (
	recordHead   = len(Key{}) + 8 + 4
	recordSum    = sha256.Size
	indexEntry   = len(Key{}) + 8 + 4 + 8
	trailerSize  = 8 + 4 + sha256.Size
	packOverhead = trailerSize + len(packEndText)
)

// MaxEntry is the largest data an entry holds: Put refuses more.
const MaxEntry = 64 << 20

// encodeRecord appends the record of data under key, used at used.
func encodeRecord(b []byte, key Key, used int64, data []byte) []byte {
	start := len(b)
	b = append(b, key[:]...)
	b = binary.LittleEndian.AppendUint64(b, uint64(used))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(data)))
	b = append(b, data...)
	sum := sha256.Sum256(b[start:])
	return append(b, sum[:]...)
}

// decodeRecord is the data and use time of the record raw when it is a
// whole record of key whose checksum holds; ok is false for anything else.
func decodeRecord(key Key, raw []byte) (data []byte, used int64, ok bool) {
	if len(raw) < recordHead+recordSum || !bytes.Equal(raw[:len(key)], key[:]) {
		return nil, 0, false
	}
	body, sum := raw[:len(raw)-recordSum], raw[len(raw)-recordSum:]
	if n := binary.LittleEndian.Uint32(body[len(key)+8:]); int(n) != len(body)-recordHead {
		return nil, 0, false
	}
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, 0, false
	}
	return body[recordHead:], int64(binary.LittleEndian.Uint64(body[len(key):])), true
}

// pack is a pack file opened for reading: its index, checked.
type pack struct {
	name  string
	f     *os.File
	size  int64
	index []byte // records × indexEntry bytes, sorted by key
}

// openPack opens the pack at path and reads its index; an error for a file
// that is not a whole pack.
func openPack(path string) (*pack, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	p, err := readPack(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// errNotPack is the error of a file that is no whole pack.
var errNotPack = errors.New("not a whole pack of this format")

func readPack(f *os.File) (*pack, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := info.Size()
	if !info.Mode().IsRegular() || size < int64(len(packHeader)+packOverhead) {
		return nil, errNotPack
	}
	head := make([]byte, len(packHeader))
	tail := make([]byte, packOverhead)
	if _, err := f.ReadAt(head, 0); err != nil {
		return nil, errNotPack
	}
	if _, err := f.ReadAt(tail, size-int64(packOverhead)); err != nil {
		return nil, errNotPack
	}
	if !bytes.Equal(head, packHeader) || !bytes.Equal(tail[trailerSize:], packEnd) {
		return nil, errNotPack
	}
	at := binary.LittleEndian.Uint64(tail)
	n := uint64(binary.LittleEndian.Uint32(tail[8:]))
	if at < uint64(len(packHeader)) || at+n*uint64(indexEntry) != uint64(size)-uint64(packOverhead) {
		return nil, errNotPack
	}
	index := make([]byte, n*uint64(indexEntry))
	if _, err := f.ReadAt(index, int64(at)); err != nil {
		return nil, errNotPack
	}
	if sum := sha256.Sum256(index); !bytes.Equal(sum[:], tail[12:12+sha256.Size]) {
		return nil, errNotPack
	}
	p := &pack{name: f.Name(), f: f, size: size, index: index}
	for i := range p.records() {
		if i > 0 && bytes.Compare(p.keyAt(i-1), p.keyAt(i)) >= 0 {
			return nil, errNotPack
		}
		if off, length, _ := p.entryAt(i); off < int64(len(packHeader)) || length < recordHead+recordSum || off+int64(length) > int64(at) {
			return nil, errNotPack
		}
	}
	return p, nil
}

func (p *pack) records() int { return len(p.index) / indexEntry }

func (p *pack) keyAt(i int) []byte { return p.index[i*indexEntry : i*indexEntry+len(Key{})] }

// entryAt is the place of record i, its length and its use time.
func (p *pack) entryAt(i int) (off int64, length int, used int64) {
	e := p.index[i*indexEntry+len(Key{}):]
	return int64(binary.LittleEndian.Uint64(e)), int(binary.LittleEndian.Uint32(e[8:])), int64(binary.LittleEndian.Uint64(e[12:]))
}

// find is the index of key's record in p; false when p has none.
func (p *pack) find(key Key) (int, bool) {
	n := p.records()
	i := sort.Search(n, func(i int) bool { return bytes.Compare(p.keyAt(i), key[:]) >= 0 })
	return i, i < n && bytes.Equal(p.keyAt(i), key[:])
}

// read is the data and use time of record i when it is key's, whole and
// checksummed right.
func (p *pack) read(i int, key Key) ([]byte, int64, bool) {
	off, length, _ := p.entryAt(i)
	raw := make([]byte, length)
	if _, err := p.f.ReadAt(raw, off); err != nil {
		return nil, 0, false
	}
	return decodeRecord(key, raw)
}

// packWriter builds a pack in memory.
type packWriter struct {
	buf   []byte
	index []byte
}

func newPackWriter() *packWriter {
	return &packWriter{buf: append([]byte(nil), packHeader...)}
}

// add adds the record of data under key, used at used.
func (w *packWriter) add(key Key, used int64, data []byte) {
	w.addRaw(key, used, func(b []byte) []byte { return encodeRecord(b, key, used, data) })
}

// addRaw adds a record that appendRecord appends.
func (w *packWriter) addRaw(key Key, used int64, appendRecord func([]byte) []byte) {
	off := len(w.buf)
	w.buf = appendRecord(w.buf)
	w.index = append(w.index, key[:]...)
	w.index = binary.LittleEndian.AppendUint64(w.index, uint64(off))
	w.index = binary.LittleEndian.AppendUint32(w.index, uint32(len(w.buf)-off))
	w.index = binary.LittleEndian.AppendUint64(w.index, uint64(used))
}

// bytes is the whole pack: the records, then the index sorted by key and
// the trailer.
func (w *packWriter) bytes() []byte {
	n := len(w.index) / indexEntry
	entries := make([][]byte, n)
	for i := range n {
		entries[i] = w.index[i*indexEntry : (i+1)*indexEntry]
	}
	// By key; of two records of one key, the later one stays.
	slices.SortStableFunc(entries, func(a, b []byte) int { return bytes.Compare(a[:len(Key{})], b[:len(Key{})]) })
	for i := len(entries) - 1; i > 0; i-- {
		if bytes.Equal(entries[i-1][:len(Key{})], entries[i][:len(Key{})]) {
			entries = slices.Delete(entries, i-1, i)
		}
	}
	n = len(entries)
	at := len(w.buf)
	out := slices.Grow(w.buf, n*indexEntry+packOverhead)
	for _, e := range entries {
		out = append(out, e...)
	}
	sum := sha256.Sum256(out[at:])
	out = binary.LittleEndian.AppendUint64(out, uint64(at))
	out = binary.LittleEndian.AppendUint32(out, uint32(n))
	out = append(out, sum[:]...)
	return append(out, packEnd...)
}
