package runner

import (
	"errors"
	"testing"
	"time"
)

func TestStatus(t *testing.T) {
	tests := []struct {
		o    Outcome
		want string
	}{
		{Outcome{ExitCode: 0}, "exit code 0"},
		{Outcome{ExitCode: 3}, "exit code 3"},
		{Outcome{ExitCode: -1, Signal: "SIGSEGV"}, "killed by signal SIGSEGV"},
		{Outcome{ExitCode: -1, TimedOut: true, Timeout: 2 * time.Second}, "timed out after 2s"},
		{Outcome{ExitCode: -1, TimedOut: true, Timeout: 1500 * time.Millisecond}, "timed out after 1.5s"},
		{Outcome{ExitCode: -1, StartErr: errors.New("exec format error")}, "could not start: exec format error"},
		{Outcome{ExitCode: -1, StdoutOverflow: true}, "output exceeds 4 MiB on stdout"},
		{Outcome{ExitCode: -1, StderrOverflow: true, MaxOutput: 64 << 10}, "output exceeds 64 KiB on stderr"},
		{Outcome{ExitCode: -1, StdoutOverflow: true, StderrOverflow: true, MaxOutput: 1000}, "output exceeds 1000 bytes on stdout and stderr"},
		{Outcome{ExitCode: -1, Canceled: true, TimedOut: true}, "interrupted"},
		{Outcome{ExitCode: -1, StartErr: errors.New("x"), Canceled: true}, "could not start: x"},
	}
	for _, tt := range tests {
		if got := tt.o.Status(); got != tt.want {
			t.Errorf("%+v.Status() = %q, want %q", tt.o, got, tt.want)
		}
	}
}

func TestOK(t *testing.T) {
	if !(Outcome{}).OK() {
		t.Error("exit 0 is not OK")
	}
	for _, o := range []Outcome{
		{ExitCode: 1},
		{ExitCode: -1, Signal: "SIGKILL"},
		{StdoutOverflow: true},
		{StderrOverflow: true},
		{TimedOut: true},
		{Canceled: true},
		{StartErr: errors.New("x")},
	} {
		if o.OK() {
			t.Errorf("%+v.OK() = true", o)
		}
	}
}

// OK reports whether the implementation started, ran to its end on its own
// and exited with code 0 without overflowing its output.
func (o Outcome) OK() bool {
	return o.StartErr == nil && !o.Canceled && !o.TimedOut &&
		!o.StdoutOverflow && !o.StderrOverflow && o.Signal == "" && o.ExitCode == 0
}
