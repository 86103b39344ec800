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
        return type.lookups().find(field, type).scope() >= 0;
    }

    /**
     * The integer or enum value of {@code field} (unsigned 64-bit values as their two's complement bits);
     * {@link Long#MIN_VALUE} when absent or not an integer.
     */
    @Override
    public long integer(String field) {
        CompiledTrace.Found f = type.lookups().find(field, type);
        return f.scope() >= 0 && f.exposed().integer() ? frame(f.scope()).ints()[f.exposed().slot()] : Long.MIN_VALUE;
    }

    /** The text of a string or character-array {@code field}, or an enum's label; null when absent. */
    @Override
    public String string(String field) {
        CompiledTrace.Found f = type.lookups().find(field, type);
        if (f.scope() < 0) {
            return null;
        }
        FieldDecoder.Exposed e = f.exposed();
        FieldDecoder.Frame frame = frame(f.scope());
        if (e.integer()) {
            return e.labels() == null ? null : e.labels().label(frame.ints()[e.slot()]);
        }
        return (String) frame.texts()[e.slot()];
    }

    private FieldDecoder.Frame frame(int scope) {
        return switch (scope) {
            case 0 -> payload;
            case 1 -> context;
            case 2 -> streamContext;
            default -> packetContext;
        };
    }

    @Override
    public String toString() {
        return timestampNanos + " " + name();
    }
}
