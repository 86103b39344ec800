package dev.ppw.collect.ctf;

import java.util.List;
import java.util.Map;

/**
 * What a CTF trace's TSDL metadata declares, as far as decoding its streams needs: the trace's byte order and
 * packet header, its clocks, stream classes and event classes. Immutable.
 *
 * @param littleEndian the trace's byte order ({@code trace.byte_order}), what {@code native} means
 * @param packetHeader {@code trace.packet.header}, or null when packets have none
 * @param clocks       the clocks by name
 * @param streams      the stream classes by id (a trace without stream ids has one, id 0)
 * @param events       every event class, in metadata order
 * @param env          the {@code env} block's values, as text
 * @param uuid         the {@code trace} block's {@code uuid} as written ({@code 13455f0c-807b-...}), or null
 */
record CtfMetadata(boolean littleEndian, CtfType.Struct packetHeader, String tracePlace, Map<String, Clock> clocks,
                   Map<Long, StreamClass> streams, List<EventClass> events, Map<String, String> env, String uuid) {
    /**
     * A {@code clock} block. A value of {@code cycles} is, in nanoseconds since the clock's origin (the Unix epoch
     * for LTTng's clocks), {@code offsetSeconds * 1e9 + (offsetCycles + cycles) * 1e9 / freq}.
     */
    record Clock(String name, long freq, long offsetSeconds, long offsetCycles) {
    }

    /**
     * A {@code stream} block: its id and the types of its packets' context and its events' header and context;
     * {@code place} is where the block starts in the metadata's text ({@code LINE:COLUMN}), for messages.
     */
    record StreamClass(long id, CtfType.Struct packetContext, CtfType.Struct eventHeader,
                       CtfType.Struct eventContext, String place) {
    }

    /**
     * An {@code event} block: {@code context} and {@code fields} are null when it declares none; {@code place} is
     * where the block starts in the metadata's text ({@code LINE:COLUMN}), for messages.
     */
    record EventClass(String name, long id, long streamId, CtfType.Struct context, CtfType.Struct fields,
                      String place) {
    }
}
