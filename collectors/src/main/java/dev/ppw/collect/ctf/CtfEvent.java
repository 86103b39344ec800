package dev.ppw.collect.ctf;

import dev.ppw.collect.lttng.LttngEventView;

/**
 * One decoded CTF event: its time, its name and its fields, looked up by name in its payload, then its event
 * context, its stream's event context and its packet's context (the first that has the field answers). Field
 * names are as babeltrace2 prints them (without the one leading underscore of LTTng's TSDL names) or as the
 * metadata writes them; a member of a struct by its dotted path. Immutable once published; any thread may read it.
 */
public final class CtfEvent implements LttngEventView {
    private final long timestampNanos;
    private final CompiledTrace.EventType type;
    private final FieldDecoder.Frame payload;
    private final FieldDecoder.Frame context;
    private final FieldDecoder.Frame streamContext;
    private final FieldDecoder.Frame packetContext;

    CtfEvent(long timestampNanos, CompiledTrace.EventType type, FieldDecoder.Frame payload, FieldDecoder.Frame context,
             FieldDecoder.Frame streamContext, FieldDecoder.Frame packetContext) {
        this.timestampNanos = timestampNanos;
        this.type = type;
        this.payload = payload;
        this.context = context;
        this.streamContext = streamContext;
        this.packetContext = packetContext;
    }

    /** Nanoseconds since the Unix epoch (the clock's origin), the clock's offset applied. */
    @Override
    public long timestampNanos() {
        return timestampNanos;
    }

    /** The event's name as the metadata declares it, e.g. {@code lttng_ust_cyg_profile:func_entry}. */
    @Override
    public String name() {
        return type.name();
    }

    /** True when the event has an integer, enum or text field {@code field} in any of its scopes. */
    @Override
    public boolean has(String field) {
        return find(field) != null;
    }

    /**
     * The integer or enum value of {@code field} (unsigned 64-bit values as their two's complement bits);
     * {@link Long#MIN_VALUE} when absent or not an integer.
     */
    @Override
    public long integer(String field) {
        FieldDecoder.Frame[] frame = new FieldDecoder.Frame[1];
        FieldDecoder.Exposed e = find(field, frame);
        return e != null && e.integer() ? frame[0].ints()[e.slot()] : Long.MIN_VALUE;
    }

    /** The text of a string or character-array {@code field}, or an enum's label; null when absent. */
    @Override
    public String string(String field) {
        FieldDecoder.Frame[] frame = new FieldDecoder.Frame[1];
        FieldDecoder.Exposed e = find(field, frame);
        if (e == null) {
            return null;
        }
        if (e.integer()) {
            return e.labels() == null ? null : e.labels().label(frame[0].ints()[e.slot()]);
        }
        return (String) frame[0].texts()[e.slot()];
    }

    private FieldDecoder.Exposed find(String field) {
        return find(field, new FieldDecoder.Frame[1]);
    }

    private FieldDecoder.Exposed find(String field, FieldDecoder.Frame[] frame) {
        FieldDecoder.Exposed e = type.payload().fields().get(field);
        if (e != null) {
            frame[0] = payload;
            return e;
        }
        e = type.context().fields().get(field);
        if (e != null) {
            frame[0] = context;
            return e;
        }
        e = type.stream().eventContext().fields().get(field);
        if (e != null) {
            frame[0] = streamContext;
            return e;
        }
        e = type.stream().packetContext().fields().get(field);
        if (e != null) {
            frame[0] = packetContext;
            return e;
        }
        return null;
    }

    @Override
    public String toString() {
        return timestampNanos + " " + name();
    }
}
