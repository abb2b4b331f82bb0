#!/usr/bin/env bash
# Drives `speccify-lint mcp` with an independent client, the MCP Inspector's
# CLI (npm package @modelcontextprotocol/inspector, pinned), on the
# project's own tool: tools/list, a valid call, an ok: false call (isError),
# and an invalid call (isError, the tool not started). .ci/run runs it; it
# exits 0 with a note when npm or the package cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."

inspector_version=2.12.0
if ! command -v npm >/dev/null 2>&1; then
	echo "mcp-inspector.sh: no npm; skipped" >&2
	exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! (cd "$work" && npm install --silent --no-audit --no-fund "@modelcontextprotocol/inspector@$inspector_version" >/dev/null 2>&1); then
	echo "mcp-inspector.sh: could not install the MCP Inspector $inspector_version; skipped" >&2
	exit 0
fi
go build -o "$work/speccify-lint" ./cmd/speccify-lint
root=$(pwd)
export HOME="$work/home" # the Inspector keeps a catalog under ~
mkdir -p "$HOME"

inspect() {
	"$work/node_modules/.bin/mcp-inspector" --cli "$@" -- "$work/speccify-lint" mcp --reload 0 --root "$root" "$root/.agent/tools" 2>&1 || true
}
expect() { # expect WHAT OUTPUT PATTERN
	if ! grep -q -- "$3" <<<"$2"; then
		echo "mcp-inspector.sh: $1: no match for $3 in:"; echo "$2"; exit 1
	fi
}

out=$(inspect --method tools/list)
expect "tools/list" "$out" '"name": "check-plist-keys"'
expect "tools/list" "$out" '"outputSchema"'

out=$(inspect --method tools/call --tool-name check-plist-keys --tool-arg plist=fixtures/Camera.plist)
expect "a valid call" "$out" '"NSCameraUsageDescription"'
expect "a valid call" "$out" '"structuredContent"'

out=$(inspect --method tools/call --tool-name check-plist-keys --tool-arg plist=fixtures/Missing.plist)
expect "ok: false" "$out" '"isError": true'
expect "ok: false" "$out" '"text": "cannot read fixtures/Missing.plist"'

out=$(inspect --method tools/call --tool-name check-plist-keys --tool-arg plist=3)
expect "an invalid call" "$out" 'the tool was not started'
expect "an invalid call" "$out" 'got number, want string'
echo "mcp-inspector.sh: the MCP Inspector $inspector_version lists and calls the project's tool through speccify-lint mcp"
