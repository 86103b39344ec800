package dev.ppw.collect.lttng;

/**
 * One LTTng event, however it was decoded (babeltrace2 text or CTF directly), as {@link UstFolding} reads
 * it. Valid only during the call that receives it: a reader may reuse one view for every event.
 *
 * <p>Fields are looked up by name in the payload first, then the event context, the stream event context
 * and the packet context, so a payload field shadows a context of the same name. A member of a structure
 * is named by its dotted path ({@code debug_info.func}).
 */
public interface LttngEventView {
    /** Nanoseconds since the Unix epoch, the clock's offset applied. */
    long timestampNanos();

    /** The event's full name, provider and event: {@code lttng_ust_cyg_profile:func_entry}. */
    String name();

    /** True when the event has {@code field} in one of its scopes. */
    boolean has(String field);

    /** The integer or enumeration value of {@code field}; {@link Long#MIN_VALUE} when absent or not an integer. */
    long integer(String field);

    /** The string value of {@code field}; null when absent or not a string. */
    String string(String field);

    /**
     * {@code nanos} (a time of this input, as {@link #timestampNanos()} gives them) as babeltrace2 prints this
     * input's times, for messages: by default the time of day of UTC, {@code [04:47:12.686308403]}, which is what
     * {@code babeltrace2 --clock-gmt} prints of a trace.
     */
    default String timeText(long nanos) {
        return LttngTimes.timeOfDay(nanos);
    }
}
