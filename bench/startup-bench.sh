#!/usr/bin/env bash
# Start-up benchmark of issue 11: wall time of 'LAUNCHER profile TRACE' on a three-event trace, JVM start
# included, for one or more launchers run in turn (A B A B ...), so that all of them see the same load.
#   bench/startup-bench.sh                                  # this checkout's ./ppw-java
#   bench/startup-bench.sh old=/tmp/ppw-base/ppw-java new=./ppw-java
#   RUNS=41 ARGS='profile {} --format csv' bench/startup-bench.sh ./ppw-java
# A launcher is a path, or LABEL=PATH. ARGS is the command line given to each ('{}' is the trace; default
# 'profile {}'). Each launcher runs once untimed first (it may build its jar or its start-up cache).
# Prints the load average before and after, and per launcher the median, lowest and highest of RUNS runs,
# wall time and CPU time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-21}
args_template=${ARGS:-profile {\}}
[ $# -gt 0 ] || set -- "$root/ppw-java"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trace="$work/three.json"
cat >"$trace" <<'EOF'
[{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
 {"name":"read","ph":"X","pid":1,"tid":1,"ts":1,"dur":3},
 {"name":"write","ph":"X","pid":1,"tid":1,"ts":5,"dur":2}]
EOF
read -r -a args <<<"${args_template//\{\}/$trace}"

labels=() paths=()
for spec in "$@"; do
  if [[ "$spec" == *=* ]]; then labels+=("${spec%%=*}"); paths+=("${spec#*=}"); else labels+=("$spec"); paths+=("$spec"); fi
done

for i in "${!paths[@]}"; do
  if ! "${paths[$i]}" "${args[@]}" >"$work/out.$i" 2>"$work/err.$i"; then
    echo "startup-bench: ${labels[$i]} failed:" >&2
    cat "$work/err.$i" >&2
    exit 1
  fi
done
if [ "${#paths[@]}" -gt 1 ]; then
  for i in "${!paths[@]}"; do
    cmp -s "$work/out.0" "$work/out.$i" || echo "startup-bench: note: ${labels[$i]} prints another output than ${labels[0]}" >&2
  done
fi

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); cores: $(nproc); $runs runs each; args: ${args_template}"
TIMEFORMAT='%R %U %S'
for run in $(seq "$runs"); do
  for i in "${!paths[@]}"; do
    { time "${paths[$i]}" "${args[@]}" >/dev/null 2>&1; } 2>>"$work/times.$i"
  done
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
# Wall time, and CPU time (user + system, the JVM's threads added up): on a loaded machine the CPU time
# moves less than the wall time.
median() { sort -n | awk '{a[NR]=$1} END {printf "%4d ms (lowest %4d, highest %4d)", a[int((NR+1)/2)], a[1], a[NR]}'; }
for i in "${!paths[@]}"; do
  printf '%-24s wall %s   cpu %s\n' "${labels[$i]}" \
    "$(awk '{print int($1 * 1000)}' "$work/times.$i" | median)" \
    "$(awk '{print int(($2 + $3) * 1000)}' "$work/times.$i" | median)"
done
