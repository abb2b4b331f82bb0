package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
)

// formatVersion names the layout of the entries and of the keys: a change
// to either changes it, so that no entry of another layout is ever read.
const formatVersion = "speccify-lint cache 1"

// An entry is the magic line, its key, the length of its data (8 bytes,
// little-endian), the data, and the SHA-256 of all that.
var magic = []byte(formatVersion + "\n")

// entryOverhead is the size of an entry beside its data.
const entryOverhead = len(formatVersion) + 1 + len(Key{}) + 8 + sha256.Size

// MaxEntry is the largest data an entry holds: Put refuses more.
const MaxEntry = 64 << 20

// encodeEntry is the entry of data under key.
func encodeEntry(key Key, data []byte) []byte {
	out := make([]byte, 0, entryOverhead+len(data))
	out = append(out, magic...)
	out = append(out, key[:]...)
	out = binary.LittleEndian.AppendUint64(out, uint64(len(data)))
	out = append(out, data...)
	sum := sha256.Sum256(out)
	return append(out, sum[:]...)
}

// decodeEntry is the data of the entry raw when it is a whole entry of key
// whose checksum holds; ok is false for anything else.
func decodeEntry(key Key, raw []byte) (data []byte, ok bool) {
	if len(raw) < entryOverhead || len(raw)-entryOverhead > MaxEntry {
		return nil, false
	}
	body, sum := raw[:len(raw)-sha256.Size], raw[len(raw)-sha256.Size:]
	rest, ok := bytes.CutPrefix(body, magic)
	if !ok || !bytes.Equal(rest[:len(key)], key[:]) {
		return nil, false
	}
	rest = rest[len(key):]
	if n := binary.LittleEndian.Uint64(rest[:8]); n != uint64(len(rest)-8) {
		return nil, false
	}
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, false
	}
	return rest[8:], true
}
