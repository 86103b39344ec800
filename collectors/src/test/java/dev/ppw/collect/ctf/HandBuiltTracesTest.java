package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;
import dev.ppw.model.work.Workers;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Traces built byte by byte: what LTTng writes on other machines and in other configurations (big-endian, a
 * 32-bit ABI, large event headers, several metadata packets, per-process buffers, discarded events) and broken
 * ones, decoded to the values written.
 */
class HandBuiltTracesTest {
    private static final long MAGIC = 0xC1FC1FC1L;
    private static final long BASE_NANOS = 100_000_000_000L + 5;

    /** Big-endian, 32-bit longs, compact headers: 5-bit ids and 27-bit times, escaping to the extended form. */
    static final String COMPACT_BE = """
            /* CTF 1.8 */
            typealias integer { size = 8; align = 8; signed = false; } := uint8_t;
            typealias integer { size = 32; align = 8; signed = false; } := uint32_t;
            typealias integer { size = 64; align = 8; signed = false; } := uint64_t;
            typealias integer { size = 32; align = 8; signed = false; } := unsigned long;
            typealias integer { size = 5; align = 1; signed = false; } := uint5_t;
            trace {
                major = 1; minor = 8; byte_order = be;
                packet.header := struct { uint32_t magic; uint32_t stream_id; };
            };
            clock { name = "c"; freq = 1000000000; offset_s = 100; offset = 5; absolute = TRUE; };
            typealias integer { size = 27; align = 1; signed = false; map = clock.c.value; } := uint27_clock_t;
            typealias integer { size = 64; align = 8; signed = false; map = clock.c.value; } := uint64_clock_t;
            struct packet_context {
                uint64_clock_t timestamp_begin;
                uint64_clock_t timestamp_end;
                uint64_t content_size;
                uint64_t packet_size;
                unsigned long events_discarded;
            };
            stream {
                id = 0;
                event.header := struct {
                    enum : uint5_t { compact = 0 ... 30, extended = 31 } id;
                    variant <id> {
                        struct { uint27_clock_t timestamp; } compact;
                        struct { uint32_t id; uint64_clock_t timestamp; } extended;
                    } v;
                } align(8);
                packet.context := struct packet_context;
                event.context := struct { integer { size = 32; align = 8; signed = 1; } _vtid; };
            };
            event {
                name = "a:x"; id = 0; stream_id = 0;
                fields := struct {
                    integer { size = 16; align = 8; signed = 1; } _v;
                    string _s;
                    integer { size = 8; align = 8; signed = 0; encoding = UTF8; } _txt[4];
                };
            };
            event { name = "a:far"; id = 40; stream_id = 0; fields := struct { uint64_t _n; }; };
            """;

    /** One packet: header, context, then {@code events}; sizes patched in; padded to {@code packetBytes}. */
    static void packet(CtfBytes w, long streamId, long begin, long end, long discarded, int packetBytes,
                       Consumer<CtfBytes> events) {
        long start = w.bitPosition();
        w.u32(MAGIC).u32(streamId);
        w.u64(begin).u64(end);
        long contentAt = w.bitPosition();
        w.u64(0);
        long packetAt = w.bitPosition();
        w.u64(0);
        w.u32(discarded);
        events.accept(w);
        long content = w.bitPosition() - start;
        w.putAt(contentAt, content, 64);
        w.putAt(packetAt, packetBytes * 8L, 64);
        w.padTo(start / 8 + packetBytes);
    }

    static void compact(CtfBytes w, int id, long ts27) {
        w.uint(id, 5, 8).uint(ts27, 27, 1);
    }

    static void extended(CtfBytes w, long id, long ts64) {
        w.uint(31, 5, 8).u32(id).u64(ts64);
    }

