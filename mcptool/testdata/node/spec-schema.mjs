// spec-schema.mjs OUT: writes to OUT the MCP specification's schema.json as
// the specification repository makes it (its scripts/generate-schemas.ts:
// typescript-json-schema --defaultNumberType integer --required
// --skipLibCheck schema.ts "*", then draft-07 -> 2020-12: the $schema URL,
// definitions -> $defs), from the specification's schema.ts that the MCP
// TypeScript SDK ships as dist/esm/spec.types.d.ts. Both tools are pinned
// in package-lock.json. mcptool/export_test.go's TestSpecSchema uses it
// where the specification repository's own schema.json cannot be fetched,
// and checks that its Tool and ListToolsResult are the 2025-11-25 ones.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const out = process.argv[2];
if (!out) {
  console.error("usage: node spec-schema.mjs OUT");
  process.exit(2);
}
const modules = join(dirname(fileURLToPath(import.meta.url)), "node_modules");
const sdk = join(modules, "@modelcontextprotocol", "sdk");
const specTypes = join(sdk, "dist", "esm", "spec.types.d.ts");
// The commit of the specification the SDK took its types from.
const header = readFileSync(specTypes, "utf8").match(/Last updated from commit: ([0-9a-f]{40})/);
if (!header) {
  console.error(`${specTypes}: no "Last updated from commit" line`);
  process.exit(1);
}
const tjs = join(modules, "typescript-json-schema", "bin", "typescript-json-schema");
let schema = execFileSync(
  process.execPath,
  [tjs, "--defaultNumberType", "integer", "--required", "--skipLibCheck", specTypes, "*"],
  { encoding: "utf8", maxBuffer: 64 << 20 },
);
schema = schema
  .replace(/http:\/\/json-schema\.org\/draft-07\/schema#/g, "https://json-schema.org/draft/2020-12/schema")
  .replace(/"definitions":/g, '"$defs":')
  .replace(/#\/definitions\//g, "#/$defs/");
writeFileSync(out, schema);
console.log(`specification commit ${header[1]}`);
