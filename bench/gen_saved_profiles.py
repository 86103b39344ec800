#!/usr/bin/env python3
"""Writes N saved node profiles (ppw-profile JSON v1, docs/profile-json.md) of about R tree rows each.

All nodes share one random call-tree shape (as the ranks of one job do) with 5% of the rows left out
per node, so that merging meets both shared and missing keys. Times are consistent per node:
inclusive = exclusive + children's inclusive, subcalls = children's calls, min <= inclusive/calls <= max.

    python3 bench/gen_saved_profiles.py --nodes 1000 --rows 5000 --out /tmp/ppw-bench/saved
"""
import argparse
import json
import os
import random


def shape(rows, rng):
    """Parent index per row (-1 for roots), rows in depth-first order, and a region name per row."""
    names = [f"region_{i:03d}" for i in range(300)]
    parent = []
    region = []
    depth = []
    stack = []  # open ancestors
    children = {}
    roots = 0
    i = 0
    while i < rows:
        # walk up a random amount, then attach here
        while stack and (len(stack) > 14 or rng.random() < 0.35):
            stack.pop()
        p = stack[-1] if stack else -1
        if p == -1:
            roots += 1
        used = children.setdefault(p, set())
        if len(used) >= len(names):
            stack.pop()
            continue
        name = rng.choice(names)
        while name in used:
            name = rng.choice(names)
        used.add(name)
        parent.append(p)
        region.append(name)
        depth.append(len(stack))
        stack.append(i)
        i += 1
    return parent, region, depth


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--rows", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    # each node drops a few small subtrees, so the shared shape is a little larger than --rows
    n = int(args.rows * 1.06)
    parent, region, depth = shape(n, rng)
    keep_shape = [True] * n
    size = [1] * n  # subtree sizes: only small subtrees go missing, so every node has about --rows rows
    for i in range(n - 1, -1, -1):
        if parent[i] != -1:
            size[parent[i]] += size[i]
    os.makedirs(args.out, exist_ok=True)
    columns = ["id", "parent_id", "depth", "name", "callsite", "calls", "subcalls", "inclusive_ns",
               "exclusive_ns", "min_inclusive_ns", "max_inclusive_ns"]
    for node in range(args.nodes):
        r = random.Random(args.seed * 1_000_003 + node)
        present = [keep_shape[i] and (size[i] > 8 or r.random() >= 0.05) for i in range(n)]
        for i in range(n):
            if present[i] and parent[i] != -1 and not present[parent[i]]:
                present[i] = False
        calls = [r.randint(1, 50) for _ in range(n)]
        excl = [r.randint(0, 5_000_000) for _ in range(n)]
        incl = list(excl)
        sub = [0] * n
        for i in range(n - 1, -1, -1):
            if present[i] and parent[i] != -1:
                incl[parent[i]] += incl[i]
                sub[parent[i]] += calls[i]
        rows = []
        for i in range(n):
            if not present[i]:
                continue
            mean = incl[i] // calls[i]
            lo = r.randint(0, mean)
            hi = incl[i] if calls[i] == 1 else r.randint(mean + 1, incl[i] + 1)
            if calls[i] == 1:
                lo = hi = incl[i]
            rows.append([i + 1, None if parent[i] == -1 else parent[i] + 1, depth[i], region[i], "",
                         calls[i], sub[i], incl[i], excl[i], lo, hi])
        doc = {
            "format": "ppw-profile", "version": 1, "tool": "bench/gen_saved_profiles.py", "view": "tree",
            "unit": "ns", "aggregation": {"op": "sum", "missing": "zero", "nodes": 1},
            "inputs": [f"rank{node}.pfw"],
            "node_info": [{"label": f"rank{node}", "file": f"rank{node}.pfw", "pid": str(1000 + node),
                           "host": f"host{node // 8}", "process_names": {}, "thread_names": {}}],
            "process_names": {}, "thread_names": {},
            "total_inclusive_ns": sum(incl[i] for i in range(n) if present[i] and parent[i] == -1),
            "columns": columns, "rows": rows,
        }
        with open(os.path.join(args.out, f"rank{node:04d}.ppw.json"), "w") as f:
            f.write("{\n")
            items = list(doc.items())
            for k, (key, value) in enumerate(items):
                if key == "rows":
                    f.write('  "rows": [\n')
                    f.write(",\n".join("    " + json.dumps(row, separators=(", ", ": ")) for row in rows))
                    f.write("\n  ]")
                else:
                    f.write(f"  {json.dumps(key)}: {json.dumps(value)}")
                f.write(",\n" if k < len(items) - 1 else "\n")
            f.write("}\n")


if __name__ == "__main__":
    main()
