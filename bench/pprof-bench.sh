#!/usr/bin/env bash
# The pprof reader against a plain protobuf walk of the same profile (issue 15; not part of the test run).
# RUNS rounds (default 5), alternating, each timed from the outside with its JVM's start: the walk
# (bench/PprofBench.java --walk: every field and every field of each sample, location and function read
# with CodedInputStream and skipped) and
# `./ppw-java profile FILE --view flat --top 10 --format csv -o /dev/null` (the tree of a long profile has 10^5 rows
# whose CSV paths alone are 10^8 bytes: printing them would be timed, not reading). Prints every run, the medians and the ratio (walk time /
# ppw-java time: above 1, ppw-java is faster), then, unless WARM=0, the same in one warm JVM.
#   bench/pprof-bench.sh                         # a generated CPU-like profile of 300,000 samples (PprofBench --gen)
#   RUNS=9 bench/pprof-bench.sh cpu.pb.gz        # another profile
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
dir=${BENCH_DIR:-/tmp/ppw-bench/pprof}
mkdir -p "$dir/classes"
runs=${RUNS:-5}
"$root/ppw-java" --version >/dev/null   # builds the shaded jar if sources changed; not timed
jar=$root/cli/target/ppw-java.jar
jvm=(-XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:InitialRAMPercentage=6 -Xmn128m)
"$JAVA_HOME/bin/javac" -d "$dir/classes" -cp "$jar" "$root/bench/PprofBench.java"
trace=${1:-$dir/cpu-300k.pb.gz}
[ -f "$trace" ] || "$JAVA_HOME/bin/java" -cp "$dir/classes:$jar" PprofBench --gen "$trace" 300000

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
  w=$(ms_of "$JAVA_HOME/bin/java" "${jvm[@]}" -cp "$dir/classes:$jar" PprofBench --walk "$trace")
  r=$(ms_of "$root/ppw-java" profile "$trace" --view flat --top 10 --format csv -o /dev/null 2>/dev/null)
  walks+=("$w") reads+=("$r")
  echo "round $i: walk ${w} ms, ppw-java ${r} ms"
done
mw=$(printf '%s\n' "${walks[@]}" | median)
mr=$(printf '%s\n' "${reads[@]}" | median)
echo "median: walk ${mw} ms, ppw-java ${mr} ms, ratio $(awk -v a="$mw" -v b="$mr" 'BEGIN {printf "%.2f", a / b}')"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${WARM:-1}" != 0 ]; then
  "$JAVA_HOME/bin/java" "${jvm[@]}" -cp "$dir/classes:$jar" PprofBench --warm "$trace" "$runs"
fi
