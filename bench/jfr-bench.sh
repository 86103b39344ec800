#!/usr/bin/env bash
# JFR reading speed (issue 15): `ppw-java profile FILE --format csv` against the JDK's own jfr tool
# (`jfr summary`, which reads event headers only, and `jfr print --events jdk.ExecutionSample`, which parses
# and prints every execution sample), a plain RecordingFile loop (bench/JfrRead.java: every event read,
# every sample's frames touched) and async-profiler's converter (jfr-converter 4.5 from Maven Central,
# `-o collapsed`: every execution sample, as ppw-java's roots count them; its `--cpu` keeps only samples in
# async-profiler's own thread state, none of a JDK recording's; skipped when its jar is not in ~/.m2: fetch it
# with `mvn dependency:get -Dartifact=tools.profiler:jfr-converter:4.5`). The input is the shared JDK 17 recording
# concatenated with itself until SIZE_MB (default 200) megabytes: JFR chunks follow one another in a file, so the
# copies are one recording of many chunks. Runs alternate the readers RUNS times (default 3); prints each run's
# wall time and peak RSS (/usr/bin/time), then the medians. Data goes to BENCH_DIR (default /tmp/ppw-bench/jfr).
#   bench/jfr-bench.sh
#   SIZE_MB=50 RUNS=5 bench/jfr-bench.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
size_mb=${SIZE_MB:-200}
runs=${RUNS:-3}
dir=${BENCH_DIR:-/tmp/ppw-bench/jfr}
source_jfr=${SOURCE:-/work/shared/traces/jfr/jfr-A-jdk17-profile.jfr}
converter=${CONVERTER:-$HOME/.m2/repository/tools/profiler/jfr-converter/4.5/jfr-converter-4.5.jar}
input=$dir/jfr-${size_mb}mb.jfr
mkdir -p "$dir"
. "$root/scripts/find-jdk.sh"
ppw_find_jdk

if [ ! -f "$input.complete" ]; then
  echo "making $input ..." >&2
  : > "$input"
  while [ "$(stat -c %s "$input")" -lt $(( size_mb * 1024 * 1024 )) ]; do
    cat "$source_jfr" >> "$input"
  done
  touch "$input.complete"
fi
mb=$(( $(stat -c %s "$input") / 1024 / 1024 ))
echo "input: $input, $mb MB; cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"

"$root/ppw-java" --version >/dev/null   # builds the jar if needed; not timed

declare -A times users
names=(ppw summary print loop)
run() { # name command...
  local name=$1; shift
  /usr/bin/time -f '%e %U %M' -o "$dir/time.txt" "$@" > "$dir/$name.out"
  read -r secs user rss_kb < "$dir/time.txt"
  echo "$name: $secs s (user $user s), peak RSS $(( rss_kb / 1024 )) MB"
  times[$name]="${times[$name]:-} $secs"
  users[$name]="${users[$name]:-} $user"
}
if [ -f "$converter" ]; then names+=(jfrconv); fi
for _ in $(seq "$runs"); do
  run ppw "$root/ppw-java" profile "$input" --format csv
  run summary "$JAVA_HOME/bin/jfr" summary "$input"
  run print "$JAVA_HOME/bin/jfr" print --events jdk.ExecutionSample "$input"
  run loop "$JAVA_HOME/bin/java" "$root/bench/JfrRead.java" "$input"
  if [ -f "$converter" ]; then
    run jfrconv "$JAVA_HOME/bin/java" -jar "$converter" -o collapsed "$input" "$dir/jfrconv.collapsed"
  fi
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for name in "${names[@]}"; do
  m=$(echo "${times[$name]}" | median)
  u=$(echo "${users[$name]}" | median)
  echo "median $name: $m s wall, $u s user CPU ($(awk -v mb="$mb" -v s="$m" 'BEGIN { printf "%.0f", mb / s }') MB/s)"
done
roots=$(awk -F, 'NR > 1 && $4 == 0 { s += $7 } END { print s }' "$dir/ppw.out")
echo "samples in the tree (roots' calls): $roots; jfr summary: $(grep -m1 'jdk.ExecutionSample ' "$dir/summary.out")"
if [ -f "$converter" ]; then
  echo "converter's samples: $(awk '{ s += $NF } END { print s }' "$dir/jfrconv.collapsed")"
fi
echo "loop: $(cat "$dir/loop.out")"
