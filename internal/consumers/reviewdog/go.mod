module github.com/speccify/speccify-lint/internal/consumers/reviewdog

go 1.26

require github.com/reviewdog/reviewdog v0.21.0

require (
	github.com/haya14busa/go-sarif v0.0.0-20240630170108-a3ba8d79599f // indirect
	github.com/reviewdog/errorformat v0.0.0-20250320004447-223c26dbe212 // indirect
	google.golang.org/protobuf v1.36.8 // indirect
)
