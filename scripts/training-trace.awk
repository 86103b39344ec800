# Writes the trace that the launcher's start-up cache for large inputs is trained on (./ppw-java,
# docs/performance.md, "Start-up"): Chrome Trace Event JSON in the shapes real writers use, so that the
# training's method profiles hold the branches a real trace takes (a branch never taken in training is
# compiled as a trap, and the first real event that takes it sends the method back to the interpreter):
#   - thread 1 of process 7530: B and E events in time order, an event per line, as PerfFlowAspect's
#     verbose mode writes them ("cat", spaces after the colons, 16-digit microsecond times with 3 decimals);
#   - thread 2 of process 7530: the same compact (no spaces, integer microseconds, "cat" and "args" last);
#   - threads 3 and 4 of process 2: X events in random order on one line, as Python's json.dump writes
#     them (the realistic shape of bench/GenRealisticTrace.java: times with 0 to 3 decimals, trailing
#     zeros dropped, whole numbers as 12.0).
# Threads 1 and 3 hold more events than one block of a track's buffer (262,144), so that the run also
# appends past a block, sorts blocks in place (thread 1) and radix-sorts blocks (thread 3); a call tree of
# tens of thousands of nodes, written as a large CSV table. 600,000 events, 62 MB.
#   awk -f scripts/training-trace.awk > trace.json
#   awk -v large=270000 -v small=30000 -f scripts/training-trace.awk > trace.json   # events per thread
function usec(nanos,    s) {
  # nanoseconds as json.dump prints float microseconds: 3 decimals at most, trailing zeros dropped, .0 kept
  s = sprintf("%d.%03d", int(nanos / 1000), nanos % 1000)
  sub(/0+$/, "", s)
  if (s ~ /\.$/) s = s "0"
  return s
}
function edge(ph, pid, tid, name, nanos) {
  # a B or E line: thread 1 as PerfFlowAspect's verbose mode writes it, thread 2 compact
  if (tid == 1) {
    print "{\"name\": \"" name "\", \"cat\": \"__main__\", \"pid\": " pid ", \"tid\": 7531, \"ts\": 17953225" \
        sprintf("%08d", int(nanos / 1000)) "." sprintf("%03d", nanos % 1000) ", \"ph\": \"" ph "\"},"
  } else {
    print "{\"name\":\"" name "\",\"ph\":\"" ph "\",\"pid\":" pid ",\"tid\":" tid ",\"ts\":" int(nanos / 1000) \
        ",\"cat\":\"toplevel\",\"args\":{}},"
  }
}
function call(pid, tid, depth, ts,    name, end, n, i) {
  # names of 4 to 40 bytes, as real ones are (a name's bytes are hashed and compared 8 at a time)
  name = stem[int(rand() * 6)] "_" depth
  if (tid <= 2) edge("B", pid, tid, name, ts)
  end = ts + 1000 + int(rand() * 3000)
  n = depth < 5 ? int(rand() * 4) : 0
  for (i = 0; i < n; i++) end = call(pid, tid, depth + 1, end) + 1 + int(rand() * 2000)
  if (tid <= 2) {
    edge("E", pid, tid, name, end)
  } else {
    x[nx++] = "{\"name\": \"" name "\", \"ph\": \"X\", \"pid\": " pid ", \"tid\": " tid ", \"ts\": " usec(ts) \
        ", \"dur\": " usec(end - ts) "}"
  }
  events += tid <= 2 ? 2 : 1 # buffered events: a B and an E, or one X
  return end
}
BEGIN {
  srand(1)
  split("f|comm.exchange|assemble_matrix|ThreadControllerImpl::RunTask|v8.compile|MessageLoop::RunTask_", s, "|")
  for (i = 1; i <= 6; i++) stem[i - 1] = s[i]
  if (large == "") large = 270000
  if (small == "") small = 30000
  print "["
  for (tid = 1; tid <= 4; tid++) {
    ts = 0
    for (events = 0; events < (tid % 2 ? large : small);) ts = call(tid <= 2 ? 7530 : 2, tid, 0, ts) + 1000
  }
  for (i = nx - 1; i > 0; i--) { j = int(rand() * (i + 1)); t = x[i]; x[i] = x[j]; x[j] = t }
  for (i = 0; i < nx; i++) printf "%s%s", x[i], (i < nx - 1 ? ", " : "\n")
  print "]"
}
