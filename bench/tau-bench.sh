#!/usr/bin/env bash
# TAU profile reading speed (issue 15): against a plain line read of the same bytes, on two inputs made from
# Hatchet's 4-rank cpi run (the shared collection's tau-cpi-mpi):
#   - a run folder of RANKS (default 4096) profile.N.0.0 files, copies of the 4 ranks: `ppw-java merge DIR`
#     against `cat DIR/* | wc -l`;
#   - one profile.0.0.0 of TIMERS (default 200000) callpath timers (a tree 4 levels deep, with a flat timer
#     per function): `ppw-java profile FILE` against `wc -l` and bench/LineRead.java.
# Runs alternate RUNS times (default 3); prints each run's wall time and peak RSS (/usr/bin/time), then the
# medians. Data goes to BENCH_DIR (default /tmp/ppw-bench/tau), kept for later runs.
#   bench/tau-bench.sh
#   RANKS=1024 TIMERS=50000 RUNS=5 bench/tau-bench.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ranks=${RANKS:-4096}
timers=${TIMERS:-200000}
runs=${RUNS:-3}
dir=${BENCH_DIR:-/tmp/ppw-bench/tau}
shared=${SHARED:-/work/shared/traces/hatchet-data/tau-cpi-mpi}
run_dir=$dir/run-$ranks
big=$dir/big-$timers/profile.0.0.0
mkdir -p "$dir"
. "$root/scripts/find-jdk.sh"
ppw_find_jdk

if [ ! -f "$run_dir.complete" ]; then
  echo "making $run_dir ..." >&2
  rm -rf "$run_dir"; mkdir -p "$run_dir"
  for n in $(seq 0 $((ranks - 1))); do
    cp "$shared/profile.$((n % 4)).0.0" "$run_dir/profile.$n.0.0"
  done
  touch "$run_dir.complete"
fi
if [ ! -f "$big.complete" ]; then
  echo "making $big ..." >&2
  mkdir -p "$(dirname "$big")"
  # callpaths main => fA => gB => hC; each timer's numbers made from its index, in microseconds with fractions
  awk -v n="$timers" 'BEGIN {
    print (n + 1) " templated_functions_MULTI_TIME"
    print "# Name Calls Subrs Excl Incl ProfileCalls # <metadata><attribute><name>Metric Name</name><value>TIME</value></attribute></metadata>"
    print "\"main\" 1 " n " 1.5 " (n * 10 + 1.5) " 0 GROUP=\"TAU_DEFAULT\""
    for (i = 0; i < n; i++) {
      a = i % 97; b = int(i / 97) % 89; c = int(i / 8633)
      path = "main => f" a "()"
      if (i % 3 > 0) path = path " => g" b "(int, double)"
      if (i % 3 > 1) path = path " => h" c "<T>"
      printf "\"%s\" %d 0 %d.%03d %d.%03d 0 GROUP=\"TAU_CALLPATH|TAU_USER\"\n", path, 1 + i % 7, 10, i % 1000, 10, i % 1000
    }
    print "0 aggregates"
  }' > "$big"
  touch "$big.complete"
fi
run_mb=$(du -sm "$run_dir" | cut -f1)
big_mb=$(( $(stat -c %s "$big") / 1024 / 1024 ))
echo "inputs: $run_dir ($ranks files, $run_mb MB), $big ($timers timers, $big_mb MB); cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"

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
  run ppw-merge "$root/ppw-java" merge "$run_dir" --format csv -q
  run cat-wc sh -c "cat '$run_dir'/* | wc -l"
  run ppw-profile "$root/ppw-java" profile "$big" --format csv
  run wc wc -l "$big"
  run java "$JAVA_HOME/bin/java" -cp "$dir" LineRead "$big"
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for name in ppw-merge cat-wc ppw-profile wc java; do
  echo "median $name: $(echo "${times[$name]}" | median) s"
done
echo "rows of the big profile: $(( $(wc -l < "$dir/ppw-profile.out") - 1 )); of the merge: $(( $(wc -l < "$dir/ppw-merge.out") - 1 ))"
