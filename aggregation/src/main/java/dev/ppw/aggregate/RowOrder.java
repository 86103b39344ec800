package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Metric;
import dev.ppw.model.Part;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.Profile;
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
 * all rows are roots and are sorted the same way. Numbers sort descending, names ascending; ties are broken
 * by region name, then callsite (both by {@link String#compareTo}), then node index, so the order is fully
 * determined by the profile. A {@link CallTree#UNSET} min/max sorts below every set value.
 *
 * <p>Parts ({@link Part}) are ordered apart: every row of the thread part comes first, then every row of
 * the async part, each part sorted and thresholded on its own (a percentage of a row is of its part's total).
 */
public final class RowOrder {

    /** What rows are sorted by. */
    public enum SortKey {
        /** Inclusive time, largest first. */
        INCLUSIVE,
        /** Exclusive (self) time, largest first. */
        EXCLUSIVE,
        /** Number of calls, most first. */
        CALLS,
        /** Number of calls made, most first. */
        SUBCALLS,
        /** Smallest single call's inclusive time, largest first; unset last. */
        MIN,
        /** Largest single call's inclusive time, largest first; unset last. */
        MAX,
        /** Region name (the key text for flat and TAU), ascending. */
        NAME;

        /** The lower-case name used on the command line. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The key whose {@link #label()} is {@code text} (case-insensitive, surrounding blanks ignored).
         *
         * @throws IllegalArgumentException naming the value and the accepted ones when none matches
         */
        public static SortKey parse(String text) {
            String wanted = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
            for (SortKey key : values()) {
                if (key.label().equals(wanted)) {
                    return key;
                }
            }
            throw new IllegalArgumentException("unknown sort key '" + text + "': expected one of "
                    + Arrays.stream(values()).map(SortKey::label).collect(Collectors.joining(", ")));
        }
    }

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
        if (!(minPercent >= 0) || Double.isInfinite(minPercent)) {
            throw new IllegalArgumentException("minimum percentage must be a finite number >= 0, got " + minPercent);
        }
        CallTree tree = p.tree();
        Metric measure = tree.measure();
        IntComparator order = comparator(tree, key, measure);
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

    private static IntComparator comparator(CallTree tree, SortKey key, Metric measure) {
        return (a, b) -> {
            int c = key == SortKey.NAME ? 0 : Long.compare(metric(tree, b, key, measure), metric(tree, a, key, measure));
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
