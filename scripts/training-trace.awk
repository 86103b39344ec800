# Writes the trace that the launcher's start-up cache for large inputs is trained on (./ppw-java,
# docs/performance.md, "Start-up"): Chrome Trace Event JSON; threads 1 and 2 of process 1 write B and E
# events in time order, an event per line (PerfFlowAspect's verbose shape), then threads 3 and 4 of process
# 2 X events in random order on one line, as json.dump writes them (the realistic shape of
# bench/GenRealisticTrace.java); a call tree of tens of thousands of nodes. Large enough that the run reads in parallel, sorts and replays the tracks and writes a large table,
# small enough that the training takes a few seconds.
#   awk -v per_thread=30000 -f scripts/training-trace.awk > trace.json     # 180,000 events, 10 MB
function call(pid, tid, depth, ts,    name, end, n, i) {
  name = "f" depth "_" int(rand() * 6)
  if (tid <= 2) print "{\"name\":\"" name "\",\"ph\":\"B\",\"pid\":" pid ",\"tid\":" tid ",\"ts\":" ts "},"
  end = ts + 1 + int(rand() * 3)
  n = depth < 5 ? int(rand() * 4) : 0
  for (i = 0; i < n; i++) end = call(pid, tid, depth + 1, end) + 1 + int(rand() * 2)
  if (tid <= 2) print "{\"name\":\"" name "\",\"ph\":\"E\",\"pid\":" pid ",\"tid\":" tid ",\"ts\":" end "},"
  else x[nx++] = "{\"name\": \"" name "\", \"ph\": \"X\", \"pid\": " pid ", \"tid\": " tid ", \"ts\": " ts ", \"dur\": " (end - ts) "}"
  events++
  return end
}
BEGIN {
  srand(1)
  if (per_thread == "") per_thread = 30000
  print "["
  for (tid = 1; tid <= 4; tid++) {
    ts = 0
    for (events = 0; events < per_thread;) ts = call(1 + (tid > 2), tid, 0, ts) + 1
  }
  for (i = nx - 1; i > 0; i--) { j = int(rand() * (i + 1)); t = x[i]; x[i] = x[j]; x[j] = t }
  for (i = 0; i < nx; i++) printf "%s%s", x[i], (i < nx - 1 ? ", " : "\n")
  print "]"
}
