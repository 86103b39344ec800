#!/usr/bin/env bash
# The server's figures (not part of the test run; docs/performance.md, "Serve"; issue 27's targets): a store of
# RUNS runs of ROWS rows, then 'ppw-java serve' on it with the heap capped at HEAP (JAVA_OPTS=-Xmx...): the first
# answer after launch (target <= 1 s), /api/history p95 with CLIENTS clients at once (target <= 50 ms), a few
# report and diff pages, and the heap after it all (target <= 256 MB: the cap itself).
#   bench/serve-bench.sh [RUNS [ROWS [CLIENTS]]]    default 1000 runs of 5000 rows, 8 clients
#   PPW_BENCH_STORE=path/runs.db bench/serve-bench.sh   keep (and reuse) the store instead of a temporary one
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
runs=${1:-1000}
rows=${2:-5000}
clients=${3:-8}
heap=${HEAP:-256m}
"$root/ppw-java" --version >/dev/null   # builds the shaded jar if sources changed; not timed
if [ -n "${PPW_BENCH_STORE:-}" ]; then
  store=$PPW_BENCH_STORE
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/ppw-serve-bench.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  store=$work/runs.db
fi
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1)"
echo "server heap: -Xmx$heap"
# shellcheck disable=SC2086
JAVA_OPTS="-Xmx$heap ${JAVA_OPTS:-}" "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
  -cp "$root/cli/target/ppw-java.jar" "$root/bench/ServeBench.java" "$store" "$runs" "$rows" "$root/ppw-java" "$clients"
