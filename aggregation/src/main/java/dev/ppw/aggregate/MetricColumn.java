package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Combine;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;

import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * What {@link MergeRows} keeps per merged row of one declared metric, by the metric's kind: a VALUE
 * metric combines by its own rule whatever the operator (an integral one from 0, a non-integral one from
 * "no value", and a non-integral sum exactly: {@link ExactSum}); a WEIGHT metric keeps the sum, minimum
 * and maximum of its inclusive and exclusive values over the nodes having the row, as for times, so that
 * the operator and missing rule apply to it as they do to times. A node having the row but not the
 * metric's group counts as 0 for a weight (it has the row, with no weight) and as nothing for a value.
 *
 * <p>Row indices are {@link MergeRows}'s keys; {@link #grow} keeps the arrays as long as the key table.
 */
abstract sealed class MetricColumn {
    final MetricGroup group;
    final Metric metric;

    private MetricColumn(MetricGroup group, Metric metric) {
        this.group = group;
        this.metric = metric;
    }

    /** An empty column of stored metric {@code m} of {@code g}, for {@code capacity} rows. */
    static MetricColumn of(MetricGroup g, Metric m, int capacity) {
        MetricColumn c = switch (m.kind()) {
            case WEIGHT -> new Weights(g, m);
            case VALUE -> m.integral() ? new Longs(g, m) : m.combine() == Combine.SUM ? new Sums(g, m) : new Extremes(g, m);
            case RATIO -> throw new IllegalArgumentException(m.name() + " is computed, not stored");
        };
        c.grow(0, capacity);
        return c;
    }

    /** Makes room for rows {@code from .. to-1}, all without a value. */
    abstract void grow(int from, int to);

    /**
     * Adds node {@code node} of {@code tree} (which has this metric when {@code has}) to row {@code row};
     * {@code first}: no node had the row before.
     */
    abstract void add(int row, boolean first, CallTree tree, int node, boolean has);

    /** Adds row {@code theirRow} of {@code theirs} (null: their nodes lack the metric) to row {@code row}. */
    abstract void combine(int row, boolean first, MetricColumn theirs, int theirRow);

    /**
     * Stores the combined value of each row into {@code out}: row {@code order[i]} into node {@code i + 1}.
     * {@code rows} applies the operator to weights; {@code recompute} rebuilds their inclusive values bottom-up.
     */
    abstract void store(CallTree out, int[] order, MergeRows rows, boolean recompute);

    abstract void write(DataOutput out, int row) throws IOException;

    /** Reads what {@link #write} wrote of row {@code row}, which {@code nodes} nodes have. */
    abstract void read(DataInputStream in, int row, int nodes) throws IOException;

    /**
     * An integral VALUE metric: 0 where none, combined by its rule (sum or max of values >= 0); a sum is exact in 128
     * bits ({@link WideSum}, its high halves in {@code high}), and the value shown stops at the limit of a long.
     */
    static final class Longs extends MetricColumn {
        private long[] values = new long[0];
        private long[] high = new long[0];

        Longs(MetricGroup g, Metric m) {
            super(g, m);
        }

        private boolean sums() {
            return metric.combine() == Combine.SUM;
        }

        @Override
        void grow(int from, int to) {
            values = Arrays.copyOf(values, Math.max(values.length, to));
            high = Arrays.copyOf(high, Math.max(high.length, to));
        }

        @Override
        void add(int row, boolean first, CallTree tree, int node, boolean has) {
            if (!has) {
                return;
            }
            long v = tree.longValue(node, metric);
            if (sums()) {
                WideSum.add(high, values, row, v);
            } else {
                values[row] = metric.combine().apply(values[row], v);
            }
        }

        @Override
        void combine(int row, boolean first, MetricColumn theirs, int theirRow) {
            if (theirs == null) {
                return;
            }
            Longs other = (Longs) theirs;
            if (sums()) {
                WideSum.add(high, values, row, other.high[theirRow], other.values[theirRow]);
            } else {
                values[row] = metric.combine().apply(values[row], other.values[theirRow]);
            }
        }

        @Override
        void store(CallTree out, int[] order, MergeRows rows, boolean recompute) {
            for (int i = 0; i < order.length; i++) {
                int k = order[i];
                out.set(i + 1, metric, MergeRows.shown(out, i + 1, metric.name(), high[k], values[k]));
            }
        }

        @Override
        void write(DataOutput out, int row) throws IOException {
            out.writeLong(high[row]);
            out.writeLong(values[row]);
        }

        @Override
        void read(DataInputStream in, int row, int nodes) throws IOException {
            high[row] = in.readLong();
            values[row] = in.readLong();
            WideSum.requireSumOf(high[row], values[row], nodes, "row " + row + "'s " + metric.name());
        }
    }

