// check.mjs FILE...: each FILE is the JSON of `speccify-lint export --format
// mcp`; it must parse as a tools/list result with the MCP TypeScript SDK's
// own schema (ListToolsResultSchema, the SDK's rendering of the
// specification's ListToolsResult), and each tool must use only the keys the
// SDK's Tool schema knows (a misspelt key would otherwise pass through).
// Prints one line per file; exits 1 on the first file that fails.
import { readFileSync } from "node:fs";
import { ListToolsResultSchema, ToolSchema, LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";

const toolKeys = new Set(Object.keys(ToolSchema.shape));
let failed = false;
for (const file of process.argv.slice(2)) {
  const doc = JSON.parse(readFileSync(file, "utf8"));
  const res = ListToolsResultSchema.safeParse(doc);
  if (!res.success) {
    console.log(`${file}: not a ListToolsResult of ${LATEST_PROTOCOL_VERSION}: ${JSON.stringify(res.error.issues)}`);
    failed = true;
    continue;
  }
  for (const tool of doc.tools) {
    for (const key of Object.keys(tool)) {
      if (!toolKeys.has(key)) {
        console.log(`${file}: tool ${tool.name}: key ${key} is not in the SDK's Tool schema`);
        failed = true;
      }
    }
  }
  console.log(`${file}: ${doc.tools.length} tools, a valid ListToolsResult of ${LATEST_PROTOCOL_VERSION}`);
}
process.exit(failed ? 1 : 0);
