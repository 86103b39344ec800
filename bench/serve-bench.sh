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

# The first answer as a user's client sees it (curl, no JVM of its own to warm up), five launches: the wall time
# from launch to the first 200 of /api/ and of the run list, and the server's CPU time (user + system) by then.
echo "launch, five times (curl polls every 20 ms):"
for i in 1 2 3 4 5; do
  out=$(mktemp)
  t0=$(date +%s%N)
  JAVA_OPTS="-Xmx$heap ${JAVA_OPTS:-}" "$root/ppw-java" serve --store "$store" --port 0 >"$out" 2>/dev/null &
  pid=$!
  url=
  while [ -z "$url" ]; do
    url=$(grep -o 'http://127.0.0.1:[0-9]*/?token=[0-9a-f]*' "$out" || true)
    kill -0 "$pid" 2>/dev/null || { echo "serve ended: $(cat "$out")"; exit 1; }
    [ -n "$url" ] || sleep 0.02
  done
  base=${url%%/?token=*}
  token=${url##*token=}
  until [ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: token $token" "$base/api/")" = 200 ]; do
    sleep 0.02
  done
  t1=$(date +%s%N)
  cpu=$(awk '{print ($14 + $15) * 10}' "/proc/$pid/stat")
  curl -s -o /dev/null -H "Authorization: token $token" "$base/"
  t2=$(date +%s%N)
  echo "  first answer $(( (t1 - t0) / 1000000 )) ms after launch (server CPU by then $cpu ms), the run list $(( (t2 - t0) / 1000000 )) ms"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -f "$out"
done
