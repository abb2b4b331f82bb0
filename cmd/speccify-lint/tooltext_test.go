//go:build unix

package main

// minimalTool is the TOOL.md most of the CLI's tests run: the tool name
// described as description (YAML text) that takes any object and answers
// {ok, error}, with no effects and no requirements, and body after its
// frontmatter (its examples).
func minimalTool(name, description, body string) string {
	return "---\nname: " + name + "\ndescription: " + description + "\n" +
		"inputs: {type: object}\n" +
		"outputs: {type: object, required: [ok], properties: {ok: {type: boolean}, error: {type: string}}}\n" +
		"effects: none\nrequires: []\n---\n" + body
}
