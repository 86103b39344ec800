package dev.ppw.engine;

import dev.ppw.aggregate.MergeAccumulator;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link MergeRun} gives: the merged profile with its breakdown and diagnostics, each phase's merge when the
 * merge was split, and each node's view (with its own phases) when sections were asked.
 */
record MergeResult(MergeAccumulator.Merged merged, Optional<Split> split, List<NodeView> nodes) {
    MergeResult {
        Objects.requireNonNull(merged, "merged");
        Objects.requireNonNull(split, "split");
        nodes = List.copyOf(nodes);
    }
}
