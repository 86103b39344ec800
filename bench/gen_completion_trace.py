#!/usr/bin/env python3
"""Writes a large Chrome trace in PerfFlowAspect's style, and the exact profile it folds into.

Compact style (the default): every call is one X event written when the call ends, so children come before
their parents and each thread's root call ("main") comes last of all: the order that cannot be folded
without seeing later events. Lines look like PerfFlowAspect's (a "[" line, one event per line with a
trailing comma, no closing "]"):

  {"name": "solver.step", "cat": "__main__", "pid": 7530, "tid": 7531, "ts": 1795322503741605.500, "ph": "X", "dur": 12.750},

Verbose style: a B event when a call starts and an E event when it ends, so the trace is in time order.

The calls are a random walk per thread on a shared clock (so threads interleave), every timestamp distinct
and every duration positive, nested properly: the tree is exactly the calls' tree, threads merged (the
default of ppw-java profile). The script streams the trace and keeps only that tree (a few thousand paths).

The expected profile is CSV, rows sorted by path (LC_ALL=C order):
  path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns

  bench/gen_completion_trace.py --events 20000000 --trace /tmp/big.pfw --expected /tmp/big.expected.csv
"""
import argparse
import random
import sys

BASE_NS = 1_795_322_503_741_605_500
THREADS = [(7530, 7530), (7530, 7531), (7544, 7544), (7544, 7547)]
# Names by depth below main: a few per level keep the tree small while the trace grows.
NAMES = [
    ["setup", "solver.step", "io.checkpoint", "comm.exchange"],
    ["assemble_matrix", "apply_preconditioner", "mpi_allreduce", "write_block"],
    ["kernel_dense_update", "kernel_sparse_update", "halo_pack", "halo_unpack"],
    ["blas_dgemm", "blas_daxpy", "memcpy_device"],
    ["inner_loop_body", "inner_reduce"],
]
MAX_DEPTH = 1 + len(NAMES)  # main plus the levels above


def micros(ns):
    """Nanoseconds as exact decimal microseconds with three decimals."""
    return "%d.%03d" % divmod(ns, 1000)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=20_000_000, help="events to write, at least (default 20M)")
    ap.add_argument("--style", choices=["compact", "verbose"], default="compact",
                    help="compact: X events in completion order; verbose: B/E events in time order")
    ap.add_argument("--trace", required=True, help="where the trace goes")
    ap.add_argument("--expected", required=True, help="where the expected profile (CSV) goes")
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    rand = rng.random
    randrange = rng.randrange
    # path -> [calls, subcalls, inclusive, exclusive, min, max]
    stats = {}
    # Per thread: a stack of [path, start_ns, children_inclusive, children_calls, line_prefix].
    stacks = []
    clock = BASE_NS
    prefixes = {}

    def prefix(name, pid, tid):
        key = (name, pid, tid)
        p = prefixes.get(key)
        if p is None:
            p = '{"name": "%s", "cat": "__main__", "pid": %d, "tid": %d, "ts": ' % (name, pid, tid)
            prefixes[key] = p
        return p

    verbose = args.style == "verbose"
    written = 0
    out = open(args.trace, "w", buffering=1 << 20)
    out.write("[\n")
    lines = []

    def opened(stack, path, start, pre):
        nonlocal written
        stack.append([path, start, 0, 0, pre])
        if verbose:
            lines.append('%s%s, "ph": "B"},\n' % (pre, micros(start)))
            written += 1

    for pid, tid in THREADS:
        clock += 1 + randrange(50)
        stack = []
        opened(stack, "main", clock, prefix("main", pid, tid))
        stacks.append(stack)

    def close(stack, end):
        path, start, child_incl, child_calls, pre = stack.pop()
        incl = end - start
        s = stats.get(path)
        if s is None:
            stats[path] = [1, child_calls, incl, incl - child_incl, incl, incl]
        else:
            s[0] += 1
            s[1] += child_calls
            s[2] += incl
            s[3] += incl - child_incl
            if incl < s[4]:
                s[4] = incl
            if incl > s[5]:
                s[5] = incl
        if stack:
            parent = stack[-1]
            parent[2] += incl
            parent[3] += 1
        if verbose:
            lines.append('%s%s, "ph": "E"},\n' % (pre, micros(end)))
        else:
            lines.append('%s%s, "ph": "X", "dur": %s},\n' % (pre, micros(start), micros(incl)))

    n_threads = len(THREADS)
    while written < args.events:
        t = randrange(n_threads)
        stack = stacks[t]
        clock += 1 + randrange(2000)
        depth = len(stack)
        # Open more often than close near the top, so that the walk stays a few levels deep.
        if depth == 1 or (depth < MAX_DEPTH and rand() < 0.5):
            name = NAMES[depth - 1][randrange(len(NAMES[depth - 1]))]
            pid, tid = THREADS[t]
            opened(stack, stack[-1][0] + " => " + name, clock, prefix(name, pid, tid))
        else:
            close(stack, clock)
            written += 1
        if len(lines) >= 100_000:
            out.write("".join(lines))
            lines.clear()
    # The end: every thread closes what is open, innermost first; main last.
    for stack in stacks:
        while stack:
            clock += 1 + randrange(2000)
            close(stack, clock)
            written += 1
    out.write("".join(lines))
    out.close()

    with open(args.expected, "w") as f:
        f.write("path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns\n")
        for path in sorted(stats, key=lambda p: p.encode()):
            s = stats[path]
            f.write("%s,%d,%d,%d,%d,%d,%d\n" % (path, s[0], s[1], s[2], s[3], s[4], s[5]))
    print("wrote %d events, %d paths" % (written, len(stats)), file=sys.stderr)


if __name__ == "__main__":
    main()
