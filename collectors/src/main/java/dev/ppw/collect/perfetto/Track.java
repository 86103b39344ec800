package dev.ppw.collect.perfetto;

/**
 * A track as its TrackDescriptor describes it, global to the trace: a thread, a process, a counter or a custom
 * (named, maybe parented) track. A descriptor written again (writers repeat them after clearing their state)
 * completes what was known; the sink's track is made at the first event and keeps its key.
 */
final class Track {
    enum Kind { THREAD, PROCESS, COUNTER, CUSTOM }

    final long uuid;
    Kind kind = Kind.CUSTOM;
    boolean hasParent;
    long parentUuid;
    String name = "";
    String pid = "";
    String tid = "";
    long counterUnit = 1;
    boolean counterIncremental;
    /** The sink's track id once an event used it, else -1. */
    int sinkTrack = -1;
    /** The counter series key once a value used it. */
    String counterPid;
    String counterName;
    String counterId;

    Track(long uuid) {
        this.uuid = uuid;
    }
}
