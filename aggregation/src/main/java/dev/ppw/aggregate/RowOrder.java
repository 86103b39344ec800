package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Metric;
import dev.ppw.model.Part;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.Profile;
import dev.ppw.model.SortDirection;
import dev.ppw.model.SortKey;
import org.eclipse.collections.api.block.comparator.primitive.IntComparator;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Chooses and orders the rows a report prints, so that reporters only format.
 *
 * <p>For the hierarchical views (tree, callpath) the rows are a depth-first preorder: every row is
 * followed by its whole printed subtree, and siblings are sorted by the {@link SortKey}. For flat and TAU
 * all rows are roots and are sorted the same way. By default numbers sort descending and names ascending
 * ({@link SortKey#defaultDirection()}); a {@link SortDirection} reverses the key's order only. Ties are broken
 * by region name, then callsite (both by {@link String#compareTo}), then node index, whatever the
 * direction, so the order is fully determined by the profile. A {@link CallTree#UNSET} min/max comes after
 * every set value in both directions: a missing value is never the smallest or the largest.
 *
 * <p>Parts ({@link Part}) are ordered apart: every row of the thread part comes first, then every row of
 * the async part, each part sorted and thresholded on its own (a percentage of a row is of its part's total).
 *
 * <p>{@link #top} keeps the first N rows of each part: in flat and TAU views the first N; in tree views the N
 * rows that come first by the sort key over the part's whole tree, with their callers (ancestors), in tree
 * order.
 */
public final class RowOrder {



    private RowOrder() {
    }

    /**
     * The profile's total time in nanoseconds ({@link Profile#total} of time, the thread part's): what a
     * report's percentages of time are of (the async part's rows have their own, {@link Profile#total(Metric, Part)}).
     */
    public static long totalNanos(Profile p) {
        return p.total(SampleWeights.TIME);
    }

    /**
     * Node indices of {@code p.tree()} to print, in print order.
     *
     * @param key        what siblings (or flat/TAU rows) are sorted by; inclusive and exclusive are values of
     *                   the tree's {@link CallTree#measure() measure} (time, or a sampled profile's weight)
     * @param maxDepth   number of levels shown in tree and callpath, roots being level 1; 0 or negative shows
     *                   every level. Ignored by flat and TAU.
     * @param minPercent a row whose inclusive value is below this percentage of its part's
     *                   {@link Profile#total(Metric, Part) total} of the measure is dropped,
     *                   with its whole subtree; 0 keeps every row. Compared exactly: the row is kept when
     *                   {@code inclusive >= minPercent / 100 * total}, with {@code minPercent} read as its
     *                   shortest decimal text.
     * @throws IllegalArgumentException when {@code minPercent} is negative or not finite
     */
    public static int[] order(Profile p, SortKey key, int maxDepth, double minPercent) {
        return order(p, key, key.defaultDirection(), maxDepth, minPercent);
    }

    /** As {@link #order(Profile, SortKey, int, double)}, sorting by {@code key} in {@code direction}. */
    public static int[] order(Profile p, SortKey key, SortDirection direction, int maxDepth, double minPercent) {
        if (!(minPercent >= 0) || Double.isInfinite(minPercent)) {
            throw new IllegalArgumentException("minimum percentage must be a finite number >= 0, got " + minPercent);
        }
        CallTree tree = p.tree();
        Metric measure = tree.measure();
        IntComparator order = comparator(tree, key, direction, measure);
        boolean hierarchical = p.view().isHierarchical();
        int levels = hierarchical && maxDepth > 0 ? maxDepth : Integer.MAX_VALUE;

        MutableIntList result = new IntArrayList();
        MutableIntList stack = new IntArrayList();
        MutableIntList siblings = new IntArrayList();
        for (Part part : Part.values()) {
            long minKept = minPercent == 0 ? Long.MIN_VALUE : minKept(minPercent, p.total(measure, part));
            pushChildren(tree, measure, CallTree.ROOT, part, minKept, order, siblings, stack);
            while (!stack.isEmpty()) {
                int node = stack.removeAtIndex(stack.size() - 1);
                result.add(node);
                // depth() is 0 for roots, so a node is on level depth + 1 and its children on depth + 2.
                if (hierarchical && tree.depth(node) + 2 <= levels) {
                    pushChildren(tree, measure, node, part, minKept, order, siblings, stack);
                }
            }
        }
        return result.toArray();
    }

    /**
     * The first {@code n} rows of each part of {@code ordered} (rows as {@link #order} gives them, sorted by
     * {@code key} in {@code direction}), in the same order: in flat and TAU views a part's first {@code n}; in
     * tree and callpath views the {@code n} rows of a part that sort first by {@code key} over its whole tree
     * (ties as siblings' ties), each with every ancestor, so that the result is still a tree in preorder and
     * may hold more than {@code n} rows. Sorted by inclusive time descending, ancestors come first anyway and a
     * part keeps exactly {@code n} rows. {@code ordered} itself when no part has more than {@code n} rows.
     *
     * @throws IllegalArgumentException when {@code n} is less than 1
     */
    public static int[] top(Profile p, int[] ordered, SortKey key, SortDirection direction, int n) {
        if (n < 1) {
            throw new IllegalArgumentException("the number of rows must be at least 1, got " + n);
        }
        CallTree tree = p.tree();
        IntComparator order = comparator(tree, key, direction, tree.measure());
        boolean[] kept = new boolean[tree.size()];
        for (Part part : Part.values()) {
            MutableIntList best = new IntArrayList();
            for (int node : ordered) {
                if (tree.part(node) == part) {
                    best.add(node);
                }
            }
            if (p.view().isHierarchical()) {
                best.sortThis(order);
            }
            for (int i = 0; i < Math.min(n, best.size()); i++) {
                for (int node = best.get(i); node != CallTree.ROOT && !kept[node]; node = tree.parent(node)) {
                    kept[node] = true;
                }
            }
        }
        MutableIntList result = new IntArrayList();
        for (int node : ordered) {
            if (kept[node]) {
                result.add(node);
            }
        }
        return result.size() == ordered.length ? ordered : result.toArray();
    }

    /**
     * Pushes the kept children of {@code parent} in {@code part} (all children of a real node are in its
     * part) so that the first in sort order is popped first.
     */
    private static void pushChildren(CallTree tree, Metric measure, int parent, Part part, long minKept,
                                     IntComparator order, MutableIntList scratch, MutableIntList stack) {
        scratch.clear();
        for (int c = tree.firstChild(parent); c != CallTree.NONE; c = tree.nextSibling(c)) {
            if (tree.inclusiveOf(c, measure) >= minKept && (parent != CallTree.ROOT || tree.part(c) == part)) {
                scratch.add(c);
            }
        }
        scratch.sortThis(order);
        for (int i = scratch.size() - 1; i >= 0; i--) {
            stack.add(scratch.get(i));
        }
    }

    /** Smallest inclusive value that is at least {@code percent}% of {@code total}, exactly. */
    private static long minKept(double percent, long total) {
        BigDecimal threshold = BigDecimal.valueOf(percent).multiply(BigDecimal.valueOf(total))
                .divide(BigDecimal.valueOf(100));
        BigDecimal ceiling = threshold.setScale(0, RoundingMode.CEILING);
        if (ceiling.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            return Long.MAX_VALUE;
        }
        if (ceiling.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            return Long.MIN_VALUE;
        }
        return ceiling.longValueExact();
    }

    private static IntComparator comparator(CallTree tree, SortKey key, SortDirection direction, Metric measure) {
        boolean ascending = direction == SortDirection.ASCENDING;
        return (a, b) -> {
            int c = 0;
            if (key == SortKey.NAME) {
                c = tree.regionName(a).compareTo(tree.regionName(b));
                c = ascending ? c : -c;
            } else {
                long x = metric(tree, a, key, measure);
                long y = metric(tree, b, key, measure);
                boolean extreme = key == SortKey.MIN || key == SortKey.MAX;
                boolean unsetX = extreme && x == CallTree.UNSET;
                boolean unsetY = extreme && y == CallTree.UNSET;
                if (unsetX || unsetY) {
                    c = Boolean.compare(unsetX, unsetY);
                } else {
                    c = ascending ? Long.compare(x, y) : Long.compare(y, x);
                }
            }
            if (c == 0) {
                c = tree.regionName(a).compareTo(tree.regionName(b));
            }
            if (c == 0) {
                c = tree.callsiteName(a).compareTo(tree.callsiteName(b));
            }
            return c != 0 ? c : Integer.compare(a, b);
        };
    }

    private static long metric(CallTree tree, int node, SortKey key, Metric measure) {
        return switch (key) {
            case INCLUSIVE -> tree.inclusiveOf(node, measure);
            case EXCLUSIVE -> tree.exclusiveOf(node, measure);
            case CALLS -> tree.calls(node);
            case SUBCALLS -> tree.subcalls(node);
            case MIN -> tree.minInclusiveNanos(node);
            case MAX -> tree.maxInclusiveNanos(node);
            case NAME -> 0;
        };
    }
}
