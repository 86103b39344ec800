#!/usr/bin/env python3
"""ppw-java's filters and callers/callees on a trace against `go tool pprof` on the trace's pprof export (issue 29).

    ppw-java profile TRACE -o x.pb.gz
    tools/pprof_compare.py TRACE x.pb.gz focus=RE ignore=RE hide=RE show=RE show-from=RE peek=NAME ...

Per filter: every function's flat and cumulative time of `profile TRACE --view flat --FILTER RE` (summed over the
parts) against `go tool pprof -top -FILTER RE` (names not demangled, pprof's [samples] and [async] frames left out).
Per peek: the depth-1 rows of `--view callers NAME` and `--view callees NAME` against the caller and callee edges of
`go tool pprof -peek '^NAME$'` (equal when NAME is not recursive: SEMANTICS.md "Callers, callees and the inverted
tree"). Prints one line per check and the first rows that differ; exit 1 if any differs. PPW names the command
(default: this worktree's launcher), e.g. PPW="java -jar cli/target/ppw-java.jar".
"""
import csv
import io
import os
import re
import subprocess
import sys
from collections import defaultdict

PPW = os.environ.get("PPW", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ppw-java")).split()
PART_FRAME = re.compile(r"^\[(samples|async|thread)\]$")


def ppw(trace, *args):
    out = subprocess.run([*PPW, "profile", trace, "--format", "csv", "-q", *args], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("ppw failed: " + out.stderr)
    return list(csv.DictReader(io.StringIO(out.stdout)))


def pprof(export, *args):
    out = subprocess.run(["go", "tool", "pprof", "-unit=ns", "-nodefraction=0", "-edgefraction=0",
                          "-nodecount=1000000", "-symbolize=demangle=none", *args, export], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("pprof failed: " + out.stderr)
    return out.stdout


NUM = r"(\d+)(?:ns)?"


def top(export, *args):
    rows = {}
    for line in pprof(export, "-top", *args).splitlines():
        m = re.match(r"^\s*" + NUM + r"\s+\S+\s+\S+\s+" + NUM + r"\s+\S+\s+(.*)$", line)
        if m and not PART_FRAME.match(m.group(3)):
            rows[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    return rows


def flat(trace, *args):
    rows = defaultdict(lambda: [0, 0])
    for r in ppw(trace, "--view", "flat", *args):
        rows[r["path"]][0] += int(r["exclusive_ns"])
        rows[r["path"]][1] += int(r["inclusive_ns"])
    return {k: tuple(v) for k, v in rows.items() if v != [0, 0]}


def compare(label, ours, theirs):
    keys = set(ours) | set(theirs)
    bad = [k for k in sorted(keys) if ours.get(k, (0, 0)) != theirs.get(k, (0, 0))]
    print(f"{label}: {len(keys)} functions, {len(keys) - len(bad)} equal, {len(bad)} differ")
    for k in bad[:8]:
        print(f"    {k!r}: ppw-java {ours.get(k)} pprof {theirs.get(k)}")
    return not bad


def peek(export, name):
    """pprof -peek: (callers, callees) edges of the function named exactly name."""
    callers, callees, seen = {}, {}, False
    for line in pprof(export, "-peek", "^" + re.escape(name) + "$").splitlines():
        if line.startswith("-----"):
            if seen:
                break
            callers, callees = {}, {}
            continue
        m = re.match(r"^\s*" + NUM + r"\s+\S+\s+\|\s+(.*)$", line)
        if m:
            (callees if seen else callers)[m.group(2)] = int(m.group(1))
            continue
        m = re.match(r"^.*\|\s(.*)$", line)
        if m and m.group(1).strip() == name:
            seen = True
    return ({k: v for k, v in callers.items() if not PART_FRAME.match(k)},
            {k: v for k, v in callees.items() if not PART_FRAME.match(k)})


def edges(trace, view, name):
    rows = defaultdict(int)
    for r in ppw(trace, "--view", view, name):
        if r["depth"] == "1":
            rows[r["name"]] += int(r["inclusive_ns"])
    return dict(rows)


def main():
    trace, export = sys.argv[1], sys.argv[2]
    filters = [a.split("=", 1) for a in sys.argv[3:] if "=" in a and not a.startswith("peek=")]
    names = [a.split("=", 1)[1] for a in sys.argv[3:] if a.startswith("peek=")]
    ok = compare("none", flat(trace), {k: v for k, v in top(export).items()})
    for flag, rx in filters:
        pflag = {"focus": "-focus", "ignore": "-ignore", "hide": "-hide", "show": "-show",
                 "show-from": "-show_from"}[flag]
        ok &= compare(f"--{flag} {rx!r}", flat(trace, "--" + flag, rx), top(export, pflag, rx))
    for name in names:
        callers, callees = peek(export, name)
        ok &= compare(f"callers {name!r}", {k: (v, 0) for k, v in edges(trace, "callers", name).items()},
                      {k: (v, 0) for k, v in callers.items()})
        ok &= compare(f"callees {name!r}", {k: (v, 0) for k, v in edges(trace, "callees", name).items()},
                      {k: (v, 0) for k, v in callees.items()})
    sys.exit(0 if ok else 1)


main()
