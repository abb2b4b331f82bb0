// Package jsonexact parses JSON with its numbers exactly as written and
// compares JSON values: Parse reads one value (json.Number for numbers,
// never float64), numbersEqual compares two numbers by their exact decimal
// values, and Covers says how an actual value fails to cover an expected one,
// each difference at a JSON path such as $.items[0].
//
// Both the contract model (examples, schemas) and the runner (an
// implementation's output) use it; it depends on neither.
package jsonexact
