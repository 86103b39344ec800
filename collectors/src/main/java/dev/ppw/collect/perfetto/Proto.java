package dev.ppw.collect.perfetto;

/**
 * The field numbers of Perfetto's trace protos that the reader uses, as published in google/perfetto's
 * {@code protos/perfetto/trace/...} files (each group names its file). Only numbers are taken: the reader walks
 * the wire format with {@link com.google.protobuf.CodedInputStream} and skips every field not listed here, so a
 * newer writer's fields cost nothing.
 */
final class Proto {
    private Proto() {
    }

    /** {@code trace.proto}: {@code Trace.packet}, the only field of a trace. */
    static final int TRACE_PACKET = 1;

    // trace_packet.proto: TracePacket.
    static final int PACKET_CLOCK_SNAPSHOT = 6;
    static final int PACKET_TIMESTAMP = 8;
    static final int PACKET_SEQUENCE_ID = 10;
    static final int PACKET_TRACK_EVENT = 11;
    static final int PACKET_INTERNED_DATA = 12;
    static final int PACKET_SEQUENCE_FLAGS = 13;
    static final int PACKET_INCREMENTAL_STATE_CLEARED = 41;
    static final int PACKET_PREVIOUS_PACKET_DROPPED = 42;
    static final int PACKET_PROCESS_DESCRIPTOR = 43;
    static final int PACKET_THREAD_DESCRIPTOR = 44;
    static final int PACKET_TIMESTAMP_CLOCK_ID = 58;
    static final int PACKET_DEFAULTS = 59;
    static final int PACKET_TRACK_DESCRIPTOR = 60;
    static final int PACKET_FIRST_ON_SEQUENCE = 87;
    /** TracePacket.SequenceFlags. */
    static final int SEQ_INCREMENTAL_STATE_CLEARED = 1;
    static final int SEQ_NEEDS_INCREMENTAL_STATE = 2;

    // trace_packet_defaults.proto: TracePacketDefaults.
    static final int DEFAULTS_TIMESTAMP_CLOCK_ID = 58;
    static final int DEFAULTS_TRACK_EVENT = 11;

    // track_event/track_event.proto: TrackEventDefaults (its numbers are TrackEvent's).
    static final int EVENT_DEFAULTS_TRACK_UUID = 11;
    static final int EVENT_DEFAULTS_EXTRA_COUNTER_UUIDS = 31;
    static final int EVENT_DEFAULTS_EXTRA_DOUBLE_COUNTER_UUIDS = 45;

    // track_event/track_event.proto: TrackEvent.
    static final int EVENT_TIMESTAMP_DELTA_US = 1;
    static final int EVENT_LEGACY = 6;
    static final int EVENT_TYPE = 9;
    static final int EVENT_NAME_IID = 10;
    static final int EVENT_TRACK_UUID = 11;
    static final int EVENT_EXTRA_COUNTER_VALUES = 12;
    static final int EVENT_TIMESTAMP_ABSOLUTE_US = 16;
    static final int EVENT_NAME = 23;
    static final int EVENT_COUNTER_VALUE = 30;
    static final int EVENT_EXTRA_COUNTER_UUIDS = 31;
    static final int EVENT_DOUBLE_COUNTER_VALUE = 44;
    static final int EVENT_EXTRA_DOUBLE_COUNTER_UUIDS = 45;
    static final int EVENT_EXTRA_DOUBLE_COUNTER_VALUES = 46;
    /** TrackEvent.Type. */
    static final int TYPE_SLICE_BEGIN = 1;
    static final int TYPE_SLICE_END = 2;
    static final int TYPE_INSTANT = 3;
    static final int TYPE_COUNTER = 4;
    static final int TYPE_STATE = 5;

    // track_event/track_event.proto: TrackEvent.LegacyEvent.
    static final int LEGACY_NAME_IID = 1;
    static final int LEGACY_PHASE = 2;
    static final int LEGACY_DURATION_US = 3;
    static final int LEGACY_UNSCOPED_ID = 6;
    static final int LEGACY_ID_SCOPE = 7;
    static final int LEGACY_LOCAL_ID = 10;
    static final int LEGACY_GLOBAL_ID = 11;

    // track_event/track_event.proto: EventName (InternedData.event_names' entries).
    static final int EVENT_NAME_ENTRY_IID = 1;
    static final int EVENT_NAME_ENTRY_NAME = 2;

    // interned_data/interned_data.proto: InternedData.
    static final int INTERNED_EVENT_NAMES = 2;

    // track_event/track_descriptor.proto: TrackDescriptor.
    static final int TRACK_UUID = 1;
    static final int TRACK_NAME = 2;
    static final int TRACK_PROCESS = 3;
    static final int TRACK_THREAD = 4;
    static final int TRACK_PARENT_UUID = 5;
    static final int TRACK_COUNTER = 8;
    static final int TRACK_STATIC_NAME = 10;

    // track_event/process_descriptor.proto: ProcessDescriptor.
    static final int PROCESS_PID = 1;
    static final int PROCESS_NAME = 6;

    // track_event/thread_descriptor.proto: ThreadDescriptor.
    static final int THREAD_PID = 1;
    static final int THREAD_TID = 2;
    static final int THREAD_NAME = 5;
    static final int THREAD_REFERENCE_TIMESTAMP_US = 6;

    // track_event/counter_descriptor.proto: CounterDescriptor.
    static final int COUNTER_UNIT_MULTIPLIER = 4;
    static final int COUNTER_IS_INCREMENTAL = 5;

    // clock_snapshot.proto: ClockSnapshot, ClockSnapshot.Clock, and the builtin clocks' range.
    static final int SNAPSHOT_CLOCKS = 1;
    static final int SNAPSHOT_PRIMARY_TRACE_CLOCK = 2;
    static final int CLOCK_ID = 1;
    static final int CLOCK_TIMESTAMP = 2;
    static final int CLOCK_IS_INCREMENTAL = 3;
    static final int CLOCK_UNIT_MULTIPLIER_NS = 4;
    /** Ids below are builtin clocks (BOOTTIME, MONOTONIC, ...); from here to 127, clocks of one sequence. */
    static final int FIRST_SEQUENCE_CLOCK = 64;
    static final int LAST_SEQUENCE_CLOCK = 127;
}
