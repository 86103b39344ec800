#!/usr/bin/env bash
# perf script reading speed (issue 12): `ppw-java profile FILE` against a plain line read of the same file
# (`wc -l`, and bench/LineRead.java reading every line as a Java string), on a large perf script text made
# by concatenating the shared perf script files (default layout) until SIZE_MB (default 500) megabytes,
# each copy with its tids shifted so that the file holds more threads. Runs alternate (ppw, wc, java) RUNS
# times (default 3); prints each run's wall time and peak RSS (/usr/bin/time), then the medians and
# MB/s. Data goes to BENCH_DIR (default /tmp/ppw-bench/perf-script), kept for later runs.
#   bench/perf-script-bench.sh
#   SIZE_MB=100 RUNS=5 bench/perf-script-bench.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
size_mb=${SIZE_MB:-500}
runs=${RUNS:-3}
dir=${BENCH_DIR:-/tmp/ppw-bench/perf-script}
shared=${SHARED:-/work/shared/traces/perf}
input=$dir/perf-script-${size_mb}mb.txt
mkdir -p "$dir"
. "$root/scripts/find-jdk.sh"
ppw_find_jdk

if [ ! -f "$input.complete" ]; then
  echo "making $input ..." >&2
  : > "$input"
  copy=0
  while [ "$(stat -c %s "$input")" -lt $(( size_mb * 1024 * 1024 )) ]; do
    for f in "$shared"/*.default.txt; do
      # A header line is the only one not starting with a tab: shift its number (tid) by the copy's offset.
      awk -v k="$copy" 'BEGIN { OFS = " " } /^[^\t]/ && NF > 2 { for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) { $i = $i + 7 * (k % 16); break } } { print }' "$f" >> "$input"
    done
    copy=$((copy + 1))
  done
  touch "$input.complete"
fi
mb=$(( $(stat -c %s "$input") / 1024 / 1024 ))
samples=$(grep -c -v -P '^\t|^$' "$input")
echo "input: $input, $mb MB, $samples samples; cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"

"$root/ppw-java" --version >/dev/null   # builds the jar if needed; not timed
"$JAVA_HOME/bin/javac" -d "$dir" "$root/bench/LineRead.java"

declare -A times
run() { # name command...
  local name=$1; shift
  /usr/bin/time -f '%e %M' -o "$dir/time.txt" "$@" > "$dir/$name.out"
  read -r secs rss_kb < "$dir/time.txt"
  echo "$name: $secs s, peak RSS $(( rss_kb / 1024 )) MB"
  times[$name]="${times[$name]:-} $secs"
}
for _ in $(seq "$runs"); do
  run ppw "$root/ppw-java" profile "$input" --format csv
  run wc wc -l "$input"
  run java "$JAVA_HOME/bin/java" -cp "$dir" LineRead "$input"
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for name in ppw wc java; do
  m=$(echo "${times[$name]}" | median)
  echo "median $name: $m s ($(awk -v mb="$mb" -v s="$m" 'BEGIN { printf "%.0f", mb / s }') MB/s)"
done
roots=$(awk -F, 'NR > 1 && $4 == 0 { s += $7 } END { print s }' "$dir/ppw.out")
echo "samples in the tree (roots' calls): $roots; in the file: $samples"
