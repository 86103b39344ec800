#!/usr/bin/env bash
# Merges one set of inputs with ppw-java merge -j 2 and with merge --engine spark --master local[2], alternating cold
# runs; says whether the outputs are identical (or their first differing line); prints each run's wall and CPU times,
# and a third run's: one input merged on Spark, the JVM and Spark session start alone, to subtract. The set is made
# (once, kept under $BENCH_DIR, default /tmp/ppw-spark-bench) at the size asked, so that smaller runs are possible:
#
#   spark/bench/spark-vs-local.sh saved  NODES ROWS     [ROUNDS] [merge options...]  saved profiles of ~ROWS rows
#   spark/bench/spark-vs-local.sh chrome FILES MB       [ROUNDS] [merge options...]  PerfFlowAspect Chrome traces of ~MB
#   spark/bench/spark-vs-local.sh dir    DIR            [ROUNDS] [merge options...]  the files of a folder
#
#   spark/bench/spark-vs-local.sh saved 1000 5000 3 --agg sum       # issue 30: ≤ 2× merge -j 2 without the start
#   spark/bench/spark-vs-local.sh saved 10000 1300 1 --agg max      # 10,000 inputs of ~100 KB: the driver's heap
#   spark/bench/spark-vs-local.sh chrome 100 10 3 --agg max         # 1 GB of Chrome traces: MB/s of each
#
# With HEAP=1, the Spark run is also made with the driver's heap logged (-Xlog:gc) and the merged state's size
# (dev.ppw.spark logs it at INFO), and prints the largest heap after a collection against 2 × state + 256 MB. On
# local[N] the driver's JVM runs the tasks too: its heap is an upper bound of a cluster driver's.
# Figures taken while other builds run are noisy: read the CPU times, and repeat.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)
usage="usage: spark-vs-local.sh saved NODES ROWS | chrome FILES MB | dir DIR  [ROUNDS] [merge options...]"
kind=${1:?$usage}
bench=${BENCH_DIR:-/tmp/ppw-spark-bench}
case $kind in
  saved)
    nodes=${2:?$usage} rows=${3:?$usage}; shift 3
    dir=$bench/saved-${nodes}x${rows}
    if [ ! -f "$dir/.complete" ]; then
      echo "making $nodes saved profiles of ~$rows rows in $dir ..." >&2
      rm -rf "$dir"
      python3 "$root/bench/gen_saved_profiles.py" --nodes "$nodes" --rows "$rows" --out "$dir"
      touch "$dir/.complete"
    fi ;;
  chrome)
    files=${2:?$usage} mb=${3:?$usage}; shift 3
    dir=$bench/chrome-${files}x${mb}mb
    if [ ! -f "$dir/.complete" ]; then
      echo "making $files Chrome traces of ~$mb MB in $dir (4 generated, the others copies of them) ..." >&2
      rm -rf "$dir"; mkdir -p "$dir"
      # about 110 bytes an event in the compact style
      events=$(( mb * 1024 * 1024 / 110 ))
      for s in 0 1 2 3; do
        python3 "$root/bench/gen_completion_trace.py" --events "$events" --seed "$s" \
          --trace "$dir/.seed$s.pfw" --expected /dev/null
      done
      for i in $(seq 0 $(( files - 1 ))); do
        cp "$dir/.seed$(( i % 4 )).pfw" "$dir/$(printf 'node%05d.pfw' "$i")"
      done
      rm -f "$dir"/.seed*.pfw
      touch "$dir/.complete"
    fi ;;
  dir)
    dir=${2:?$usage}; shift 2 ;;
  *)
    echo "$usage" >&2; exit 2 ;;
esac
rounds=3
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  rounds=$1; shift
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
one=$(find "$dir" -type f -not -name '.*' | sort | sed -n 1p)   # sed reads all: head would fail sort's pipe
bytes=$(find "$dir" -type f -not -name '.*' -printf '%s\n' | awk '{s += $1} END {printf "%.0f\n", s}')   # %.0f: mawk prints 1.2e10 as 1.19479e+10, and %d stops at 2^31-1
echo "input: $(find "$dir" -type f -not -name '.*' | wc -l) files, $(( bytes / 1048576 )) MB in $dir; cores: $(nproc);" \
  "load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$root/ppw-java" --version >/dev/null   # builds the jar if needed; not timed
"$root/ppw-java" merge -q --engine spark --master 'local[2]' "$one" -o "$out/one.txt"   # builds ppw-spark.jar
timed() { # label, then the command: wall and CPU seconds, and MB/s of the whole input by wall time
  local label=$1; shift
  /usr/bin/time -f "%e %U %S" -o "$out/time" "$@" >/dev/null 2>"$out/err" || { cat "$out/err" >&2; exit 1; }
  read -r wall user sys <"$out/time"
  awk -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" -v b="$bytes" \
    'BEGIN {printf "%s: wall %.2f s, CPU %.2f s user + %.2f s sys, %.1f MB/s\n", l, w, u, s, b / 1048576 / w}'
}
for round in $(seq "$rounds"); do
  sync; echo 1 | sudo -n tee /proc/sys/vm/drop_caches >/dev/null 2>&1 || true   # cold when allowed
  timed "local  $round" "$root/ppw-java" merge -q -j 2 "$@" "$dir" -o "$out/local.txt"
  sync; echo 1 | sudo -n tee /proc/sys/vm/drop_caches >/dev/null 2>&1 || true
  timed "spark  $round" "$root/ppw-java" merge -q --engine spark --master 'local[2]' "$@" "$dir" -o "$out/spark.txt"
  timed "start  $round" "$root/ppw-java" merge -q --engine spark --master 'local[2]' "$one" -o "$out/one.txt"
done
if cmp -s "$out/local.txt" "$out/spark.txt"; then
  echo identical
else
  echo "different; first differing line:"
  diff "$out/local.txt" "$out/spark.txt" | sed -n 1,3p || true
fi
if [ "${HEAP:-0}" = 1 ]; then
  cat >"$out/log4j2.properties" <<EOF
rootLogger.level = warn
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %m%n
logger.ppw.name = dev.ppw.spark
logger.ppw.level = info
EOF
  JAVA_OPTS="-Xlog:gc:file=$out/gc.log ${JAVA_OPTS:-} -Dlog4j2.configurationFile=$out/log4j2.properties" \
    "$root/ppw-java" merge -q --engine spark --master 'local[2]' "$@" "$dir" -o "$out/spark.txt" 2>"$out/err"
  state=$(sed -n 's/.*merged state: \([0-9]*\) bytes.*/\1/p' "$out/err" | tail -n 1)
  # "GC(12) Pause Young (Normal) (G1 Evacuation Pause) 180M->41M(256M) 3.2ms": the heap after each collection
  peak=$(sed -n 's/.*->\([0-9]*\)M(.*/\1/p' "$out/gc.log" | sort -n | tail -n 1)
  awk -v s="${state:-0}" -v p="${peak:-0}" 'BEGIN {b = 2 * s / 1048576 + 256;
    printf "driver heap: largest after a collection %d MB; merged state %.1f MB; bound 2 x state + 256 MB = %.1f MB: %s\n",
      p, s / 1048576, b, (p <= b ? "within" : "over")}'
fi
