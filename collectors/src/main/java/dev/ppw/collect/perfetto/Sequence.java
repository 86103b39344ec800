package dev.ppw.collect.perfetto;

import org.eclipse.collections.api.map.primitive.MutableLongLongMap;
import org.eclipse.collections.api.map.primitive.MutableLongObjectMap;
import org.eclipse.collections.impl.map.mutable.primitive.LongLongHashMap;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.LongObjectHashMap;

/**
 * What one packet sequence (one writer, {@code trusted_packet_sequence_id}) has said so far: its interned names,
 * its defaults, its clocks and its delta-encoded counters. Everything but the clocks lives until the writer clears
 * its incremental state; the clocks keep every snapshot the sequence writes (one after each clearing).
 */
final class Sequence {
    /** An interned event name and, once used, its frame and region ids in the sink's tables. */
    static final class Name {
        final String text;
        int frameId = -1;
        int regionId = -1;

        Name(String text) {
            this.text = text;
        }
    }

    /**
     * A sequence-scoped clock (ids 64 to 127) and every snapshot its sequence wrote of it: at snapshot i, this clock
     * read {@code snapshotNanos[i]} and the builtin clock the snapshot paired it with read {@code referenceNanos[i]}.
     * The snapshots are kept sorted by {@code snapshotNanos}, so a time is read through the snapshot of the largest
     * value at or below it (the first when it is below them all), as Perfetto's trace processor reads it. A
     * sequence writes one per clearing of its state, so they are few beside its events.
     */
    static final class Clock {
        long unitNanos = 1;
        boolean incremental;
        long lastNanos;
        final LongArrayList snapshotNanos = new LongArrayList();
        final LongArrayList referenceNanos = new LongArrayList();

        /** Adds a snapshot at its place in the order of this clock's values. */
        void addSnapshot(long clockNanos, long reference) {
            int at = snapshotNanos.size();
            while (at > 0 && snapshotNanos.get(at - 1) > clockNanos) {
                at--;
            }
            snapshotNanos.addAtIndex(at, clockNanos);
            referenceNanos.addAtIndex(at, reference);
        }

        /** The snapshot a time of this clock is read through: the last at or below {@code nanos}, else the first. */
        int snapshotFor(long nanos) {
            int lo = 0;
            int hi = snapshotNanos.size() - 1;
            int found = 0;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (snapshotNanos.get(mid) <= nanos) {
                    found = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found;
        }
    }

    /** Whether the incremental state is intact: set by a clearing, lost by a dropped packet. */
    boolean valid;
    /** How many times the incremental state was cleared: what a held event saw is told from what is now. */
    int generation;
    final MutableLongObjectMap<Name> names = new LongObjectHashMap<>();
    final Clock[] clocks = new Clock[Proto.LAST_SEQUENCE_CLOCK - Proto.FIRST_SEQUENCE_CLOCK + 1];
    /** TracePacketDefaults: the clock of packets that name none (0: the trace's), the track of events that name none. */
    int defaultClockId;
    boolean hasDefaultTrack;
    long defaultTrackUuid;
    long[] defaultExtraCounterUuids = new long[0];
    long[] defaultExtraDoubleCounterUuids = new long[0];
    /** Legacy ThreadDescriptor: the thread of events with no track, and the base of their delta timestamps. */
    boolean hasThread;
    String threadPid = "";
    String threadTid = "";
    long referenceMicros;
    /** The last value of each delta-encoded (incremental) counter track on this sequence. */
    final MutableLongLongMap counterValues = new LongLongHashMap();

    void clearIncrementalState() {
        valid = true;
        generation++;
        names.clear();
        defaultClockId = 0;
        hasDefaultTrack = false;
        defaultExtraCounterUuids = new long[0];
        defaultExtraDoubleCounterUuids = new long[0];
        counterValues.clear();
    }
}
