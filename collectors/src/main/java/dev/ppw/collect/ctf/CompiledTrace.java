package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

/**
 * A trace's metadata compiled for decoding: the packet header, each stream class's scopes, each event class's
 * scopes, and the clock that times each stream. Immutable; shared by the threads that decode its streams.
 */
final class CompiledTrace {
    /** Event ids up to this are looked up in an array; larger ones (rare) in a map. */
    private static final int DENSE_IDS = 1 << 16;

    /** A stream class compiled: its scopes, its clock (null: cycles are nanoseconds) and its event types by id. */
    record StreamType(long id, FieldDecoder.Scope packetContext, FieldDecoder.Scope eventHeader,
                      FieldDecoder.Scope eventContext, Clock clock, EventType[] dense, Map<Long, EventType> sparse) {
        EventType event(long id) {
            if (id >= 0 && id < dense.length) {
                return dense[(int) id];
            }
            return sparse.get(id);
        }
    }

    /** An event class compiled, with where its fields are found by name ({@link Lookups}). */
    record EventType(String name, long id, StreamType stream, FieldDecoder.Scope context,
                     FieldDecoder.Scope payload, Lookups lookups) {
        EventType(String name, long id, StreamType stream, FieldDecoder.Scope context, FieldDecoder.Scope payload) {
            this(name, id, stream, context, payload, new Lookups());
        }
    }

    /** Which scope of an event has a field, and where in it: 0 payload, 1 context, 2 stream context, 3 packet. */
    record Found(String name, int scope, FieldDecoder.Exposed exposed) {
    }

    /**
     * An event type's field lookups, each name resolved once across its four scopes and then found by identity:
     * the folding asks with the same literals event after event. Entries are immutable and a lost or stale entry
     * only costs a new resolution, so threads may share it without locks.
     */
    static final class Lookups {
        private static final int SLOTS = 64;
        private final Found[] cache = new Found[SLOTS];

        Found find(String field, EventType type) {
            int slot = field.hashCode() & (SLOTS - 1);
            Found f = cache[slot];
            if (f != null && f.name() == field) {
                return f;
            }
            f = resolve(field, type);
            cache[slot] = f;
            return f;
        }

        private static Found resolve(String field, EventType type) {
            FieldDecoder.Scope[] scopes = {type.payload(), type.context(), type.stream().eventContext(),
                    type.stream().packetContext()};
            for (int i = 0; i < scopes.length; i++) {
                FieldDecoder.Exposed e = scopes[i].fields().get(field);
                if (e != null) {
                    return new Found(field, i, e);
                }
            }
            return new Found(field, -1, null);
        }
    }

    /**
     * A clock's conversion of cycles to nanoseconds since its origin, exact: {@code offsetSeconds * 1e9} plus
     * {@code floor((offsetCycles + cycles) * 1e9 / freq)} with the offset normalised to whole seconds first, as
     * babeltrace2 normalises it. At 1 GHz (what LTTng's clocks tick at) this is babeltrace2's value; at other
     * frequencies babeltrace2 computes with a double, which may differ from this floor by a nanosecond.
     */
    record Clock(String name, long freq, long baseNanos) {
        static Clock of(CtfMetadata.Clock c) {
            long seconds = c.offsetSeconds() + Math.floorDiv(c.offsetCycles(), c.freq());
            long cycles = Math.floorMod(c.offsetCycles(), c.freq());
            BigInteger base = BigInteger.valueOf(seconds).multiply(BigInteger.valueOf(1_000_000_000L))
                    .add(BigInteger.valueOf(cycles).multiply(BigInteger.valueOf(1_000_000_000L))
                            .divide(BigInteger.valueOf(c.freq())));
            return new Clock(c.name(), c.freq(), base.longValue());
        }

        long nanos(long cycles) {
            if (freq == 1_000_000_000L) {
                return baseNanos + cycles;
            }
            if (cycles >= 0 && cycles < Long.MAX_VALUE / 1_000_000_000L) {
                return baseNanos + Math.floorDiv(cycles * 1_000_000_000L, freq);
            }
            return baseNanos + new BigInteger(Long.toUnsignedString(cycles)).multiply(BigInteger.valueOf(1_000_000_000L))
                    .divide(BigInteger.valueOf(freq)).longValue();
        }
    }

    final CtfMetadata metadata;
    final FieldDecoder.Scope packetHeader;
    /**
     * The trace's UUID as its metadata writes it, 16 bytes, and where a packet header holds its own (bits from
     * the packet's start), or null and -1 when either is not there: a packet whose UUID differs belongs to
     * another trace.
     */
    final byte[] uuid;
    final long uuidOffsetBits;
    private final Map<Long, StreamType> streams = new HashMap<>();

