package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.SortKey;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares two profiles of one view row by row (SEMANTICS.md "Diff"): matches their rows by the key a
 * merge matches nodes by ({@link MergeRows}: part, the callers' keys, region and callsite), reads every
 * compared quantity of both, and orders the rows for display.
 *
 * <p>Time and memory are linear in the two trees' sizes. Stateless; the profiles are only read, so
 * several diffs of the same profiles may run at once.
 */
public final class DiffRows {
    private DiffRows() {
    }

    /**
     * The diff of {@code b} against {@code a}.
     *
     * @param normalize compare inclusive and exclusive values as shares of their part's total
     * @throws IllegalArgumentException when the two profiles are not in the same view (tau views of the same depth)
     */
    public static ProfileDiff compare(Profile a, Profile b, boolean normalize) {
        if (a.view() != b.view() || a.tauDepth() != b.tauDepth()) {
            throw new IllegalArgumentException("cannot compare a " + viewLabel(a) + " view with a " + viewLabel(b)
                    + " view: diff compares two profiles of one view");
        }
        CallTree rows = new CallTree(new FrameTable(new NameTable()), Math.max(a.tree().size(), b.tree().size()));
        int[] rowOfA = addKeys(rows, a.tree());
        int[] rowOfB = addKeys(rows, b.tree());
        ProfileDiff.Presence[] presence = new ProfileDiff.Presence[rows.size()];
        boolean[] inA = new boolean[rows.size()];
        for (int n = 1; n < rowOfA.length; n++) {
            inA[rowOfA[n]] = true;
            presence[rowOfA[n]] = ProfileDiff.Presence.ONLY_A;
        }
        for (int n = 1; n < rowOfB.length; n++) {
            int row = rowOfB[n];
            presence[row] = inA[row] ? ProfileDiff.Presence.BOTH : ProfileDiff.Presence.ONLY_B;
        }
        List<ProfileDiff.Quantity> quantities = quantitiesOf(a.tree(), b.tree());
        int count = quantities.size();
        long[][] valuesA = new long[count][];
        long[][] valuesB = new long[count][];
        long[][] totalsA = new long[count][];
        long[][] totalsB = new long[count][];
        for (int q = 0; q < count; q++) {
            ProfileDiff.Quantity quantity = quantities.get(q);
            valuesA[q] = valuesOf(a.tree(), rowOfA, rows.size(), quantity);
            valuesB[q] = valuesOf(b.tree(), rowOfB, rows.size(), quantity);
            totalsA[q] = totalsOf(a, quantity);
            totalsB[q] = totalsOf(b, quantity);
        }
        return new ProfileDiff(a, b, rows, presence, quantities, valuesA, valuesB, totalsA, totalsB, normalize);
    }

    /**
     * The rows of {@code diff} for display: the thread part's, then the async part's (as profiles list them),
     * each by the size of the change of {@link ProfileDiff#sortQuantity()} (the absolute delta, or with
     * {@link ProfileDiff#normalized()} of the share delta, compared exactly), largest first; ties in key order
     * (A's rows in A's order, then the rows only in B in B's).
     */
    public static int[] byChange(ProfileDiff diff) {
        int q = diff.sortQuantity();
        boolean shares = diff.normalized() && diff.quantities().get(q).shareable();
        Comparator<Integer> bySize = shares ? (x, y) -> compareShareChange(diff, q, y, x) : bySize(diff, q);
        Integer[] order = new Integer[diff.rows().size() - 1];
        for (int i = 0; i < order.length; i++) {
            order[i] = i + 1;
        }
        // Stable: ties keep key order.
        Arrays.sort(order, Comparator.comparingInt((Integer r) -> diff.rows().part(r).ordinal()).thenComparing(bySize));
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    /**
     * The rows of {@code diff} for display in its order ({@link ProfileDiff#orderKey()}): the thread part's, then the
     * async part's, each by the size of the change of the measure's inclusive or exclusive value or of calls
     * (shares of inclusive and exclusive with {@link ProfileDiff#normalized()}), compared exactly, largest first
     * or with {@link ProfileDiff#ascending()} smallest first; or by path (region names from the root, then the
     * callsite), A first when ascending, Z first otherwise. Ties in key order.
     */
    public static int[] ordered(ProfileDiff diff) {
        if (diff.orderKey() == SortKey.INCLUSIVE && !diff.ascending()) {
            return byChange(diff);
        }
        Comparator<Integer> order;
        if (diff.orderKey() == SortKey.NAME) {
            // NUL between names: a caller's path sorts before its callees', whatever characters names hold.
            String separator = String.valueOf('\0');
            Comparator<Integer> byPath = Comparator.comparing((Integer r) -> diff.rows().path(r, separator))
                    .thenComparing(r -> diff.rows().callsiteName(r));
            order = diff.ascending() ? byPath : byPath.reversed();
        } else {
            int q = quantityOf(diff, diff.orderKey());
            boolean shares = diff.normalized() && diff.quantities().get(q).shareable();
            Comparator<Integer> largestFirst = shares ? (x, y) -> compareShareChange(diff, q, y, x) : bySize(diff, q);
            order = diff.ascending() ? largestFirst.reversed() : largestFirst;
        }
        Integer[] rows = new Integer[diff.rows().size() - 1];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i + 1;
        }
        // Stable: ties keep key order.
        Arrays.sort(rows, Comparator.comparingInt((Integer r) -> diff.rows().part(r).ordinal()).thenComparing(order));
        return Arrays.stream(rows).mapToInt(Integer::intValue).toArray();
    }

    /** The quantity whose change {@code key} sorts by: the measure's inclusive or exclusive value, or calls. */
    private static int quantityOf(ProfileDiff diff, SortKey key) {
        int inclusive = diff.sortQuantity();
        ProfileDiff.Quantity.Kind kind = switch (key) {
            case INCLUSIVE -> ProfileDiff.Quantity.Kind.INCLUSIVE;
            case EXCLUSIVE -> ProfileDiff.Quantity.Kind.EXCLUSIVE;
            case CALLS -> ProfileDiff.Quantity.Kind.CALLS;
            default -> throw new IllegalArgumentException("a diff has no change of " + key.label() + " to sort by");
        };
        Metric measure = diff.quantities().get(inclusive).metric();
        for (int q = 0; q < diff.quantities().size(); q++) {
            ProfileDiff.Quantity quantity = diff.quantities().get(q);
            if (quantity.kind() == kind && (kind == ProfileDiff.Quantity.Kind.CALLS || quantity.metric().equals(measure))) {
                return q;
            }
        }
        throw new IllegalStateException("no " + key.label() + " quantity of " + measure.name());
    }

    /**
     * {@code rows} without those deeper than {@code maxDepth} levels (roots are level 1; 0 for no limit) and those
     * whose inclusive value of the measure is below {@code minPercent} percent of its part's total on both sides
     * (compared exactly; a zero total is a share of 0), each with the rows below it; in their order.
     */
    public static int[] kept(ProfileDiff diff, int[] rows, int maxDepth, double minPercent) {
        if (maxDepth == 0 && minPercent == 0) {
            return rows;
        }
        CallTree tree = diff.rows();
        int q = diff.sortQuantity();
        BigDecimal p = BigDecimal.valueOf(minPercent);
        boolean[] dropped = new boolean[tree.size()];
        // A parent's index is below its children's: its fate is known when a child is met.
        for (int n = 1; n < tree.size(); n++) {
            int parent = tree.parent(n);
            boolean below = minPercent > 0
                    && !atLeast(diff.valueA(n, q), diff.totalA(q, tree.part(n)), p)
                    && !atLeast(diff.valueB(n, q), diff.totalB(q, tree.part(n)), p);
            dropped[n] = (parent != CallTree.ROOT && dropped[parent])
                    || (maxDepth > 0 && tree.depth(n) + 1 > maxDepth) || below;
        }
        return Arrays.stream(rows).filter(r -> !dropped[r]).toArray();
    }

    /** True when {@code value} is at least {@code percent} percent of {@code total} (a zero total: a share of 0). */
    private static boolean atLeast(long value, long total, BigDecimal percent) {
        BigDecimal share = total == 0 ? BigDecimal.ZERO
                : BigDecimal.valueOf(value).multiply(BigDecimal.valueOf(100));
        BigDecimal needed = total == 0 ? percent : percent.multiply(BigDecimal.valueOf(total));
        return share.compareTo(needed) >= 0;
    }

    /**
     * Largest |delta| first: as longs, computed once per row, unless a difference leaves their range (values of
     * opposite signs near its ends), when every row's is compared as a BigInteger.
     */
    private static Comparator<Integer> bySize(ProfileDiff diff, int q) {
        long[] magnitude = new long[diff.rows().size()];
        try {
            for (int row = 1; row < magnitude.length; row++) {
                magnitude[row] = Math.absExact(Math.subtractExact(diff.valueB(row, q), diff.valueA(row, q)));
            }
        } catch (ArithmeticException e) {
            return (x, y) -> magnitude(diff, y, q).compareTo(magnitude(diff, x, q));
        }
        return (x, y) -> Long.compare(magnitude[y], magnitude[x]);
    }

    /** The first {@code count} rows of each part of {@code ordered} (all when {@code count} is 0). */
    public static int[] firstOfEachPart(ProfileDiff diff, int[] ordered, int count) {
        if (count == 0) {
            return ordered;
        }
        int[] taken = new int[Part.values().length];
        return Arrays.stream(ordered).filter(r -> taken[diff.rows().part(r).ordinal()]++ < count).toArray();
    }

    private static BigInteger magnitude(ProfileDiff diff, int row, int q) {
        return BigInteger.valueOf(diff.valueB(row, q)).subtract(BigInteger.valueOf(diff.valueA(row, q))).abs();
    }

    /** Compares |vb/tb - va/ta| of two rows exactly, a share of a zero total being 0. */
    private static int compareShareChange(ProfileDiff diff, int q, int x, int y) {
        BigInteger[] fx = shareChange(diff, q, x);
        BigInteger[] fy = shareChange(diff, q, y);
        return fx[0].multiply(fy[1]).compareTo(fy[0].multiply(fx[1]));
    }

    /** The absolute share change of {@code row} as {numerator, positive denominator}. */
    private static BigInteger[] shareChange(ProfileDiff diff, int q, int row) {
        Part part = diff.rows().part(row);
        long ta = diff.totalA(q, part);
        long tb = diff.totalB(q, part);
        BigInteger va = ta == 0 ? BigInteger.ZERO : BigInteger.valueOf(diff.valueA(row, q));
        BigInteger vb = tb == 0 ? BigInteger.ZERO : BigInteger.valueOf(diff.valueB(row, q));
        BigInteger da = BigInteger.valueOf(ta == 0 ? 1 : ta);
        BigInteger db = BigInteger.valueOf(tb == 0 ? 1 : tb);
        BigInteger num = vb.multiply(da).subtract(va.multiply(db));
        BigInteger den = da.multiply(db);
        if (den.signum() < 0) {
            den = den.negate();
        }
        return new BigInteger[] {num.abs(), den};
    }

    /** Adds {@code tree}'s keys to {@code rows}; returns the row of each of its nodes (index 0: the virtual root). */
    private static int[] addKeys(CallTree rows, CallTree tree) {
        int[] rowOf = new int[tree.size()];
        rowOf[CallTree.ROOT] = CallTree.ROOT;
        // A parent's index is below its children's (a child is created under an existing node).
        for (int n = 1; n < tree.size(); n++) {
            int frame = rows.frames().intern(tree.regionName(n), tree.callsiteName(n));
            rowOf[n] = rows.child(rowOf[tree.parent(n)], frame, tree.part(n));
        }
        return rowOf;
    }

    /**
     * Calls, inclusive and exclusive time, then each sample weight's inclusive and exclusive values and each
     * integral value metric, of A's metric groups and then of B's, each once. Non-integral values and ratios
     * are not compared (SEMANTICS.md "Diff").
     */
    private static List<ProfileDiff.Quantity> quantitiesOf(CallTree a, CallTree b) {
        List<ProfileDiff.Quantity> quantities = new ArrayList<>();
        Metric time = SampleWeights.TIME;
        quantities.add(new ProfileDiff.Quantity("calls", MetricUnit.COUNT, ProfileDiff.Quantity.Kind.CALLS, time));
        quantities.add(new ProfileDiff.Quantity("inclusive_ns", MetricUnit.NANOSECONDS,
                ProfileDiff.Quantity.Kind.INCLUSIVE, time));
        quantities.add(new ProfileDiff.Quantity("exclusive_ns", MetricUnit.NANOSECONDS,
                ProfileDiff.Quantity.Kind.EXCLUSIVE, time));
        Map<String, Metric> declared = new LinkedHashMap<>();
        for (CallTree tree : List.of(a, b)) {
            for (MetricGroup g : tree.metricGroups()) {
                for (Metric m : g.metrics()) {
                    declared.putIfAbsent(m.name(), m);
                }
            }
        }
        for (Metric m : declared.values()) {
            if (m.kind() == Metric.Kind.WEIGHT) {
                quantities.add(new ProfileDiff.Quantity(m.name() + "_inclusive_" + m.unit().label(), m.unit(),
                        ProfileDiff.Quantity.Kind.INCLUSIVE, m));
                quantities.add(new ProfileDiff.Quantity(m.name() + "_exclusive_" + m.unit().label(), m.unit(),
                        ProfileDiff.Quantity.Kind.EXCLUSIVE, m));
            } else if (m.kind() == Metric.Kind.VALUE && m.integral()) {
                quantities.add(new ProfileDiff.Quantity(m.name(), m.unit(), ProfileDiff.Quantity.Kind.VALUE, m));
            }
        }
        return quantities;
    }

    private static long[] valuesOf(CallTree tree, int[] rowOf, int rowCount, ProfileDiff.Quantity quantity) {
        long[] values = new long[rowCount];
        if (!SampleWeights.isTime(quantity.metric()) && !holds(tree, quantity.metric())) {
            return values;
        }
        for (int n = 1; n < tree.size(); n++) {
            values[rowOf[n]] = valueOf(tree, n, quantity);
        }
        return values;
    }

    private static long valueOf(CallTree tree, int node, ProfileDiff.Quantity quantity) {
        return switch (quantity.kind()) {
            case CALLS -> tree.calls(node);
            case INCLUSIVE -> tree.inclusiveOf(node, quantity.metric());
            case EXCLUSIVE -> tree.exclusiveOf(node, quantity.metric());
            case VALUE -> tree.longValue(node, quantity.metric());
        };
    }

    /** True when {@code tree} has a column of exactly {@code metric} (another declaration of its name reads as none). */
    private static boolean holds(CallTree tree, Metric metric) {
        for (MetricGroup g : tree.metricGroups()) {
            if (g.metrics().contains(metric)) {
                return true;
            }
        }
        return false;
    }

    /** Per part: the profile's total of a shareable quantity's metric, else the sum of its rows' values. */
    private static long[] totalsOf(Profile profile, ProfileDiff.Quantity quantity) {
        long[] totals = new long[Part.values().length];
        CallTree tree = profile.tree();
        boolean present = SampleWeights.isTime(quantity.metric()) || holds(tree, quantity.metric());
        if (!present) {
            return totals;
        }
        for (Part part : Part.values()) {
            if (quantity.shareable()) {
                totals[part.ordinal()] = profile.total(quantity.metric(), part);
            }
        }
        if (!quantity.shareable()) {
            boolean hierarchical = profile.view().isHierarchical();
            for (int n = 1; n < tree.size(); n++) {
                // A sample is counted at every row of its stack: in a tree, the samples of a part are its roots'.
                if (quantity.kind() == ProfileDiff.Quantity.Kind.CALLS && tree.part(n).sampled() && hierarchical
                        && tree.parent(n) != CallTree.ROOT) {
                    continue;
                }
                totals[tree.part(n).ordinal()] = CallTree.saturated(totals[tree.part(n).ordinal()], valueOf(tree, n, quantity));
            }
        }
        return totals;
    }

    private static String viewLabel(Profile p) {
        return p.view().label() + (p.tauDepth() > 0 ? " " + p.tauDepth() : "");
    }
}
