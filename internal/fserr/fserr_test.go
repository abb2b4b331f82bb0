package fserr

import (
	"errors"
	"io/fs"
	"os"
	"testing"
)

func TestCause(t *testing.T) {
	_, err := os.Open("/nonexistent/speccify-lint")
	if got := Cause(err); !errors.Is(got, fs.ErrNotExist) {
		t.Errorf("Cause(%v) = %v, want the reason alone", err, got)
	}
	if _, ok := Cause(err).(*fs.PathError); ok {
		t.Errorf("Cause(%v) is still a *fs.PathError", err)
	}
	other := errors.New("other")
	if Cause(other) != other {
		t.Errorf("Cause changed an error that is not a *fs.PathError")
	}
}
