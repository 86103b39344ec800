#!/usr/bin/env bash
# The Perfetto reader against a plain protobuf walk of the same trace (issue 12; not part of the test run).
# RUNS rounds (default 5), alternating, each timed from the outside with its JVM's start: the walk
# (bench/PerfettoBench.java --walk: every packet read with CodedInputStream, every field skipped) and
# `./ppw-java profile FILE --format csv -o /dev/null`. Prints every run, the medians and the ratio (walk time /
# ppw-java time: above 1, ppw-java is faster), then, unless WARM=0, the same in one warm JVM.
#   bench/perfetto-bench.sh                                          # Chromium's trace, gzipped as shared
#   RUNS=9 bench/perfetto-bench.sh /tmp/chrome-A-all.pftrace       # another trace (gunzipped, say)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
trace=${1:-$root/../shared/traces/chromium/chrome-A-all.pftrace.gz}
[ -f "$trace" ] || trace=/work/shared/traces/chromium/chrome-A-all.pftrace.gz
runs=${RUNS:-5}
dir=${BENCH_DIR:-/tmp/ppw-bench/perfetto}
mkdir -p "$dir/classes"
"$root/ppw-java" --version >/dev/null   # builds the shaded jar if sources changed; not timed
jar=$root/cli/target/ppw-java.jar
jvm=(-XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:InitialRAMPercentage=6 -Xmn128m)
"$JAVA_HOME/bin/javac" -d "$dir/classes" -cp "$jar" "$root/bench/PerfettoBench.java"

ms_of() { # command... -> wall milliseconds on stdout, the command's output dropped
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

walks=() reads=()
for i in $(seq 1 "$runs"); do
  w=$(ms_of "$JAVA_HOME/bin/java" "${jvm[@]}" -cp "$dir/classes:$jar" PerfettoBench --walk "$trace")
  r=$(ms_of "$root/ppw-java" profile "$trace" --format csv -o /dev/null 2>/dev/null)
  walks+=("$w") reads+=("$r")
  echo "round $i: walk ${w} ms, ppw-java ${r} ms"
done
mw=$(printf '%s\n' "${walks[@]}" | median)
mr=$(printf '%s\n' "${reads[@]}" | median)
echo "median: walk ${mw} ms, ppw-java ${mr} ms, ratio $(awk -v a="$mw" -v b="$mr" 'BEGIN {printf "%.2f", a / b}')"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${WARM:-1}" != 0 ]; then
  "$JAVA_HOME/bin/java" "${jvm[@]}" -cp "$dir/classes:$jar" PerfettoBench --warm "$trace" "$runs"
fi
