package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
)

// Key is the SHA-256 of the inputs of a piece of work: the name of its
// entry.
type Key [sha256.Size]byte

// String is the key in hex, as the entry's file name spells it.
func (k Key) String() string { return hex.EncodeToString(k[:]) }

// Hasher builds a Key from the parts of the inputs it is given in turn.
// Each part is written with its kind and its length, so that two different
// lists of parts never hash the same bytes ("ab", "c" and "a", "bc" differ).
type Hasher struct {
	h   hash.Hash
	buf [binary.MaxVarintLen64 + 1]byte
}

// KeyOf starts the key of a kind of work (a name that tells the kinds of
// entries apart: "tool result", "folder memo").
func KeyOf(kind string) *Hasher {
	h := &Hasher{h: sha256.New()}
	return h.String(formatVersion).String(kind)
}

// String adds a text part.
func (h *Hasher) String(s string) *Hasher {
	h.head('s', uint64(len(s)))
	h.h.Write([]byte(s))
	return h
}

// Bytes adds a part of bytes.
func (h *Hasher) Bytes(b []byte) *Hasher {
	h.head('b', uint64(len(b)))
	h.h.Write(b)
	return h
}

// Strings adds a list of texts, in the order given.
func (h *Hasher) Strings(list []string) *Hasher {
	h.head('l', uint64(len(list)))
	for _, s := range list {
		h.String(s)
	}
	return h
}

// Int adds a number.
func (h *Hasher) Int(n int64) *Hasher {
	h.head('i', uint64(n))
	return h
}

// Bool adds a yes or no.
func (h *Hasher) Bool(b bool) *Hasher {
	var n uint64
	if b {
		n = 1
	}
	h.head('t', n)
	return h
}

// Key adds another key (the digest of a part made elsewhere).
func (h *Hasher) Key(k Key) *Hasher {
	return h.Bytes(k[:])
}

// Sum is the key of the parts added so far.
func (h *Hasher) Sum() Key {
	var k Key
	h.h.Sum(k[:0])
	return k
}

// head writes a part's kind and a number (its length or its value).
func (h *Hasher) head(kind byte, n uint64) {
	h.buf[0] = kind
	w := binary.PutUvarint(h.buf[1:], n)
	h.h.Write(h.buf[:1+w])
}
