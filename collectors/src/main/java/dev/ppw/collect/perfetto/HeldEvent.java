package dev.ppw.collect.perfetto;

/**
 * What an event asks of a track that no TrackDescriptor has described yet, held until one does (a writer may
 * describe a track after a first event on it, from another sequence; trace processor reads the whole trace before
 * it resolves tracks). It keeps what its sequence had said by then: the name is interned, the time read, and
 * {@link #generation} tells a counter delta from before a clearing of the sequence's state.
 */
final class HeldEvent {
    enum Kind { BEGIN, END, COMPLETE, INSTANT, INTEGER_VALUE, DOUBLE_VALUE, ASYNC_BEGIN, ASYNC_END }

    final Kind kind;
    final long trackUuid;
    final long tsNanos;
    final Sequence sequence;
    final int generation;
    /** Where the event's packet starts in the content, and its number from 1, for the messages. */
    final long packetOffset;
    final long packet;
    /** The frame id of a begin, complete or async begin; the region id (or NO_NAME) of an end or async end. */
    int nameId;
    long durNanos;
    long integer;
    double real;
    /** A legacy async event's place: its id's scope, the id in hex, whether the id is global. */
    String scope;
    String asyncId;
    boolean global;

    HeldEvent(Kind kind, long trackUuid, long tsNanos, Sequence sequence, long packetOffset, long packet) {
        this.kind = kind;
        this.trackUuid = trackUuid;
        this.tsNanos = tsNanos;
        this.sequence = sequence;
        this.generation = sequence.generation;
        this.packetOffset = packetOffset;
        this.packet = packet;
    }
}
