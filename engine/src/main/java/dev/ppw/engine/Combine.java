package dev.ppw.engine;

import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;

import java.util.Objects;

/**
 * How the inputs of an {@link Analysis} make one profile (SEMANTICS.md section 4): summed into one profile, each
 * input one node of it ({@link #profile()}, what {@code ppw-java profile} does), or merged as nodes with an operator
 * ({@link #merge(MergeOp)}, what {@code ppw-java merge} does). Immutable.
 *
 * @param merge              false: one profile of every input (traces folded into one tree, one node per input);
 *                           true: node profiles combined key by key by {@code op}
 * @param op                 how a merge combines the nodes' values; {@link MergeOp#SUM} for a profile
 * @param missing            how a merge counts a row a node lacks: as 0, or not at all (min, avg and max over the
 *                           nodes that have it); {@link MissingRule#ZERO} for a profile
 * @param nodeBy             what a node of a merge is: each input, or each process of each trace
 * @param breakdown          a merge keeps each row's per-node statistics ({@link dev.ppw.model.Breakdown})
 * @param recomputeInclusive a merge in a tree or callpath view rebuilds inclusive times bottom-up from the combined
 *                           exclusive times
 */
public record Combine(boolean merge, MergeOp op, MissingRule missing, NodeKey nodeBy, boolean breakdown,
                      boolean recomputeInclusive) {
    /** What a node of a merge is. */
    public enum NodeKey {
        /** Each input (a trace file, a saved profile) is a node. */
        FILE,
        /** Each process of each trace is a node; a saved profile is one. */
        PID;

        /** The lower-case name used on the command line. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private static final Combine PROFILE = new Combine(false, MergeOp.SUM, MissingRule.ZERO, NodeKey.FILE, false,
            false);

    public Combine {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(missing, "missing");
        Objects.requireNonNull(nodeBy, "nodeBy");
        if (!merge && (op != MergeOp.SUM || missing != MissingRule.ZERO || nodeBy != NodeKey.FILE || breakdown
                || recomputeInclusive)) {
            throw new IllegalArgumentException("a profile sums its inputs: operator, missing rule, nodes by pid,"
                    + " breakdown and recomputed inclusive times are for merges");
        }
    }

    /** Every input summed into one profile. */
    public static Combine profile() {
        return PROFILE;
    }

    /** The inputs merged as nodes with {@code op}, a missing row counting 0, each input a node. */
    public static Combine merge(MergeOp op) {
        return new Combine(true, op, MissingRule.ZERO, NodeKey.FILE, false, false);
    }

    /** This merge counting a missing row as {@code rule} says. */
    public Combine withMissing(MissingRule rule) {
        return new Combine(merge, op, rule, nodeBy, breakdown, recomputeInclusive);
    }

    /** This merge with nodes of {@code key}. */
    public Combine withNodeBy(NodeKey key) {
        return new Combine(merge, op, missing, key, breakdown, recomputeInclusive);
    }

    /** This merge keeping (or not) each row's per-node statistics. */
    public Combine withBreakdown(boolean keep) {
        return new Combine(merge, op, missing, nodeBy, keep, recomputeInclusive);
    }

    /** This merge rebuilding (or not) inclusive times from the combined exclusive times. */
    public Combine withRecomputeInclusive(boolean recompute) {
        return new Combine(merge, op, missing, nodeBy, breakdown, recompute);
    }
}
