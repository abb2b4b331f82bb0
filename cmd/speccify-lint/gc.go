package main

import "github.com/speccify/speccify-lint/internal/gcbudget"

// A run collects garbage as internal/gcbudget says: its target is set here,
// its soft memory limit once the run knows how many tool folders it checks.
func init() {
	gcbudget.SetPercent()
}
