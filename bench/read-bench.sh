#!/usr/bin/env bash
# Read throughput benchmark of issue 4 (not part of the test run): for generated compact-X and B/E traces,
# the real Chromium trace and a many-files case, in ONE JVM, prints MB/s and events/s of a raw Jackson
# nextToken() scan of the same bytes, of ppw-java's read+fold on 1 thread and on JOBS threads, and the ratios
# to the raw scan (median of RUNS runs after at least WARMUP warm-up runs and WARMUP_SECONDS of them).
#   bench/read-bench.sh                          # 300 MB traces, 16 files, jobs = cores
#   SIZE_MB=600 RUNS=5 bench/read-bench.sh
#   bench/read-bench.sh --only compact,chromium  # extra arguments go to bench/ReadBench.java
# Traces are generated once into BENCH_DIR (default /tmp/ppw-bench/read) and kept. The Chromium trace is
# gunzipped there from CHROMIUM (default ../shared/traces/chromium/chrome-A-devtools.json.gz) if it exists.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
"$root/ppw-java" --version >/dev/null   # builds the shaded jar if sources changed; not timed
chromium=${CHROMIUM:-$root/../shared/traces/chromium/chrome-A-devtools.json.gz}
extra=()
[ -f "$chromium" ] && extra+=(--chromium "$chromium")
echo "load: $(uptime)"
# The launcher's collector and settings (ppw-java uses them unless another GC is named).
# shellcheck disable=SC2086
exec "$JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:InitialRAMPercentage=6 -Xmn128m ${JAVA_OPTS:-} -cp "$root/cli/target/ppw-java.jar" \
    "$root/bench/ReadBench.java" --size-mb "${SIZE_MB:-300}" --runs "${RUNS:-5}" --warmup "${WARMUP:-2}" \
    --warmup-seconds "${WARMUP_SECONDS:-2}" \
    --files "${FILES:-16}" --dir "${BENCH_DIR:-/tmp/ppw-bench/read}" "${extra[@]}" "$@"
