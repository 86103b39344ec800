#!/usr/bin/env bash
# V8 CPU profile reading speed (issue 15): `ppw-java profile FILE.cpuprofile` against a plain Jackson parse of
# the same file (bench/JsonParse.java: every token, nothing kept), on a long profile made from the shared
# Node.js profile (nodejs/node-workload-A.cpuprofile): its nodes, and its samples and timeDeltas repeated until
# the file is SIZE_MB (default 100) megabytes, endTime moved to match. Runs alternate (ppw, jackson) RUNS times
# (default 3); prints each run's wall time and peak RSS (/usr/bin/time), then the medians and MB/s. Data goes to
# BENCH_DIR (default /tmp/ppw-bench/v8), kept for later runs.
#   bench/v8-bench.sh
#   SIZE_MB=20 RUNS=5 bench/v8-bench.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
size_mb=${SIZE_MB:-100}
runs=${RUNS:-3}
dir=${BENCH_DIR:-/tmp/ppw-bench/v8}
shared=${SHARED:-/work/shared/traces/nodejs/node-workload-A.cpuprofile}
input=$dir/node-long-${size_mb}mb.cpuprofile
mkdir -p "$dir"
. "$root/scripts/find-jdk.sh"
ppw_find_jdk

if [ ! -f "$input.complete" ]; then
  echo "making $input ..." >&2
  python3 - "$shared" "$input" "$size_mb" <<'PY'
import json, sys
src, out, size_mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
p = json.load(open(src))
one = len(json.dumps(p["samples"], separators=(",", ":"))) + len(json.dumps(p["timeDeltas"], separators=(",", ":")))
copies = max(1, size_mb * 1024 * 1024 // one)
span = sum(p["timeDeltas"])
p["samples"] = p["samples"] * copies
p["timeDeltas"] = p["timeDeltas"] * copies
p["endTime"] = p["startTime"] + span * copies + (p["endTime"] - p["startTime"] - span)
json.dump(p, open(out, "w"), separators=(",", ":"))
PY
  touch "$input.complete"
fi
mb=$(( $(stat -c %s "$input") / 1024 / 1024 ))
echo "input: $input, $mb MB; cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"

"$root/ppw-java" --version >/dev/null   # builds the jar if needed; not timed
jackson=$(ls "$HOME"/.m2/repository/com/fasterxml/jackson/core/jackson-core/2.18.2/jackson-core-2.18.2.jar)
"$JAVA_HOME/bin/javac" -cp "$jackson" -d "$dir" "$root/bench/JsonParse.java"

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
  run jackson "$JAVA_HOME/bin/java" -cp "$dir:$jackson" JsonParse "$input"
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for name in ppw jackson; do
  m=$(echo "${times[$name]}" | median)
  echo "median $name: $m s ($(awk -v mb="$mb" -v s="$m" 'BEGIN { printf "%.0f", mb / s }') MB/s)"
done
roots=$(awk -F, 'NR > 1 && $4 == 0 { s += $7 } END { print s }' "$dir/ppw.out")
echo "samples in the tree (roots' calls): $roots"
