#!/usr/bin/env bash
# Merge benchmark of issue 3: NODES saved node profiles of about ROWS tree rows each, merged by the
# real command line (JVM start included), timed over RUNS runs after one warm-up.
#   bench/merge-bench.sh                 # 1000 x 5000, sum, tree view, CSV to /dev/null
#   NODES=200 ROWS=5000 RUNS=3 AGG=max bench/merge-bench.sh
# Prints each run's wall time and the median. Target: under 2 s on 2 cores for 1000 x 5000.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nodes=${NODES:-1000}
rows=${ROWS:-5000}
runs=${RUNS:-5}
agg=${AGG:-sum}
data=${BENCH_DIR:-/tmp/ppw-bench}/saved-${nodes}x${rows}
if [ ! -f "$data/.complete" ]; then
  echo "generating $nodes profiles of ~$rows rows in $data ..." >&2
  rm -rf "$data"
  python3 "$root/bench/gen_saved_profiles.py" --nodes "$nodes" --rows "$rows" --out "$data"
  touch "$data/.complete"
fi
echo "input: $(find "$data" -name '*.ppw.json' | wc -l) files, $(du -sh "$data" | cut -f1); cores: $(nproc)" >&2
"$root/ppw-java" --version >/dev/null   # builds the jar if needed; not timed
"$root/ppw-java" merge "$data" --agg "$agg" --format csv >/dev/null   # warm-up (file cache, CDS archive)
times=()
for i in $(seq "$runs"); do
  start=$(date +%s%N)
  "$root/ppw-java" merge "$data" --agg "$agg" --format csv >/dev/null
  end=$(date +%s%N)
  ms=$(( (end - start) / 1000000 ))
  times+=("$ms")
  echo "run $i: $ms ms"
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "median of %d runs: %d ms (min %d ms)\n", NR, a[int((NR+1)/2)], a[1]}'
