package lint

import (
	"github.com/speccify/speccify-lint/result"
	"github.com/speccify/speccify-lint/runner"
)

// sealedDenial is what an example's failure says of the sandbox: the line
// of its output that shows a refused access, when the run was sealed and
// did not pass.
func (t *toolRun) sealedDenial(er *result.ExampleResult, stdout, stderr []byte) string {
	if er.Status != result.StatusFailed && er.Status != result.StatusErrored {
		return ""
	}
	if seal, ok := t.seal(); !ok || !seal.Sealed {
		return ""
	}
	return runner.DeniedLine(stdout, stderr)
}
