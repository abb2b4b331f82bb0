package cache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sync"
)

// Marshal encodes v (a value, or a pointer to one) for an entry: every
// exported field of its structs in order, with nil told from empty for
// slices, maps and pointers, and no names or types. It needs no schema
// because an entry is read only by the binary that wrote it (every key
// holds BinaryID): the same types decode what they encoded. A type that
// cannot be encoded whole (an interface, a channel, a function, an
// unexported field) is an error, never a value silently left out.
func Marshal(v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	c, err := codecOf(rv.Type())
	if err != nil {
		return nil, err
	}
	return c.enc(nil, rv), nil
}

// Unmarshal decodes data, made by Marshal of a value of the type *v points
// to, into *v. Data that is not such an encoding is an error (never a
// panic, and never more memory than its length allows).
func Unmarshal(data []byte, v any) (err error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return errors.New("cache: Unmarshal needs a non-nil pointer")
	}
	c, err := codecOf(rv.Type().Elem())
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cache: undecodable entry: %v", r)
		}
	}()
	d := &decoder{data: data}
	c.dec(d, rv.Elem())
	switch {
	case d.err != nil:
		return d.err
	case d.pos != len(d.data):
		return errors.New("cache: trailing bytes in an entry")
	}
	return nil
}

// codec encodes and decodes the values of one type.
type codec struct {
	enc func(b []byte, v reflect.Value) []byte
	dec func(d *decoder, v reflect.Value)
}

// codecs are the codecs made so far, by type.
var codecs sync.Map

// codecOf is the codec of t.
func codecOf(t reflect.Type) (*codec, error) {
	if c, ok := codecs.Load(t); ok {
		return c.(*codec), nil
	}
	building := map[reflect.Type]*codec{}
	c, err := compile(t, building)
	if err != nil {
		return nil, err
	}
	for t, c := range building {
		codecs.Store(t, c)
	}
	return c, nil
}

// compile makes the codec of t; building holds the codecs under way, so
// that a recursive type refers to its own.
func compile(t reflect.Type, building map[reflect.Type]*codec) (*codec, error) {
	if c, ok := codecs.Load(t); ok {
		return c.(*codec), nil
	}
	if c := building[t]; c != nil {
		return c, nil
	}
	c := &codec{}
	building[t] = c
	switch t.Kind() {
	case reflect.Bool:
		c.enc = func(b []byte, v reflect.Value) []byte {
			if v.Bool() {
				return append(b, 1)
			}
			return append(b, 0)
		}
		c.dec = func(d *decoder, v reflect.Value) {
			switch d.byte() {
			case 0:
			case 1:
				v.SetBool(true)
			default:
				d.fail("a bool is neither 0 nor 1")
			}
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		c.enc = func(b []byte, v reflect.Value) []byte { return binary.AppendVarint(b, v.Int()) }
		c.dec = func(d *decoder, v reflect.Value) {
			n := d.varint()
			if v.OverflowInt(n) {
				d.fail("an integer overflows its type")
				return
			}
			v.SetInt(n)
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		c.enc = func(b []byte, v reflect.Value) []byte { return binary.AppendUvarint(b, v.Uint()) }
		c.dec = func(d *decoder, v reflect.Value) {
			n := d.uvarint()
			if v.OverflowUint(n) {
				d.fail("an integer overflows its type")
				return
			}
			v.SetUint(n)
		}
	case reflect.Float32, reflect.Float64:
		c.enc = func(b []byte, v reflect.Value) []byte {
			return binary.LittleEndian.AppendUint64(b, math.Float64bits(v.Float()))
		}
		c.dec = func(d *decoder, v reflect.Value) { v.SetFloat(math.Float64frombits(d.uint64())) }
	case reflect.String:
		c.enc = func(b []byte, v reflect.Value) []byte {
			b = binary.AppendUvarint(b, uint64(v.Len()))
			return append(b, v.String()...)
		}
		c.dec = func(d *decoder, v reflect.Value) { v.SetString(string(d.bytes(d.length()))) }
	case reflect.Pointer:
		elem, err := compile(t.Elem(), building)
		if err != nil {
			return nil, err
		}
		c.enc = func(b []byte, v reflect.Value) []byte {
			if v.IsNil() {
				return append(b, 0)
			}
			return elem.enc(append(b, 1), v.Elem())
		}
		c.dec = func(d *decoder, v reflect.Value) {
			switch d.byte() {
			case 0:
			case 1:
				p := reflect.New(t.Elem())
				elem.dec(d, p.Elem())
				v.Set(p)
			default:
				d.fail("a pointer's mark is neither 0 nor 1")
			}
		}
	case reflect.Slice:
		elem, err := compile(t.Elem(), building)
		if err != nil {
			return nil, err
		}
		c.enc = func(b []byte, v reflect.Value) []byte {
			if v.IsNil() {
				return append(b, 0)
			}
			b = binary.AppendUvarint(b, uint64(v.Len())+1)
			if t.Elem() == byteType {
				return append(b, v.Bytes()...)
			}
			for i := range v.Len() {
				b = elem.enc(b, v.Index(i))
			}
			return b
		}
		c.dec = func(d *decoder, v reflect.Value) {
			n := d.uvarint()
			if n == 0 || d.err != nil {
				return
			}
			count := d.count(n-1, t.Elem())
			s := reflect.MakeSlice(t, count, count)
			if t.Elem() == byteType {
				reflect.Copy(s, reflect.ValueOf(d.bytes(count)))
			} else {
				for i := 0; i < count && d.err == nil; i++ {
					elem.dec(d, s.Index(i))
				}
			}
			v.Set(s)
		}
	case reflect.Array:
		elem, err := compile(t.Elem(), building)
		if err != nil {
			return nil, err
		}
		c.enc = func(b []byte, v reflect.Value) []byte {
			for i := range v.Len() {
				b = elem.enc(b, v.Index(i))
			}
			return b
		}
		c.dec = func(d *decoder, v reflect.Value) {
			for i := 0; i < v.Len() && d.err == nil; i++ {
				elem.dec(d, v.Index(i))
			}
		}
	case reflect.Map:
		key, err := compile(t.Key(), building)
		if err != nil {
			return nil, err
		}
		elem, err := compile(t.Elem(), building)
		if err != nil {
			return nil, err
		}
		c.enc = func(b []byte, v reflect.Value) []byte {
			if v.IsNil() {
				return append(b, 0)
			}
			b = binary.AppendUvarint(b, uint64(v.Len())+1)
			// In the order of the keys' encodings, so that equal maps
			// make equal bytes.
			type pair struct{ k, e []byte }
			pairs := make([]pair, 0, v.Len())
			for it := v.MapRange(); it.Next(); {
				pairs = append(pairs, pair{key.enc(nil, it.Key()), elem.enc(nil, it.Value())})
			}
			slices.SortFunc(pairs, func(a, b pair) int { return bytes.Compare(a.k, b.k) })
			for _, p := range pairs {
				b = append(append(b, p.k...), p.e...)
			}
			return b
		}
		c.dec = func(d *decoder, v reflect.Value) {
			n := d.uvarint()
			if n == 0 || d.err != nil {
				return
			}
			count := d.count(n-1, t.Key())
			m := reflect.MakeMapWithSize(t, count)
			for range count {
				k, e := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
				key.dec(d, k)
				elem.dec(d, e)
				if d.err != nil {
					return
				}
				m.SetMapIndex(k, e)
			}
			v.Set(m)
		}
	case reflect.Struct:
		fields := make([]*codec, t.NumField())
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				return nil, fmt.Errorf("cache: %s.%s is not exported, and would be lost", t, f.Name)
			}
			fc, err := compile(f.Type, building)
			if err != nil {
				return nil, err
			}
			fields[i] = fc
		}
		c.enc = func(b []byte, v reflect.Value) []byte {
			for i, f := range fields {
				b = f.enc(b, v.Field(i))
			}
			return b
		}
		c.dec = func(d *decoder, v reflect.Value) {
			for i, f := range fields {
				if d.err != nil {
					return
				}
				f.dec(d, v.Field(i))
			}
		}
	default:
		return nil, fmt.Errorf("cache: a %s cannot be encoded", t)
	}
	return c, nil
}

