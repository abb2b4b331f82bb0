// Package result is what a lint found, the model every reader of a lint
// shares: the report writers (package report), autofix, the language server,
// the MCP server and the command line.
//
// A Result holds per tool folder its ToolResult (findings, the verdict of
// each example, explore's properties, contract coverage and the tool's
// ToolStatus), the skills' findings and the Summary. A Finding has its place
// (file, line, column, span), its Severity, and the Fix its rule proposes.
// The engine (package lint) fills a Result and decides what is a finding;
// this package holds the types, their JSON shape (the JSON report, read
// back by merge), and what follows from a Result alone: its findings in
// order (AllFindings), its counts (Summarize), whether it fails a threshold
// (Fails), a tool's status once a caller took findings out (Rejudge).
package result
