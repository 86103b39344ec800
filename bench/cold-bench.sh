#!/usr/bin/env bash
# Cold command line against a cold one-core raw scan (issue 11; not part of the test run). For each case, RUNS
# rounds, alternating: a raw Jackson token scan of the file in a JVM of its own pinned to one core
# (bench/RawScan.java, `taskset -c 0`, the launcher's JVM settings) and `./ppw-java profile FILE --format csv
# -o /dev/null` on every core, each timed from the outside (JVM start included). Prints every run, the
# medians, the ratio (scan time / ppw time: above 1, ppw-java is faster) of the medians and the median of each
# round's own ratio, the CPU time (user + system) of each side and the load average. Then, unless WARM=0,
# the same file warm in one JVM (bench/ReadBench.java --trace: raw scan, read+fold on 1 and on all cores).
#   bench/cold-bench.sh                          # every case, 5 rounds
#   RUNS=9 bench/cold-bench.sh be-1g real-1m     # some cases
#   WARM=0 bench/cold-bench.sh real-1g
#   OLD_JAR=/tmp/old.jar bench/cold-bench.sh   # a third side in each round: an older build's jar, run with
#                                              # OLD_OPTS (default: the serial collector, arrays of 1 MB and
#                                              # more in the old generation: the launcher's settings before)
#   OLD_LAUNCHER=/tmp/ppw-base/ppw-java bench/cold-bench.sh   # a side in each round: an older checkout's
#                                              # launcher, with its own JVM settings and start-up cache
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

ms_of() { # command... -> "WALL CPU" in milliseconds on stdout (CPU: user + system of the command and its
          # children, steadier than the wall time on a busy machine), the command's output dropped
  local t TIMEFORMAT='%R %U %S'
  t=$( { time "$@" >/dev/null 2>/dev/null; } 2>&1 )
  awk -v t="$t" 'BEGIN{split(t, a, " "); printf "%d %d\n", a[1] * 1000, (a[2] + a[3]) * 1000}'
}

median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END{print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "cores: $(nproc); java: $("$JAVA_HOME/bin/java" -version 2>&1 | head -n 1); runs: $runs"
for c in "${cases[@]}"; do
  trace=$(trace_of "$c")
  echo "== $c: $trace, $(( $(stat -c %s "$trace") / 1000000 )) MB; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  cat "$trace" >/dev/null   # in the page cache for both sides
  scans=() ppws=() olds=() lolds=() scpu=() pcpu=() ocpu=() lcpu=()
  for r in $(seq "$runs"); do
    read -r s sc < <(ms_of taskset -c 0 "$JAVA_HOME/bin/java" "${jvm[@]}" -cp "$jar:$dir/classes" RawScan "$trace")
    read -r p pc < <(ms_of "$root/ppw-java" profile "$trace" --format csv -o /dev/null)
    scans+=("$s") ppws+=("$p") scpu+=("$sc") pcpu+=("$pc")
    line="  round $r: scan $s ms (cpu $sc), ppw-java $p ms (cpu $pc)"
    if [ -n "${OLD_JAR:-}" ]; then
      # shellcheck disable=SC2086 # OLD_OPTS is a list of JVM options
      read -r o oc < <(ms_of "$JAVA_HOME/bin/java" ${OLD_OPTS:--XX:+UseSerialGC -XX:PretenureSizeThreshold=1m} \
          -jar "$OLD_JAR" profile "$trace" --format csv -o /dev/null)
      olds+=("$o") ocpu+=("$oc")
      line="$line, old jar $o ms (cpu $oc)"
    fi
    if [ -n "${OLD_LAUNCHER:-}" ]; then
      read -r l lc < <(ms_of "$OLD_LAUNCHER" profile "$trace" --format csv -o /dev/null)
      lolds+=("$l") lcpu+=("$lc")
      line="$line, old launcher $l ms (cpu $lc)"
    fi
    echo "$line"
  done
  ms=$(echo "${scans[*]}" | median)
  mp=$(echo "${ppws[*]}" | median)
  ratio() { awk -v s="$1" -v p="$2" 'BEGIN{printf "%.2fx", s/p}'; }
  old=
  if [ ${#olds[@]} -gt 0 ]; then
    mo=$(echo "${olds[*]}" | median)
    old=", old jar $mo ms (cpu $(echo "${ocpu[*]}" | median)): $(ratio "$ms" "$mo")"
  fi
  if [ ${#lolds[@]} -gt 0 ]; then
    ml=$(echo "${lolds[*]}" | median)
    old="$old, old launcher $ml ms (cpu $(echo "${lcpu[*]}" | median)): $(ratio "$ms" "$ml")"
  fi
  echo "  cold medians: one-core raw scan $ms ms (cpu $(echo "${scpu[*]}" | median)), ppw-java $mp ms" \
       "(cpu $(echo "${pcpu[*]}" | median)): $(ratio "$ms" "$mp") the scan$old; load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  # The machine's speed drifts between rounds (an idle VM's scan took 3.0 to 4.2 s for the same file); the
  # two sides of one round see the same drift, so the median of the rounds' own ratios is the steadier figure.
  rounds=()
  for r in "${!scans[@]}"; do rounds+=("$(awk -v s="${scans[$r]}" -v p="${ppws[$r]}" 'BEGIN{printf "%.3f", s/p}')"); done
  echo "  ratio of each round: ${rounds[*]}; median $(echo "${rounds[*]}" | median | awk '{printf "%.2fx", $1}')"
  if [ "${WARM:-1}" != 0 ]; then
    size=$(stat -c %s "$trace")
    warm_runs=$(( size > 300000000 ? 3 : 7 ))
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM options
    "$JAVA_HOME/bin/java" "${jvm[@]}" ${JAVA_OPTS:-} -cp "$jar" "$root/bench/ReadBench.java" --trace "$trace" \
        --runs "${WARM_RUNS:-$warm_runs}" --warmup 2 | sed 's/^/  warm: /'
  fi
done
