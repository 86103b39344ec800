#!/usr/bin/env bash
# PerfFlowAspect for Java's targets (issue 31, docs/pfa.md): JMH ratios of a region to the clock measured in the
# same JVM, bytes allocated per region, a woven method against the same region written by hand, the agent's and
# the weaver's start-up cost, and the stress runs. Prints one table, each figure against its target.
#   bench/pfa-bench.sh                     # everything (about 6 minutes on 2 cores)
#   JMH='-wi 5 -i 10' bench/pfa-bench.sh   # more JMH iterations; RUNS=21 for start-up, STRESS=0 to skip stress,
#                                          # CPU_ROUNDS=40 for the CPU-time cross-check (CpuRatio)
# The machine may be shared: the load average is printed before and after, JMH's error with each score, and
# start-up runs alternate (plain, agent, plain, agent ...) so both see the same load.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
runs=${RUNS:-11}
work="$root/pfa-bench/target/pfa-bench"
rm -rf "$work" && mkdir -p "$work"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

./mvnw -q -B -ntp -DskipTests -pl pfa-bench,pfa-agent -am package dependency:build-classpath \
  -Dmdep.outputFile=target/classpath.txt >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
cp="pfa-bench/target/classes:$(cat pfa-bench/target/classpath.txt)"
agent="$root/pfa-agent/target/pfa-agent.jar"
jars="$root/pfa-api/target/pfa-api.jar:$root/pfa-recorder/target/pfa-recorder.jar"

# JMH: each benchmark class in its own fork with its mode's options (@Fork jvmArgsAppend, which a command-line
# -jvmArgsAppend would replace: the agent goes in -jvmArgsPrepend); trace mode writes to /dev/null
mkdir -p "$work/trace" "$work/fold"
ln -s /dev/null "$work/trace/perfflow.array.generic.pfw"
(cd pfa-bench && "$java_bin" -cp "$root/$cp" org.openjdk.jmh.Main 'dev\.ppw\.pfa\.bench\..*Region\.' \
  ${JMH:--wi 3 -i 5} -prof gc -rf json -rff "$work/jmh.json" -jvmArgsPrepend "-javaagent:$agent" \
  >"$work/jmh.log" 2>&1) || { tail -40 "$work/jmh.log"; exit 1; }

# the trace ratio again on the recording thread's CPU time (CpuRatio): a cross-check that a loaded machine disturbs
# less than the wall clock
"$java_bin" -cp "$cp" -Dperfflow.options="log-dir=$work/trace:log-filename-include=name" dev.ppw.pfa.bench.CpuRatio \
  "${CPU_ROUNDS:-20}" >"$work/cpu-ratio.txt" 2>&1 || { cat "$work/cpu-ratio.txt"; exit 1; }
cpu_ratio="$(grep '^ratio: ' "$work/cpu-ratio.txt" | cut -d' ' -f2-)"

# start-up: Hello with one @CriticalPath method, unwoven without agent / under the agent; woven at build time /
# the same region written by hand (both with the recorder on the class path)
woven="$work/woven"
mkdir -p "$woven/dev/ppw/pfa/bench"
cp pfa-bench/target/classes/dev/ppw/pfa/bench/Hello.class "$woven/dev/ppw/pfa/bench/"
"$java_bin" -cp "$agent:$jars" dev.ppw.pfa.agent.Weave "$woven" >/dev/null
export PERFFLOW_OPTIONS="log-dir=$work/hello"
# each run's wall and CPU time (user + sys, which a loaded machine disturbs less), in ms, as "wall cpu"
time_ms() {
  /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$@" >/dev/null 2>&1
  awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}' "$work/time.txt"
}
declare -a plain agented api wovenrun
for ((i = 0; i < runs; i++)); do
  plain+=("$(time_ms "$java_bin" -cp "pfa-bench/target/classes:$jars" dev.ppw.pfa.bench.Hello annotated)")
  agented+=("$(time_ms "$java_bin" -javaagent:"$agent" -cp "pfa-bench/target/classes:$jars" dev.ppw.pfa.bench.Hello annotated)")
  api+=("$(time_ms "$java_bin" -cp "pfa-bench/target/classes:$jars" dev.ppw.pfa.bench.Hello api)")
  wovenrun+=("$(time_ms "$java_bin" -cp "$woven:$jars" dev.ppw.pfa.bench.Hello annotated)")
