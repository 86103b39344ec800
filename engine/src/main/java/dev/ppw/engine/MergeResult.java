package dev.ppw.engine;

import dev.ppw.aggregate.MergeAccumulator;

import java.util.Objects;
import java.util.Optional;

/**
 * What {@link Engine#mergeSplit} gives: the merge of the whole nodes, and with {@link MergeOptions#windows()}
 * the merge of each phase or time bin, phase by phase with the same operator and missing rule.
 *
 * @param merged the merge of the whole nodes, as {@link Engine#merge} gives it
 * @param split  the merged phases or bins; empty without {@link MergeOptions#windows()}
 */
public record MergeResult(MergeAccumulator.Merged merged, Optional<Split> split) {
    public MergeResult {
        Objects.requireNonNull(merged, "merged");
        Objects.requireNonNull(split, "split");
    }
}
