package main

import (
	"fmt"
	"strings"

	"github.com/alecthomas/kong"
)

// exitCodes are the exit codes of the lint command and what each means, as
// --help lists them.
var exitCodes = []struct {
	code    int
	meaning string
}{
	{0, "no finding at or above --fail-on"},
	{1, "a finding at or above --fail-on"},
	{exitUsage, "a usage or I/O error (one line on stderr), an interrupted run, or an internal error"},
}

// helpPrinter is kong's help printer but for the default command, whose
// help is the program's: its usage line leaves out the command's name, and
// the other commands and the exit codes follow its flags.
func helpPrinter(options kong.HelpOptions, ctx *kong.Context) error {
	sel := ctx.Selected()
	if sel == nil || sel.Name != "lint" {
		return kong.DefaultHelpPrinter(options, ctx)
	}
	name := ctx.Model.Name
	fmt.Fprintf(ctx.Stdout, "Usage: %s [<path> ...] [flags]\n       %s <command> [flags]\n", name, name)
	options.NoAppSummary = true
	if err := kong.DefaultHelpPrinter(options, ctx); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("\nCommands:\n")
	for _, c := range ctx.Model.Children {
		if c.Hidden || c.Name == "lint" {
			continue
		}
		fmt.Fprintf(&b, "  %s %s\n      %s\n", name, c.Summary(), c.Help)
	}
	b.WriteString("\nExit codes:\n")
	for _, e := range exitCodes {
		fmt.Fprintf(&b, "  %d  %s\n", e.code, e.meaning)
	}
	_, err := fmt.Fprint(ctx.Stdout, b.String())
	return err
}
