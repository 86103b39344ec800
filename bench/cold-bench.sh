#!/usr/bin/env bash
# Cold command line against a cold one-core raw scan (issue 11; not part of the test run). For each case, RUNS
# rounds, alternating: a raw Jackson token scan of the file in a JVM of its own pinned to one core
# (bench/RawScan.java, `taskset -c 0`, the launcher's JVM settings) and `./ppw-java profile FILE --format csv
# -o /dev/null` on every core, each timed from the outside (JVM start included). Prints every run, the
# medians, the ratio (scan time / ppw time: above 1, ppw-java is faster) and the load average. Then, unless
# WARM=0, the same file warm in one JVM (bench/ReadBench.java --trace: raw scan, read+fold on 1 and on all
# cores).
#   bench/cold-bench.sh                          # every case, 5 rounds
#   RUNS=9 bench/cold-bench.sh be-1g real-1m     # some cases
#   WARM=0 bench/cold-bench.sh real-1g
#   OLD_JAR=/tmp/old.jar bench/cold-bench.sh   # a third side in each round: an older build's jar, run with
#                                              # OLD_OPTS (default: the serial collector, arrays of 1 MB and
#                                              # more in the old generation: the launcher's settings before)
# Cases (traces generated once into BENCH_DIR, default /tmp/ppw-bench/cold, and kept):
#   be-1g     B and E events in time order, an event per line (PerfFlowAspect's verbose mode), 1 GB
#   real-1m   the realistic shape of bench/GenRealisticTrace.java: one line, X events in random order over 4
#             threads, a call graph of 64 functions (about 26,000 tree nodes), 1M events, 82 MB
#   real-10m  the same, 10M events, 830 MB
#   real-1g   the same, 12M events, 1 GB
#   real-rec  the same with deep recursion (up to 300 deep), 1M events
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
dir=${BENCH_DIR:-/tmp/ppw-bench/cold}
runs=${RUNS:-5}
cases=("$@")
[ ${#cases[@]} -eq 0 ] && cases=(be-1g real-1m real-10m real-1g)
mkdir -p "$dir/classes"
"$root/ppw-java" --version >/dev/null   # builds the shaded jar if sources changed; not timed
jar=$root/cli/target/ppw-java.jar
# The launcher's collector and settings, for the scan too.
jvm=(-XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:InitialRAMPercentage=6 -Xmn128m)
"$JAVA_HOME/bin/javac" -d "$dir/classes" -cp "$jar" "$root/bench/RawScan.java"

trace_of() { # case -> path of its trace, generated if missing
  local events rec=()
  case $1 in
    be-1g)
      "$JAVA_HOME/bin/java" -cp "$jar" "$root/bench/ReadBench.java" --size-mb 1000 --only verbose \
          --dir "$dir" --generate-only
      return ;;
    real-1m) events=1000000 ;;
    real-10m) events=10000000 ;;
    real-1g) events=12000000 ;;
    real-rec) events=1000000; rec=(--recursion 300) ;;
    *) echo "unknown case $1" >&2; exit 2 ;;
  esac
  local out=$dir/$1.json
  if [ ! -f "$out" ]; then
    "$JAVA_HOME/bin/java" "$root/bench/GenRealisticTrace.java" --events "$events" "${rec[@]}" --out "$out" >&2
  fi
  echo "$out"
}

ms_of() { # command... -> wall milliseconds on stdout, the command's output dropped
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null
  end=$(date +%s%N)
  echo $(( (end - start) / 1000000 ))
}

median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END{print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "cores: $(nproc); java: $("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1); runs: $runs"
for c in "${cases[@]}"; do
  trace=$(trace_of "$c")
  echo "== $c: $trace, $(( $(stat -c %s "$trace") / 1000000 )) MB; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  cat "$trace" >/dev/null   # in the page cache for both sides
  scans=() ppws=() olds=()
  for r in $(seq "$runs"); do
    s=$(ms_of taskset -c 0 "$JAVA_HOME/bin/java" "${jvm[@]}" -cp "$jar:$dir/classes" RawScan "$trace")
    p=$(ms_of "$root/ppw-java" profile "$trace" --format csv -o /dev/null)
    scans+=("$s") ppws+=("$p")
    line="  round $r: scan $s ms, ppw-java $p ms"
    if [ -n "${OLD_JAR:-}" ]; then
      # shellcheck disable=SC2086 # OLD_OPTS is a list of JVM options
      o=$(ms_of "$JAVA_HOME/bin/java" ${OLD_OPTS:--XX:+UseSerialGC -XX:PretenureSizeThreshold=1m} -jar "$OLD_JAR" \
          profile "$trace" --format csv -o /dev/null)
      olds+=("$o")
      line="$line, old jar $o ms"
    fi
    echo "$line"
  done
  ms=$(echo "${scans[*]}" | median)
  mp=$(echo "${ppws[*]}" | median)
  ratio() { awk -v s="$1" -v p="$2" 'BEGIN{printf "%.2fx", s/p}'; }
  old=
  if [ ${#olds[@]} -gt 0 ]; then
    mo=$(echo "${olds[*]}" | median)
    old=", old jar $mo ms: $(ratio "$ms" "$mo")"
  fi
  echo "  cold medians: one-core raw scan $ms ms, ppw-java $mp ms: $(ratio "$ms" "$mp") the scan$old;" \
       "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  if [ "${WARM:-1}" != 0 ]; then
    size=$(stat -c %s "$trace")
    warm_runs=$(( size > 300000000 ? 3 : 7 ))
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM options
    "$JAVA_HOME/bin/java" "${jvm[@]}" ${JAVA_OPTS:-} -cp "$jar" "$root/bench/ReadBench.java" --trace "$trace" \
        --runs "${WARM_RUNS:-$warm_runs}" --warmup 2 | sed 's/^/  warm: /'
  fi
done
