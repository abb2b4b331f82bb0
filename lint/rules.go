package lint

// registry lists every rule in documentation order: the order of the rules
// command, the docs' rule pages and the SARIF rule metadata. Each rule is
// defined, with its check, in its own lint/rule_<id>.go. The engine runs the
// checks of a phase in this order, but no check depends on another having
// run: what several rules share (the compiled schemas, the names the
// examples give, the implementations' text) the tool's context computes
// once, on first use, and findings are sorted by place.
var registry = []*Rule{
	// Contract: is the frontmatter there, complete and well-typed.
	ruleSpecFile, ruleFrontmatter, ruleRequiredField, ruleFieldType, ruleUnknownField, ruleName, ruleDescription, rulePlatforms, ruleMCPTool, ruleMCPToolSize, ruleHiddenText, ruleMachineSpecific,
	// Schemas: are inputs and outputs JSON Schemas that fit the wire format.
	ruleSchema, ruleWireObject, ruleOKField, ruleErrorField, ruleYAMLSplit,
	// Examples: are the worked examples complete and consistent with the schemas.
	ruleExamplesMissing, ruleExampleSyntax, ruleExampleTitle, ruleExampleInput, ruleExampleOutput, ruleErrorCase, ruleCoverage,
	// Fixtures: do the files the examples name ship in the tool folder.
	ruleFixtureMissing, ruleFixtureUntracked, ruleFixtureUnused, ruleFixtureOutside,
	// Implementations: is there one runnable implementation per platform.
	ruleImplementationMissing, ruleImplementationDuplicate, ruleImplementationPlatform, ruleImplementationRunnable, ruleStdinTwice, ruleRequiresMissing,
	// Skills and discovery.
	ruleSkillLink, ruleSymlinkEscape,
	// Run: the verdict on running an example against its implementation.
	ruleExampleStdout, ruleExampleFailed, ruleExampleSchema, ruleExampleExit, ruleExampleTimeout, ruleExampleCrash, ruleEffects,
	// Explore: properties of every run of `speccify-lint explore` (effects too).
	ruleExploreStdout, ruleExploreOutputSchema, ruleExploreExit, ruleExploreError, ruleExploreCrash, ruleExploreSlow, ruleExploreAnswerSize, ruleExploreNondeterministic, ruleExploreAcceptsInvalid,
	// Drift: the contract compared with the one at --against REV.
	ruleBreakingInput, ruleBreakingOutput, ruleToolRemoved, rulePlatformDropped, ruleEffectsWidened, ruleRequiresAdded,
	ruleContractNotCompared,
	// Suppressions: judged once the examples ran.
	ruleUnusedSuppression,
}
