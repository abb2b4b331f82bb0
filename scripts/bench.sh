#!/usr/bin/env bash
# scripts/bench.sh: end-to-end speed and memory of speccify-lint, measured
# against the physical limits (reading and parsing the same files; starting
# the same processes from a shell).
#
#   scripts/bench.sh [-r REPS] [-w WORKDIR] [-k]
#
# -r REPS     repetitions of each measurement; the median is reported (default 5)
# -w WORKDIR  where the binaries and the corpora go (default: a temporary dir)
# -k          keep WORKDIR afterwards
#
# It builds speccify-lint, speccify-gen-corpus, scripts/readbaseline and
# scripts/libfloor (the two floors of a static lint: reading and parsing the
# YAML; and all the work the libraries must do, with nothing of ours),
# generates 1,000 and 10,000 tools (4 passing examples + 1 ok: false case
# each; 10,000 once more with -distinct-schemas, whose schemas differ from
# tool to tool in more than their words, so that no compiled schema is
# shared between tools) and a run corpus of 100 tools x 4 examples with a /bin/sh
# implementation, times every scenario with /usr/bin/time -v and prints a
# Markdown table. Every scenario but those of the result cache runs without
# it (SPECCIFY_LINT_CACHE=off): they measure the work itself; the cache's
# scenarios name their own directory (--cache-dir, in WORKDIR): filling an
# empty one, and warm with nothing changed. It does not assert: the targets are printed beside the
# figures. Every run is warmed up once first (the page cache is warm).
set -euo pipefail

reps=5
work=""
keep=0
while getopts "r:w:k" opt; do
	case $opt in
	r) reps=$OPTARG ;;
	w) work=$OPTARG ;;
	k) keep=1 ;;
	*)
		sed -n '2,12p' "$0"
		exit 2
		;;
	esac
done

repo=$(cd "$(dirname "$0")/.." && pwd)
export SPECCIFY_LINT_CACHE=off
if [[ ! -x /usr/bin/time ]] || ! /usr/bin/time -v true >/dev/null 2>&1; then
	echo "bench.sh: GNU time is missing; install it: apt-get update && apt-get install -y time" >&2
	exit 2
fi
if [[ -z $work ]]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/speccify-bench.XXXXXX")
	[[ $keep == 1 ]] || trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work/bin"
bin=$work/bin

echo "building into $bin ..." >&2
(cd "$repo" && go build -o "$bin/speccify-lint" ./cmd/speccify-lint &&
	go build -o "$bin/speccify-gen-corpus" ./cmd/speccify-gen-corpus &&
	go build -o "$bin/readbaseline" ./scripts/readbaseline &&
	go build -o "$bin/libfloor" ./scripts/libfloor)

gen() { # gen DIR N EXAMPLES [FLAG...]
	if [[ ! -d $1/.agent/tools ]]; then
		echo "generating $2 tools into $1 ..." >&2
		"$bin/speccify-gen-corpus" -n "$2" -examples "$3" -impl sh "${@:4}" "$1"
	fi
}
gen "$work/c1k" 1000 4
gen "$work/c10k" 10000 4
gen "$work/d10k" 10000 4 -distinct-schemas
gen "$work/run" 100 3 # 3 passing + 1 ok: false = 4 examples a tool, 400 runs

