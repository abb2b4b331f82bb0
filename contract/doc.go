// Package contract models a tool contract: the TOOL.md file of a tool folder
// under .agent/tools/<name>/, its YAML frontmatter, its JSON Schemas and its
// worked examples, each piece with the exact line and column it came from.
// It parses a TOOL.md once into typed fields (Frontmatter: String, Key,
// SchemaField), each carrying its Span (start and end line, UTF-16 column
// and byte offset), and reports what it could not make sense of as typed
// Problems; package lint decides what is a finding. No other package of the
// module reads the YAML of a contract.
//
// Tool folders are found on disk by package discover; JSON with exact numbers
// is parsed and compared by package internal/jsonexact.
package contract