    /** A non-integral VALUE metric combined by min or max: NaN where none. */
    static final class Extremes extends MetricColumn {
        private double[] values = new double[0];

        Extremes(MetricGroup g, Metric m) {
            super(g, m);
        }

        @Override
        void grow(int from, int to) {
            values = Arrays.copyOf(values, Math.max(values.length, to));
            Arrays.fill(values, from, to, Double.NaN);
        }

        @Override
        void add(int row, boolean first, CallTree tree, int node, boolean has) {
            if (has) {
                values[row] = metric.combine().apply(values[row], tree.doubleValue(node, metric));
            }
        }

        @Override
        void combine(int row, boolean first, MetricColumn theirs, int theirRow) {
            if (theirs != null) {
                values[row] = metric.combine().apply(values[row], ((Extremes) theirs).values[theirRow]);
            }
        }

        @Override
        void store(CallTree out, int[] order, MergeRows rows, boolean recompute) {
            for (int i = 0; i < order.length; i++) {
                out.set(i + 1, metric, values[order[i]]);
            }
        }

        @Override
        void write(DataOutput out, int row) throws IOException {
            out.writeDouble(values[row]);
        }

        @Override
        void read(DataInputStream in, int row, int nodes) throws IOException {
            values[row] = in.readDouble();
        }
    }

    /** A non-integral VALUE metric that adds up: summed exactly, null where none. */
    static final class Sums extends MetricColumn {
        private ExactSum[] values = new ExactSum[0];

        Sums(MetricGroup g, Metric m) {
            super(g, m);
        }

        @Override
        void grow(int from, int to) {
            values = Arrays.copyOf(values, Math.max(values.length, to));
        }

        @Override
        void add(int row, boolean first, CallTree tree, int node, boolean has) {
            double v = has ? tree.doubleValue(node, metric) : Double.NaN;
            if (!Double.isNaN(v)) {
                values[row] = (values[row] == null ? ExactSum.ZERO : values[row]).plus(v);
            }
        }

        @Override
        void combine(int row, boolean first, MetricColumn theirs, int theirRow) {
            ExactSum other = theirs == null ? null : ((Sums) theirs).values[theirRow];
            if (other != null) {
                values[row] = values[row] == null ? other : values[row].plus(other);
            }
        }

        @Override
        void store(CallTree out, int[] order, MergeRows rows, boolean recompute) {
            for (int i = 0; i < order.length; i++) {
                ExactSum sum = values[order[i]];
                out.set(i + 1, metric, sum == null ? Double.NaN : sum.doubleValue());
            }
        }

        @Override
        void write(DataOutput out, int row) throws IOException {
            out.writeBoolean(values[row] != null);
            if (values[row] != null) {
                values[row].write(out);
            }
        }

        @Override
        void read(DataInputStream in, int row, int nodes) throws IOException {
            values[row] = in.readBoolean() ? ExactSum.read(in) : null;
        }
    }

    /**
     * A WEIGHT metric: inclusive and exclusive sums (exact in 128 bits, {@link WideSum}: the high halves in the arrays
     * ending in High), minima and maxima over the nodes having the row.
     */
    static final class Weights extends MetricColumn {
        private long[] sumInclusive = new long[0];
        private long[] sumInclusiveHigh = new long[0];
        private long[] minInclusive = new long[0];
        private long[] maxInclusive = new long[0];
        private long[] sumExclusive = new long[0];
        private long[] sumExclusiveHigh = new long[0];
        private long[] minExclusive = new long[0];
        private long[] maxExclusive = new long[0];

        Weights(MetricGroup g, Metric m) {
            super(g, m);
        }

        @Override
        void grow(int from, int to) {
            // Zeros: a row the column meets only now was had, with no weight, by the nodes before.
            int n = Math.max(sumInclusive.length, to);
            sumInclusive = Arrays.copyOf(sumInclusive, n);
            sumInclusiveHigh = Arrays.copyOf(sumInclusiveHigh, n);
            minInclusive = Arrays.copyOf(minInclusive, n);
            maxInclusive = Arrays.copyOf(maxInclusive, n);
            sumExclusive = Arrays.copyOf(sumExclusive, n);
            sumExclusiveHigh = Arrays.copyOf(sumExclusiveHigh, n);
            minExclusive = Arrays.copyOf(minExclusive, n);
            maxExclusive = Arrays.copyOf(maxExclusive, n);
        }