    static Path compactBigEndian(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("metadata"), COMPACT_BE);
        CtfBytes w = new CtfBytes(false);
        packet(w, 0, 1000, 300_000_000L, 0, 256, p -> {
            compact(p, 0, 1500);
            p.u32(7).uint(-2 & 0xffff, 16, 8).string("héllo").u8('a').u8('b').u8(0).u8('z');
            extended(p, 40, (1L << 27) + 10);
            p.u32(7).u64(0xFFFFFFFFFFFFFFF0L);
            compact(p, 0, 5);
            p.u32(8).u16(3).string("").u8(0).u8(0).u8(0).u8(0);
        });
        packet(w, 0, 300_000_001L, 300_000_100L, 3, 128, p -> {
            extended(p, 0, 300_000_050L);
            p.u32(9).u16(4).string("w").u8('q').u8(0).u8(0).u8(0);
        });
        Files.write(dir.resolve("channel0_0"), w.toBytes());
        return dir;
    }

    static List<CtfEvent> read(Path dir, int jobs) throws IOException {
        List<CtfEvent> out = new ArrayList<>();
        CtfTraceReader.read(dir, "T", TestWorkers.of(jobs), out::add);
        return out;
    }

    @Test
    void bigEndianCompactHeadersRebuildTheClockAcrossWrapsAndEscapes(@TempDir Path tmp) throws IOException {
        List<CtfEvent> events = read(compactBigEndian(tmp.resolve("t")), 1);
        assertEquals(4, events.size());
        CtfEvent a = events.get(0);
        assertEquals("a:x", a.name());
        assertEquals(BASE_NANOS + 1500, a.timestampNanos());
        assertEquals(7, a.integer("vtid"));
        assertEquals(7, a.integer("_vtid"), "the name as the metadata writes it");
        assertEquals(-2, a.integer("v"), "signed 16 bits, sign-extended");
        assertEquals("héllo", a.string("s"));
        assertEquals("ab", a.string("txt"), "a character array stops at its first NUL");
        assertEquals(0, a.integer("events_discarded"), "the packet context is the last scope looked in");
        assertTrue(a.has("s"));
        assertFalse(a.has("nothing"));
        assertEquals(Long.MIN_VALUE, a.integer("nothing"));
        assertNull(a.string("nothing"));
        assertEquals(Long.MIN_VALUE, a.integer("s"), "a string is not an integer");
        CtfEvent far = events.get(1);
        assertEquals("a:far", far.name());
        assertEquals(BASE_NANOS + (1L << 27) + 10, far.timestampNanos(), "the extended form's full 64 bits");
        assertEquals(0xFFFFFFFFFFFFFFF0L, far.integer("n"), "unsigned 64 bits as their bits");
        CtfEvent wrapped = events.get(2);
        assertEquals(BASE_NANOS + (2L << 27) + 5, wrapped.timestampNanos(), "27 low bits below the last: one wrap");
        assertEquals("", wrapped.string("s"));
        assertEquals("", wrapped.string("txt"));
        CtfEvent next = events.get(3);
        assertEquals(BASE_NANOS + 300_000_050L, next.timestampNanos());
        assertEquals(3, next.integer("events_discarded"));
    }

    @Test
    void discardedEventsAreCountedFromTheGrowthOfThePacketCounter(@TempDir Path tmp) throws IOException {
        Path dir = compactBigEndian(tmp.resolve("t"));
        CtfTraceReader.Result r = CtfTraceReader.read(dir, "T", Workers.inline(), e -> { });
        assertEquals(4, r.events());
        assertEquals(3, r.discardedEvents());
        assertEquals(List.of("T: channel0_0: byte 256: 3 events discarded by the tracer by the end of this packet"),
                r.discardExamples());
    }

    /** Little-endian, large headers (16-bit ids, 32-bit times, escape 65535), with a clock at 3 MHz. */
    static final String LARGE_LE = """
            /* CTF 1.8 */
            typealias integer { size = 8; align = 8; signed = false; } := uint8_t;
            typealias integer { size = 16; align = 8; signed = false; } := uint16_t;
            typealias integer { size = 32; align = 8; signed = false; } := uint32_t;
            typealias integer { size = 64; align = 8; signed = false; } := uint64_t;
            trace {
                major = 1; minor = 8; byte_order = le;
                uuid = "13455f0c-807b-420d-91b2-5e57f5ed933e";
                packet.header := struct { uint32_t magic; uint8_t uuid[16]; uint32_t stream_id; uint64_t stream_instance_id; };
            };
            env { domain = "ust"; tracer_name = "lttng-ust"; };
            clock { name = "m"; freq = 3000000; offset_s = 10; offset = 4500000; };
            typealias integer { size = 32; align = 8; signed = false; map = clock.m.value; } := uint32_clock_m_t;
            typealias integer { size = 64; align = 8; signed = false; map = clock.m.value; } := uint64_clock_m_t;
            struct event_header_large {
                enum : uint16_t { compact = 0 ... 65534, extended = 65535 } id;
                variant <id> {
                    struct { uint32_clock_m_t timestamp; } compact;
                    struct { uint32_t id; uint64_clock_m_t timestamp; } extended;
                } v;
            } align(8);
            stream {
                id = 3;
                event.header := struct event_header_large;
                packet.context := struct {
                    uint64_clock_m_t timestamp_begin; uint64_clock_m_t timestamp_end;
                    uint64_t content_size; uint64_t packet_size; uint64_t packet_seq_num;
                    uint64_t events_discarded; uint32_t cpu_id;
                };
            };
            event {
                name = "p:e"; id = 70000; stream_id = 3;
                context := struct { uint16_t _k; };
                fields := struct {
                    enum : uint16_t { ZERO = 0, ONE, MANY = 2 ... 9 } _state;
                    uint16_t _len;
                    uint16_t _seq[ _len ];
                    struct { uint32_t _x; string _label; } _inner;
                    floating_point { exp_dig = 11; mant_dig = 53; align = 64; } _f;
                };
            };
            event { name = "p:small"; id = 2; stream_id = 3; fields := struct { }; };
            """;

    /** The metadata in two packets, little-endian, as LTTng writes it. */
    static byte[] packetised(String text, boolean little) {
        byte[] all = text.getBytes(StandardCharsets.UTF_8);
        int half = all.length / 2;
        ByteBuffer out = ByteBuffer.allocate(2 * (37 + all.length + 64)).order(little ? ByteOrder.LITTLE_ENDIAN
                : ByteOrder.BIG_ENDIAN);
        for (byte[] part : new byte[][] {Arrays.copyOfRange(all, 0, half), Arrays.copyOfRange(all, half, all.length)}) {
            int content = 37 + part.length;
            int packet = content + 11;
            out.putInt(0x75D11D57).put(new byte[16]).putInt(0).putInt(content * 8).putInt(packet * 8)
                    .put(new byte[] {0, 0, 0, 1, 8}).put(part).put(new byte[packet - content]);
        }
        return Arrays.copyOf(out.array(), out.position());
    }

    /** The UUID the large-header metadata declares, which its packets carry. */
    static final byte[] TRACE_UUID = CompiledTrace.uuidBytes("13455f0c-807b-420d-91b2-5e57f5ed933e");

    static void largePacket(CtfBytes w, long cpu, Consumer<CtfBytes> events) {
        long start = w.bitPosition();
        w.u32(MAGIC);
        for (byte b : TRACE_UUID) {
            w.u8(b & 0xff);
        }
        w.u32(3).u64(cpu);
        w.u64(300).u64(900);
        long contentAt = w.bitPosition();
        w.u64(0);
        long packetAt = w.bitPosition();
        w.u64(0).u64(0).u64(0).u32(cpu);
        events.accept(w);
        long content = w.bitPosition() - start;
        w.putAt(contentAt, content, 64);
        w.putAt(packetAt, 512 * 8, 64);
        w.padTo(start / 8 + 512);
    }

    static Path largeLittleEndian(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.write(dir.resolve("metadata"), packetised(LARGE_LE, true));
        CtfBytes s0 = new CtfBytes(true);
        largePacket(s0, 0, w -> {
            w.u16(65535).u32(70000).u64(600).u16(41).align(64); // the payload aligns as its most aligned member
            w.u16(1).u16(3).u16(10).u16(20).u16(30).u32(77).string("in").align(64).u64(Double.doubleToLongBits(1.5));
            w.u16(2).u32(900);
        });
        Files.write(dir.resolve("channel0_0"), s0.toBytes());
        CtfBytes s1 = new CtfBytes(true);
        largePacket(s1, 1, w -> {
            w.u16(2).u32(600);
            w.u16(2).u32(0xFFFFFFFFL);
        });
        Files.write(dir.resolve("channel0_1"), s1.toBytes());
        return dir;
    }

    @Test
    void largeHeadersPacketisedMetadataAndStreamsMergedInTimeOrder(@TempDir Path tmp) throws IOException {
        Path dir = largeLittleEndian(tmp.resolve("t"));
        for (int jobs : new int[] {1, 3}) {
            List<CtfEvent> events = read(dir, jobs);
            assertEquals(List.of("p:e", "p:small", "p:small", "p:small"), events.stream().map(CtfEvent::name).toList());
            // 10 s + 4.5e6 cycles at 3 MHz = 11.5 s; 600 cycles = 200 us
            long base = 11_500_000_000L;
            assertEquals(base + 200_000, events.get(0).timestampNanos());
            assertEquals(base + 200_000, events.get(1).timestampNanos(), "a tie goes to the stream first by name");
            assertEquals(1, events.get(1).integer("cpu_id"));
            assertEquals(base + 300_000, events.get(2).timestampNanos());
            assertEquals(base + 0xFFFFFFFFL * 1000 / 3, events.get(3).timestampNanos(), "floor of cycles * 1e9 / freq");
            CtfEvent e = events.get(0);
            assertEquals(41, e.integer("k"), "the event context");
            assertEquals(1, e.integer("state"));
            assertEquals("ONE", e.string("state"), "an enum's label");
            assertEquals(3, e.integer("len"));
            assertEquals(77, e.integer("inner.x"), "a struct member by its dotted path");
            assertEquals("in", e.string("inner.label"));
            assertFalse(e.has("f"), "floats are read past");
        }
    }

    @Test
    void perProcessBuffersAreOneInputMergedAcrossTraces(@TempDir Path tmp) throws IOException {
        compactBigEndian(tmp.resolve("ust/pid/b-2-20260101"));
        largeLittleEndian(tmp.resolve("ust/pid/a-1-20260101"));
        List<CtfEvent> events = read(tmp, 2);
        assertEquals(8, events.size());
        for (int i = 1; i < events.size(); i++) {
            assertTrue(events.get(i - 1).timestampNanos() <= events.get(i).timestampNanos(), "time order");
        }
        assertEquals(List.of("p:e", "p:small", "p:small", "a:x", "a:far", "a:x", "a:x", "p:small"),
                events.stream().map(CtfEvent::name).toList(), "11.5 s, then 100 s, then the last at 1443 s");
    }

    private static BadInputException bad(Path dir) {
        return assertThrows(BadInputException.class, () -> read(dir, 1));
    }

    @Test
    void aCutPacketNamesItsFileAndByte(@TempDir Path tmp) throws IOException {
        Path dir = compactBigEndian(tmp.resolve("t"));
        byte[] stream = Files.readAllBytes(dir.resolve("channel0_0"));
        Files.write(dir.resolve("channel0_0"), Arrays.copyOf(stream, 300));
        assertEquals("T: channel0_0: byte 256: the packet of 128 bytes is cut: the file ends 44 bytes after its start",
                bad(dir).getMessage());
    }

    @Test
    void garbageStreamBytesAreRefusedAtTheirPacket(@TempDir Path tmp) throws IOException {
        Path dir = compactBigEndian(tmp.resolve("t"));
        Files.writeString(dir.resolve("channel0_0"), "this is not a packet of any stream, only text");
        assertEquals("T: channel0_0: byte 0: not a CTF packet (magic 0x74686973, expected 0xc1fc1fc1)",
                bad(dir).getMessage());
    }

    @Test
    void anEventRunningPastItsContentIsRefused(@TempDir Path tmp) throws IOException {
        Path dir = compactBigEndian(tmp.resolve("t"));
        byte[] stream = Files.readAllBytes(dir.resolve("channel0_0"));
        stream[8 + 16 + 7] = (byte) (stream[8 + 16 + 7] - 16); // content_size 16 bits short: the last event is cut
        Files.write(dir.resolve("channel0_0"), stream);
        BadInputException e = bad(dir);
        assertTrue(e.getMessage().startsWith("T: channel0_0: byte "), e.getMessage());
        assertTrue(e.getMessage().endsWith("runs past the end of the packet's content (a cut or corrupt packet)"),
                e.getMessage());
    }

    @Test
    void anUndeclaredEventIdIsRefused(@TempDir Path tmp) throws IOException {
        Path dir = compactBigEndian(tmp.resolve("t"));
        byte[] stream = Files.readAllBytes(dir.resolve("channel0_0"));
        stream[44] = (byte) ((stream[44] & 0x07) | (5 << 3)); // the first event's 5-bit id: 5, not declared
        Files.write(dir.resolve("channel0_0"), stream);
        assertEquals("T: channel0_0: byte 48: event id 5 is not declared for stream class 0 in the metadata",
                bad(dir).getMessage());
    }

    @Test
    void cutMetadataPacketsAndBrokenTsdlAreRefusedWithTheirPlace(@TempDir Path tmp) throws IOException {
        Path dir = largeLittleEndian(tmp.resolve("t"));
        byte[] metadata = Files.readAllBytes(dir.resolve("metadata"));
        Files.write(dir.resolve("metadata"), Arrays.copyOf(metadata, metadata.length - 20));
        assertTrue(bad(dir).getMessage().matches("T: metadata: byte \\d+: the metadata packet of \\d+ bytes is cut: the"
                + " file ends \\d+ bytes after its start"), bad(dir).getMessage());
        Files.writeString(dir.resolve("metadata"), "/* CTF 1.8 */\ntrace {\n  byte_order = sideways;\n};\n");
        assertEquals("T: metadata:3:16: bad CTF metadata: unknown byte order 'sideways'", bad(dir).getMessage());
        Files.writeString(dir.resolve("metadata"), "/* CTF 1.8 */\nstream { event.header := struct nowhere; };\n");
        assertEquals("T: metadata:2:26: bad CTF metadata: unknown struct 'nowhere'", bad(dir).getMessage());
        Files.writeString(dir.resolve("metadata"), "/* CTF 1.8 */\n" + "struct a { ".repeat(100));
        assertTrue(bad(dir).getMessage().contains("nested more than 64 deep"), bad(dir).getMessage());
    }
    @Test
    void aliasesThatExpandExponentiallyAreRefusedNotExpanded(@TempDir Path tmp) throws IOException {
        StringBuilder meta = new StringBuilder("/* CTF 1.8 */\ntypealias integer { size = 8; } := t0;\n");
        for (int i = 1; i <= 40; i++) {
            meta.append("typealias struct { t").append(i - 1).append(" a; t").append(i - 1).append(" b; } := t")
                    .append(i).append(";\n");
        }
        meta.append("event { name = \"e\"; fields := struct { t40 x; }; };\n");
        Path dir = Files.createDirectories(tmp.resolve("t"));
        Files.writeString(dir.resolve("metadata"), meta.toString());
        Files.write(dir.resolve("s"), new byte[] {1});
        assertEquals("T: metadata:43:1: bad CTF metadata: types that expand to more than 262144 fields",
                bad(dir).getMessage());
    }

    @Test
    void eventsOfNoBitsAreRefusedRatherThanReadForever(@TempDir Path tmp) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("t"));
        Files.writeString(dir.resolve("metadata"), "/* CTF 1.8 */\nevent { name = \"e\"; };\n");
        Files.write(dir.resolve("s"), new byte[] {1, 2, 3});
        assertEquals("T: s: byte 0: an event of no bits (its header and fields are all empty): the packet's content"
                + " would never end", bad(dir).getMessage());
    }
}
