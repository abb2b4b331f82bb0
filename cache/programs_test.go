package cache

import (
	"reflect"
	"testing"
)

func TestShebang(t *testing.T) {
	for head, want := range map[string][]Program{
		"#!/bin/sh\necho":                  {{Path: "/bin/sh"}},
		"#!/usr/bin/env python3\n":         {{Path: "/usr/bin/env"}, {Name: "python3"}},
		"#!/usr/bin/env -S A=1 node --x\n": {{Path: "/usr/bin/env"}, {Name: "node"}},
		"#! /usr/bin/python3 -u":           {{Path: "/usr/bin/python3"}},
		"echo hi\n":                        nil,
		"#!\n":                             nil,
		"\n#!/bin/sh\n":                    nil,
	} {
		if got := Shebang([]byte(head)); !reflect.DeepEqual(got, want) {
			t.Errorf("Shebang(%q) = %v, want %v", head, got, want)
		}
	}
}

// TestProgramsSame: a program found as recorded is the same; one not
// found, or found elsewhere, is not.
func TestProgramsSame(t *testing.T) {
	var m Programs
	sh := m.Find(Program{Path: "/bin/sh"})
	if !m.Same([]Program{sh}) {
		t.Error("/bin/sh is not found as it was")
	}
	if m.Same([]Program{{Name: "no-such-program-speccify"}}) != true {
		// Not found now, recorded as not found: the same.
		t.Error("a program not found, recorded not found, differs")
	}
	moved := sh
	moved.Size++
	if m.Same([]Program{moved}) {
		t.Error("a program of another size is the same")
	}
}
