module github.com/speccify/speccify-lint

go 1.26
