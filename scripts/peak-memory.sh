#!/usr/bin/env bash
# peak-memory.sh: measure speccify-lint's peak memory on an example whose
# implementation prints 1 GiB to stdout.
#
# It builds the binary, writes a temporary tool whose linux.sh prints 1 GiB,
# runs speccify-lint on it (default --max-output, 4 MiB) under
# /usr/bin/time -v, checks that the verdict is example-stdout ("output
# exceeds 4 MiB on stdout"), and prints the peak resident set size in MiB.
# It exits non-zero when the peak is at or above PEAK_LIMIT_MIB (default
# 100) or when the verdict is not the expected one.
#
# Needs GNU time at /usr/bin/time (Debian: apt-get install time).
set -euo pipefail

limit_mib=${PEAK_LIMIT_MIB:-100}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

if [[ ! -x /usr/bin/time ]]; then
	echo "peak-memory: /usr/bin/time is missing; install GNU time (Debian: apt-get install -y time)" >&2
	exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/peak-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "peak-memory: building speccify-lint" >&2
(cd "$repo" && go build -o "$work/speccify-lint" ./cmd/speccify-lint)

tool="$work/tools/flood"
mkdir -p "$tool"
cat >"$tool/TOOL.md" <<'EOF'
---
name: flood
description: Prints 1 GiB to stdout instead of one JSON object.
inputs: {type: object}
outputs:
  type: object
  required: [ok]
  properties:
    ok: {type: boolean}
    error: {type: string}
effects: none
requires: [head, tr]
---

## Examples

### one GiB
input: {}
output: {"ok": true}
EOF
cat >"$tool/linux.sh" <<'EOF'
head -c 1073741824 /dev/zero | tr '\0' a
echo '{"ok": true}'
EOF

status=0
(cd "$work/tools" && /usr/bin/time -v -o "$work/time.txt" \
	"$work/speccify-lint" --disable error-case --color never flood >"$work/report.txt" 2>"$work/stderr.txt") || status=$?

want='flood/TOOL.md:19:1: error: example "one GiB": output exceeds 4 MiB on stdout; the process group was killed [example-stdout]'
if [[ $status -ne 1 ]] || ! grep -qxF "$want" "$work/report.txt"; then
	echo "peak-memory: unexpected verdict (exit status $status); want the line:" >&2
	echo "  $want" >&2
	echo "report:" >&2
	sed 's/^/  /' "$work/report.txt" "$work/stderr.txt" >&2
	exit 1
fi

kib=$(awk -F: '/Maximum resident set size/ {gsub(/[^0-9]/, "", $2); print $2}' "$work/time.txt")
if [[ -z $kib ]]; then
	echo "peak-memory: no \"Maximum resident set size\" in the output of /usr/bin/time -v:" >&2
	cat "$work/time.txt" >&2
	exit 1
fi
mib=$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')
wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")

echo "verdict: example-stdout (output exceeds 4 MiB on stdout)"
echo "wall time: $wall"
echo "peak RSS: $mib MiB ($kib KiB; limit $limit_mib MiB)"
if ((kib >= limit_mib * 1024)); then
	echo "peak-memory: FAIL: peak RSS $mib MiB is at or above $limit_mib MiB" >&2
	exit 1
fi
