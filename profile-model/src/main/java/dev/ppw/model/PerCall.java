package dev.ppw.model;

/**
 * The mean time of one call of a row (SEMANTICS.md section 5, "Per call"): its inclusive or exclusive time
 * divided by its calls, TAU's "Inclusive usec/call".
 *
 * <p>Defined only where the quotient means a call: the profile is a sum (one profile, or a {@code sum}
 * aggregate: under min, max and avg the times are not summed over the nodes while the calls are, so their
 * quotient is no mean of anything), the row has calls, and at least one of them was timed (a set
 * {@link CallTree#minInclusiveNanos min}; a row made only of stack samples counts samples, not calls), or the
 * tree says its calls outside the samples part were each timed whole ({@link CallTree#callsTimedWhole()}: TAU's).
 * Elsewhere there is no value: an empty CSV field, JSON {@code null}, {@code -} in text.
 *
 * <p>The value is the exact quotient rounded to the nearest nanosecond, halves away from zero, computed in
 * integer arithmetic: it never goes through a {@code double}. Stateless and thread-safe.
 */
public final class PerCall {
    private PerCall() {
    }

    /** True when {@code node} of {@code profile}'s tree has a time per call (see the class comment). */
    public static boolean defined(Profile profile, int node) {
        CallTree t = profile.tree();
        return profile.aggregation() == MergeOp.SUM && t.calls(node) > 0
                && (t.minInclusiveNanos(node) != CallTree.UNSET || t.callsTimedWhole() && !t.part(node).sampled());
    }

    /** Inclusive nanoseconds per call of {@code node}; only where {@link #defined}. */
    public static long inclusiveNanos(Profile profile, int node) {
        CallTree t = profile.tree();
        return nearestQuotient(t.inclusiveNanos(node), t.calls(node));
    }

    /** Exclusive nanoseconds per call of {@code node}; only where {@link #defined}. */
    public static long exclusiveNanos(Profile profile, int node) {
        CallTree t = profile.tree();
        return nearestQuotient(t.exclusiveNanos(node), t.calls(node));
    }

    /**
     * {@code dividend / divisor} rounded to the nearest integer, halves away from zero, exactly.
     *
     * @throws IllegalArgumentException when {@code divisor} is not positive
     */
    public static long nearestQuotient(long dividend, long divisor) {
        if (divisor <= 0) {
            throw new IllegalArgumentException("the divisor must be positive, got " + divisor);
        }
        long q = dividend / divisor;
        long r = Math.abs(dividend % divisor);
        // r < divisor, so divisor - r cannot overflow where 2 * r could.
        if (r >= divisor - r) {
            q += dividend < 0 ? -1 : 1;
        }
        return q;
    }
}
