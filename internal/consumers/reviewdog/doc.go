// Package reviewdog checks speccify-lint's checkstyle, rdjson and rdjsonl
// reports with reviewdog's own parsers (github.com/reviewdog/reviewdog
// v0.21.0, package parser), as a real consumer reads them.
//
// It is a module of its own so that the speccify-lint module does not
// depend on reviewdog: it reads the report goldens that the main module's
// tests keep byte-identical to what the binary writes
// (cmd/speccify-lint/testdata/reports, from a real run over the report
// tree, and report/testdata). Run it with
//
//	cd internal/consumers/reviewdog && go test ./...
package reviewdog
