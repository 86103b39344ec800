#!/usr/bin/env python3
"""A second, deliberately naive reading of SEMANTICS.md for cross-checking ppw-java by hand.

It shares no code with the Java implementation: it loads the whole trace with Python's json module
(exact Decimals), replays each track literally as section 1 says, builds the tree as a dict keyed by the
path of (region, callsite) pairs, derives the views of section 3, and prints CSV rows
`path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns` (tree rows with a
callsite print it after the region, ` @ callsite`).

    python3 tools/semantics_ref.py --view flat trace.json [more.json ...]
    python3 tools/semantics_ref.py --compare out.csv --view tree trace.json   # diff against ppw-java's CSV

Region counters (SEMANTICS.md "Counters": `C` events with cpu_usage/memory_usage) are attached here too,
with exact Fractions for the cpu sums; --compare checks samples and peaks exactly and the mean cpu within a
relative 1e-12 (ppw-java sums doubles), when ppw-java's CSV has the counter columns or this reference finds
samples.

Async tracks (`b`/`e`) form the async part of SEMANTICS.md section 2 ("Parts") by default: their paths start
with a mark of their own, so their rows never meet the threads' rows, and a row's key is (part, path); the
CSV then has a first column `part`, as ppw-java's. `--async inside` folds them into the threads' paths,
`--async off` leaves them out.

V8 CPU profiles inside Chrome traces (`ph` `P`: `Profile` and its `ProfileChunk`s, SEMANTICS.md "V8 CPU
profiles") are stack samples: each weighs the gap to the next sample of its profile, their frames carry the
caller's `url:line:column` as callsite, and they form the sampled part, apart from the spans of the thread
part as async spans are (a flat or tau row of it counts a sample once however often its key recurs on the
stack; the CSV then has the `part` column, `samples` on those rows). A tree row is
keyed by its (region, callsite) pairs from the root, which --compare rebuilds from ppw-java's `id`,
`parent_id`, `name` and `callsite`; callpath rows by region names only.

Chrome traces only. Slow and memory-hungry by design.
"""
import argparse
import csv
import gzip
import json
import re
import sys
from decimal import Decimal, ROUND_HALF_UP, InvalidOperation
from fractions import Fraction

SEP = " => "
# The first element of every path of the async part: no region name starts with a NUL.
ASYNC = ("\x00async", "")
# The first element of every path of the sampled part (stack samples: SEMANTICS.md section 2, "Parts").
SAMPLES = ("\x00samples", "")


def load_events(path):
    raw = open(path, "rb").read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    text = raw.decode("utf-8-sig")
    try:
        doc = json.loads(text, parse_float=Decimal, parse_int=Decimal)
    except json.JSONDecodeError:
        doc = json.loads(repair(text), parse_float=Decimal, parse_int=Decimal)
    if isinstance(doc, dict):
        return doc.get("traceEvents", [])
    return flatten(doc)


def repair(text):
    """PerfFlowAspect files: no closing bracket, trailing comma, '[' lines repeated mid-file."""
    body = text.rstrip()
    if body.endswith(","):
        body = body[:-1]
    if body.lstrip().startswith("{"):
        return body + "]}"
    lines = body.split("\n")
    first = True
    kept = []
    for line in lines:
        if line.strip() == "[":
            if first:
                kept.append(line)
                first = False
            continue
        kept.append(line)
    return "\n".join(kept) + "]"


def flatten(items):
    out = []
    for item in items:
        if isinstance(item, list):
            out.extend(flatten(item))
        else:
            out.append(item)
    return out


