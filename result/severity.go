package result

import "fmt"

// Severity ranks a finding. The zero value is SeverityNone, which no finding
// has; it is the threshold that never fails (--fail-on never).
type Severity int

// The severities, in increasing order.
const (
	SeverityNone Severity = iota
	SeverityNote
	SeverityWarning
	SeverityError
)

var severityNames = [...]string{"none", "note", "warning", "error"}

// String returns "note", "warning" or "error".
func (s Severity) String() string {
	if s < 0 || int(s) >= len(severityNames) {
		return fmt.Sprintf("severity(%d)", int(s))
	}
	return severityNames[s]
}

// MarshalText encodes the severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSeverity turns "note", "warning" or "error" into a Severity.
func ParseSeverity(name string) (Severity, error) {
	for i, n := range severityNames {
		if i > 0 && n == name {
			return Severity(i), nil
		}
	}
	return SeverityNone, fmt.Errorf("unknown severity %q (want note, warning or error)", name)
}
