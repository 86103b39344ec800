package dev.ppw.collect.perfetto;

import com.google.protobuf.CodedOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;

/**
 * Writes small Perfetto traces for tests with protobuf-java's {@link CodedOutputStream}, field by field, from
 * the numbers in {@link Proto}: what CMSSW's service or Chromium would write, shaped by hand.
 */
final class TraceWriter {
    /** One message being written: fields in the order they are added. */
    static final class Message {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CodedOutputStream out = CodedOutputStream.newInstance(bytes);

        Message varint(int field, long value) {
            try {
                out.writeUInt64(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Message sint(int field, long value) {
            try {
                out.writeInt64(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Message real(int field, double value) {
            try {
                out.writeDouble(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Message string(int field, String value) {
            try {
                out.writeString(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Message message(int field, Consumer<Message> body) {
            Message m = new Message();
            body.accept(m);
            return bytes(field, m.toBytes());
        }

        Message bytes(int field, byte[] value) {
            try {
                out.writeByteArray(field, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        byte[] toBytes() {
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
    TraceWriter packet(Consumer<Message> body) {
        trace.message(Proto.TRACE_PACKET, body);
        return this;
    }

    byte[] toBytes() {
        return trace.toBytes();
    }

    // Shapes that tests use again and again.

    /** A TrackDescriptor packet for thread (pid, tid) named {@code name}. */
    TraceWriter threadTrack(long uuid, int pid, int tid, String name) {
        return packet(p -> p.message(Proto.PACKET_TRACK_DESCRIPTOR, d -> d.varint(Proto.TRACK_UUID, uuid)
                .message(Proto.TRACK_THREAD, t -> {
                    t.varint(Proto.THREAD_PID, pid).varint(Proto.THREAD_TID, tid);
                    if (name != null) {
                        t.string(Proto.THREAD_NAME, name);
                    }
                })));
    }

    /** A TrackDescriptor packet for process {@code pid} named {@code name}. */
    TraceWriter processTrack(long uuid, int pid, String name) {
        return packet(p -> p.message(Proto.PACKET_TRACK_DESCRIPTOR, d -> d.varint(Proto.TRACK_UUID, uuid)
                .message(Proto.TRACK_PROCESS, t -> t.varint(Proto.PROCESS_PID, pid).string(Proto.PROCESS_NAME, name))));
    }

    /** A custom named track under {@code parent}. */
    TraceWriter customTrack(long uuid, long parent, String name) {
        return packet(p -> p.message(Proto.PACKET_TRACK_DESCRIPTOR, d -> d.varint(Proto.TRACK_UUID, uuid)
                .varint(Proto.TRACK_PARENT_UUID, parent).string(Proto.TRACK_NAME, name)));
    }

    /** A counter track named {@code name} under {@code parent}. */
    TraceWriter counterTrack(long uuid, long parent, String name, long unitMultiplier, boolean incremental) {
        return packet(p -> p.message(Proto.PACKET_TRACK_DESCRIPTOR, d -> d.varint(Proto.TRACK_UUID, uuid)
                .varint(Proto.TRACK_PARENT_UUID, parent).string(Proto.TRACK_NAME, name)
                .message(Proto.TRACK_COUNTER, c -> {
                    if (unitMultiplier != 1) {
                        c.sint(Proto.COUNTER_UNIT_MULTIPLIER, unitMultiplier);
                    }
                    if (incremental) {
                        c.varint(Proto.COUNTER_IS_INCREMENTAL, 1);
                    }
                })));
    }

    /** A slice event packet on {@code track} at {@code ts} (trace clock), named inline when {@code name} is not null. */
    TraceWriter event(long ts, long track, int type, String name) {
        return packet(p -> p.varint(Proto.PACKET_TIMESTAMP, ts).varint(Proto.PACKET_SEQUENCE_ID, 1)
                .message(Proto.PACKET_TRACK_EVENT, e -> {
                    e.varint(Proto.EVENT_TYPE, type).varint(Proto.EVENT_TRACK_UUID, track);
                    if (name != null) {
                        e.string(Proto.EVENT_NAME, name);
                    }
                }));
    }
}
