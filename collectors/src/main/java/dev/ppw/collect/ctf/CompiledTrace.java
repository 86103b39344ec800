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

    /** An event class compiled. */
    record EventType(String name, long id, StreamType stream, FieldDecoder.Scope context,
                     FieldDecoder.Scope payload) {
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
    private final Map<Long, StreamType> streams = new HashMap<>();

    CompiledTrace(CtfMetadata metadata, String metadataName) {
        this.metadata = metadata;
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

    /** The stream class {@code id}, or null. */
    StreamType stream(long id) {
        return streams.get(id);
    }

    /** The only stream class, when there is exactly one (packets need not name it then); else null. */
    StreamType onlyStream() {
        return streams.size() == 1 ? streams.values().iterator().next() : null;
    }
}