    CompiledTrace(CtfMetadata metadata, String metadataName) {
        this.metadata = metadata;
        byte[] declared = uuidBytes(metadata.uuid());
        long offset = declared == null ? -1 : uuidOffsetBits(metadata.packetHeader());
        this.uuid = offset < 0 ? null : declared;
        this.uuidOffsetBits = offset < 0 ? -1 : offset;
        boolean little = metadata.littleEndian();
        // Messages of a type that cannot be decoded name the block that declares it (metadata:LINE:COLUMN).
        this.packetHeader = FieldDecoder.compile(metadata.packetHeader(), little, false,
                metadataName + ":" + metadata.tracePlace());
        for (CtfMetadata.StreamClass sc : metadata.streams().values()) {
            String streamPlace = metadataName + ":" + sc.place();
            FieldDecoder.Scope packetContext = FieldDecoder.compile(sc.packetContext(), little, false, streamPlace);
            FieldDecoder.Scope header = FieldDecoder.compile(sc.eventHeader(), little, true, streamPlace);
            FieldDecoder.Scope context = FieldDecoder.compile(sc.eventContext(), little, false, streamPlace);
            String clockName = header.clock() != null ? header.clock() : packetContext.clock();
            CtfMetadata.Clock clock = clockName != null ? metadata.clocks().get(clockName)
                    : metadata.clocks().size() == 1 ? metadata.clocks().values().iterator().next() : null;
            if (clockName != null && clock == null) {
                throw new BadInputException(streamPlace + ": bad CTF metadata: stream " + sc.id() + " maps to clock '"
                        + clockName + "', which no clock block declares");
            }
            long maxDense = -1;
            int count = 0;
            for (CtfMetadata.EventClass ec : metadata.events()) {
                if (ec.streamId() == sc.id() && ec.id() >= 0 && ec.id() < DENSE_IDS) {
                    maxDense = Math.max(maxDense, ec.id());
                    count++;
                }
            }
            // ids are dense in what LTTng writes; sparse ones (garbage, hand-made) go to the map, not a big array
            if (maxDense >= 4L * count + 64) {
                maxDense = -1;
            }
            EventType[] dense = new EventType[(int) (maxDense + 1)];
            Map<Long, EventType> sparse = new HashMap<>();
            StreamType st = new StreamType(sc.id(), packetContext, header, context,
                    clock == null ? null : Clock.of(clock), dense, sparse);
            for (CtfMetadata.EventClass ec : metadata.events()) {
                if (ec.streamId() != sc.id()) {
                    continue;
                }
                EventType et = new EventType(ec.name(), ec.id(), st,
                        FieldDecoder.compile(ec.context(), little, false, metadataName + ":" + ec.place()),
                        FieldDecoder.compile(ec.fields(), little, false, metadataName + ":" + ec.place()));
                if (ec.id() >= 0 && ec.id() < dense.length) {
                    dense[(int) ec.id()] = et;
                } else {
                    sparse.put(ec.id(), et);
                }
            }
            streams.put(sc.id(), st);
        }
    }

    /** The 16 bytes of a UUID written {@code 8-4-4-4-12} in hex, or null when {@code text} is not one. */
    static byte[] uuidBytes(String text) {
        if (text == null) {
            return null;
        }
        String hex = text.replace("-", "");
        if (hex.length() != 32 || text.length() != 36) {
            return null;
        }
        byte[] out = new byte[16];
        for (int i = 0; i < 16; i++) {
            int hi = Character.digit(hex.charAt(2 * i), 16);
            int lo = Character.digit(hex.charAt(2 * i + 1), 16);
            if (hi < 0 || lo < 0) {
                return null;
            }
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }

    /**
     * Where the packet header's {@code uuid} (16 bytes of 8 bits) starts, in bits from the packet's start, when
     * every member before it has a fixed size (as in every header LTTng writes); else -1.
     */
    private static long uuidOffsetBits(CtfType.Struct header) {
        if (header == null) {
            return -1;
        }
        long at = 0;
        for (CtfType.Field f : header.fields()) {
            CtfType t = f.type();
            int align;
            long size;
            if (t instanceof CtfType.Int i) {
                align = i.alignBits();
                size = i.sizeBits();
            } else if (t instanceof CtfType.Array a && a.element() instanceof CtfType.Int e && a.length() >= 0
                    && a.length() <= 64) {
                align = e.alignBits();
                size = e.sizeBits() * a.length();
                if (f.name().equals("uuid")) {
                    return e.sizeBits() == 8 && a.length() == 16 ? (at + align - 1) / align * align : -1;
                }
            } else {
                return -1;
            }
            at = (at + align - 1) / align * align + size;
        }
        return -1;
    }

    /** The stream class {@code id}, or null. */
    StreamType stream(long id) {
        return streams.get(id);
    }

    /** The only stream class, when there is exactly one (packets need not name it then); else null. */
    StreamType onlyStream() {
        return streams.size() == 1 ? streams.values().iterator().next() : null;
    }
}