        @Override
        void add(int row, boolean first, CallTree tree, int node, boolean has) {
            long inclusive = has ? tree.inclusive(node, metric) : 0;
            long exclusive = has ? tree.exclusive(node, metric) : 0;
            WideSum.add(sumInclusiveHigh, sumInclusive, row, inclusive);
            WideSum.add(sumExclusiveHigh, sumExclusive, row, exclusive);
            if (first) {
                minInclusive[row] = maxInclusive[row] = inclusive;
                minExclusive[row] = maxExclusive[row] = exclusive;
            } else {
                minInclusive[row] = Math.min(minInclusive[row], inclusive);
                maxInclusive[row] = Math.max(maxInclusive[row], inclusive);
                minExclusive[row] = Math.min(minExclusive[row], exclusive);
                maxExclusive[row] = Math.max(maxExclusive[row], exclusive);
            }
        }

        @Override
        void combine(int row, boolean first, MetricColumn theirs, int theirRow) {
            if (theirs == null) {
                // Their nodes had the row with no weight: zeros, which a new row already holds.
                if (!first) {
                    minInclusive[row] = Math.min(minInclusive[row], 0);
                    maxInclusive[row] = Math.max(maxInclusive[row], 0);
                    minExclusive[row] = Math.min(minExclusive[row], 0);
                    maxExclusive[row] = Math.max(maxExclusive[row], 0);
                }
                return;
            }
            Weights w = (Weights) theirs;
            WideSum.add(sumInclusiveHigh, sumInclusive, row, w.sumInclusiveHigh[theirRow], w.sumInclusive[theirRow]);
            WideSum.add(sumExclusiveHigh, sumExclusive, row, w.sumExclusiveHigh[theirRow], w.sumExclusive[theirRow]);
            if (first) {
                minInclusive[row] = w.minInclusive[theirRow];
                maxInclusive[row] = w.maxInclusive[theirRow];
                minExclusive[row] = w.minExclusive[theirRow];
                maxExclusive[row] = w.maxExclusive[theirRow];
            } else {
                minInclusive[row] = Math.min(minInclusive[row], w.minInclusive[theirRow]);
                maxInclusive[row] = Math.max(maxInclusive[row], w.maxInclusive[theirRow]);
                minExclusive[row] = Math.min(minExclusive[row], w.minExclusive[theirRow]);
                maxExclusive[row] = Math.max(maxExclusive[row], w.maxExclusive[theirRow]);
            }
        }

        @Override
        void store(CallTree out, int[] order, MergeRows rows, boolean recompute) {
            long[] inclusive = new long[order.length + 1];
            long[] exclusive = new long[order.length + 1];
            for (int i = 0; i < order.length; i++) {
                int k = order[i];
                inclusive[i + 1] = rows.byOperator(k, sumInclusiveHigh[k], sumInclusive[k], minInclusive[k],
                        maxInclusive[k]);
                exclusive[i + 1] = rows.byOperator(k, sumExclusiveHigh[k], sumExclusive[k], minExclusive[k],
                        maxExclusive[k]);
                if (rows.sums()) {
                    if (!recompute) {
                        MergeRows.shown(out, i + 1, metric.name() + " inclusive", sumInclusiveHigh[k], sumInclusive[k]);
                    }
                    MergeRows.shown(out, i + 1, metric.name() + " exclusive", sumExclusiveHigh[k], sumExclusive[k]);
                }
            }
            if (recompute) {
                MergeRows.recomputeInclusive(out, inclusive, exclusive, metric.name() + " inclusive");
            }
            for (int n = 1; n < inclusive.length; n++) {
                out.setWeight(n, metric, inclusive[n], exclusive[n]);
            }
        }

        @Override
        void write(DataOutput out, int row) throws IOException {
            out.writeLong(sumInclusiveHigh[row]);
            out.writeLong(sumInclusive[row]);
            out.writeLong(minInclusive[row]);
            out.writeLong(maxInclusive[row]);
            out.writeLong(sumExclusiveHigh[row]);
            out.writeLong(sumExclusive[row]);
            out.writeLong(minExclusive[row]);
            out.writeLong(maxExclusive[row]);
        }

        @Override
        void read(DataInputStream in, int row, int nodes) throws IOException {
            sumInclusiveHigh[row] = in.readLong();
            sumInclusive[row] = in.readLong();
            minInclusive[row] = in.readLong();
            maxInclusive[row] = in.readLong();
            sumExclusiveHigh[row] = in.readLong();
            sumExclusive[row] = in.readLong();
            minExclusive[row] = in.readLong();
            maxExclusive[row] = in.readLong();
            WideSum.requireSumOf(sumInclusiveHigh[row], sumInclusive[row], nodes, "row " + row + "'s " + metric.name()
                    + " inclusive sum");
            WideSum.requireSumOf(sumExclusiveHigh[row], sumExclusive[row], nodes, "row " + row + "'s " + metric.name()
                    + " exclusive sum");
        }
    }
}