done
unset PERFFLOW_OPTIONS
# median of field $1 (1 wall, 2 cpu) of the "wall cpu" pairs that follow
median() { local f=$1; shift; printf '%s\n' "$@" | awk -v f="$f" '{print $f}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# stress: 1,000 threads x 10,000 regions in a 256 MB heap (2.2 GB of trace, deleted after counting); a million
# virtual threads with one region each
stress_threads="skipped" stress_virtual="skipped"
if [ "${STRESS:-1}" != 0 ]; then
  count() { grep -c '"ph": ' "$1" || true; }
  if "$java_bin" -Xmx256m -cp "pfa-bench/target/classes:$jars" \
      -Dperfflow.options="log-dir=$work/stress-t:log-filename-include=name" dev.ppw.pfa.bench.Stress threads 1000 10000 \
      >"$work/stress-t.log" 2>&1; then
    stress_threads="$(count "$work/stress-t/perfflow.array.generic.pfw") events, $(cat "$work/stress-t.log")"
  else
    stress_threads="FAILED: $(tail -1 "$work/stress-t.log")"
  fi
  rm -rf "$work/stress-t"
  # at most 10,000 in flight: a million virtual threads submitted at once would queue up faster than two cores run
  # them, and that queue (not the recorder's lanes, which go back to a pool) would outgrow 256 MB by itself
  if /usr/bin/time -f "peak RSS %M KB" -o "$work/stress-v.rss" "$java_bin" -Xmx256m -cp "pfa-bench/target/classes:$jars" \
      -Dperfflow.options="log-dir=$work/stress-v:log-filename-include=name" dev.ppw.pfa.bench.Stress virtual 1000000 10000 \
      >"$work/stress-v.log" 2>&1; then
    stress_virtual="$(count "$work/stress-v/perfflow.array.generic.pfw") events, $(cat "$work/stress-v.log"), $(cat "$work/stress-v.rss")"
  else
    stress_virtual="FAILED: $(tail -1 "$work/stress-v.log")"
  fi
  rm -rf "$work/stress-v"
fi

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/jmh.json" "$(median 1 "${plain[@]}")" "$(median 1 "${agented[@]}")" "$(median 1 "${api[@]}")" \
  "$(median 1 "${wovenrun[@]}")" "$stress_threads" "$stress_virtual" "$runs" "$(median 2 "${plain[@]}")" \
  "$(median 2 "${agented[@]}")" "$cpu_ratio" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))
plain, agent, api, woven = (int(x) for x in sys.argv[2:6])
stress_t, stress_v, runs = sys.argv[6], sys.argv[7], sys.argv[8]
plain_cpu, agent_cpu = int(sys.argv[9]), int(sys.argv[10])
cpu_ratio = sys.argv[11]
score, error, alloc = {}, {}, {}
for r in results:
    cls, name = r["benchmark"].rsplit(".", 2)[-2:]
    key = cls + "." + name
    score[key] = r["primaryMetric"]["score"]
    error[key] = r["primaryMetric"]["scoreError"]
    a = r.get("secondaryMetrics", {}).get("gc.alloc.rate.norm")
    if a:
        alloc[key] = a["score"]
def s(k):
    return "%.2f ns (+-%.2f)" % (score[k], error[k])
rows = []
def row(what, measured, target, ok):
    rows.append((what, measured, target, "yes" if ok else "NO"))
cost = score["TraceRegion.regionAroundWork"] - score["TraceRegion.work"]
clock = score["TraceRegion.clockAroundWork"] - score["TraceRegion.work"]
t = cost / clock
row("trace region / two nanoTime (around the same work)",
    "(%s - %s) / (%s - work) = %.1f / %.1f = %.2fx" % (s("TraceRegion.regionAroundWork"), s("TraceRegion.work"),
    s("TraceRegion.clockAroundWork"), cost, clock, t), "<= 1.5x", t <= 1.5)
row("the same on the thread's CPU time (CpuRatio, first quartile)", cpu_ratio + "x", "(cross-check)", True)
sat = score["TraceRegion.region"] / score["TraceRegion.twoNanoTimes"]
row("trace, regions back to back (writer-bound) / two nanoTime", "%s / %s = %.2fx" % (s("TraceRegion.region"),
    s("TraceRegion.twoNanoTimes"), sat), "(information)", True)
f = score["FoldRegion.region"] / score["FoldRegion.twoNanoTimes"]
row("fold region / two nanoTime", "%s / %s = %.2fx" % (s("FoldRegion.region"), s("FoldRegion.twoNanoTimes"), f), "<= 2x", f <= 2.0)
d = score["DisabledRegion.region"] - score["DisabledRegion.empty"]
row("disabled region - empty method", "%s - %s = %.2f ns" % (s("DisabledRegion.region"), s("DisabledRegion.empty"), d), "<= 1 ns", d <= 1.0)
for k in ("TraceRegion.region", "FoldRegion.region", "DisabledRegion.region", "TraceRegion.woven"):
    if k in alloc:
        row("bytes allocated per op, " + k, "%.3f B/op" % alloc[k], "0 (< 0.5)", alloc[k] < 0.5)
w = score["TraceRegion.woven"] / score["TraceRegion.handWritten"]
row("woven @CriticalPath / hand-written region", "%s / %s = %.2fx" % (s("TraceRegion.woven"), s("TraceRegion.handWritten"), w), "<= 1.10x", w <= 1.10)
row("agent's start-up cost, wall (hello, median of %s)" % runs, "%d ms - %d ms = %d ms" % (agent, plain, agent - plain), "<= 800 ms", agent - plain <= 800)
row("agent's start-up cost, cpu user+sys (the same runs)", "%d ms - %d ms = %d ms" % (agent_cpu, plain_cpu, agent_cpu - plain_cpu), "<= 800 ms", agent_cpu - plain_cpu <= 800)
row("woven at build time vs hand-written region (start-up)", "%d ms vs %d ms = %+d ms" % (woven, api, woven - api), "~0 (noise)", abs(woven - api) <= max(50, 0.1 * api))
ok_t = stress_t.startswith("20000000 events")
row("1,000 threads x 10,000 regions, -Xmx256m", stress_t, "20000000 events, no error", ok_t or stress_t == "skipped")
ok_v = stress_v.startswith("2000000 events")
row("1,000,000 virtual threads x 1 region, -Xmx256m", stress_v, "2000000 events, no error", ok_v or stress_v == "skipped")
wid = [max(len(r[i]) for r in rows + [("what", "measured", "target", "met")]) for i in range(4)]
for r in [("what", "measured", "target", "met")] + rows:
    print("  ".join(c.ljust(wid[i]) for i, c in enumerate(r)))
PY
