package dev.ppw.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Two profiles of one view compared row by row (SEMANTICS.md "Diff"): profile A, the baseline, and
 * profile B, the one compared with it. Built by the aggregation module ({@code Engine.diff}); writers
 * only read it.
 *
 * <p>Rows: the union of both profiles' rows, matched by the key a merge matches nodes by (a row's part,
 * then the keys of its callers and its own (region, callsite) frame; in flat and tau views, whose rows
 * are roots, the part and the row's frame). They are the real nodes of {@link #rows()}, a tree of keys
 * holding structure only (its metric columns are all zero): node {@code r} of that tree is row {@code r},
 * its parent the row of its caller, so a hierarchical view keeps its shape for a flame graph. A row in
 * one profile only is {@link Presence#ONLY_A} or {@link Presence#ONLY_B}; its value on the other side is 0.
 *
 * <p>Values: every {@link Quantity} is an integer per row and profile (time in nanoseconds, counts,
 * sample weights in their unit), so {@link #delta} is exact and {@code valueA + delta == valueB} for every
 * row and quantity. Shares ({@link #normalized()}) and ratios are exact rationals, rounded only when a
 * caller asks for a decimal, half to even at the scale it gives.
 *
 * <p>Immutable once built, so safe to read from several threads; the constructor copies nothing, and
 * the builder must not change the arrays and tree it hands over.
 */
public final class ProfileDiff {
    /** Which of the two profiles a row is in. */
    public enum Presence {
        /** In both A and B. */
        BOTH("both"),
        /** In A only: B's values are 0. */
        ONLY_A("only A"),
        /** In B only: A's values are 0. */
        ONLY_B("only B");

        private final String label;

        Presence(String label) {
            this.label = label;
        }

        /** How outputs print it: {@code both}, {@code only A}, {@code only B}. */
        public String label() {
            return label;
        }
    }

    /**
     * One compared quantity: an integer per row in each profile.
     *
     * @param name   how machine-readable outputs name it: {@code calls}, {@code inclusive_ns},
     *               {@code exclusive_ns}, {@code <weight>_inclusive_<unit>}, {@code <weight>_exclusive_<unit>},
     *               or an integral value metric's name
     * @param unit   its unit
     * @param kind   what it is
     * @param metric the metric it is read from: {@link SampleWeights#TIME} for calls and time, else the
     *               declared weight or value metric
     */
    public record Quantity(String name, MetricUnit unit, Kind kind, Metric metric) {
        /** What a quantity is. */
        public enum Kind {
            /** Calls (samples, for sampled inputs) of the row. */
            CALLS,
            /** The inclusive value of time or of a sample weight. */
            INCLUSIVE,
            /** The exclusive value of time or of a sample weight. */
            EXCLUSIVE,
            /** An integral value metric ({@link Metric.Kind#VALUE}). */
            VALUE
        }

        public Quantity {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(unit, "unit");
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(metric, "metric");
        }

        /** True for inclusive and exclusive values: the quantities {@code --normalize} compares as shares. */
        public boolean shareable() {
            return kind == Kind.INCLUSIVE || kind == Kind.EXCLUSIVE;
        }

        /** True when the values are times in nanoseconds. */
        public boolean time() {
            return shareable() && SampleWeights.isTime(metric);
        }
    }

    private static final BigInteger HUNDRED = BigInteger.valueOf(100);

    private final Profile a;
    private final Profile b;
    private final CallTree rows;
    private final Presence[] presence;
    private final List<Quantity> quantities;
    private final long[][] valuesA;
    private final long[][] valuesB;
    private final long[][] totalsA;
    private final long[][] totalsB;
    private final boolean normalized;
    private final SortKey orderKey;
    private final boolean ascending;

    /**
     * @param a          the baseline profile
     * @param b          the profile compared with it, in the same view
     * @param rows       the union of their rows as a tree of keys (see the class comment)
     * @param presence   per node of {@code rows} (index 0, the virtual root, is null): which profile has it
     * @param quantities what is compared, in output order
     * @param valuesA    per quantity, per node of {@code rows}: A's value (0 where A lacks the row)
     * @param valuesB    per quantity, per node of {@code rows}: B's value (0 where B lacks the row)
     * @param totalsA    per quantity, per {@link Part} ordinal: A's total, the 100% of its shares (for a
     *                   quantity that is not {@link Quantity#shareable()}, the sum of its rows' values)
     * @param totalsB    the same for B
     * @param normalized true when shareable quantities are compared as shares of their part's total
     */
    public ProfileDiff(Profile a, Profile b, CallTree rows, Presence[] presence, List<Quantity> quantities,
                       long[][] valuesA, long[][] valuesB, long[][] totalsA, long[][] totalsB, boolean normalized) {
        this.a = Objects.requireNonNull(a, "a");
        this.b = Objects.requireNonNull(b, "b");
        this.rows = Objects.requireNonNull(rows, "rows");
        this.presence = Objects.requireNonNull(presence, "presence");
        this.quantities = List.copyOf(quantities);
        this.valuesA = Objects.requireNonNull(valuesA, "valuesA");
        this.valuesB = Objects.requireNonNull(valuesB, "valuesB");
        this.totalsA = Objects.requireNonNull(totalsA, "totalsA");
        this.totalsB = Objects.requireNonNull(totalsB, "totalsB");
        this.normalized = normalized;
        this.orderKey = SortKey.INCLUSIVE;
        this.ascending = false;
        int n = this.quantities.size();
        if (presence.length != rows.size() || valuesA.length != n || valuesB.length != n || totalsA.length != n
                || totalsB.length != n) {
            throw new IllegalArgumentException("a diff needs one presence per row and values and totals per quantity");
        }
        for (int q = 0; q < n; q++) {
            if (valuesA[q].length != rows.size() || valuesB[q].length != rows.size()
                    || totalsA[q].length != Part.values().length || totalsB[q].length != Part.values().length) {
                throw new IllegalArgumentException("quantity " + this.quantities.get(q).name()
                        + " needs a value per row and a total per part");
            }
        }
    }

    private ProfileDiff(ProfileDiff of, SortKey orderKey, boolean ascending) {
        this.a = of.a;
        this.b = of.b;
        this.rows = of.rows;
        this.presence = of.presence;
        this.quantities = of.quantities;
        this.valuesA = of.valuesA;
        this.valuesB = of.valuesB;
        this.totalsA = of.totalsA;
        this.totalsB = of.totalsB;
        this.normalized = of.normalized;
        this.orderKey = Objects.requireNonNull(orderKey, "orderKey");
        this.ascending = ascending;
    }

    /**
     * This diff with the order its rows are shown in ({@link #orderKey()}): by the size of the change of
     * {@link SortKey#INCLUSIVE inclusive}, {@link SortKey#EXCLUSIVE exclusive} or {@link SortKey#CALLS calls}, or
     * by {@link SortKey#NAME name}; smallest (or A) first when {@code ascending}. The values are shared.
     */
    public ProfileDiff ordered(SortKey key, boolean ascending) {
        return new ProfileDiff(this, key, ascending);
    }

    /** What the rows are shown ordered by: {@link SortKey#INCLUSIVE} (the size of its change) unless told. */
    public SortKey orderKey() {
        return orderKey;
    }

    /** True when the smallest change (or for names, A) comes first. */
    public boolean ascending() {
        return ascending;
    }

    /** The baseline profile, A. */
    public Profile a() {
        return a;
    }

    /** The profile compared with the baseline, B. */
    public Profile b() {
        return b;
    }

    /**
     * The rows as a tree of keys: real node {@code r} (1 .. {@code size()-1}) is row {@code r}, with the
     * region, callsite, part, parent and depth of its key. Its metric columns are all zero: values are read
     * here. Must not be changed.
     */
    public CallTree rows() {
        return rows;
    }

    /** Which profile has {@code row}. */
    public Presence presence(int row) {
        checkRow(row);
        return presence[row];
    }

    /** The compared quantities, in output order: calls, inclusive and exclusive time, then declared metrics. */
    public List<Quantity> quantities() {
        return quantities;
    }

    /** True when shareable quantities are compared as shares of their part's total ({@code --normalize}). */
    public boolean normalized() {
        return normalized;
    }

    /** A's value of quantity {@code q} (an index into {@link #quantities()}) at {@code row}: 0 when A lacks it. */
    public long valueA(int row, int q) {
        checkRow(row);
        return valuesA[q][row];
    }

    /** B's value of quantity {@code q} at {@code row}: 0 when B lacks it. */
    public long valueB(int row, int q) {
        checkRow(row);
        return valuesB[q][row];
    }

    /**
     * B's value minus A's, exact: {@code valueA(row, q) + delta(row, q) == valueB(row, q)}, unless the difference
     * leaves the range of a long (values of opposite signs near its ends): then the limit it went past
     * (SEMANTICS.md section 5, "Limits"), counted by {@link #deltasAtLimit()}.
     */
    public long delta(int row, int q) {
        long b = valueB(row, q);
        long a = valueA(row, q);
        long r = b - a;
        if (((b ^ a) & (b ^ r)) < 0) {
            return b < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return r;
    }

    /** How many deltas ({@link #delta}) of every row and quantity left the range of a long and stopped at its limit. */
    public long deltasAtLimit() {
        long count = 0;
        for (int q = 0; q < quantities.size(); q++) {
            for (int row = 1; row < rows.size(); row++) {
                long b = valueB(row, q);
                long a = valueA(row, q);
                if (((b ^ a) & (b ^ (b - a))) < 0) {
                    count++;
                }
            }
        }
        return count;
    }

    /** A's total of quantity {@code q} over the rows of {@code part}: the 100% of A's shares. */
    public long totalA(int q, Part part) {
        return totalsA[q][part.ordinal()];
    }

    /** B's total of quantity {@code q} over the rows of {@code part}. */
    public long totalB(int q, Part part) {
        return totalsB[q][part.ordinal()];
    }

    /**
     * A's share of its part's total at {@code row} in percent, rounded half to even to {@code scale}
     * decimals: 0 when the total is 0.
     */
    public BigDecimal sharePercentA(int row, int q, int scale) {
        return percent(valueA(row, q), totalA(q, rows.part(row)), scale);
    }

    /** B's share of its part's total at {@code row} in percent, as {@link #sharePercentA}. */
    public BigDecimal sharePercentB(int row, int q, int scale) {
        return percent(valueB(row, q), totalB(q, rows.part(row)), scale);
    }

    /**
     * B's share minus A's in percentage points, computed exactly and then rounded half to even to
     * {@code scale} decimals (not the difference of the rounded shares).
     */
    public BigDecimal shareDeltaPercent(int row, int q, int scale) {
        Part part = rows.part(row);
        Fraction sa = Fraction.of(valueA(row, q), totalA(q, part));
        Fraction sb = Fraction.of(valueB(row, q), totalB(q, part));
        BigInteger num = sb.num.multiply(sa.den).subtract(sa.num.multiply(sb.den)).multiply(HUNDRED);
        return new BigDecimal(num).divide(new BigDecimal(sa.den.multiply(sb.den)), scale, RoundingMode.HALF_EVEN);
    }

    /**
     * B's value over A's at {@code row} (of their shares when {@link #normalized()} and {@code q} is
     * {@link Quantity#shareable()}), computed exactly and rounded half to even to {@code scale} decimals;
     * empty when A's value (or share) is 0, where no ratio exists.
     */
    public Optional<BigDecimal> ratio(int row, int q, int scale) {
        long va = valueA(row, q);
        long vb = valueB(row, q);
        if (va == 0) {
            return Optional.empty();
        }
        BigInteger num = BigInteger.valueOf(vb);
        BigInteger den = BigInteger.valueOf(va);
        if (normalized && quantities.get(q).shareable()) {
            Part part = rows.part(row);
            long ta = totalA(q, part);
            long tb = totalB(q, part);
            if (tb == 0) {
                // B's share is 0 by the rule of shares of a zero total.
                num = BigInteger.ZERO;
            } else {
                num = num.multiply(BigInteger.valueOf(ta));
                den = den.multiply(BigInteger.valueOf(tb));
            }
        }
        return Optional.of(new BigDecimal(num).divide(new BigDecimal(den), scale, RoundingMode.HALF_EVEN));
    }

    /**
     * The quantity the rows are ordered by by default: the inclusive value of the measure both profiles are
     * read by ({@link CallTree#measure()}), as an index into {@link #quantities()}.
     */
    public int sortQuantity() {
        Metric measure = measureOf(a, b);
        for (int q = 0; q < quantities.size(); q++) {
            Quantity quantity = quantities.get(q);
            if (quantity.kind() == Quantity.Kind.INCLUSIVE && quantity.metric().equals(measure)) {
                return q;
            }
        }
        throw new IllegalStateException("no inclusive quantity of " + measure.name());
    }

    /**
     * The measure two profiles are compared by: time when either has time, else A's sample weight (B's when
     * A has no rows).
     */
    public static Metric measureOf(Profile a, Profile b) {
        Metric ma = a.tree().measure();
        Metric mb = b.tree().measure();
        if (SampleWeights.isTime(ma) || SampleWeights.isTime(mb)) {
            return SampleWeights.TIME;
        }
        return a.tree().size() > 1 ? ma : mb;
    }

    private void checkRow(int row) {
        if (row <= CallTree.ROOT || row >= rows.size()) {
            throw new IndexOutOfBoundsException("row " + row + " of a diff of " + (rows.size() - 1) + " rows");
        }
    }

    private static BigDecimal percent(long value, long total, int scale) {
        if (total == 0) {
            return BigDecimal.ZERO.setScale(scale, RoundingMode.UNNECESSARY);
        }
        return new BigDecimal(BigInteger.valueOf(value).multiply(HUNDRED))
                .divide(BigDecimal.valueOf(total), scale, RoundingMode.HALF_EVEN);
    }

    /** A share as a fraction: 0/1 for a zero total. */
    private record Fraction(BigInteger num, BigInteger den) {
        static Fraction of(long value, long total) {
            return total == 0 ? new Fraction(BigInteger.ZERO, BigInteger.ONE)
                    : new Fraction(BigInteger.valueOf(value), BigInteger.valueOf(total));
        }
    }
}
