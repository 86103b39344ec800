#!/usr/bin/env bash
# babeltrace2 text speed (issue 12, not part of the test run): records an LTTng-UST cyg-profile trace of about
# EVENTS events with real LTTng (root, lttng-sessiond running), prints it with babeltrace2, then times, cold and
# alternating, RUNS rounds of:
#   ppw-java profile TEXT --format csv -j 1 > /dev/null   the lttng-text reader and the whole profile, one core
#   ppw-java profile TEXT --format csv -j 2 > /dev/null   the same in chunks on two cores (ParallelTextReader)
#   java LineRead TEXT                                a plain line read of the same file in a JVM of its own
#   babeltrace2 DIR > /dev/null                       babeltrace2 decoding the CTF folder, for reference
# and prints each one's median wall time and events/s.
#   bench/lttng-bench.sh                     # 1M events, 5 rounds
#   EVENTS=2000000 RUNS=3 DEBUG_INFO=1 bench/lttng-bench.sh   # --debug-info text instead
# The trace and its text are kept in BENCH_DIR (default /tmp/ppw-bench/lttng) and reused when present.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/find-jdk.sh
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
for tool in lttng babeltrace2 gcc; do
  command -v "$tool" >/dev/null || { echo "lttng-bench: $tool is missing (apt-get install lttng-tools liblttng-ust-dev babeltrace2 gcc)" >&2; exit 3; }
done
events=${EVENTS:-1000000}
runs=${RUNS:-5}
dir=${BENCH_DIR:-/tmp/ppw-bench/lttng}/$events
text=$dir/trace${DEBUG_INFO:+.debuginfo}.txt
mkdir -p "$dir"
if [ ! -d "$dir/trace" ]; then
  cat > "$dir/work.c" <<'C'
#include <stdlib.h>
static volatile long sink;
static long leaf(long x) { return x * 3 + 1; }
static long mid(long x) { return leaf(x) + leaf(x + 1); }
static long top(long x) { return mid(x) + leaf(x); }
int main(int argc, char **argv)
{
    long calls = atol(argv[1]);
    for (long i = 0; i < calls / 4; i++) {
        sink += top(i);
    }
    return 0;
}
C
  gcc -O0 -finstrument-functions -o "$dir/work" "$dir/work.c"
  session=ppw-lttng-bench-$$
  lttng create "$session" --output "$dir/trace" >/dev/null
  lttng enable-channel --session "$session" --userspace --subbuf-size=4M --num-subbuf=8 --blocking-timeout=inf ch >/dev/null
  lttng enable-event --session "$session" --userspace --channel ch 'lttng_ust_cyg_profile:*,lttng_ust_statedump:*' >/dev/null
  lttng add-context --session "$session" --userspace --channel ch -t vpid -t vtid -t procname -t ip >/dev/null
  lttng start "$session" >/dev/null
  LTTNG_UST_ALLOW_BLOCKING=1 LD_PRELOAD=liblttng-ust-cyg-profile.so "$dir/work" $((events / 2))
  lttng stop "$session" >/dev/null
  lttng destroy "$session" >/dev/null
fi
[ -f "$text" ] || babeltrace2 ${DEBUG_INFO:+--debug-info} "$dir/trace" > "$text"
"$root/ppw-java" --version >/dev/null   # builds the jar and its start-up cache if sources changed; not timed
"$JAVA_HOME/bin/javac" -d "$dir" "$root/bench/LineRead.java"
lines=$(wc -l < "$text")
echo "load: $(uptime)"
echo "trace: $dir/trace ($(du -sh "$dir/trace" | cut -f1)), text: $text ($(du -h "$text" | cut -f1), $lines events)"
declare -A times
now() { date +%s%N; }
for ((r = 1; r <= runs; r++)); do
  t=$(now); "$root/ppw-java" profile "$text" --format csv -j 1 > /dev/null; times[ppw]+="$(( $(now) - t )) "
  t=$(now); "$root/ppw-java" profile "$text" --format csv -j 2 > /dev/null; times[ppw2]+="$(( $(now) - t )) "
  t=$(now); "$JAVA_HOME/bin/java" -cp "$dir" LineRead "$text" > /dev/null; times[line]+="$(( $(now) - t )) "
  t=$(now); babeltrace2 "$dir/trace" > /dev/null; times[bt]+="$(( $(now) - t )) "
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for k in ppw ppw2 line bt; do
  m=$(echo "${times[$k]}" | median)
  case $k in ppw) what="ppw-java profile TEXT -j 1";; ppw2) what="ppw-java profile TEXT -j 2";; line) what="plain line read (java LineRead)";; bt) what="babeltrace2 DIR > /dev/null";; esac
  awk -v w="$what" -v m="$m" -v n="$lines" -v all="${times[$k]}" \
    'BEGIN {printf "%-34s median %7.3f s  %6.2f M events/s  (runs, s: ", w, m / 1e9, n / (m / 1e9) / 1e6;
            k = split(all, x, " "); for (i = 1; i <= k; i++) printf "%s%.3f", (i > 1 ? " " : ""), x[i] / 1e9; print ")"}'
done
