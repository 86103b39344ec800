package dev.ppw.collect.v8;

import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.SampleWeights;

/**
 * The samples of one V8 CPU profile in time order, each weighing the time until the next one, as Chrome
 * DevTools (and VS Code's profile viewer) count a sample's self time. A sample is held back until the next
 * one gives its weight; the last one weighs the time until the profile's end, or 0 when no end is known.
 *
 * <p>Times are integer nanoseconds. Sample {@code i} is at {@code start + delta[0] + ... + delta[i]}; V8 writes
 * negative deltas when its samples come out of order, so a sample's time is never taken before the latest
 * sample time seen: times are the running maximum, weights never negative, and the weights of a profile add
 * up to exactly (its end, or its latest sample time) minus its first sample's time. Each sample timed before
 * that latest time is a {@code v8_negative_delta} warning. Not thread-safe.
 */
final class SampleTimeline {
    /**
     * Warning: a sample timed before the latest sample time already reached (a negative {@code timeDeltas} entry,
     * or a {@code timestamps} entry below an earlier one); it is taken at that latest time.
     */
    static final DiagnosticKind NEGATIVE_DELTA = DiagnosticKind.warning("v8_negative_delta",
            "V8 sample timed before the sample before it (taken at that sample's time)",
            "V8 samples timed before the samples before them (taken at those samples' times)");
    /** The end of a profile that has none. */
    static final long NO_END = Long.MIN_VALUE;

    private final ProfileNodes nodes;
    private long rawNanos;
    private long latestNanos;
    private boolean pending;
    private int pendingNode;
    private long pendingNanos;
    private String pendingWhere;
    private int pendingIndex;

    // The run of samples of one node not yet given to the sink: its node, first time, count and weight.
    private int runNode;
    private long runNanos;
    private String runWhere;
    private int runIndex;
    private long runSamples;
    private long runWeightNanos;

    SampleTimeline(ProfileNodes nodes, long startNanos) {
        this.nodes = nodes;
        this.rawNanos = startNanos;
        this.latestNanos = startNanos;
    }

    /**
     * The next sample, of node {@code nodeId}, {@code deltaNanos} after the previous one (after the start for the
     * first); {@code where} (the place of its array) and {@code index} (its place in that array, from 0) name it
     * in a warning. False when its time leaves the range of a long (nothing is then taken).
     */
    boolean add(int nodeId, long deltaNanos, String where, int index, int track, EventSink sink) {
        long raw;
        long weightNanos;
        try {
            raw = Math.addExact(rawNanos, deltaNanos);
            weightNanos = pending ? Math.subtractExact(Math.max(latestNanos, raw), pendingNanos) : 0;
        } catch (ArithmeticException e) {
            return false;
        }
        if (raw < latestNanos) {
            sink.diagnostics().warn(NEGATIVE_DELTA, where + ": sample " + index + " of the array is timed "
                    + micros(latestNanos - raw) + " us before the latest time already reached (a negative time delta);"
                    + " it is taken at that time, so the sample before it weighs less and the profile's total is kept");
        }
        rawNanos = raw;
        latestNanos = Math.max(latestNanos, raw);
        if (pending) {
            emit(track, sink, weightNanos);
        }
        pending = true;
        pendingNode = nodeId;
        pendingNanos = latestNanos;
        pendingWhere = where;
        pendingIndex = index;
        return true;
    }

    /** {@code nanos} as exact decimal microseconds. */
    private static String micros(long nanos) {
        return java.math.BigDecimal.valueOf(nanos, 3).stripTrailingZeros().toPlainString();
    }

    /** Ends the profile at {@code endNanos} ({@link #NO_END}: not known): the samples held back go out. */
    void finish(long endNanos, int track, EventSink sink) {
        if (pending) {
            long weightNanos = 0;
            if (endNanos != NO_END && endNanos > pendingNanos) {
                // An end so far from the samples that the gap leaves 64 bits is no end.
                long gap = endNanos - pendingNanos;
                weightNanos = gap > 0 ? gap : 0;
            }
            emit(track, sink, weightNanos);
            pending = false;
        }
        flushRun(track, sink);
    }

    /**
     * Sample {@link #pendingNode} weighs {@code weightNanos}: it joins the run of samples of its node, which goes
     * to the sink as one call of n samples when a sample of another node comes. The tree adds n samples of one
     * stack exactly as n single ones (EventSink.sample), and profiles are mostly such runs ((idle) for seconds),
     * so a run costs one stack walk and one descent of the tree.
     */
    private void emit(int track, EventSink sink, long weightNanos) {
        if (!nodes.contains(pendingNode)) {
            sink.diagnostics().warn(Diagnostics.BAD_EVENT, pendingWhere + ": sample " + pendingIndex
                    + " of the array is of node " + pendingNode + ", which the profile does not define; the sample"
                    + " is skipped");
            return;
        }
        if (runSamples > 0 && (runNode != pendingNode || runWeightNanos > Long.MAX_VALUE - weightNanos)) {
            flushRun(track, sink);
        }
        if (runSamples == 0) {
            runNode = pendingNode;
            runNanos = pendingNanos;
            runWhere = pendingWhere;
            runIndex = pendingIndex;
        }
        runSamples++;
        runWeightNanos += weightNanos;
    }

    private void flushRun(int track, EventSink sink) {
        if (runSamples == 0) {
            return;
        }
        long samples = runSamples;
        long weight = runWeightNanos;
        runSamples = 0;
        runWeightNanos = 0;
        int depth = nodes.stack(runNode, sink.frames());
        if (depth == ProfileNodes.PARENT_LOOP) {
            for (long k = 0; k < samples; k++) {
                sink.diagnostics().warn(Diagnostics.BAD_EVENT, runWhere + ": sample " + runIndex + " of the array is"
                        + " of node " + runNode + ", whose parents form a loop; the sample is skipped");
            }
        } else if (depth == 0) {
            sink.diagnostics().note(Diagnostics.EMPTY_STACK, samples);
        } else {
            sink.sample(track, runNanos, SampleWeights.TIME, weight, samples, nodes.frames(), depth);
        }
    }
}
