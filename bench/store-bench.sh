#!/usr/bin/env bash
# The run store's figures (not part of the test run; docs/performance.md, "Run store"): RUNS runs of ROWS rows
# stored into a new store, then the put latency into a store of RUNS runs, one context across every run in process
# and as 'ppw-java history' end to end, 'ppw-java runs list' end to end, and the size on disk; on SQLite, and on
# PostgreSQL too when PPW_BENCH_POSTGRES_URL names an empty database (its query times against SQLite's).
#   bench/store-bench.sh [RUNS [ROWS]]        default 1000 runs of 5000 rows; the stores go to a temporary folder
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
runs=${1:-1000}
rows=${2:-5000}
"$root/ppw-java" --version >/dev/null   # builds the shaded jar if sources changed; not timed
work=$(mktemp -d "${TMPDIR:-/tmp}/ppw-store-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The median wall time in ms of running "$@" five times (after one run not counted).
median_ms() {
  "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; return 1; }
  local times=() t0 t1
  for _ in 1 2 3 4 5; do
    t0=$(date +%s%N); "$@" >/dev/null 2>&1; t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}

bench() {   # LOCATION NAME
  local out
  echo "== $2 =="
  # shellcheck disable=SC2086
  out=$("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED ${JAVA_OPTS:-} -cp "$root/cli/target/ppw-java.jar" "$root/bench/StoreBench.java" \
    "$1" "$runs" "$rows")
  grep -v '^context: ' <<<"$out"
  context=$(sed -n 's/^context: //p' <<<"$out")
  echo "history end to end: $(median_ms "$root/ppw-java" history "$context" --store "$1") ms median of 5 (target <= 1000)"
  echo "runs list end to end: $(median_ms "$root/ppw-java" runs list --store "$1") ms median of 5 (target <= 500)"
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1)"
bench "$work/runs.db" "SQLite ($work/runs.db)"
if [ -n "${PPW_BENCH_POSTGRES_URL:-}" ]; then
  bench "$PPW_BENCH_POSTGRES_URL" "PostgreSQL"
fi
