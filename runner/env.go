package runner

import (
	"os"
	"runtime"
	"slices"
	"strings"
)

// PassedEnv are the environment variables a run gets from speccify-lint's
// environment: what programs need to find themselves, their interpreter
// and the user's locale. Everything else (the CI system's tokens, cloud
// credentials, whatever a runner exports) is dropped; --pass-env names
// more. A name ending in * passes every variable it begins.
var PassedEnv = []string{
	// The system and the user.
	"PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "LANGUAGE", "LC_*", "TZ", "TERM",
	// Interpreters and their package managers.
	"PYENV_ROOT", "PYENV_VERSION", "VIRTUAL_ENV", "CONDA_PREFIX", "CONDA_DEFAULT_ENV",
	"PYTHONPATH", "PYTHONHOME", "PYTHONIOENCODING", "PYTHONUTF8",
	"PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED",
	"NODE_PATH", "NVM_DIR", "NVM_BIN", "JAVA_HOME", "GOROOT", "GOPATH",
	"RBENV_ROOT", "RBENV_VERSION", "GEM_HOME", "GEM_PATH", "PERL5LIB", "DENO_DIR", "BUN_INSTALL",
	// Certificates, for a tool that requires network.
	"SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "NODE_EXTRA_CA_CERTS", "CURL_CA_BUNDLE",
}

// windowsEnv are the variables a Windows program cannot start or find its
// folders without.
var windowsEnv = []string{"SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "USERPROFILE",
	"PROGRAMFILES", "PROGRAMFILES(X86)", "PROGRAMW6432", "PROGRAMDATA", "APPDATA", "LOCALAPPDATA",
	"NUMBER_OF_PROCESSORS", "PROCESSOR_ARCHITECTURE", "OS", "PSMODULEPATH"}

// TempEnv are the variables that name the temporary directory: a run's
// name its own private one.
var TempEnv = []string{"TMPDIR", "TMP", "TEMP"}

// envFor is the environment of a run but its temporary directory: the
// variables of environ that PassedEnv or pass name, and the run marker of
// an enclosing run (so that the run that started this program still finds
// what this run starts). TempEnv is left out, for the run's own.
func envFor(environ, pass []string) []string {
	names := slices.Concat(PassedEnv, pass, []string{runEnv})
	if runtime.GOOS == "windows" {
		names = append(names, windowsEnv...)
	}
	out := make([]string, 0, len(names)+len(TempEnv))
	for _, kv := range environ {
		name, _, ok := strings.Cut(kv, "=")
		if !ok || name == "" || slices.Contains(TempEnv, normalEnvName(name)) {
			continue
		}
		if slices.ContainsFunc(names, func(pattern string) bool { return envMatch(pattern, name) }) {
			out = append(out, kv)
		}
	}
	return out
}

// envMatch reports whether the variable name is the one pattern names, or
// one it begins when it ends in *; names are compared as the system does
// (without case on Windows).
func envMatch(pattern, name string) bool {
	pattern, name = normalEnvName(pattern), normalEnvName(name)
	if prefix, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(name, prefix)
	}
	return pattern == name
}

// normalEnvName is name as the system compares it.
func normalEnvName(name string) string {
	if runtime.GOOS == "windows" {
		return strings.ToUpper(name)
	}
	return name
}

// runEnv is the environment variable that marks every process of a run
// (on Linux): its value is a comma-separated list of run ids, this
// program's last (a run inside a run keeps the outer ids). Processes
// inherit it whatever they do to their session or process group, so Run
// finds the ones that left the group through it.
const runEnv = "SPECCIFY_LINT_RUN"

// environ is this program's environment (a variable for tests).
var environ = os.Environ

// Env is the environment every run of a workspace with Options.PassEnv
// pass is handed, sorted, but for its own temporary directory (TempEnv)
// and the marker of an enclosing run: what the result of a run depends on
// of speccify-lint's environment, as the result cache keys it.
func Env(pass []string) []string {
	env := slices.DeleteFunc(envFor(environ(), pass), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return envMatch(runEnv, name)
	})
	slices.Sort(env)
	return env
}
