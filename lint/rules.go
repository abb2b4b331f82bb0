package lint

import "github.com/speccify/speccify-lint/contract"

// The rules, grouped as the README lists them. Each rule's documentation is
// the paragraph the rules command, the README table and SARIF show.

// Contract rules: is the frontmatter there, complete and well-typed.
var (
	ruleSpecFile = &Rule{ID: "spec-file", Severity: SeverityError, Category: "contract",
		Title: "TOOL.md is not a readable text file",
		Doc: "A TOOL.md must be a regular UTF-8 text file of at most 1 MiB. A directory, a symbolic link, a binary " +
			"file or a file in another encoding (UTF-16 with or without a byte-order mark and UTF-32 with one are named as such) " +
			"cannot be read as a contract, so nothing else in the folder is checked. " +
			"Save the file as UTF-8 Markdown and keep data in fixtures/."}
	ruleFrontmatter = &Rule{ID: "frontmatter", Severity: SeverityError, Category: "contract",
		Title: "frontmatter is missing or is not a YAML mapping",
		Doc: "The contract lives in YAML frontmatter: the file starts with a `---` line and the frontmatter ends at the " +
			"next `---` line. It must parse as YAML (no tabs for indentation, no duplicate keys, aliases that do not " +
			"explode) and be a mapping of keys. An empty frontmatter is not this finding: it is a contract with every " +
			"required field missing."}
	ruleRequiredField = &Rule{ID: "required-field", Severity: SeverityError, Category: "contract",
		Title: "a required frontmatter field is missing or empty",
		Doc: "Every contract declares `name`, `description`, `inputs`, `outputs`, `effects` and `requires`. " +
			"`effects` and `requires` are one line each so that a reviewer knows what a run can touch and what must be " +
			"installed; `requires: []` declares that nothing is needed and counts as present."}
	ruleFieldType = &Rule{ID: "field-type", Severity: SeverityError, Category: "contract",
		Title: "a frontmatter field has the wrong type",
		Doc: "`name`, `description`, `effects` and `runtime` are strings; `effects` is one line; `requires` and `platforms` " +
			"are a string (a comma-separated list is fine) or a list of strings; `inputs` and `outputs` are JSON Schemas " +
			"written as YAML mappings. A value of another type is misread by every tool that reads the contract."}
	ruleUnknownField = &Rule{ID: "unknown-field", Severity: SeverityWarning, Category: "contract",
		Title: "a frontmatter key is not part of the convention",
		Doc: "The convention knows `name`, `description`, `inputs`, `outputs`, `effects`, `requires`, `runtime` and " +
			"`platforms`. Any other top-level key is ignored by the tools that read contracts, and is usually a typo: " +
			"`input:` for `inputs:`. The finding suggests the nearest known key."}
	ruleName = &Rule{ID: "name", Severity: SeverityError, Category: "contract",
		Title: "name is not lowercase-kebab or does not match the folder",
		Doc: "A tool is called by its folder name, so `name` must equal the folder's name and be lowercase kebab-case " +
			"(`a-z`, `0-9` and single hyphens) of at most 64 characters."}
	ruleDescription = &Rule{ID: "description", Severity: SeverityError, Category: "contract",
		Title: "description is empty or longer than 1024 characters",
		Doc: "The description is what an agent reads to decide whether to call the tool. It must say something and " +
			"stay under 1024 characters; put the details in the Markdown body."}
	rulePlatforms = &Rule{ID: "platforms", Severity: SeverityError, Category: "contract",
		Title: "platforms names an unknown platform",
		Doc: "`platforms` lists where the tool runs: `linux`, `macos` and `windows`, as a YAML list (`[macos, linux]`) " +
			"or a comma-separated string (`macos, linux`). Leaving it out means every platform. An unknown name is " +
			"usually a typo (`mac`, `osx`, `win`)."}
)

