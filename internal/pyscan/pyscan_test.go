package pyscan

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestStdinReads: the Python scanner finds a second read of stdin that
// follows the first on one run, at "line:column" of each, and not reads in
// strings or comments, in other functions, after a return, or in branches
// beside each other.
func TestStdinReads(t *testing.T) {
	tests := []struct {
		name, script string
		want         []string // line:col of the two reads; nil for none
	}{
		{"load then read", "import json, sys\nreq = json.load(sys.stdin)\nagain = sys.stdin.read()\n", []string{"2:7", "3:9"}},
		{"read then loads of a read", "raw = sys.stdin.read()\ndata = json.loads(sys.stdin.read() or '{}')\n", []string{"1:7", "2:19"}},
		{"input then load", "line = input()\nreq = json.load(sys.stdin)\n", []string{"1:8", "2:7"}},
		{"from sys import stdin", "from sys import stdin\na = stdin.read()\nfor l in stdin:\n    pass\n", []string{"2:5", "3:1"}},
		{"buffer and lines", "a = sys.stdin.buffer.read()\nb = sys.stdin.readlines()\n", []string{"1:5", "2:5"}},
		{"once", "import json, sys\nreq = json.load(sys.stdin)\nprint(json.dumps({'ok': True}))\n", nil},
		{"a partial read is no whole read", "head = sys.stdin.read(1)\n", nil},
		{"in strings and comments", "req = json.load(sys.stdin)\n# sys.stdin.read()\ns = 'sys.stdin.read()'\nt = \"\"\"\ninput()\n\"\"\"\n", nil},
		{"if and else", "if a:\n    req = json.load(sys.stdin)\nelse:\n    req = json.loads(sys.stdin.read())\n", nil},
		{"try and except", "try:\n    req = json.load(sys.stdin)\nexcept ValueError:\n    req = {}\n", nil},
		{"two functions", "def a():\n    x = json.load(sys.stdin)\n    return x\n\ndef b():\n    return sys.stdin.read()\n", nil},
		{"a return", "def read():\n    if binary:\n        return sys.stdin.buffer.read()\n    return sys.stdin.read()\n", nil},
		{"an if at the top level, read again after it", "req = json.load(sys.stdin)\nif req:\n    pass\nelse:\n    more = sys.stdin.read()\n", []string{"1:7", "5:12"}},
		{"a method named input", "req = json.load(sys.stdin)\nx = fileobj.input()\n", nil},
		{"a bracket over lines", "req = json.load(\n    sys.stdin)\nx = f(\nelse_)\nmore = sys.stdin.read()\n", []string{"1:7", "5:8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reads := StdinReads([]byte(tt.script))
			var got []string
			if len(reads) > 1 {
				for _, off := range reads {
					got = append(got, posText(tt.script, off))
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("reads at %v, want %v", got, tt.want)
			}
		})
	}
}

// posText is "line:column" (1-based, bytes) of the offset off of s.
func posText(s string, off int) string {
	return fmt.Sprintf("%d:%d", strings.Count(s[:off], "\n")+1, off-strings.LastIndex(s[:off], "\n"))
}

// FuzzStdinReads: the Python scanner never panics or hangs, and every
// offset it reports lies inside the script, in order.
func FuzzStdinReads(f *testing.F) {
	for _, s := range []string{
		"req = json.load(sys.stdin)\nagain = sys.stdin.read()\n",
		"s = '''\nsys.stdin.read()\n'''\n", "'", "\"\"\"", "# x", "if a:\n\tinput()\nelse:\n\tinput()\n",
		"(\n[\n{", ")]}", "def f(:\n  input(\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, script []byte) {
		done := make(chan []int, 1)
		go func() { done <- StdinReads(script) }()
		select {
		case offs := <-done:
			for i, off := range offs {
				if off < 0 || off > len(script) || (i > 0 && off < offs[i-1]) {
					t.Fatalf("offsets %v for a %d-byte script", offs, len(script))
				}
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("StdinReads did not finish on %q", script)
		}
	})
}

// TestIsPython: a Python script by its extension or its #! line, and not a
// script whose #! line names another interpreter.
func TestIsPython(t *testing.T) {
	for _, tt := range []struct {
		ext, head string
		want      bool
	}{
		{".py", "", true},
		{"", "#!/usr/bin/env python3\nimport sys\n", true},
		{"", "#!/usr/bin/python3.12 -u\n", true},
		{"", "#!/bin/sh\n# python\n", false},
		{".sh", "#!/bin/bash\n", false},
		{"", "import sys\n", false},
	} {
		if got := IsPython(tt.ext, []byte(tt.head)); got != tt.want {
			t.Errorf("IsPython(%q, %q) = %v, want %v", tt.ext, tt.head, got, tt.want)
		}
	}
}
