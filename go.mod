module github.com/speccify/speccify-lint

go 1.26.0

require (
	github.com/alecthomas/kong v1.17.0
	github.com/aymanbagabas/go-udiff v0.4.2
	github.com/creack/pty v1.1.24
	github.com/dlclark/regexp2 v1.12.0
	github.com/jstemmer/go-junit-report/v2 v2.1.0
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/owenrumney/go-sarif/v2 v2.3.3
	github.com/rogpeppe/go-internal v1.16.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/yuin/goldmark v1.8.7
	go.lsp.dev/jsonrpc2 v1.0.1
	go.lsp.dev/protocol v1.0.1
	go.lsp.dev/uri v1.0.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/sys v0.49.0
	golang.org/x/text v0.36.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260623181947-01eb4420fa68 // indirect
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/landlock-lsm/go-landlock v0.11.2 // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/segmentio/encoding v0.5.4 // indirect
	github.com/yosida95/uritemplate/v3 v3.0.2 // indirect
	golang.org/x/oauth2 v0.35.0 // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/time v0.15.0 // indirect
	golang.org/x/tools v0.45.0 // indirect
	kernel.org/pub/linux/libs/security/libcap/psx v1.2.78 // indirect
)

// Development tools, out of ./... so that `go install ./...` (pre-commit's
// language: golang) builds only speccify-lint. Build, vet and test them by
// path: go build ./cmd/speccify-gen-corpus ./scripts/libfloor ./scripts/readbaseline.
ignore (
	./cmd/speccify-gen-corpus
	./scripts/libfloor
	./scripts/readbaseline
)