// Schema rules: are inputs and outputs JSON Schemas that fit the wire format.
var (
	ruleSchema = &Rule{ID: "schema", Severity: SeverityError, Category: "schemas",
		Title: "inputs or outputs is not a valid JSON Schema",
		Doc: "`inputs` and `outputs` are compiled as JSON Schema (draft 2020-12 unless `$schema` names another draft). " +
			"A misspelt type, a wrong keyword value or an invalid regular expression makes every validation against it " +
			"meaningless. `pattern` and `patternProperties` are ECMA-262 regular expressions, so lookaround and " +
			"backreferences work; a match that takes longer than " + contract.PatternTimeLimit.String() + " (a pattern that backtracks, such as `(a+)+`), " +
			"or the matches of one schema's such patterns that take that long together, are stopped and reported at " +
			"the pattern. `$ref` may point inside the schema or to a file in the tool folder; " +
			"references to the network or to `file://` URLs are never fetched, and a file out of the tool folder (by " +
			"`..`, an absolute path or a symbolic link) is never read: both are reported here, at the `$ref`, as are a " +
			"`$ref` to a place that is not there and a `$ref` cycle that never moves into the value."}
	ruleWireObject = &Rule{ID: "wire-object", Severity: SeverityError, Category: "schemas",
		Title: "inputs or outputs does not describe a JSON object",
		Doc: "The wire format is one JSON object on stdin and one JSON object on stdout. A schema that accepts " +
			"strings, numbers, arrays, booleans or null describes something else; add `type: object`."}
	ruleOKField = &Rule{ID: "ok-field", Severity: SeverityError, Category: "schemas",
		Title: "outputs does not require a boolean ok",
		Doc: "Every answer carries `ok`, and the exit code follows it. `outputs` must list `ok` under `required` and its " +
			"property schema must accept both `true` and `false` (the error case is part of the contract): " +
			"`{type: boolean}` passes, `{const: true}` does not."}
	ruleErrorField = &Rule{ID: "error-field", Severity: SeverityWarning, Category: "schemas",
		Title: "outputs does not declare error as a string",
		Doc: "An answer with `ok: false` explains itself in an `error` string on stdout instead of crashing or " +
			"printing to stderr. Declare it in `outputs.properties` as `error: {type: string}`."}
	ruleYAMLSplit = &Rule{ID: "yaml-split", Severity: SeverityWarning, Category: "schemas",
		Title: "YAML split a text at a comma into a key without a value",
		Doc: "In a YAML flow mapping such as `{type: integer, description: 40 = Maintainer, 50 = Owner.}` a comma ends the " +
			"value: the description becomes `40 = Maintainer` and `50 = Owner.` becomes a key without a value. " +
			"Quote the text (`description: \"40 = Maintainer, 50 = Owner.\"`) or write the mapping in block style."}
)

// Example rules: are the worked examples complete and consistent with the schemas.
var (
	ruleExamplesMissing = &Rule{ID: "examples-missing", Severity: SeverityError, Category: "examples",
		Title: "no ## Examples section or no case in it",
		Doc: "The examples are the acceptance test of the contract. A TOOL.md needs a `## Examples` section with at " +
			"least one `### title` case holding an `input:` line and an `output:` line."}
	ruleExampleSyntax = &Rule{ID: "example-syntax", Severity: SeverityError, Category: "examples",
		Title: "an example lacks input: or output:, repeats one, or holds invalid JSON",
		Doc: "Each `###` case has exactly one `input:` line and one `output:` line, each followed by one JSON value on " +
			"the same line. A missing line, a second one or JSON that does not parse (single quotes, trailing commas, " +
			"YAML-style `{a: b}`) means the case cannot be run. A second `## Examples` section is reported at its " +
			"heading and its cases are not run: the convention has one section, and a second is usually one split by " +
			"another heading or pasted from elsewhere, so merge it into the first rather than have some tools run its " +
			"cases and others not."}
	ruleExampleTitle = &Rule{ID: "example-title", Severity: SeverityError, Category: "examples",
		Title: "an example title is empty or used twice",
		Doc:   "Reports name examples by their `###` title, so each title must be non-empty and unique within the tool."}
	ruleExampleInput = &Rule{ID: "example-input", Severity: SeverityError, Category: "examples",
		Title: "an example input violates inputs",
		Doc: "An example's input must be a valid call, so it is validated against `inputs`. The exception is an " +
			"example whose expected output has `ok: false`: an invalid input is usually the point of such a case."}
	ruleExampleOutput = &Rule{ID: "example-output", Severity: SeverityError, Category: "examples",
		Title: "an expected output violates outputs",
		Doc: "An example's expected output is validated against `outputs`; a contract whose own examples contradict " +
			"its schema cannot be met by any implementation."}
	ruleErrorCase = &Rule{ID: "error-case", Severity: SeverityWarning, Category: "examples",
		Title: "no example expects ok: false",
		Doc: "The error case is part of the contract: at least one example should show a failing call answering " +
			"`ok: false` with an `error` string, so that the implementation is tested to fail cleanly."}
)

