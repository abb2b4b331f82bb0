// Package contract models a tool contract: the TOOL.md file of a tool folder
// under .agent/tools/<name>/, its YAML frontmatter, its JSON Schemas and its
// worked examples, each piece with the exact line and column it came from.
// It reports what it finds as data; package lint decides what is a finding.
//
// Tool folders are found on disk by package discover; JSON with exact numbers
// is parsed and compared by package internal/jsonexact.
package contract
