package dev.ppw.collect.perfetto;

import org.eclipse.collections.api.map.primitive.MutableLongLongMap;
import org.eclipse.collections.api.map.primitive.MutableLongObjectMap;
import org.eclipse.collections.impl.map.mutable.primitive.LongLongHashMap;
import org.eclipse.collections.impl.map.mutable.primitive.LongObjectHashMap;

/**
 * What one packet sequence (one writer, {@code trusted_packet_sequence_id}) has said so far: its interned names,
 * its defaults, its clocks and its delta-encoded counters. Everything but the clocks lives until the writer clears
 * its incremental state; the clocks are redefined by the snapshots it writes after each clearing.
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
     * A sequence-scoped clock (ids 64 to 127) as its latest snapshot defined it: {@code snapshotNanos} of this
     * clock is {@code referenceNanos} of the builtin clock the snapshot paired it with. Only the latest snapshot
     * is kept, so memory does not grow with the trace; times are read forward from it, as Perfetto reads times
     * after it.
     */
    static final class Clock {
        long unitNanos = 1;
        boolean incremental;
        long lastNanos;
        long snapshotNanos;
        long referenceNanos;
    }

    /** Whether the incremental state is intact: set by a clearing, lost by a dropped packet. */
    boolean valid;
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
        names.clear();
        defaultClockId = 0;
        hasDefaultTrack = false;
        defaultExtraCounterUuids = new long[0];
        defaultExtraDoubleCounterUuids = new long[0];
        counterValues.clear();
    }
}