// Fixture rules: do the files the examples name ship in the tool folder.
var (
	ruleFixtureMissing = &Rule{ID: "fixture-missing", Severity: SeverityError, Category: "fixtures",
		Title: "an example names a fixture that does not exist",
		Doc: "A string in an example input that is a relative path under `fixtures/`, or whose first segment is a " +
			"directory of the tool folder, names a file that must ship with the tool. In an example that expects " +
			"`ok: false` a missing file is usually the point, so it is not reported there."}
	ruleFixtureUnused = &Rule{ID: "fixture-unused", Severity: SeverityWarning, Category: "fixtures",
		Title: "a fixture is named by no example",
		Doc: "Every file under `fixtures/` should be used by an example, directly or as part of a directory an " +
			"example names. An unused fixture is dead weight or a sign of a renamed example. A fixture that an " +
			"implementation names (its path such as `fixtures/a.json`, or its file name `a.json`, appears in the " +
			"implementation's text) is used: the tool reads it."}
	ruleFixtureOutside = &Rule{ID: "fixture-outside", Severity: SeverityWarning, Category: "fixtures",
		Title: "an example names a path outside the tool folder",
		Doc: "Examples run with the tool folder as working directory and should only use files that ship in it. " +
			"An absolute path or a path with `..` depends on the machine and breaks the example elsewhere."}
)

// Implementation rules: is there one runnable implementation per platform.
var (
	ruleImplementationMissing = &Rule{ID: "implementation-missing", Severity: SeverityWarning, Category: "implementations",
		Title: "the tool has no implementation",
		Doc: "Beside TOOL.md there should be one implementation per platform, named `<platform>.<ext>` " +
			"(`linux.py`, `macos.sh`, `windows.ps1`). `reference.*` files are not implementations."}
	ruleImplementationDuplicate = &Rule{ID: "implementation-duplicate", Severity: SeverityError, Category: "implementations",
		Title: "two implementations for one platform",
		Doc: "One platform has one implementation: with `linux.py` and `linux.sh` side by side nobody knows which one " +
			"runs. Remove or rename one of them."}
	ruleImplementationPlatform = &Rule{ID: "implementation-platform", Severity: SeverityWarning, Category: "implementations",
		Title: "an implementation for a platform outside platforms",
		Doc: "`platforms` limits where the tool runs; an implementation for another platform is never run. Add the " +
			"platform to `platforms` or remove the file."}
	ruleImplementationRunnable = &Rule{ID: "implementation-runnable", Severity: SeverityError, Category: "implementations",
		Title: "an implementation cannot be run",
		Doc: "An implementation runs directly when it is executable (its `#!` line names the interpreter) or through the " +
			"interpreter of a known extension: " + interpreterExtensions + ". A file that is neither, or " +
			"an executable script without a `#!` line, cannot be started; nor can one whose `#!` line ends with a carriage " +
			"return (saved with CRLF line endings), which the system takes as part of the interpreter's name. An " +
			"implementation may be a relative symbolic link to a file in the tool folder (`linux.sh -> common.sh`); a link " +
			"whose target leaves the folder, an absolute link, a dangling link or a link to a directory is not run."}
	ruleStdinTwice = &Rule{ID: "stdin-twice", Severity: SeverityWarning, Category: "implementations",
		Title: "a shell implementation reads stdin twice",
		Doc: "The input arrives once on stdin. A shell script that reads it with `$(cat)` and later again (a second " +
			"`cat`, or a `python3 - <<EOF` heredoc whose script reads `sys.stdin`) gets nothing the second time and " +
			"silently loses the JSON. Read stdin once into a variable, or write the logic as a real .py file."}
)

