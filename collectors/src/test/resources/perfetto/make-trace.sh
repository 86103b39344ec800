#!/usr/bin/env bash
# Records chromium-devtools-timeline.pftrace.gz: Chromium (156 here) headless, tracing from start-up with the
# categories of its DevTools timeline (those of /work/shared/traces' chrome-A-devtools), into Perfetto protobuf, while
# it renders animation.html (30 animated boxes, a paragraph added and a forced layout each frame) for 8 s of virtual
# time. Usage: make-trace.sh [CHROMIUM]   (writes the trace beside this script)
set -euo pipefail
chromium=${1:-chromium}
here=$(cd "$(dirname "$0")" && pwd)
profile=$(mktemp -d)
out=$(mktemp -d)
trap 'rm -rf "$profile" "$out"' EXIT
categories=devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8
categories=$categories,v8.execute,blink,blink.user_timing,loading,toplevel,disabled-by-default-v8.cpu_profiler
categories=$categories,benchmark,rail,latencyInfo
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
  --disable-component-update --disable-sync --user-data-dir="$profile" \
  --trace-startup="$categories" --trace-startup-file="$out/trace.pftrace" \
  --virtual-time-budget=8000 --dump-dom "file://$here/animation.html" >/dev/null
gzip -9n <"$out/trace.pftrace" >"$here/chromium-devtools-timeline.pftrace.gz"
