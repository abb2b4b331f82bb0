package lint

var ruleRequiredField = &Rule{ID: "required-field", Severity: SeverityError, Category: "contract",
	Title: "a required frontmatter field is missing or empty",
	Doc: "Every contract declares `name`, `description`, `inputs`, `outputs`, `effects` and `requires`. " +
		"`effects` and `requires` are one line each so that a reviewer knows what a run can touch and what must be " +
		"installed; `requires: []` declares that nothing is needed and counts as present.",
	Example: "---\nname: check-keys\ndescription: Lists keys.\n---",
	Fix:     "---\nname: check-keys\ndescription: Lists keys.\ninputs: {type: object}\noutputs: {type: object, required: [ok], properties: {ok: {type: boolean}}}\neffects: none\nrequires: []\n---",
	static:  checkRequiredField}

// requiredFields must be present and not empty.
var requiredFields = []string{"name", "description", "inputs", "outputs", "effects", "requires"}

// checkRequiredField reports the required fields that are missing or empty.
func checkRequiredField(c *toolCheck, rep reporter) {
	fm := c.fields()
	if fm == nil || fm.Truncated {
		return // a key not read may still be in the file
	}
	for _, name := range requiredFields {
		k := fm.Key(name)
		switch {
		case name == fm.Broken:
			// There, but broken: the frontmatter finding says how.
		case k == nil:
			rep.report(atPos(fm.Pos), name, "required field %q is missing from the frontmatter; %s", name, fieldHint(name))
		case k.Empty:
			rep.report(over(k.Span), name, "required field %q is empty; %s", name, fieldHint(name))
		}
	}
}

func fieldHint(name string) string {
	switch name {
	case "name":
		return "add name: <folder name>"
	case "description":
		return "add a one-paragraph description of what the tool does"
	case "inputs", "outputs":
		return "add a JSON Schema, e.g. " + name + ": {type: object, properties: {...}}"
	case "effects":
		return "say in one line what a run may touch, e.g. effects: reads the plist; writes nothing"
	case "requires":
		return "list the executables a run needs, e.g. requires: python3 (or requires: [] for none)"
	}
	return ""
}
