package cache

import (
	"reflect"
	"testing"
	"time"
)

type inner struct {
	Name  string
	Count int
}

type sample struct {
	B       bool
	I       int
	I8      int8
	U       uint16
	F       float64
	S       string
	D       time.Duration
	Bytes   []byte
	Nil     []string
	Empty   []string
	List    []inner
	Ptr     *inner
	NilPtr  *inner
	Map     map[string]int
	NilMap  map[string]int
	Arr     [3]byte
	Nested  [][]string
	PtrList []*inner
}

func TestCodecRoundTrip(t *testing.T) {
	in := sample{B: true, I: -42, I8: -8, U: 65535, F: 3.25, S: "héllo\x00", D: 3 * time.Second,
		Bytes: []byte{0, 1, 255}, Empty: []string{}, List: []inner{{"a", 1}, {"", 0}},
		Ptr: &inner{"p", -1}, Map: map[string]int{"b": 2, "a": 1, "": 0}, Arr: [3]byte{1, 2, 3},
		Nested: [][]string{nil, {}, {"x"}}, PtrList: []*inner{nil, {"q", 2}}}
	data, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out sample
	if err := Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip:\n got %#v\nwant %#v", out, in)
	}
	if out.Nil != nil || out.Empty == nil || out.NilPtr != nil || out.NilMap != nil {
		t.Error("nil and empty are not told apart")
	}
	again, _ := Marshal(out)
	if string(again) != string(data) {
		t.Error("equal values made different bytes")
	}
}

func TestCodecRefuses(t *testing.T) {
	type hidden struct{ a int }
	_ = hidden{}.a // the unexported field Marshal must refuse
	type iface struct{ V any }
	type fn struct{ F func() }
	for _, v := range []any{hidden{}, iface{}, fn{}, make(chan int)} {
		if _, err := Marshal(v); err == nil {
			t.Errorf("Marshal(%T) succeeded: a value would be lost", v)
		}
	}
}

// TestCodecBadInput: a truncated or changed encoding is an error or a
// value, never a panic.
func TestCodecBadInput(t *testing.T) {
	in := sample{S: "text", List: []inner{{"a", 1}}, Ptr: &inner{"p", 2}, Map: map[string]int{"k": 1}}
	data, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		var out sample
		if err := Unmarshal(data[:n], &out); err == nil {
			t.Errorf("truncated to %d bytes: no error", n)
		}
	}
	for i := range data {
		for _, b := range []byte{0, 0x7f, 0x80, 0xff} {
			bad := append([]byte(nil), data...)
			bad[i] = b
			var out sample
			_ = Unmarshal(bad, &out)
		}
	}
	var out sample
	if err := Unmarshal(append(data, 0), &out); err == nil {
		t.Error("a trailing byte: no error")
	}
}

func FuzzUnmarshal(f *testing.F) {
	data, _ := Marshal(sample{S: "x", List: []inner{{"a", 1}}, Map: map[string]int{"k": 1}})
	f.Add(data)
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f})
	f.Fuzz(func(t *testing.T, data []byte) {
		var out sample
		if Unmarshal(data, &out) != nil {
			return
		}
		again, err := Marshal(out)
		if err != nil {
			t.Fatal(err)
		}
		var back sample
		if err := Unmarshal(again, &back); err != nil {
			t.Fatalf("a decoded value does not decode again: %v", err)
		}
		if third, _ := Marshal(back); string(third) != string(again) {
			t.Fatal("a decoded value does not survive a round trip")
		}
	})
}
