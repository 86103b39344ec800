package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Builders, snapshots and a slow reference implementation of the views, for the tests of this package. */
final class TestTrees {
    private TestTrees() {
    }

    /** One row's metrics; min/max are {@link CallTree#UNSET} when unset. */
    record Metrics(long calls, long subcalls, long inclusive, long exclusive, long min, long max) {
    }

    static CallTree newTree() {
        return new CallTree(new FrameTable(new NameTable()));
    }

    /** The child of {@code parent} for {@code region} with no callsite. */
    static int node(CallTree tree, int parent, String region) {
        return tree.child(parent, tree.frames().intern(region));
    }

    static int node(CallTree tree, int parent, String region, String callsite) {
        return tree.child(parent, tree.frames().intern(region, callsite));
    }

    /** Records one call per duration. */
    static void calls(CallTree tree, int node, long... durationsNanos) {
        for (long d : durationsNanos) {
            tree.addCall(node, d);
        }
    }

    static Metrics metrics(CallTree tree, int node) {
        return new Metrics(tree.calls(node), tree.subcalls(node), tree.inclusiveNanos(node),
                tree.exclusiveNanos(node), tree.minInclusiveNanos(node), tree.maxInclusiveNanos(node));
    }

    /** Rows of a flat or TAU view keyed by their text, asserting that every row is a root with a unique key. */
    static Map<String, Metrics> byKey(CallTree view) {
        Map<String, Metrics> rows = new LinkedHashMap<>();
        for (int n = 1; n < view.size(); n++) {
            assertEquals(CallTree.ROOT, view.parent(n), "flat/tau rows are roots");
            assertEquals("", view.callsiteName(n), "flat/tau rows have no callsite");
            assertNull(rows.put(view.regionName(n), metrics(view, n)), "duplicate row " + view.regionName(n));
        }
        return rows;
    }

    /** Nodes of a callpath view keyed by their path text, asserting that paths are unique. */
    static Map<String, Metrics> byPath(CallTree view) {
        Map<String, Metrics> rows = new LinkedHashMap<>();
        for (int n = 1; n < view.size(); n++) {
            assertNull(rows.put(view.path(n, Views.SEPARATOR), metrics(view, n)), "duplicate path");
        }
        return rows;
    }

    /** Number of levels: 1 for a tree of roots only, 0 for an empty tree. */
    static int height(CallTree tree) {
        int height = 0;
        for (int n = 1; n < tree.size(); n++) {
            height = Math.max(height, tree.depth(n) + 1);
        }
        return height;
    }

    static long sumExclusive(CallTree tree) {
        long sum = 0;
        for (int n = 1; n < tree.size(); n++) {
            sum += tree.exclusiveNanos(n);
        }
        return sum;
    }

    static long sumCalls(CallTree tree) {
        long sum = 0;
        for (int n = 1; n < tree.size(); n++) {
            sum += tree.calls(n);
        }
        return sum;
    }

    /** The invariants of SEMANTICS.md section 2. */
    static void assertTreeInvariants(CallTree tree) {
        for (int n = 1; n < tree.size(); n++) {
            long childInclusive = 0;
            long childCalls = 0;
            for (int c = tree.firstChild(n); c != CallTree.NONE; c = tree.nextSibling(c)) {
                childInclusive += tree.inclusiveNanos(c);
                childCalls += tree.calls(c);
            }
            String where = "node " + tree.path(n, Views.SEPARATOR);
            assertEquals(tree.inclusiveNanos(n) - childInclusive, tree.exclusiveNanos(n), where + ": exclusive");
            assertTrue(tree.exclusiveNanos(n) >= 0, where + ": exclusive >= 0");
            assertEquals(childCalls, tree.subcalls(n), where + ": subcalls");
            long min = tree.minInclusiveNanos(n);
            long max = tree.maxInclusiveNanos(n);
            assertEquals(min == CallTree.UNSET, max == CallTree.UNSET, where + ": min and max both set or unset");
            if (min != CallTree.UNSET && tree.calls(n) > 0) {
                assertTrue(min * tree.calls(n) <= tree.inclusiveNanos(n), where + ": min <= average");
                assertTrue(tree.inclusiveNanos(n) <= max * tree.calls(n), where + ": average <= max");
            }
        }
        assertEquals(tree.totalInclusiveNanos(), sumExclusive(tree), "sum of exclusive = total");
    }

    /**
     * A tree folded from a random nested call sequence: each op advances a clock by 1..7 ns, then either
     * closes the innermost open call ({@code op % 4 == 0}) or opens a call of one of four regions (and, with
     * {@code callsites}, one of three callsites). Calls still open at the end close in order. Children's
     * intervals lie inside their parent's, so every tree invariant holds. With {@code sampled}, the ops push,
     * pop and sample the current stack instead (min/max stay unset).
     */
    static CallTree generate(List<Integer> ops, boolean sampled, boolean callsites) {
        CallTree tree = newTree();
        List<long[]> open = new ArrayList<>(); // {node, startNanos}
        long now = 0;
        for (int op : ops) {
            now += 1 + op % 7;
            int top = open.isEmpty() ? CallTree.ROOT : (int) open.get(open.size() - 1)[0];
            int kind = op % 4;
            if (kind == 0) {
                if (!open.isEmpty()) {
                    long[] call = open.remove(open.size() - 1);
                    if (!sampled) {
                        tree.addCall((int) call[0], now - call[1]);
                    }
                }
            } else if (sampled && kind == 3) {
                if (top != CallTree.ROOT) {
                    tree.addSample(top, 1 + op % 5);
                }
            } else {
                String region = "r" + (op / 4) % 4;
                String callsite = callsites ? "L" + (op / 16) % 3 : "";
                open.add(new long[] {node(tree, top, region, callsite), now});
            }
        }
        while (!open.isEmpty()) {
            now += 1;
            long[] call = open.remove(open.size() - 1);
            if (!sampled) {
                tree.addCall((int) call[0], now - call[1]);
            }
        }
        return tree;
    }

