package contract

import (
	"errors"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestLibrarySkipsMetaValidationUnderJSONSchemaOrg is a canary for a
// library behaviour the meta-schema pre-check relies on. CompileSchema
// gives a schema that provablyValid2020 accepted the address
// provenSchemaBase, under https://json-schema.org/, because the library
// (santhosh-tekuri/jsonschema, roots.go addRoot) does not validate a
// resource at such an address against its meta-schema: that skipped
// validation is the time the pre-check saves. If an upgrade of the library
// changes this, the pre-check saves nothing (the schema is validated twice)
// or, if the address is rejected, proven schemas stop compiling: this test
// fails first, so that the pre-check is rethought rather than silently
// slow.
func TestLibrarySkipsMetaValidationUnderJSONSchemaOrg(t *testing.T) {
	// Invalid against the draft 2020-12 meta-schema (minLength must be a
	// non-negative integer, title a string), harmless to compile.
	invalid := func() any {
		return map[string]any{"type": "string", "title": true, "minLength": "3"}
	}
	compile := func(loc string) error {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		if err := c.AddResource(loc, invalid()); err != nil {
			return err
		}
		_, err := c.Compile(loc)
		return err
	}

	// Elsewhere the library validates the schema and rejects it: the canary
	// schema is really invalid.
	var sve *jsonschema.SchemaValidationError
	if err := compile("file:///tmp/speccify-lint-canary.json"); !errors.As(err, &sve) {
		t.Fatalf("compiling the meta-invalid canary schema at a file: address gave %v, want a *jsonschema.SchemaValidationError", err)
	}

	// Under the address the pre-check uses, the library skips that step.
	if err := compile(provenSchemaBase + "canary.json"); err != nil {
		t.Fatalf("the library now validates schemas under %s against the meta-schema (compiling a meta-invalid one gave: %v).\n"+
			"CompileSchema gives schemas that provablyValid2020 proved valid that address only so that the library "+
			"skips this validation; rethink metacheck.go (or drop it) for this library version", provenSchemaBase, err)
	}
}
