package lint

import (
	"context"
	"strings"
	"testing"

	"github.com/speccify/speccify-lint/discover"
)

// TestPanicIsAnInternalError: a panic while checking one tool becomes an
// internal error of the result; the other tools are still checked.
func TestPanicIsAnInternalError(t *testing.T) {
	var e internalErrors
	cfg := &Config{Root: t.TempDir()}
	j := e.checkStatic(cfg, &discover.Discovery{Tools: []discover.Tool{{Dir: "/nonexistent/tool"}}}, 0)
	if j == nil || j.tr.Dir == "" {
		t.Fatalf("checkStatic returned %+v", j)
	}
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("the panic escaped: %v", r)
			}
		}()
		bad := &toolJob{c: &toolCheck{cfg: cfg, dir: "/x"}, checked: true} // no spec: examples panics
		e.runExamples(context.Background(), bad)
	}()
	if got := e.sorted(); len(got) != 1 || !strings.Contains(got[0], "internal error while checking /x") {
		t.Errorf("internal errors = %q", got)
	}
}