    /**
     * The TAU view of depth {@code depth} computed the slow, obvious way (key text per node, ancestors
     * walked one by one), to check {@link Views#tau} against. Depth 1 is the flat view.
     */
    static Map<String, Metrics> referenceTau(CallTree tree, int depth) {
        Map<String, long[]> acc = new LinkedHashMap<>();
        for (int n : preorder(tree)) {
            String key = referenceKey(tree, n, depth);
            boolean recursive = false;
            for (int a = tree.parent(n); a != CallTree.ROOT; a = tree.parent(a)) {
                recursive |= referenceKey(tree, a, depth).equals(key);
            }
            long[] m = acc.computeIfAbsent(key, k -> new long[] {0, 0, 0, 0, CallTree.UNSET, CallTree.UNSET});
            accumulate(m, tree, n, !recursive);
        }
        Map<String, Metrics> rows = new LinkedHashMap<>();
        acc.forEach((k, m) -> rows.put(k, new Metrics(m[0], m[1], m[2], m[3], m[4], m[5])));
        return rows;
    }

    /** The callpath view the slow way: nodes grouped by path text. */
    static Map<String, Metrics> referenceCallpath(CallTree tree) {
        Map<String, long[]> acc = new LinkedHashMap<>();
        for (int n = 1; n < tree.size(); n++) {
            long[] m = acc.computeIfAbsent(tree.path(n, Views.SEPARATOR),
                    k -> new long[] {0, 0, 0, 0, CallTree.UNSET, CallTree.UNSET});
            accumulate(m, tree, n, true);
        }
        Map<String, Metrics> rows = new LinkedHashMap<>();
        acc.forEach((k, m) -> rows.put(k, new Metrics(m[0], m[1], m[2], m[3], m[4], m[5])));
        return rows;
    }

    /** Real nodes in depth-first preorder, children in insertion order. */
    static List<Integer> preorder(CallTree tree) {
        List<Integer> order = new ArrayList<>();
        java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
        stack.push(CallTree.ROOT);
        while (!stack.isEmpty()) {
            int n = stack.pop();
            if (n != CallTree.ROOT) {
                order.add(n);
            }
            List<Integer> children = new ArrayList<>();
            for (int c = tree.firstChild(n); c != CallTree.NONE; c = tree.nextSibling(c)) {
                children.add(0, c);
            }
            children.forEach(stack::push);
        }
        return order;
    }

    private static void accumulate(long[] m, CallTree tree, int n, boolean countInclusive) {
        m[0] += tree.calls(n);
        m[1] += tree.subcalls(n);
        m[2] += countInclusive ? tree.inclusiveNanos(n) : 0;
        m[3] += tree.exclusiveNanos(n);
        long min = tree.minInclusiveNanos(n);
        long max = tree.maxInclusiveNanos(n);
        m[4] = min == CallTree.UNSET ? m[4] : m[4] == CallTree.UNSET ? min : Math.min(m[4], min);
        m[5] = max == CallTree.UNSET ? m[5] : m[5] == CallTree.UNSET ? max : Math.max(m[5], max);
    }

    private static String referenceKey(CallTree tree, int node, int depth) {
        List<String> names = new ArrayList<>();
        for (int n = node; n != CallTree.ROOT && names.size() < depth; n = tree.parent(n)) {
            names.add(0, tree.regionName(n));
        }
        return String.join(Views.SEPARATOR, names);
    }

    /**
     * The tree's rows depth-first in node order: path (after {@code [async]} in the async part), calls,
     * subcalls, inclusive, exclusive, min and max.
     */
    static List<String> rows(CallTree tree) {
        List<String> rows = new ArrayList<>();
        addRows(tree, CallTree.ROOT, rows);
        return rows;
    }

    private static void addRows(CallTree tree, int parent, List<String> rows) {
        for (int n = tree.firstChild(parent); n != CallTree.NONE; n = tree.nextSibling(n)) {
            rows.add((tree.part(n) != Part.THREAD ? "[" + tree.part(n).label() + "] " : "") + tree.path(n, " => ") + ": calls=" + tree.calls(n) + " sub=" + tree.subcalls(n) + " incl="
                    + tree.inclusiveNanos(n) + " excl=" + tree.exclusiveNanos(n) + " min=" + tree.minInclusiveNanos(n)
                    + " max=" + tree.maxInclusiveNanos(n));
            addRows(tree, n, rows);
        }
    }
}