// byteType is byte: a []byte is encoded as its bytes.
var byteType = reflect.TypeFor[byte]()

// decoder reads an encoding; its first error stops it.
type decoder struct {
	data []byte
	pos  int
	err  error
}

func (d *decoder) fail(msg string) {
	if d.err == nil {
		d.err = errors.New("cache: undecodable entry: " + msg)
	}
	d.pos = len(d.data)
}

func (d *decoder) byte() byte {
	if d.pos >= len(d.data) {
		d.fail("it ends early")
		return 0
	}
	b := d.data[d.pos]
	d.pos++
	return b
}

func (d *decoder) uvarint() uint64 {
	n, w := binary.Uvarint(d.data[d.pos:])
	if w <= 0 {
		d.fail("a number is cut or too long")
		return 0
	}
	d.pos += w
	return n
}

func (d *decoder) varint() int64 {
	n, w := binary.Varint(d.data[d.pos:])
	if w <= 0 {
		d.fail("a number is cut or too long")
		return 0
	}
	d.pos += w
	return n
}

func (d *decoder) uint64() uint64 {
	b := d.bytes(8)
	if len(b) < 8 {
		return 0
	}
	return binary.LittleEndian.Uint64(b)
}

// length is a length of bytes that follow: at most what is left.
func (d *decoder) length() int {
	n := d.uvarint()
	if n > uint64(len(d.data)-d.pos) {
		d.fail("a length runs past the end")
		return 0
	}
	return int(n)
}

// count is n as a number of values of type t that follow: each takes a
// byte at least, unless t takes none (then at most maxEmpty of them).
func (d *decoder) count(n uint64, t reflect.Type) int {
	limit := uint64(len(d.data) - d.pos)
	if t.Size() == 0 {
		limit = maxEmpty
	}
	if n > limit {
		d.fail("a count runs past the end")
		return 0
	}
	return int(n)
}

// maxEmpty bounds a list of values that take no bytes.
const maxEmpty = 1 << 16

func (d *decoder) bytes(n int) []byte {
	if n > len(d.data)-d.pos {
		d.fail("it ends early")
		return nil
	}
	b := d.data[d.pos : d.pos+n]
	d.pos += n
	return b
}
