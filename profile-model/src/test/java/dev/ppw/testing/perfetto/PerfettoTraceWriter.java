package dev.ppw.testing.perfetto;

import com.google.protobuf.CodedOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;

/**
 * Writes small Perfetto traces for tests with protobuf-java's {@link CodedOutputStream}, field by field: what
 * CMSSW's service or Chromium would write, shaped by hand. The field numbers of the shapes below are those of
 * Perfetto's protos/perfetto/trace/ (trace_packet.proto, track_event/track_event.proto,
 * track_event/track_descriptor.proto and the descriptors it holds), spelled out here rather than taken
 * from the reader, so that a wrong number in the reader cannot agree with itself.
 */
public final class PerfettoTraceWriter {
    private static final int TRACE_PACKET = 1;
    private static final int PACKET_TIMESTAMP = 8;
    private static final int PACKET_SEQUENCE_ID = 10;
    private static final int PACKET_TRACK_EVENT = 11;
    private static final int PACKET_TRACK_DESCRIPTOR = 60;
    private static final int TRACK_UUID = 1;
    private static final int TRACK_NAME = 2;
    private static final int TRACK_PROCESS = 3;
    private static final int TRACK_THREAD = 4;
    private static final int TRACK_PARENT_UUID = 5;
    private static final int TRACK_COUNTER = 8;
    private static final int PROCESS_PID = 1;
    private static final int PROCESS_NAME = 6;
    private static final int THREAD_PID = 1;
    private static final int THREAD_TID = 2;
    private static final int THREAD_NAME = 5;
    private static final int COUNTER_UNIT_MULTIPLIER = 4;
    private static final int COUNTER_IS_INCREMENTAL = 5;
    private static final int EVENT_TYPE = 9;
    private static final int EVENT_TRACK_UUID = 11;
    private static final int EVENT_NAME = 23;

    /** One message being written: fields in the order they are added. */
    public static final class Message {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

        public Message varint(int field, long value) {
            try {
                out.writeUInt64(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        public Message sint(int field, long value) {
            try {
                out.writeInt64(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        public Message real(int field, double value) {
            try {
                out.writeDouble(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        public Message string(int field, String value) {
            try {
                out.writeString(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        public Message message(int field, Consumer<Message> body) {
            Message m = new Message();
            body.accept(m);
            return bytes(field, m.toBytes());
        }

        public Message bytes(int field, byte[] value) {
            try {
                out.writeByteArray(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        public byte[] toBytes() {
            try {
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }
    }

    private final Message trace = new Message();

    /** Adds one TracePacket. */
    public PerfettoTraceWriter packet(Consumer<Message> body) {
        trace.message(TRACE_PACKET, body);
        return this;
    }

    /** The trace written so far. */
    public byte[] toBytes() {
        return trace.toBytes();
    }

    // Shapes that tests use again and again.

    /** A TrackDescriptor packet for thread (pid, tid) named {@code name}. */
    public PerfettoTraceWriter threadTrack(long uuid, int pid, int tid, String name) {
        return packet(p -> p.message(PACKET_TRACK_DESCRIPTOR, d -> d.varint(TRACK_UUID, uuid)
                .message(TRACK_THREAD, t -> {
                    t.varint(THREAD_PID, pid).varint(THREAD_TID, tid);
                    if (name != null) {
                        t.string(THREAD_NAME, name);
                    }
                })));
    }

    /** A TrackDescriptor packet for process {@code pid} named {@code name}. */
    public PerfettoTraceWriter processTrack(long uuid, int pid, String name) {
        return packet(p -> p.message(PACKET_TRACK_DESCRIPTOR, d -> d.varint(TRACK_UUID, uuid)
                .message(TRACK_PROCESS, t -> t.varint(PROCESS_PID, pid).string(PROCESS_NAME, name))));
    }

    /** A custom named track under {@code parent}. */
    public PerfettoTraceWriter customTrack(long uuid, long parent, String name) {
        return packet(p -> p.message(PACKET_TRACK_DESCRIPTOR, d -> d.varint(TRACK_UUID, uuid)
                .varint(TRACK_PARENT_UUID, parent).string(TRACK_NAME, name)));
    }

    /** A counter track named {@code name} under {@code parent}. */
    public PerfettoTraceWriter counterTrack(long uuid, long parent, String name, long unitMultiplier,
            boolean incremental) {
        return packet(p -> p.message(PACKET_TRACK_DESCRIPTOR, d -> d.varint(TRACK_UUID, uuid)
                .varint(TRACK_PARENT_UUID, parent).string(TRACK_NAME, name)
                .message(TRACK_COUNTER, c -> {
                    if (unitMultiplier != 1) {
                        c.sint(COUNTER_UNIT_MULTIPLIER, unitMultiplier);
                    }
                    if (incremental) {
                        c.varint(COUNTER_IS_INCREMENTAL, 1);
                    }
                })));
    }

    /** A slice event packet on {@code track} at {@code ts} (trace clock), named inline unless {@code name} is null. */
    public PerfettoTraceWriter event(long ts, long track, int type, String name) {
        return packet(p -> p.varint(PACKET_TIMESTAMP, ts).varint(PACKET_SEQUENCE_ID, 1)
                .message(PACKET_TRACK_EVENT, e -> {
                    e.varint(EVENT_TYPE, type).varint(EVENT_TRACK_UUID, track);
                    if (name != null) {
                        e.string(EVENT_NAME, name);
                    }
                }));
    }
}
