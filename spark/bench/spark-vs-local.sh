#!/usr/bin/env bash
# Merges one set of inputs with ppw-java merge (-j 2) and with merge --engine spark --master local[2], alternating
# cold runs, then says whether the outputs are identical (or their first differing line) and prints wall and CPU
# times; a third run merges one input on Spark, the JVM and Spark session start alone, to subtract.
#   spark/bench/spark-vs-local.sh DIR [ROUNDS] [merge options...]     e.g. spark/bench/spark-vs-local.sh runs/ 3 --agg max --breakdown
# Figures taken while other builds run are noisy: read the CPU times, and repeat.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)
dir=${1:?usage: spark-vs-local.sh DIR [ROUNDS] [merge options...]}
rounds=${2:-3}
shift $(( $# >= 2 ? 2 : 1 ))
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
one=$(find "$dir" -type f | sort | head -n 1)
timed() { # label, then the command
  local label=$1; shift
  /usr/bin/time -f "$label: wall %e s, CPU %U s user + %S s sys" "$@" 2>&1 >/dev/null | grep "^$label: " || true
}
for round in $(seq "$rounds"); do
  timed "local  $round" "$root/ppw-java" merge -q -j 2 "$@" "$dir" -o "$out/local.txt"
  timed "spark  $round" "$root/ppw-java" merge -q --engine spark --master 'local[2]' "$@" "$dir" -o "$out/spark.txt"
  timed "start  $round" "$root/ppw-java" merge -q --engine spark --master 'local[2]' "$one" -o "$out/one.txt"
done
if cmp -s "$out/local.txt" "$out/spark.txt"; then
  echo identical
else
  echo "different; first differing line:"
  diff "$out/local.txt" "$out/spark.txt" | head -n 3
fi