// Skill and discovery rules.
var (
	ruleSkillLink = &Rule{ID: "skill-link", Severity: SeverityError, Category: "skills",
		Title: "a skill links to a tool folder without TOOL.md",
		Doc: "A skill links the tools it uses as `../../tools/<name>/` (or a file in that folder). The link must lead " +
			"to a tool folder with a TOOL.md; a broken link sends the agent to a tool that does not exist."}
	ruleSymlinkEscape = &Rule{ID: "symlink-escape", Severity: SeverityWarning, Category: "discovery",
		Title: "a symbolic link leaves the root",
		Doc: "speccify-lint follows no symbolic link to a directory, so nothing under one is checked, and reads no file " +
			"through a link that leaves its tool folder. A link that points outside the repository root makes the tool " +
			"folder depend on the machine it runs on; commit the files instead."}
)

// Run rules: the verdict on running an example against its implementation.
var (
	ruleExampleStdout = &Rule{ID: "example-stdout", Severity: SeverityError, Category: "run",
		Title: "the implementation did not print one JSON object",
		Doc: "stdout, with surrounding whitespace trimmed, must be exactly one JSON value and that value an object. " +
			"Empty output, text, two JSON values, invalid UTF-8 or output past --max-output fail the example."}
	ruleExampleFailed = &Rule{ID: "example-failed", Severity: SeverityError, Category: "run",
		Title: "the output does not match the expected output",
		Doc: "The actual output must cover the expected one: every expected key present with a covering value (extra " +
			"keys are fine), arrays of the same length covering element by element, numbers equal by exact value, " +
			"and true, false and null equal only to themselves. Each difference is listed as a JSON path."}
	ruleExampleSchema = &Rule{ID: "example-schema", Severity: SeverityError, Category: "run",
		Title: "the output violates outputs",
		Doc:   "Whatever the example expects, the actual output must also be valid against the `outputs` schema."}
	ruleExampleExit = &Rule{ID: "example-exit", Severity: SeverityError, Category: "run",
		Title: "ok: true answered with a non-zero exit code",
		Doc:   "The exit code is 0 when `ok` is true. With `ok: false` expected, any exit code is accepted."}
	ruleExampleTimeout = &Rule{ID: "example-timeout", Severity: SeverityError, Category: "run",
		Title: "the implementation ran past --timeout",
		Doc:   "Each example has --timeout (default " + DefaultTimeoutText + ") to answer; after that its whole process group is killed."}
	ruleExampleCrash = &Rule{ID: "example-crash", Severity: SeverityError, Category: "run",
		Title: "the implementation crashed or could not start",
		Doc: "An implementation killed by a signal (SIGSEGV, SIGKILL, ...) or one that could not be started (missing " +
			"interpreter, exec format error) has no answer. The error case is `ok: false` on stdout, not a crash."}
	ruleEffects = &Rule{ID: "effects", Severity: SeverityWarning, Category: "run",
		Title: "an example changed files in the tool folder",
		Doc: "Running an example should not create, change or delete files in the tool folder (they are the fixtures " +
			"of the next example). It is an error when `effects` says the tool writes nothing."}
)

// registry lists every rule in documentation order.
var registry = []*Rule{
	ruleSpecFile, ruleFrontmatter, ruleRequiredField, ruleFieldType, ruleUnknownField, ruleName, ruleDescription, rulePlatforms,
	ruleSchema, ruleWireObject, ruleOKField, ruleErrorField, ruleYAMLSplit,
	ruleExamplesMissing, ruleExampleSyntax, ruleExampleTitle, ruleExampleInput, ruleExampleOutput, ruleErrorCase,
	ruleFixtureMissing, ruleFixtureUnused, ruleFixtureOutside,
	ruleImplementationMissing, ruleImplementationDuplicate, ruleImplementationPlatform, ruleImplementationRunnable, ruleStdinTwice,
	ruleSkillLink, ruleSymlinkEscape,
	ruleExampleStdout, ruleExampleFailed, ruleExampleSchema, ruleExampleExit, ruleExampleTimeout, ruleExampleCrash, ruleEffects,
}
