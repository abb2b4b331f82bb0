package main

import (
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The docs' recipes are copied as they are, so what they pin and guard is
// what users run.

// pinnedRef is what a recipe may pin speccify-lint to before the first
// release: the placeholder of a commit SHA that "Pinning a version" of
// docs/ci.md explains, or a full SHA. A branch (main) moves, and a tag
// (v1.0.0) does not exist yet.
var pinnedRef = regexp.MustCompile(`^(?:<sha>|[0-9a-f]{40})$`)

// goInstallRef is the version of a go install of speccify-lint.
var goInstallRef = regexp.MustCompile(`go install github\.com/speccify/speccify-lint/cmd/speccify-lint@(\S+)`)

// TestDocsPinning: one rule everywhere (issue 32). Every use of the Action
// and every pre-commit configuration of the speccify-lint repository in
// README.md and docs/ pins a commit SHA, and every go install of it names
// a commit SHA too (or @latest, the quick start's newest commit); each page
// that pins says where the SHA comes from.
func TestDocsPinning(t *testing.T) {
	for _, page := range docPages(t) {
		text := readRepoFile(t, page)
		pins := 0
		for _, b := range mdBlocks(text) {
			for _, m := range goInstallRef.FindAllStringSubmatch(b.text, -1) {
				if ref := strings.Trim(m[1], `'"`); ref != "latest" && !pinnedRef.MatchString(ref) {
					t.Errorf("%s:%d: go install of speccify-lint at %q, not a commit SHA (<sha>) or @latest", page, b.line, ref)
				}
				pins++
			}
			if b.lang != "yaml" {
				continue
			}
			var doc any
			if err := yaml.Unmarshal([]byte(b.text), &doc); err != nil {
				continue // TestDocsRecipeNames reports it
			}
			walkYAML(doc, func(m map[string]any) {
				if u, _ := m["uses"].(string); strings.HasPrefix(u, "speccify/speccify-lint@") {
					pins++
					if ref := strings.TrimPrefix(u, "speccify/speccify-lint@"); !pinnedRef.MatchString(ref) {
						t.Errorf("%s:%d: uses: %s pins %q, not a commit SHA (<sha>)", page, b.line, u, ref)
					}
				}
				if repo, _ := m["repo"].(string); repo == "https://github.com/speccify/speccify-lint" {
					pins++
					if rev := yamlString(m["rev"]); !pinnedRef.MatchString(rev) {
						t.Errorf("%s:%d: pre-commit rev: %q, not a commit SHA (<sha>)", page, b.line, rev)
					}
				}
			})
		}
		if pins > 0 && !strings.Contains(text, "git ls-remote") && !strings.Contains(text, "pinning-a-version") {
			t.Errorf("%s pins speccify-lint but neither says how to get the SHA (git ls-remote) nor links to ci.md#pinning-a-version", page)
		}
	}
}

// yamlString is a YAML scalar as a string ("" for none).
func yamlString(v any) string {
	s, _ := v.(string)
	return s
}

// forkGuard is the part of the upload-sarif expression that leaves out pull
// requests from forks, whose token cannot upload to code scanning.
const forkGuard = "github.event.pull_request.head.repo.full_name == github.repository"

// TestDocsSARIFFromForks: every use of the Action in README.md and docs/
// that uploads SARIF (upload-sarif not "false") guards the upload against
// pull requests from forks, as the workflow of docs/ci.md does (issue 32:
// the README's did not).
func TestDocsSARIFFromForks(t *testing.T) {
	uses := 0
	for _, page := range docPages(t) {
		for _, b := range mdBlocks(readRepoFile(t, page)) {
			if b.lang != "yaml" {
				continue
			}
			var doc any
			if err := yaml.Unmarshal([]byte(b.text), &doc); err != nil {
				continue
			}
			walkYAML(doc, func(m map[string]any) {
				if u, _ := m["uses"].(string); !strings.HasPrefix(u, "speccify/speccify-lint@") {
					return
				}
				uses++
				with, _ := m["with"].(map[string]any)
				switch upload := yamlString(with["upload-sarif"]); {
				case upload == "false":
				case !strings.Contains(upload, forkGuard):
					t.Errorf("%s:%d: the Action uploads SARIF on pull requests from forks too (upload-sarif: %q); guard it with %q", page, b.line, upload, forkGuard)
				}
			})
		}
	}
	if uses == 0 {
		t.Error("no use of the Action in the docs")
	}
}

// TestDocsGoInstallPath: where the docs install speccify-lint with go
// install (the README's quick start, docs/install.md), they say where the
// binary goes and that it must be on PATH (issue 32).
func TestDocsGoInstallPath(t *testing.T) {
	for _, page := range []string{"README.md", "docs/install.md"} {
		text := readRepoFile(t, page)
		if !strings.Contains(text, "go install") {
			t.Fatalf("%s installs nothing with go install", page)
		}
		for _, want := range []string{"$(go env GOPATH)/bin", "`PATH`", "GOBIN"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s installs with go install but does not say %s", page, want)
			}
		}
	}
}

// TestDocsFixLine: the docs name the text report's fix line as it is
// printed, "= fix:", never "fix available", which it never says (issue 32).
func TestDocsFixLine(t *testing.T) {
	for _, page := range append(docPages(t), "ARCHITECTURE.md") {
		if strings.Contains(readRepoFile(t, page), "fix available") {
			t.Errorf("%s quotes the text report's fix line as \"fix available\"; it prints \"= fix: ...\"", page)
		}
	}
}

// TestContributingTestTime: CONTRIBUTING.md says how long the test command
// takes on a machine of 2 cores (issue 32).
func TestContributingTestTime(t *testing.T) {
	section := docSection(t, "CONTRIBUTING.md", "## The two commands")
	if !regexp.MustCompile(`\d+ minutes`).MatchString(section) || !strings.Contains(section, "2 cores") {
		t.Errorf("CONTRIBUTING.md's two commands do not say how long the tests take on 2 cores:\n%s", section)
	}
}
