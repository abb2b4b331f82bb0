// Package safegit runs git for speccify-lint so that no program the
// repository names runs: every git command of the project goes through
// Command, CommandContext or Output.
//
// A pull request may write the repository (its .git/config, .gitattributes,
// hooks), and git runs programs named there while it merely reads: the
// file system monitor (core.fsmonitor) when it refreshes the index, a
// filter driver's clean or process command (filter.<driver>.clean,
// .process, named by .gitattributes) when it hashes a working-tree file, a
// textconv or external diff program when it prints a diff, the pager, a
// hook (post-index-change, when a read refreshes the index and writes it
// back), and, when a partial clone lazily fetches a missing object, the
// transport's programs (core.sshCommand, credential helpers). So every
// command runs with:
//
//   - --no-pager, and -c core.fsmonitor=false, -c core.hooksPath=<the null
//     device> (no hook can be found there), -c protocol.allow=never (no
//     transport: no fetch, no ssh, no credential helper) and
//     -c credential.helper= (the list of helpers emptied);
//   - every filter driver of the configuration (as `git config
//     --get-regexp` lists them, all scopes and includes) made empty: its
//     clean, smudge and process commands set to "" (git then runs none) and
//     required to false (with --config-env for a driver whose name holds a
//     "=", which -c would take for the end of the key);
//   - --no-ext-diff and --no-textconv for the commands that print diffs;
//   - GIT_OPTIONAL_LOCKS=0 (a read does not write the index back),
//     GIT_TERMINAL_PROMPT=0 and GIT_NO_LAZY_FETCH=1 in the environment.
//
// Command-line configuration (-c, --config-env) has the highest precedence
// of git's configuration, above the repository's. Blobs are read raw by the
// callers (`git cat-file --batch`, without --filters or --textconv).
package safegit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// envEmpty and envFalse are the environment variables --config-env reads
// the overrides of the filter drivers from.
const (
	envEmpty = "SPECCIFY_LINT_GIT_EMPTY"
	envFalse = "SPECCIFY_LINT_GIT_FALSE"
)

// fixed are the options every git command gets before its own: no pager,
// and the configured programs that do not depend on a name turned off.
func fixed() []string {
	return []string{
		"--no-pager",
		"-c", "core.fsmonitor=false",
		"-c", "core.hooksPath=" + os.DevNull,
		"-c", "protocol.allow=never",
		"-c", "credential.helper=",
	}
}

// diffCommands are the git commands that can print a diff, and so take
// --no-ext-diff and --no-textconv.
var diffCommands = []string{"diff", "diff-files", "diff-index", "diff-tree", "log", "show"}

// env is the environment of every git command.
func env() []string {
	return append(os.Environ(),
		"GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "GIT_NO_LAZY_FETCH=1",
		envEmpty+"=", envFalse+"=false")
}

// Command is git with args, run in dir as the package doc says: it first
// lists the configuration's filter drivers (one `git config` run) to turn
// them off. An error is that listing's.
func Command(dir string, args ...string) (*exec.Cmd, error) {
	return CommandContext(context.Background(), dir, args...)
}

// CommandContext is Command bound to ctx: the listing of the filter
// drivers and the command it returns are killed when ctx is done
// (exec.CommandContext).
func CommandContext(ctx context.Context, dir string, args ...string) (*exec.Cmd, error) {
	drivers, err := filterDrivers(ctx, dir)
	if err != nil {
		return nil, err
	}
	full := fixed()
	for _, d := range drivers {
		for _, k := range []string{"clean", "smudge", "process"} {
			full = append(full, override("filter."+d+"."+k, "")...)
		}
		full = append(full, override("filter."+d+".required", "false")...)
	}
	if len(args) > 0 && slices.Contains(diffCommands, args[0]) {
		args = append([]string{args[0], "--no-ext-diff", "--no-textconv"}, args[1:]...)
	}
	return command(ctx, dir, append(full, args...)...), nil
}

// override is the options that set key to value ("" or "false"): -c, or
// --config-env (git 2.31 and later) when key holds a "=", which -c would
// take for the end of the key.
func override(key, value string) []string {
	if strings.Contains(key, "=") {
		env := envEmpty
		if value == "false" {
			env = envFalse
		}
		return []string{"--config-env=" + key + "=" + env}
	}
	return []string{"-c", key + "=" + value}
}

func command(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = env()
	return cmd
}

// Output runs git with args in dir (Command) and returns its standard
// output. When git fails, the error is git's first line of standard error,
// or, when it wrote none, the *exec.ExitError itself (a command such as
// `rev-parse --quiet` that says nothing about a revision it does not know).
func Output(dir string, args ...string) ([]byte, error) {
	cmd, err := Command(dir, args...)
	if err != nil {
		return nil, err
	}
	return run(cmd)
}

func run(cmd *exec.Cmd) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			if msg, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n"); msg != "" {
				return nil, errors.New(msg)
			}
		}
		return nil, err
	}
	return stdout.Bytes(), nil
}

// filterDrivers are the names of the filter drivers the configuration seen
// from dir defines (filter.<name>.<key>), sorted and distinct.
func filterDrivers(ctx context.Context, dir string) ([]string, error) {
	cmd := command(ctx, dir, append(fixed(), "config", "-z", "--name-only", "--get-regexp", `^filter\.`)...)
	out, err := run(cmd)
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		return nil, nil // no such key
	}
	if err != nil {
		return nil, fmt.Errorf("git config: %w", err)
	}
	var names []string
	for key := range strings.SplitSeq(string(out), "\x00") {
		// filter.<name>.<key>: the name is what lies between the first and
		// the last dot; a key without a name is no driver's.
		rest, ok := strings.CutPrefix(key, "filter.")
		if i := strings.LastIndexByte(rest, '.'); ok && i >= 0 {
			names = append(names, rest[:i])
		}
	}
	slices.Sort(names)
	return slices.Compact(names), nil
}