def canon(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        if value == value.to_integral_value():
            return str(int(value))
        return format(value.normalize(), "f")
    return str(value)


def region(event):
    name = event.get("name")
    if name is None or isinstance(name, (dict, list)) or name == "":
        return "<unnamed>"
    if isinstance(name, bool):
        return "true" if name else "false"
    if isinstance(name, Decimal):
        return str(name)  # approximation of the JSON text
    return name


def nanos(value):
    if not isinstance(value, Decimal) or isinstance(value, bool):
        return None
    try:
        if not value.is_finite():
            return None
        return int((value * 1000).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    except InvalidOperation:
        return None


class Node:
    __slots__ = ("calls", "incl", "min", "max", "cpu_n", "cpu_sum", "mem_peak")

    def __init__(self):
        self.calls = 0
        self.incl = 0
        self.min = None
        self.max = None
        self.cpu_n = 0
        self.cpu_sum = Fraction(0)
        self.mem_peak = None


def finite_number(value):
    return isinstance(value, Decimal) and not isinstance(value, bool) and value.is_finite()


def fold(paths_of_files, pid_filter=None, async_mode="apart"):
    tree = {}
    warnings = {}

    def warn(kind):
        warnings[kind] = warnings.get(kind, 0) + 1

    def add_call(path, dur):
        node = tree.setdefault(path, Node())
        node.calls += 1
        node.incl += dur
        node.min = dur if node.min is None else min(node.min, dur)
        node.max = dur if node.max is None else max(node.max, dur)

    counters = {"outside": 0, "any": False}

    def attach(path, cpu, mem):
        node = tree.setdefault(path, Node())
        counters["any"] = True
        if cpu is not None:
            node.cpu_n += 1
            node.cpu_sum += Fraction(cpu)
        if mem is not None:
            node.mem_peak = mem if node.mem_peak is None else max(node.mem_peak, mem)

    def outside():
        counters["outside"] += 1

    for path in paths_of_files:
        tracks = {}
        samples = {}  # this input's own tree of stack samples: path -> [samples, weight ns]
        profiles = {}  # (pid, id) -> V8Profile
        for seq, ev in enumerate(load_events(path)):
            if not isinstance(ev, dict):
                continue
            ph = ev.get("ph")
            if ph == "P":
                if pid_filter is not None and canon(ev.get("pid")) != pid_filter:
                    continue
                v8_event(ev, profiles, samples, warn)
                continue
            if ph == "C":
                args = ev.get("args") if isinstance(ev.get("args"), dict) else {}
                cpu = args.get("cpu_usage") if finite_number(args.get("cpu_usage")) else None
                mem = args.get("memory_usage") if finite_number(args.get("memory_usage")) else None
                ts = nanos(ev.get("ts"))
                if (cpu is None and mem is None) or ts is None:
                    continue
                if cpu == 0 and mem == 0:
                    continue  # PerfFlowAspect's end-of-call reset, not a measurement
                if pid_filter is not None and canon(ev.get("pid")) != pid_filter:
                    continue
                key = ("T", canon(ev.get("pid")), canon(ev.get("tid")))
                tracks.setdefault(key, []).append((ts, "C", 0, seq, region(ev), (cpu, mem)))
                continue
            if ph not in ("B", "E", "X", "b", "e"):
                continue
            ts = nanos(ev.get("ts"))
            if ts is None:
                warn("missing_ts")
                continue
            dur = 0
            if ph == "X" and "dur" in ev:
                dur = nanos(ev["dur"])
                if dur is None or dur < 0:
                    warn("bad_duration")
                    continue
            if pid_filter is not None and canon(ev.get("pid")) != pid_filter:
                continue
            if ph in ("b", "e"):
                if async_mode == "off":
                    continue
                ident = ev.get("id")
                if ident is None and isinstance(ev.get("id2"), dict):
                    ident = ev["id2"].get("local", ev["id2"].get("global"))
                key = ("A", canon(ev.get("pid")), canon(ev.get("cat")), canon(ident))
            else:
                key = ("T", canon(ev.get("pid")), canon(ev.get("tid")))
            kind = {"B": "B", "b": "B", "E": "E", "e": "E", "X": "X"}[ph]
            tracks.setdefault(key, []).append((ts, kind, dur, seq, region(ev), None))
        for key, events in tracks.items():
            base = (ASYNC,) if key[0] == "A" and async_mode == "apart" else ()
            replay(events, add_call, warn, attach, outside, base)
        for key, profile in profiles.items():
            if key[0] == "waiting":
                for _ in profile:
                    warn("bad_event")  # a ProfileChunk of a profile the input never starts
            else:
                profile.end(samples, warn)
        # The input's samples join the sampled part when it ends: identical paths add up.
        for spath, (count, weight) in samples.items():
            node = tree.setdefault((SAMPLES,) + spath, Node())
            node.calls += count
            node.incl += weight
    if counters["any"]:
        warnings["(has region counters)"] = 1
    if counters["outside"]:
        warnings["counter_outside_region (note)"] = counters["outside"]
    return tree, warnings


def integer(value):
    return isinstance(value, Decimal) and value.is_finite() and value == value.to_integral_value()


def int_list(value):
    return isinstance(value, list) and all(integer(v) for v in value)


def place(frame):
    """A V8 call frame's place as a callsite: url:line:column, 1-based; url:line, url alone, or empty."""
    url = frame.get("url")
    if not isinstance(url, str) or url == "":
        return ""
    line = frame.get("lineNumber")
    if not integer(line) or line < 0:
        return url
    column = frame.get("columnNumber")
    if not integer(column) or column < 0:
        return f"{url}:{int(line) + 1}"
    return f"{url}:{int(line) + 1}:{int(column) + 1}"


class V8Profile:
    """One `Profile` (pid, id) of a Chrome trace: its nodes so far, the running maximum time, and the
    sample waiting for the next one to know its weight."""

    def __init__(self, start_ns):
        self.nodes = {}  # id -> (function name, call frame, parent id or None)
        self.raw_ns = start_ns  # startTime + the deltas so far
        self.latest_ns = start_ns  # the running maximum of the samples' times, from the start on
        self.pending = None  # (node id, time ns) of the last sample, waiting for its weight
        self.weighed = []  # (node id, weight ns) of the samples before it, in order

    def stack(self, node_id):
        """The sample's frames, outermost first, as (region, callsite) pairs; None when a node is not
        defined or the parents loop."""
        chain = []
        seen = set()
        current = node_id
        while current is not None:
            if current in seen or current not in self.nodes:
                return None
            seen.add(current)
            chain.append(current)
            current = self.nodes[current][2]
        chain.reverse()
        if self.nodes[chain[0]][0] == "(root)":
            chain = chain[1:]  # V8's synthetic root, a node without parent
        frames = []
        for i, n in enumerate(chain):
            # A function is its name and its place, as DevTools tells functions apart (SEMANTICS.md "V8").
            own = place(self.nodes[n][1])
            name = (self.nodes[n][0] or "(anonymous)") + (" " + own if own else "")
            callsite = place(self.nodes[chain[i - 1]][1]) if i > 0 else ""
            frames.append((name, callsite))
        return tuple(frames)

    def sample(self, node_id, delta_us):
        self.raw_ns += int(delta_us) * 1000
        t = max(self.latest_ns, self.raw_ns)
        self.latest_ns = t
        if self.pending is not None:
            self.weighed.append((self.pending[0], t - self.pending[1]))
        self.pending = (node_id, t)

    def end(self, samples, warn):
        """The profile's nodes are all known now (a chunk may define the parent of an earlier sample's node):
        each sample goes to its stack, or is a bad_event whose weight is nobody's."""
        if self.pending is not None:
            self.weighed.append((self.pending[0], 0))  # Chrome's profiles give no endTime: the last weighs 0
            self.pending = None
        for node_id, weight in self.weighed:
            frames = self.stack(node_id)
            if frames is None:
                warn("bad_event")
            else:
                add_sample(samples, frames, weight)
        self.weighed = []


def add_sample(samples, frames, weight):
    for k in range(1, len(frames) + 1):
        entry = samples.setdefault(frames[:k], [0, 0])
        entry[0] += 1
        entry[1] += weight


def v8_event(ev, profiles, samples, warn):
    """A `P` event: a `Profile` starts profile (pid, id), a `ProfileChunk` brings its nodes and samples;
    anything else is only the note phase_P."""
    key = (canon(ev.get("pid")), canon(ev.get("id")))
    args = ev.get("args")
    data = args.get("data") if isinstance(args, dict) else None
    name = ev.get("name")
    if name == "Profile":  # known by its name, whatever its category
        start = nanos(data.get("startTime")) if isinstance(data, dict) else None
        if start is None:
            start = nanos(ev.get("ts"))
        if start is None:
            warn("missing_ts")
            return
        if key in profiles:
            profiles[key].end(samples, warn)  # a second Profile of the same key ends the first
        profiles[key] = V8Profile(start)
        for early in profiles.pop(("waiting",) + key, []):  # chunks before their Profile in the file
            v8_event(early, profiles, samples, warn)
        return
    if name != "ProfileChunk":
        return
    profile = profiles.get(key)
    if profile is None:
        profiles.setdefault(("waiting",) + key, []).append(ev)  # a bad_event at the end if no Profile comes
        return
    if data is None:
        data = {}
    if not isinstance(data, dict):
        warn("bad_event")
        return
    cpu = data.get("cpuProfile", {})
    deltas = data.get("timeDeltas", [])
    if not isinstance(cpu, dict) or not int_list(deltas):
        warn("bad_event")
        return
    nodes = cpu.get("nodes", [])
    ids = cpu.get("samples", [])
    if not isinstance(nodes, list) or not int_list(ids) or len(ids) != len(deltas):
        warn("bad_event")
        return
    new = {}
    for n in nodes:
        if not isinstance(n, dict) or not integer(n.get("id")) or not isinstance(n.get("callFrame"), dict):
            warn("bad_event")
            return
        parent = n.get("parent")
        if parent is not None and not integer(parent):
            warn("bad_event")
            return
        frame = n["callFrame"]
        function = frame.get("functionName", "")
        if not isinstance(function, str):
            warn("bad_event")
            return
        nid = int(n["id"])
        if nid in new or nid in profile.nodes:
            warn("bad_event")  # a node defined a second time
            return
        new[nid] = (function, frame, None if parent is None else int(parent))
    profile.nodes.update(new)
    for node_id, delta in zip(ids, deltas):
        profile.sample(int(node_id), delta)


def replay(events, add_call, warn, attach=None, outside=None, base=()):
    # stack entries: [path, start, end or None for B]
    stack = []

    def close(index, t):
        while len(stack) - 1 > index:
            f = stack.pop()
            warn("overlap")
            add_call(f[0], t - f[1])
        f = stack.pop()
        add_call(f[0], t - f[1])

    def min_x(limit_ok):
        best = None
        for i, f in enumerate(stack):
            if f[2] is not None and limit_ok(f[2]):
                if best is None or f[2] < stack[best][2] or f[2] == stack[best][2]:
                    best = i  # later index (innermost) wins ties
        return best

    def push(name, start, end):
        parent = stack[-1][0] if stack else base
        stack.append([parent + ((name, ""),), start, end])  # a trace event's callsite is empty

    times = sorted({e[0] for e in events})
    timed = [e for e in events if e[1] != "C"]  # counters carry no time into the tree
    last = max([e[0] for e in timed] + [e[0] + e[2] for e in timed]) if timed else None
    by_time = {}
    for e in events:
        by_time.setdefault(e[0], []).append(e)
    for t in times:
        while True:
            i = min_x(lambda end: end < t)
            if i is None:
                break
            close(i, stack[i][2])
        group = by_time[t]
        for ts, kind, dur, seq, name, _ in sorted([e for e in group if e[1] in ("B", "E")], key=lambda e: e[3]):
            while stack and stack[-1][2] is not None and stack[-1][2] == t:
                close(len(stack) - 1, t)
            if kind == "B":
                push(name, t, None)
            else:
                bi = None
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i][2] is None:
                        bi = i
                        break
                if bi is None:
                    warn("unmatched_end")
                    continue
                if stack[bi][0][-1][0] != name:
                    warn("mismatched_end")
                close(bi, t)
        while True:
            i = min_x(lambda end: end == t)
            if i is None:
                break
            close(i, t)
        for ts, kind, dur, seq, name, _ in sorted([e for e in group if e[1] == "X"], key=lambda e: (-e[2], e[3])):
            push(name, t, t + dur)
            if dur == 0:
                close(len(stack) - 1, t)
        # Counters at t, after step 4: the innermost open frame of their region, half-open [start, end).
        for ts, kind, dur, seq, name, values in sorted([e for e in group if e[1] == "C"], key=lambda e: e[3]):
            for f in reversed(stack):
                if f[0][-1][0] == name:
                    attach(f[0], *values)
                    break
            else:
                outside()
    while True:
        i = min_x(lambda end: True)
        if i is None:
            break
        close(i, stack[i][2])
    while stack:
        f = stack.pop()
        warn("unclosed_begin")
        add_call(f[0], last - f[1])


def split(path):
    """A path's part and its (region, callsite) pairs."""
    if path and path[0] == ASYNC:
        return ("async", path[1:])
    if path and path[0] == SAMPLES:
        return ("samples", path[1:])
    return ("thread", path)


def names_of(pairs):
    return tuple(name for name, _ in pairs)


def tree_rows(tree):
    child_calls = {}
    child_incl = {}
    for path, n in tree.items():
        if len(path) > 1:
            child_calls[path[:-1]] = child_calls.get(path[:-1], 0) + n.calls
            child_incl[path[:-1]] = child_incl.get(path[:-1], 0) + n.incl
    rows = {}
    for path, n in tree.items():
        rows[split(path)] = [n.calls, child_calls.get(path, 0), n.incl, n.incl - child_incl.get(path, 0),
                                n.min, n.max, n.cpu_n, n.cpu_sum, n.mem_peak]
    return rows


def keyed_rows(tree, key_of):
    base = tree_rows(tree)
    rows = {}
    for path, n in tree.items():
        part, pairs = split(path)
        names = names_of(pairs)
        key = (part, key_of(names))
        r = rows.setdefault(key, [0, 0, 0, 0, None, None, 0, Fraction(0), None])
        b = base[(part, pairs)]
        outermost = not any(key_of(names[:k]) == key[1] for k in range(1, len(names)))
        # A sampled row's calls are samples: a sample through a recursive key counts once, as its time does.
        if part != "samples" or outermost:
            r[0] += b[0]
        r[1] += b[1]
        r[3] += b[3]
        if outermost:
            r[2] += b[2]
        if b[4] is not None:
            r[4] = b[4] if r[4] is None else min(r[4], b[4])
            r[5] = b[5] if r[5] is None else max(r[5], b[5])
        # Counters: every node's samples count (recursion included), peaks take the max.
        r[6] += b[6]
        r[7] += b[7]
        if b[8] is not None:
            r[8] = b[8] if r[8] is None else max(r[8], b[8])
    return rows


def view(tree, name, depth):
    if name == "tree":
        return tree_rows(tree)
    if name == "callpath":
        return keyed_rows(tree, lambda p: SEP.join(p))
    if name == "flat":
        return keyed_rows(tree, lambda p: p[-1])
    return keyed_rows(tree, lambda p: SEP.join(p[-depth:]))


def pids_with_timed_events(path):
    pids = []
    for ev in load_events(path):
        if not isinstance(ev, dict):
            continue
        timed = ev.get("ph") in ("B", "E", "X", "b", "e") and nanos(ev.get("ts")) is not None
        if timed or sampled(ev):
            pid = canon(ev.get("pid"))
            if pid not in pids:
                pids.append(pid)
    return pids


def sampled(ev):
    """A ProfileChunk with samples: its pid has stack samples (a chunk the fold skips is not checked here)."""
    if ev.get("ph") != "P" or ev.get("name") != "ProfileChunk" or not isinstance(ev.get("args"), dict):
        return False
    data = ev["args"].get("data")
    cpu = data.get("cpuProfile") if isinstance(data, dict) else None
    return isinstance(cpu, dict) and isinstance(cpu.get("samples"), list) and len(cpu["samples"]) > 0


def merge(rows_per_node, agg, present_only):
    """SEMANTICS.md section 4 over per-node view rows: key -> [calls, subcalls, incl, excl, min, max]."""
    n = len(rows_per_node)
    keys = []
    for rows in rows_per_node:
        for k in rows:
            if k not in keys:
                keys.append(k)
    out = {}
    for k in keys:
        have = [r[k] for r in rows_per_node if k in r]
        merged = [sum(h[0] for h in have), sum(h[1] for h in have), None, None, None, None,
                  sum(h[6] for h in have), sum((h[7] for h in have), Fraction(0)), None]
        peaks = [h[8] for h in have if h[8] is not None]
        merged[8] = max(peaks) if peaks else None  # counters: whatever the operator
        for m in (2, 3):
            vals = [h[m] for h in have]
            if not present_only:
                vals = vals + [0] * (n - len(have))
            if agg == "sum":
                merged[m] = sum(h[m] for h in have)
            elif agg == "min":
                merged[m] = min(vals)
            elif agg == "max":
                merged[m] = max(vals)
            else:
                total = sum(vals)
                q, r = divmod(abs(total), len(vals))
                q += 1 if 2 * r >= len(vals) else 0
                merged[m] = q if total >= 0 else -q
        mins = [h[4] for h in have if h[4] is not None]
        maxs = [h[5] for h in have if h[5] is not None]
        merged[4] = min(mins) if mins else None
        merged[5] = max(maxs) if maxs else None
        out[k] = merged
    return out


def comparable(row, with_counters, part="thread"):
    """A row as the CSV has it: the six tree metrics, then (with counters) samples, mean cpu, memory peak. A row
    of the sampled part has no subcalls (SEMANTICS.md section 2): its calls are the CSV's `samples`."""
    if row is None:
        return None
    out = list(row[:6])
    if part == "samples":
        out[1] = None
    if with_counters:
        out += [row[6], None if row[6] == 0 else float(row[7] / row[6]),
                None if row[8] is None else float(row[8])]
    return out


def per_call(row, agg):
    """SEMANTICS.md "Time per call": inclusive and exclusive over calls, nearest ns, halves away from zero;
    none unless a sum with timed calls."""
    if row is None or agg != "sum" or row[0] == 0 or row[4] is None:
        return [None, None]
    return [(2 * t + row[0]) // (2 * row[0]) if t >= 0 else -((-2 * t + row[0]) // (2 * row[0])) for t in row[2:4]]


def same(ours, theirs):
    if ours is None or theirs is None or len(ours) != len(theirs):
        return ours == theirs
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if i == 7 and a is not None and b is not None:
            if abs(a - b) > 1e-12 * max(1.0, abs(a)):
                return False
        elif a != b:
            return False
    return True


def printed(key):
    """A row's key as text: a tree row's regions with ` @ callsite` where they have one."""
    if isinstance(key, str):
        return key
    return SEP.join(name + (" @ " + callsite if callsite else "") for name, callsite in key)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--merge", action="store_true", help="one node per file (or pid), aggregated")
    ap.add_argument("--agg", default="sum")
    ap.add_argument("--present-only", action="store_true")
    ap.add_argument("--node-by", default="file")
    ap.add_argument("--view", default="tree")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--async", dest="async_mode", default="apart", choices=("apart", "inside", "off"))
    ap.add_argument("--compare", help="ppw-java CSV (ns) to diff against")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    if args.merge:
        per_node = []
        warnings = {}
        for f in args.files:
            pids = pids_with_timed_events(f) if args.node_by == "pid" else [None]
            for pid in pids:
                tree, w = fold([f], pid, args.async_mode)
                per_node.append(view(tree, args.view, args.depth))
                for k, v in w.items():
                    warnings[k] = warnings.get(k, 0) + v
        rows = merge(per_node, args.agg, args.present_only)
    else:
        tree, warnings = fold(args.files, None, args.async_mode)
        rows = view(tree, args.view, args.depth)
    if args.compare:
        theirs = {}
        theirs_per_call = {}
        with_counters = "(has region counters)" in warnings
        with open(args.compare, newline="") as f:
            reader = csv.DictReader(f)
            their_counters = "cpu_usage_samples" in (reader.fieldnames or [])
            if their_counters != with_counters:
                print("counter columns: ref", with_counters, "ppw", their_counters)
                sys.exit(1)
            records = list(reader)
            # Without a part column the profile has one part: the reference's, or the thread part when empty.
            only_part = next(iter({part for part, _ in rows}), "thread") if len({part for part, _ in rows}) == 1 \
                else "thread"
            # A tree row is keyed by its (region, callsite) pairs from the root, rebuilt from the ids.
            by_id = {r["id"]: r for r in records if "id" in r}

            def pairs(r):
                chain = []
                while r is not None:
                    chain.append((r["name"], r["callsite"]))
                    r = by_id.get(r["parent_id"]) if r["parent_id"] else None
                return tuple(reversed(chain))
            for r in records:
                # A profile of samples alone has no calls, subcalls, min or max columns at all.
                vals = [r.get("calls", ""), r.get("subcalls", ""), r["inclusive_ns"], r["exclusive_ns"],
                        r.get("min_inclusive_ns", ""), r.get("max_inclusive_ns", "")]
                key = (r.get("part", only_part), pairs(r) if args.view == "tree" else r["path"])
                if key[0] == "samples":
                    # A sampled row counts samples in its own column; calls and subcalls are left empty.
                    if r.get("calls", "") != "" or r.get("subcalls", "") != "":
                        print("calls or subcalls on a sampled row:", key)
                        sys.exit(1)
                    vals[0], vals[1] = r["samples"], ""
                got = [int(v) if v != "" else None for v in vals]
                if their_counters:
                    got += [int(r["cpu_usage_samples"]),
                            None if r["cpu_usage_mean_percent"] == "" else float(r["cpu_usage_mean_percent"]),
                            None if r["memory_usage_peak"] == "" else float(r["memory_usage_peak"])]
                if "inclusive_per_call_ns" in r:
                    theirs_per_call[key] = [None if r[c] == "" else int(r[c])
                                            for c in ("inclusive_per_call_ns", "exclusive_per_call_ns")]
                if key in theirs:  # same path twice (callsites): add like the reference's path keying
                    print("duplicate path in CSV:", key)
                theirs[key] = got
        bad = 0
        for key in sorted(set(rows) | set(theirs)):
            if not same(comparable(rows.get(key), with_counters, key[0]), theirs.get(key)):
                bad += 1
                if bad <= 10:
                    print("DIFF", repr(key), "ref", rows.get(key), "ppw", theirs.get(key))
        for key in sorted(theirs_per_call):
            expected = per_call(rows.get(key), args.agg if args.merge else "sum")
            if expected != theirs_per_call[key]:
                bad += 1
                if bad <= 10:
                    print("DIFF per call", repr(key), "ref", expected, "ppw", theirs_per_call[key])
        print(f"{len(rows)} reference rows, {len(theirs)} ppw rows, {bad} differ; warnings {warnings}")
        sys.exit(1 if bad else 0)
    w = csv.writer(sys.stdout, lineterminator="\n")
    parts = len({part for part, _ in rows}) > 1
    header = (["part"] if parts else []) + ["path", "calls", "subcalls", "inclusive_ns", "exclusive_ns", "min_inclusive_ns", "max_inclusive_ns"]
    with_counters = "(has region counters)" in warnings
    if with_counters:
        header += ["cpu_usage_samples", "cpu_usage_mean_percent", "memory_usage_peak"]
    w.writerow(header)
    for key in sorted(rows):
        w.writerow(([key[0]] if parts else []) + [printed(key[1])]
                   + ["" if v is None else v for v in comparable(rows[key], with_counters)])
    print("warnings", warnings, file=sys.stderr)


if __name__ == "__main__":
    main()
