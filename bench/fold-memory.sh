#!/usr/bin/env bash
# Bounded-memory demonstration of issue 4 (not part of the test run): a generated PerfFlowAspect trace of
# EVENTS events (default 20M, about 2.5 GB), folded by the real command line with a HEAP heap (default
# 256m), and its profile compared with the exact one the generator computed.
#   bench/fold-memory.sh                      # 20M X events in completion order (children first), -Xmx256m
#   STYLE=verbose bench/fold-memory.sh        # 20M B/E events in time order: replayed while reading, no spill
#   EVENTS=2000000 HEAP=64m bench/fold-memory.sh
# Prints the input, wall time, peak RSS (/usr/bin/time %M), the peak size of the folder's temporary files,
# whether any were left behind, and OK or DIFF. Data goes to BENCH_DIR (default /tmp/ppw-bench/fold-memory), kept for
# later runs; the build is the launcher's (run `mvn package` first to use another).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
events=${EVENTS:-20000000}
heap=${HEAP:-256m}
style=${STYLE:-compact}
dir=${BENCH_DIR:-/tmp/ppw-bench/fold-memory}
trace=$dir/$style-$events.pfw
expected=$dir/$style-$events.expected.csv
spill=$dir/tmp
mkdir -p "$dir" "$spill"

if [ ! -f "$trace.complete" ]; then
  echo "generating $events $style events into $trace ..." >&2
  start=$(date +%s)
  python3 "$root/bench/gen_completion_trace.py" --events "$events" --style "$style" \
      --trace "$trace" --expected "$expected"
  echo "generated in $(( $(date +%s) - start )) s" >&2
  touch "$trace.complete"
fi
echo "input: $trace, $(du -h "$trace" | cut -f1), $(( $(wc -l < "$trace") - 1 )) events; heap -Xmx$heap; cores: $(nproc)"

"$root/ppw-java" --version >/dev/null   # builds the jar if needed; not timed

# Watch the spill directory: the largest it gets while folding.
peak_file=$dir/spill-peak
echo 0 > "$peak_file"
( peak=0; while :; do
    kb=$(du -sk "$spill" 2>/dev/null | cut -f1); [ "${kb:-0}" -gt "$peak" ] && peak=$kb && echo "$peak" > "$peak_file"
    sleep 0.5
  done ) &
watcher=$!
trap 'kill "$watcher" 2>/dev/null || true' EXIT

actual=$dir/$style-$events.actual.csv
/usr/bin/time -f '%e %M' -o "$dir/time.txt" \
    env JAVA_OPTS="-Xmx$heap -Djava.io.tmpdir=$spill" "$root/ppw-java" profile "$trace" --format csv -o "$actual"
kill "$watcher" 2>/dev/null || true
read -r secs rss_kb < "$dir/time.txt"
echo "time: $secs s; peak RSS: $(( rss_kb / 1024 )) MB; peak temporary files: $(( $(cat "$peak_file") / 1024 )) MB;" \
     "left behind: $(find "$spill" -type f | wc -l) files"

# The same columns as the generator's, rows by path.
python3 - "$actual" "$dir/actual-projected.csv" <<'EOF'
import csv, sys
cols = ["path", "calls", "subcalls", "inclusive_ns", "exclusive_ns", "min_inclusive_ns", "max_inclusive_ns"]
with open(sys.argv[1], newline="") as f:
    rows = [[r[c] for c in cols] for r in csv.DictReader(f)]
rows.sort(key=lambda r: r[0].encode())
with open(sys.argv[2], "w") as f:
    f.write(",".join(cols) + "\n")
    for r in rows:
        f.write(",".join(r) + "\n")
EOF
if cmp -s "$expected" "$dir/actual-projected.csv"; then
  echo "OK: $(( $(wc -l < "$expected") - 1 )) tree rows equal the generator's exact profile"
else
  echo "DIFF: the profile differs from the generator's (diff $expected $dir/actual-projected.csv)"
  exit 1
fi
