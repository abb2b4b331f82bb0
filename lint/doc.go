// Package lint applies speccify-lint's rules to discovered tool and skill
// folders and runs the tools' examples against their implementations.
//
// Lint takes a discover.Discovery and a Config and returns a result.Result: per
// tool folder its findings and the verdict of each example, ordered by path
// whatever the parallelism. The rules (Rules, RuleByID) are a fixed
// registry, each with an id, a default severity, a category, the
// documentation the rules command and the docs/rules/ pages print, and its check,
// defined together in lint/rule_<id>.go; every finding is built by the
// rule's reporter (reporter.go). The contract is
// read with package contract and an implementation run with package
// runner; this package decides what is a finding.
package lint
