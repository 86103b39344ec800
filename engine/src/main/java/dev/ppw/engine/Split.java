package dev.ppw.engine;

import dev.ppw.aggregate.MergeAccumulator;
import dev.ppw.model.Report;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A profile or merge split by {@link WindowSpec} (SEMANTICS.md "Time bins" and "Phases"): one profile per phase,
 * in the view of the whole, each combined over the nodes as the whole is (a merge runs one accumulator per
 * phase: phases matched by name, bins by index). For time bins the phases are the bins, in time order.
 * Immutable.
 *
 * @param bins   the bins' axis when the split is into time bins; empty for phases
 * @param phases the phases (or bins) in order
 */
record Split(Optional<BinAxis> bins, List<Phase> phases) {
    public Split {
        Objects.requireNonNull(bins, "bins");
        phases = List.copyOf(phases);
        if (bins.isPresent() && bins.get().count() != phases.size()) {
            throw new IllegalArgumentException("one profile per bin: " + bins.get().count() + " bins, "
                    + phases.size() + " profiles");
        }
    }

    /**
     * Where the time bins lie: {@code count} bins of {@code widthNanos}, the first starting at
     * {@code firstStartNanos} (0 when relative to each node's first event).
     */
    record BinAxis(boolean absoluteTime, long firstStartNanos, long widthNanos, int count) {
        public BinAxis {
            if (widthNanos < 1 || count < 1) {
                throw new IllegalArgumentException(count + " bins of " + widthNanos + " ns");
            }
        }
    }

    /**
     * One phase (or bin): its name, its windows in each node (empty for bins: the axis says where they are), and
     * its profile combined over the nodes, with the breakdown a merge keeps.
     */
    record Phase(String name, List<Report.Window> windows, MergeAccumulator.Merged merged) {
        public Phase {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(merged, "merged");
            windows = List.copyOf(windows);
        }
    }
}