# The inputs of the run corpus, one file per example, and the list
# "toolDir inputFile" the shell loops read.
runlist=$work/runlist
if [[ ! -s $runlist ]]; then
	for d in "$work"/run/.agent/tools/*/; do
		d=${d%/}
		t=$(basename "$d")
		mkdir -p "$work/inputs/$t"
		i=0
		sed -n 's/^input: //p' "$d/TOOL.md" | while IFS= read -r json; do
			printf '%s\n' "$json" >"$work/inputs/$t/$i.json"
			printf '%s %s\n' "$d" "$work/inputs/$t/$i.json" >>"$runlist"
			i=$((i + 1))
		done
	done
fi
runs=$(wc -l <"$runlist")

# Scenarios are registered with scenario NAME CMD... and measured by
# measure_all NAME...: each command runs once to warm up, then the named
# scenarios take turns, $n rounds (REPS, or 3 x REPS for the short run
# scenarios), each run under /usr/bin/time -v. Taking turns spreads any
# change in the machine's load over all of them, so that their ratios stay
# fair. The median wall, the median user+sys and the largest peak RSS go to
# $work/m/NAME.
mkdir -p "$work/m"
declare -A cmds
scenario() {
	local name=$1
	shift
	cmds[$name]=$(printf '%q ' "$@")
}
once() { # once NAME: one timed run, appended to NAME.raw
	local name=$1
	# GNU time prints the wall time in hundredths of a second, too coarse
	# for runs of 0.3 s; the shell's clock has microseconds.
	local t0=$EPOCHREALTIME
	eval "/usr/bin/time -v -o \"\$work/m/$name.time\" ${cmds[$name]}" >/dev/null 2>"$work/m/$name.err" || true
	local t1=$EPOCHREALTIME
	awk -F': ' -v t0="$t0" -v t1="$t1" '
		/User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { r = $2 } /Exit status/ { x = $2 }
		END { printf "%.4f %.3f %d %d\n", t1 - t0, u + s, r, x }' "$work/m/$name.time" >>"$work/m/$name.raw"
}
measure_all() {
	local name round
	echo "measuring $* ($n rounds) ..." >&2
	for name in "$@"; do
		eval "${cmds[$name]}" >/dev/null 2>&1 || true
		: >"$work/m/$name.raw"
	done
	for ((round = 0; round < n; round++)); do
		for name in "$@"; do
			once "$name"
		done
	done
	for name in "$@"; do
		if awk '$4 != 0 { bad = 1 } END { exit !bad }' "$work/m/$name.raw"; then
			echo "bench.sh: warning: $name exited non-zero: $(tail -3 "$work/m/$name.err")" >&2
		fi
		sort -n -k1,1 "$work/m/$name.raw" | awk -v n="$n" 'NR == int((n + 1) / 2) { print $1 }' >"$work/m/$name.wall"
		sort -n -k2,2 "$work/m/$name.raw" | awk -v n="$n" 'NR == int((n + 1) / 2) { print $2 }' >"$work/m/$name.cpu"
		sort -n -k3,3 "$work/m/$name.raw" | tail -1 | awk '{ print $3 }' >"$work/m/$name.rss"
	done
}
wall() { cat "$work/m/$1.wall"; }
cpu() { cat "$work/m/$1.cpu"; }
rss() { awk '{ printf "%.1f", $1 / 1024 }' "$work/m/$1.rss"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
rate() { awk -v n="$1" -v w="$2" 'BEGIN { if (w > 0) printf "%.0f", n / w; else print "n/a" }'; }

lint=$bin/speccify-lint
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")

# Static lint and its floor.
scenario lint1k "$lint" --no-run --root "$work/c1k" "$work/c1k"
scenario lint10k "$lint" --no-run --root "$work/c10k" "$work/c10k"
scenario base1k "$bin/readbaseline" "$work/c1k"
scenario base10k "$bin/readbaseline" "$work/c10k"
scenario lintd10k "$lint" --no-run --root "$work/d10k" "$work/d10k"
scenario based10k "$bin/readbaseline" "$work/d10k"
scenario lib10k "$bin/libfloor" "$work/c10k"
scenario libd10k "$bin/libfloor" "$work/d10k"
n=$reps
measure_all lint1k base1k lint10k base10k lib10k lintd10k based10k libd10k

# The result cache (docs/cache.md), beside the same lint without it and the
# floors: a cold lint filling an empty cache, and a warm one with nothing
# changed.
scenario fill10k sh -c 'rm -rf "$1" && exec "$2" --no-run --cache-dir "$1" --root "$3" "$3"' _ "$work/cache-fill" "$lint" "$work/c10k"
scenario warm10k "$lint" --no-run --cache-dir "$work/cache" --root "$work/c10k" "$work/c10k"
scenario nocache10k "$lint" --no-run --root "$work/c10k" "$work/c10k"
scenario cbase10k "$bin/readbaseline" "$work/c10k"
scenario clib10k "$bin/libfloor" "$work/c10k"
n=$reps
measure_all nocache10k fill10k warm10k cbase10k clib10k

# --against: the 10,000 tools in a git repository, 1% of them changed since
# HEAD (an enum value of their inputs removed: a breaking change each, with
# its witness), beside the plain static lint of the same tree.
drift=$work/c10kgit
if [[ ! -d $drift/.git ]]; then
	echo "committing 10,000 tools into $drift and changing 100 ..." >&2
	cp -R "$work/c10k" "$drift"
	git -C "$drift" init -q
	git -C "$drift" add -A
	git -C "$drift" -c user.name=bench -c user.email=bench@example.com -c commit.gpgsign=false commit -q -m base
	for ((i = 100; i <= 10000; i += 100)); do
		f=$drift/.agent/tools/$(printf 'tool-%05d' "$i")/TOOL.md
		sed 's/enum: \[keys, count, summary\]/enum: [keys, count]/' "$f" >"$f.new" && mv "$f.new" "$f"
	done
fi
scenario static10kgit "$lint" --no-run --fail-on never --root "$drift" "$drift"
scenario against10k "$lint" --no-run --fail-on never --against HEAD --root "$drift" "$drift"
n=$reps
measure_all static10kgit against10k

# Running the examples, and the same process starts from a shell.
cat >"$work/seq.sh" <<'EOF'
while read -r dir input; do
	cd "$dir" && sh linux.sh <"$input" >/dev/null
done <"$1"
exit 0
EOF
scenario runj1 "$lint" --jobs 1 --root "$work/run" "$work/run/.agent"
scenario loop bash "$work/seq.sh" "$runlist"
scenario runj2 "$lint" --jobs 2 --root "$work/run" "$work/run/.agent"
scenario xargs2 sh -c 'xargs -P 2 -n 2 sh -c '\''cd "$1" && exec sh linux.sh <"$2" >/dev/null'\'' _ <"$1"; exit 0' _ "$runlist"
scenario runreports "$lint" --jobs 2 --root "$work/run" --output "sarif=$work/out/r.sarif" \
	--output "junit=$work/out/r.xml" --output "json=$work/out/r.json" "$work/run/.agent"
# Warm: every example's result from the cache (where the runs are sealed;
# elsewhere nothing is cached, and this is the cold run again).
scenario runwarm "$lint" --jobs 2 --cache-dir "$work/cache" --root "$work/run" "$work/run/.agent"
n=$((3 * reps))
measure_all runj1 loop runj2 xargs2 runreports runwarm

# explore's own cost per input beside a bare spawn (BenchmarkExploreInput).
echo "measuring explore's overhead per input ..." >&2
explore_bench=$(cd "$repo" && go test ./lint -run '^$' -bench '^BenchmarkExploreInput$' -benchtime "$((20 * reps))x" 2>/dev/null | grep '^BenchmarkExploreInput' || true)
explore_over=$(awk '{ for (i = 2; i < NF; i++) if ($(i + 1) == "explore-overhead-ns/run") printf "%.0f", $i / 1000 }' <<<"$explore_bench")
explore_spawn=$(awk '{ for (i = 2; i < NF; i++) if ($(i + 1) == "spawn-ns/run") printf "%.0f", $i / 1000 }' <<<"$explore_bench")
explore_pct=$(awk '{ for (i = 2; i < NF; i++) if ($(i + 1) == "overhead-%") printf "%.1f", $i }' <<<"$explore_bench")

load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?")
ncpu=$(nproc 2>/dev/null || echo "?")

cat <<EOF
speccify-lint $(cd "$repo" && git describe --always --dirty 2>/dev/null || echo "?"), $(go version | cut -d' ' -f3), $ncpu CPUs ($(uname -m)), median of $reps runs ($((3 * reps)) for the 400-run scenarios; the scenarios of a group take turns), warm page cache.
Load average before: $load_before, after: $load_after (other work on the machine inflates wall times; CPU = user + sys).

| scenario | wall | CPU | peak RSS | rate | ratio | target |
|---|---:|---:|---:|---:|---:|---|
| static, 1,000 tools (\`--no-run\`) | $(wall lint1k) s | $(cpu lint1k) s | $(rss lint1k) MiB | $(rate 1000 "$(wall lint1k)") tools/s | | |
| static, 10,000 tools (\`--no-run\`) | $(wall lint10k) s | $(cpu lint10k) s | $(rss lint10k) MiB | $(rate 10000 "$(wall lint10k)") tools/s | | < 2 s wall, ≤ 64 MiB |
| static, 10k / 1k | | | | | $(ratio "$(wall lint10k)" "$(wall lint1k)") (CPU $(ratio "$(cpu lint10k)" "$(cpu lint1k)")) | ≤ 11 |
| baseline: read + YAML, 1,000 TOOL.md | $(wall base1k) s | $(cpu base1k) s | $(rss base1k) MiB | $(rate 1000 "$(wall base1k)") files/s | | |
| baseline: read + YAML, 10,000 TOOL.md | $(wall base10k) s | $(cpu base10k) s | $(rss base10k) MiB | $(rate 10000 "$(wall base10k)") files/s | | |
| static 10k / baseline 10k | | | | | CPU $(ratio "$(cpu lint10k)" "$(cpu base10k)") (wall $(ratio "$(wall lint10k)" "$(wall base10k)")) | CPU ≤ 1.5 |
| library floor: the libraries' work only, 10,000 TOOL.md | $(wall lib10k) s | $(cpu lib10k) s | $(rss lib10k) MiB | | CPU $(ratio "$(cpu lib10k)" "$(cpu base10k)") of the baseline | |
| static 10k / library floor | | | | | CPU $(ratio "$(cpu lint10k)" "$(cpu lib10k)") | |
| static, 10,000 tools, every schema distinct | $(wall lintd10k) s | $(cpu lintd10k) s | $(rss lintd10k) MiB | $(rate 10000 "$(wall lintd10k)") tools/s | | ≤ 64 MiB |
| its baseline: read + YAML | $(wall based10k) s | $(cpu based10k) s | $(rss based10k) MiB | | | |
| distinct schemas / its baseline | | | | | CPU $(ratio "$(cpu lintd10k)" "$(cpu based10k)") (wall $(ratio "$(wall lintd10k)" "$(wall based10k)")) | |
| its library floor | $(wall libd10k) s | $(cpu libd10k) s | $(rss libd10k) MiB | | CPU $(ratio "$(cpu libd10k)" "$(cpu based10k)") of its baseline | |
| distinct schemas / its library floor | | | | | CPU $(ratio "$(cpu lintd10k)" "$(cpu libd10k)") | |
| static, 10,000 tools in git (\`--no-run\`) | $(wall static10kgit) s | $(cpu static10kgit) s | $(rss static10kgit) MiB | | | |
| \`--against HEAD\`, 10,000 tools, 100 changed | $(wall against10k) s | $(cpu against10k) s | $(rss against10k) MiB | | $(ratio "$(wall against10k)" "$(wall static10kgit)") (CPU $(ratio "$(cpu against10k)" "$(cpu static10kgit)")) | ≤ 2 |
| run, $runs examples, \`--jobs 1\` | $(wall runj1) s | $(cpu runj1) s | $(rss runj1) MiB | $(rate "$runs" "$(wall runj1)") runs/s | | |
| sequential \`sh linux.sh < input\` loop | $(wall loop) s | $(cpu loop) s | | $(rate "$runs" "$(wall loop)") runs/s | | |
| \`--jobs 1\` / loop | | | | | $(ratio "$(wall runj1)" "$(wall loop)") | ≤ 1.15 |
| run, $runs examples, \`--jobs 2\` | $(wall runj2) s | $(cpu runj2) s | $(rss runj2) MiB | $(rate "$runs" "$(wall runj2)") runs/s | | |
| \`xargs -P 2\` | $(wall xargs2) s | $(cpu xargs2) s | | $(rate "$runs" "$(wall xargs2)") runs/s | | |
| \`--jobs 2\` / xargs | | | | | $(ratio "$(wall runj2)" "$(wall xargs2)") | ≤ 1.15 |
| explore: own time per input (wall minus the implementation's), beside a bare \`/bin/sh -c true\` spawn | ${explore_over:-?} µs | | | spawn ${explore_spawn:-?} µs | ${explore_pct:-?} % | < 10 % |
| run \`--jobs 2\` + sarif, junit, json reports | $(wall runreports) s | $(cpu runreports) s | $(rss runreports) MiB | | $(ratio "$(wall runreports)" "$(wall runj2)") | < 1.05 |
| result cache: static, 10,000 tools, \`--no-cache\` | $(wall nocache10k) s | $(cpu nocache10k) s | $(rss nocache10k) MiB | | CPU $(ratio "$(cpu nocache10k)" "$(cpu clib10k)") of the library floor | ≤ 1.2 |
| result cache: static, 10,000 tools, filling an empty cache | $(wall fill10k) s | $(cpu fill10k) s | $(rss fill10k) MiB | | CPU $(ratio "$(cpu fill10k)" "$(cpu clib10k)") of the library floor, $(ratio "$(cpu fill10k)" "$(cpu nocache10k)") of \`--no-cache\` | ≤ 1.2 |
| result cache: static, 10,000 tools, warm, nothing changed | $(wall warm10k) s | $(cpu warm10k) s | $(rss warm10k) MiB | | CPU $(ratio "$(cpu warm10k)" "$(cpu cbase10k)") of read + YAML | ≤ 0.5, ≤ 64 MiB |
| its read + YAML; its library floor | $(wall cbase10k) s; $(wall clib10k) s | $(cpu cbase10k) s; $(cpu clib10k) s | | | | |
| result cache: run, $runs examples, \`--jobs 2\`, warm | $(wall runwarm) s | $(cpu runwarm) s | $(rss runwarm) MiB | | wall $(ratio "$(wall runwarm)" "$(wall runj2)") of the cold \`--jobs 2\` | ≤ 0.10 |
EOF
