package contract

// Difference is one way an actual JSON value fails to cover the expected one.
type Difference struct {
	// Path is a JSON path into the output, such as "$.keys[0]" or `$["a b"]`.
	Path string `json:"path"`
	// Expected and Actual are the compact JSON of the two sides; empty when a
	// side is missing.
	Expected string `json:"expected,omitempty"`
	Actual   string `json:"actual,omitempty"`
	// Message says what differs: `expected "A", got "B"`, `missing`,
	// `expected 2 items, got 3`.
	Message string `json:"message"`
}

// String formats the difference as "path: message".
func (d Difference) String() string { return d.Path + ": " + d.Message }

// Covers reports how actual fails to cover expected; nil means it covers.
// TODO(helper): implement.
func Covers(expected, actual any) []Difference { return nil }
