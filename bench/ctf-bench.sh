#!/usr/bin/env bash
# ppw-java reading an LTTng trace folder directly (lttng-ctf) against babeltrace2 reading the same folder
# (issue 12; not part of the test run). RUNS rounds, alternating `babeltrace2 DIR > /dev/null`,
# `ppw-java profile DIR --format csv -o /dev/null` (a copy of the jar taken at the start, run with the
# launcher's JVM settings, so that editing sources meanwhile changes nothing; JVM start included; JOBS threads,
# default 2) and the parse floor `java CtfDecode DIR` (bench/CtfDecode.java: every event decoded and merged on
# one thread, nothing folded, in a JVM of its own), each timed from the outside: wall
# seconds and CPU seconds (user + sys). Prints every run, the medians, events per second of each and the
# load average (the machine is shared: compare the CPU columns when the load is high).
#   bench/ctf-bench.sh                       # the default trace, made once: 4 threads, about 6M events
#   RUNS=3 bench/ctf-bench.sh /some/lttng/output/dir
#   PER_THREAD=300000 bench/ctf-bench.sh     # a bigger trace (10 events per iteration per thread)
# The default trace is made with LTTng (lttng-sessiond running, permission to trace): bench/ctf_work.c built
# with -finstrument-functions, traced with liblttng-ust-cyg-profile in a blocking channel (nothing discarded),
# into BENCH_DIR (default /tmp/ppw-bench/ctf), and kept.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-5}
dir=${BENCH_DIR:-/tmp/ppw-bench/ctf}
per=${PER_THREAD:-150000}
trace=${1:-}
if [ -z "$trace" ]; then
  trace=$dir/trace-$per
  if [ ! -d "$trace" ]; then
    mkdir -p "$dir"
    gcc -O0 -g -finstrument-functions -pthread -o "$dir/ctf_work" "$root/bench/ctf_work.c"
    session=ppw-ctf-bench-$$
    lttng create "$session" --output="$trace" >/dev/null
    lttng enable-channel --session "$session" -u --subbuf-size=4M --num-subbuf=8 --blocking-timeout=inf ch >/dev/null
    lttng enable-event --session "$session" -u -c ch 'lttng_ust_cyg_profile*,lttng_ust_statedump*' >/dev/null
    lttng add-context --session "$session" -u -c ch -t vpid -t vtid -t procname -t ip >/dev/null
    lttng start "$session" >/dev/null
    LTTNG_UST_ALLOW_BLOCKING=1 LD_PRELOAD=liblttng-ust-cyg-profile.so "$dir/ctf_work" "$per" >/dev/null
    lttng stop "$session" >/dev/null
    lttng destroy "$session" >/dev/null
  fi
fi
"$root/ppw-java" --version >/dev/null   # builds the jar if sources changed; not timed
. "$root/scripts/find-jdk.sh"
ppw_find_jdk || exit 3
mkdir -p "$dir"
cp "$root/cli/target/ppw-java.jar" "$dir/ppw-java.jar"
"$JAVA_HOME/bin/javac" -cp "$dir/ppw-java.jar" -d "$dir" "$root/bench/CtfDecode.java"
floor=("$JAVA_HOME/bin/java" -XX:+UseSerialGC -cp "$dir/ppw-java.jar:$dir" CtfDecode)
ppw=("$JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:PretenureSizeThreshold=1m -XX:InitialRAMPercentage=6 -Xmn128m
     -jar "$dir/ppw-java.jar")
events=$(babeltrace2 "$trace" | wc -l)
echo "trace: $trace  events: $events  size: $(du -sh "$trace" | cut -f1)"

timed() { # command... -> "wall cpu" in seconds (cpu: user + sys of the command and its children)
  local t0 t1 c0 c1 me=$BASHPID
  c0=$(awk '{print $16 + $17}' "/proc/$me/stat")
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  t1=$(date +%s.%N)
  c1=$(awk '{print $16 + $17}' "/proc/$me/stat")
  awk -v a="$t0" -v b="$t1" -v c="$c0" -v d="$c1" -v hz="$(getconf CLK_TCK)" \
    'BEGIN { printf "%.2f %.2f\n", b - a, (d - c) / hz }'
}
bt_wall=() bt_cpu=() ppw_wall=() ppw_cpu=() fl_wall=() fl_cpu=()
for ((i = 1; i <= runs; i++)); do
  read -r w c < <(timed sh -c "babeltrace2 '$trace' > /dev/null")
  bt_wall+=("$w") bt_cpu+=("$c")
  read -r w2 c2 < <(timed "${ppw[@]}" profile "$trace" --format csv -o /dev/null -q -j "${JOBS:-2}")
  ppw_wall+=("$w2") ppw_cpu+=("$c2")
  read -r w3 c3 < <(timed "${floor[@]}" "$trace")
  fl_wall+=("$w3") fl_cpu+=("$c3")
  echo "run $i: babeltrace2 ${w}s wall ${c}s cpu   ppw-java ${w2}s wall ${c2}s cpu   floor ${w3}s wall ${c3}s cpu"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
bw=$(median "${bt_wall[@]}") bc=$(median "${bt_cpu[@]}") pw=$(median "${ppw_wall[@]}") pc=$(median "${ppw_cpu[@]}")
echo "median: babeltrace2 ${bw}s wall ${bc}s cpu ($(awk -v e="$events" -v t="$bw" 'BEGIN {printf "%.0f", e / t}') events/s)"
echo "median: ppw-java    ${pw}s wall ${pc}s cpu ($(awk -v e="$events" -v t="$pw" 'BEGIN {printf "%.0f", e / t}') events/s)"
fw=$(median "${fl_wall[@]}") fc=$(median "${fl_cpu[@]}")
echo "median: floor       ${fw}s wall ${fc}s cpu (decode only, one thread)"
echo "ratio (babeltrace2 wall / ppw-java wall): $(awk -v a="$bw" -v b="$pw" 'BEGIN {printf "%.2f", a / b}')"
echo "ratio (ppw-java cpu / floor cpu): $(awk -v a="$pc" -v b="$fc" 'BEGIN {printf "%.2f", a / b}')"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
