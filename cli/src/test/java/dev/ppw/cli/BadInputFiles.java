package dev.ppw.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * How the inputs of {@code bad-input/} that are not plain text were made, and the large ones that are made
 * at test time instead of being committed. {@link BadInputCorpusTest} checks that the committed binaries are
 * what this class makes ({@code .gz} files by the text they decompress to, since compressed bytes depend on
 * the zlib version); with {@code -Dppw.updateBadInput=true} it rewrites them instead.
 */
final class BadInputFiles {
    /** A small valid trace: one thread with a nested X, one with a B/E pair. */
    static final String GOOD = """
            [{"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":10},
            {"name":"work","ph":"X","pid":1,"tid":1,"ts":2,"dur":5},
            {"name":"io","ph":"B","pid":1,"tid":2,"ts":1},
            {"name":"io","ph":"E","pid":1,"tid":2,"ts":4}]
            """;

    private BadInputFiles() {
    }

    /** The committed binary files, by name. */
    static Map<String, Supplier<byte[]>> binaries() {
        Map<String, Supplier<byte[]>> files = new LinkedHashMap<>();
        files.put("bom-only.json", () -> new byte[]{(byte) 0xef, (byte) 0xbb, (byte) 0xbf});
        files.put("random-binary.bin", BadInputFiles::randomBinary);
        // found by fuzzing the saved-profile reader (SavedProfileFuzzTest): a UCS-4 byte order Jackson does not read
        files.put("fuzz-saved-ucs4.ppw.json", () -> new byte[]{0, 0, 2, 0, (byte) 0xff, '{'});
        files.put("fuzz-saved-cut-gzip.ppw.json", () -> concat(new byte[]{0x1f, (byte) 0x8b, 8, 0},
                ascii("Unnexe\n\u0000tput")));
        // found by fuzzing the Chrome reader (ChromeJsonFuzzTest): another UCS-4 byte order, 3412
        files.put("fuzz-chrome-ucs4.json", () -> {
            byte[] bytes = new byte[66];
            bytes[1] = 3;
            bytes[65] = (byte) 0xf4;
            return bytes;
        });
        // found by the short fuzz run of the Chrome reader (ChromeJsonFuzzTest): a gzip layer cut before any text
        files.put("fuzz-chrome-cut-gzip.json",
                () -> new byte[]{0x1f, (byte) 0x8b, 8, 0, -1, -1, -1, -1, -1, -1, (byte) 0xfb, -1, -1});
        // found by fuzzing the folded reader (FoldedFuzzTest): a gzip layer cut after one byte of text
        files.put("fuzz-folded-cut-gzip.folded",
                () -> new byte[]{0x1f, (byte) 0x8b, 8, 0, 9, 0x1a, 0x22, 0x58, 0x22, 0x1f, (byte) 0x8b, 0x0a});
        // Named as folded stacks are, and still not text: the name alone must not make it a format.
        files.put("random-binary.folded", BadInputFiles::randomBinary);
        files.put("gzip-of-garbage.json.gz", () -> gzip(ascii("MZ\u0090 this was never JSON, only gzipped\n")));
        files.put("gzip-cut-in-header.json.gz", () -> Arrays.copyOf(gzip(utf8(GOOD)), 6));
        files.put("truncated-gzip.json.gz", BadInputFiles::truncatedGzip);
        files.put("good-trace.json.gz", () -> gzip(utf8(GOOD)));
        files.put("perfetto-named.json", BadInputFiles::perfettoLike);
        byte[] perfetto = perfettoLike();
        // The second packet cut 3 bytes before its end: the first is kept, the cut counted.
        files.put("perfetto-truncated.pftrace", () -> Arrays.copyOf(perfetto, perfetto.length - 3));
        files.put("perfetto-garbage-after-packet.pftrace", () -> concat(perfetto, ascii("garbage\n")));
        // A packet announcing 1 TiB: refused at once, nothing is allocated for it.
        files.put("perfetto-absurd-length.pftrace", () -> concat(perfetto, new byte[]{0x0a, (byte) 0x80, (byte) 0x80,
                (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x20, 0x08, 0x01}));
        // Another protobuf whose first field is a message (so that it looks like a trace): its field 3 is no packet.
        files.put("perfetto-descriptor-after-events.pftrace", () -> perfettoOnTrack(42, true, 1));
        files.put("perfetto-undescribed-track.pftrace", () -> perfettoOnTrack(42, false, 1));
        files.put("perfetto-state-and-future-types.pftrace", () -> perfettoOnTrack(42, true, 5, 9));
        files.put("perfetto-wrong-message.pb", () -> {
            ByteArrayOutputStream other = new ByteArrayOutputStream();
            bytesField(other, 1, new byte[]{0x08, 0x05, 0x12, 0x01, 'x'});
            field(other, 3, 7);
            return other.toByteArray();
        });
        byte[] pprof = gzip(pprofLike(1));
        files.put("pprof-good.pb.gz", () -> pprof);
        files.put("pprof-two-samples-at-the-limit.pb", () -> OverflowCliTest.pprof(Long.MAX_VALUE));
        files.put("pprof-cut.pb.gz", () -> Arrays.copyOf(pprof, pprof.length * 2 / 3));
        files.put("pprof-unknown-location.pb", () -> pprofLike(9));
        files.put("pprof-bad-string.pb", () -> pprofLike(1, 99));
        files.put("pprof-garbage-after-types.pb", () -> concat(Arrays.copyOf(pprofLike(1), 8),
                new byte[]{(byte) 0xff, (byte) 0xff, (byte) 0xff}, ascii(" garbage")));
        // issue 26: content in a field profile.proto does not define, a length past the end, totals past 2^63 - 1
        files.put("pprof-unknown-field.pb", () -> concat(pprofLike(1), new byte[]{(byte) 0x92, 0x01, 2, 0x08, 0x07}));
        files.put("pprof-length-past-end.pb", () -> {
            byte[] b = pprofLike(1);
            b[7] = 0x7f;                                    // the sample's length, after its 6-byte sample_type
            return b;
        });
        files.put("pprof-two-max-samples.pb", () -> pprofSamples(Long.MAX_VALUE, Long.MAX_VALUE));
        // issue 26: one sample of 10 million location ids, 9.8 KB gzipped, once 5 GiB of heap
        files.put("pprof-deep-10m.pb.gz", () -> gzip(pprofDeep(10_000_000)));
        // issue 28: a legacy CPU profile (gperftools, Go before profile.proto) in 32-bit big-endian words
        files.put("pprof-legacy-be32.prof", BadInputFiles::legacyCpuProfile);
        // found by the short fuzz run of the pprof reader (PprofFuzzTest): a gzip layer whose CRC is wrong
        // (.gz, so that the corpus test compares the content, not zlib's bytes)
        files.put("fuzz-pprof-gzip-trailer.pb.gz", () -> {
            byte[] b = gzip(pprofLike(1));
            b[b.length - 6] ^= 0x55;
            return b;
        });
        // issue 26: a zeroed 4 KiB page in a perf script file, a symbol and a folded frame that are not UTF-8
        // (the zeros past the first 4 KiB, which detection reads: a zeroed head is no text at all)
        files.put("perf-script-zero-page.txt", () -> concat(ascii(PERF_SAMPLE.repeat(120)
                + "w 1 1.000003: 5 cpu-clock:\n\t1 b"), new byte[4096], ascii("9 c (/x)\n\t2 d (/x)\n\n" + PERF_SAMPLE)));
        files.put("perf-script-latin1-symbol.txt", () -> concat(ascii("w 1 1.000001: 5 cpu-clock:\n\t1 caf"),
                new byte[]{(byte) 0xe9}, ascii(" (/x)\n\n" + PERF_SAMPLE.replace("1.000001", "1.000002"))));
        files.put("folded-latin1-frame.folded", () -> concat(ascii("main;a 1\nmain;caf"), new byte[]{(byte) 0xe9},
                ascii(" 2\nmain;b 3\n")));
        files.put("utf16-with-bom.json", () -> ("\uFEFF" + GOOD).getBytes(StandardCharsets.UTF_16LE));
        files.put("bad-utf8-name.json", () -> concat(ascii("[{\"name\":\"caf"), new byte[]{(byte) 0xe9},
                ascii("\",\"ph\":\"X\",\"ts\":1,\"dur\":1}]\n")));
        files.put("nul-byte.json", () -> utf8(GOOD.replace("},\n{\"name\":\"io\"", "},\u0000\n{\"name\":\"io\"")));
        // A writer killed (or its node crashed) before its data reached the disk: the file ends in zero bytes.
        files.put("zero-tail.pfw", () -> concat(utf8(manyEvents(40)), new byte[4096]));
        files.put("zero-tail-in-event.pfw", () -> concat(utf8(fortyEvents().substring(0, 1500)), new byte[4096]));
        files.put("zero-tail-in-header.json", () -> concat(ascii("{\"otherData\":{\"version\":\"1"), new byte[100]));
        files.put("zero-run-mid-file.pfw", () -> concat(utf8(fortyEvents().substring(0, 1500)), new byte[4096],
                utf8(fortyEvents().substring(1500))));
        // JFR chunk headers (68 bytes: magic, version, size, constant pool and metadata offsets, times) broken
        // the usual ways: cut, of a version the JDK does not read, still being written, garbage inside.
        files.put("jfr-cut-header.jfr", () -> Arrays.copyOf(jfrHeader(2, 1, 2000, 100, 150), 40));
        files.put("jfr-version-9.jfr", () -> concat(jfrHeader(9, 0, 1000, 100, 150), new byte[1000 - 68]));
        files.put("jfr-chunk-being-written.jfr", () -> concat(jfrHeader(2, 1, 0, 0, 0), new byte[500]));
        files.put("jfr-garbage-body.jfr", () -> {
            byte[] body = new byte[600 - 68];
            new java.util.Random(15).nextBytes(body);
            return concat(jfrHeader(2, 1, 600, 300, 400), body);
        });
        return files;
    }

    /** A JFR chunk header of this version, size and offsets (times 0, one tick per nanosecond). */
    private static byte[] jfrHeader(int major, int minor, long sizeBytes, long constantPool, long metadata) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(68);
        b.put(new byte[] {'F', 'L', 'R', 0}).putShort((short) major).putShort((short) minor);
        b.putLong(sizeBytes).putLong(constantPool).putLong(metadata);
        b.putLong(0).putLong(0).putLong(0).putLong(1_000_000_000L).putInt(0);
        return b.array();
    }

    /** Inputs too large to commit, made into a temporary directory for each run. */
    static Map<String, Supplier<byte[]>> generated() {
        Map<String, Supplier<byte[]>> files = new LinkedHashMap<>();
        files.put("nesting-100k.json", () -> ascii("[".repeat(100_000)));
        files.put("nesting-100k-in-args.json",
                () -> ascii("[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":1,\"args\":" + "{\"a\":".repeat(100_000)));
        files.put("name-1mb.json", () -> ascii("[{\"name\":\"" + "n".repeat(1 << 20) + "\",\"ph\":\"X\",\"ts\":1,\"dur\":2}]\n"));
        // Large enough for the parallel reader, with 1 MiB of zeros at the end.
        files.put("zero-tail-1mb.pfw", () -> concat(utf8(manyEvents(20_000)), new byte[1 << 20]));
        files.put("name-21mb.json", () -> ascii("[{\"name\":\"" + "n".repeat(21_000_000) + "\",\"ph\":\"X\",\"ts\":1}]\n"));
        // issue 26's campaign: a 4 KiB page of zeros inside folded stacks, past the head that detection reads
        files.put("folded-zero-page.folded", () -> {
            byte[] b = ascii(foldedLines(8000));
            java.util.Arrays.fill(b, 100_000, 100_000 + 4096, (byte) 0);
            return b;
        });
        files.put("folded-nul-in-name.folded", () -> concat(ascii(foldedLines(5000)), ascii("main;a\u0000b 3\nmain;c 2\n")));
        return files;
    }

    /** Length of the text that {@code truncated-gzip.json.gz} still decompresses to. */
    static final int TRUNCATED_GZIP_TEXT = 1500;

    /** 40 events gzipped, cut where the compressed bytes have given the first 1500 bytes: inside event 22. */
    private static byte[] truncatedGzip() {
        byte[] text = utf8(fortyEvents());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int cut;
        try (GZIPOutputStream gz = new GZIPOutputStream(out, 512, true)) {
            gz.write(text, 0, TRUNCATED_GZIP_TEXT);
            gz.flush();
            cut = out.size();
            gz.write(text, TRUNCATED_GZIP_TEXT, text.length - TRUNCATED_GZIP_TEXT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Arrays.copyOf(out.toByteArray(), cut);
    }

    static String fortyEvents() {
        return manyEvents(40) + "]\n";
    }

    /** PerfFlowAspect-style: a {@code [} line, then {@code count} events, each on its line with a comma. */
    static String manyEvents(int count) {
        StringBuilder sb = new StringBuilder("[\n");
        for (int i = 0; i < count; i++) {
            sb.append("{\"name\":\"step").append(i % 4).append("\",\"ph\":\"X\",\"pid\":7,\"tid\":7,\"ts\":")
                    .append(100 * i).append(".5,\"dur\":50.25},\n");
        }
        return sb.toString();
    }

    /** Not-a-trace bytes: a leading NUL (no format starts so) and 511 seeded random bytes. */
    private static byte[] randomBinary() {
        byte[] b = new byte[512];
        new SplittableRandom(20261122).nextBytes(b);
        b[0] = 0;
        return b;
    }

    /**
     * Two TracePackets as Perfetto writes them (field 1 of Trace): a timestamp, a sequence id and a
     * TrackEvent (slice begin, then end) named "main". Written by hand from the public proto field numbers.
     */
    private static byte[] perfettoLike() {
        ByteArrayOutputStream trace = new ByteArrayOutputStream();
        for (int type = 1; type <= 2; type++) {
            ByteArrayOutputStream event = new ByteArrayOutputStream();
            field(event, 9, type);                         // TrackEvent.type: SLICE_BEGIN, SLICE_END
            bytesField(event, 23, ascii("main"));          // TrackEvent.name
            ByteArrayOutputStream packet = new ByteArrayOutputStream();
            field(packet, 8, 1_000_000L * type);           // TracePacket.timestamp
            field(packet, 10, 1);                          // TracePacket.trusted_packet_sequence_id
            bytesField(packet, 11, event.toByteArray());   // TracePacket.track_event
            bytesField(trace, 1, packet.toByteArray());    // Trace.packet
        }
        return trace.toByteArray();
    }

    /**
     * A slice {@code work} on thread track {@code uuid} (pid 7, tid 8) from 1 ms to 2 ms, then, when
     * {@code describe}, the track's TrackDescriptor after the events (as a writer may describe a track late);
     * then one event of each of {@code otherTypes} that is not a slice begin (1), on the same track.
     */
    private static byte[] perfettoOnTrack(long uuid, boolean describe, int... otherTypes) {
        ByteArrayOutputStream trace = new ByteArrayOutputStream();
        for (int type = 1; type <= 2; type++) {
            packetOnTrack(trace, uuid, 1_000_000L * type, type);
        }
        for (int type : otherTypes) {
            if (type != 1) {
                packetOnTrack(trace, uuid, 1_500_000L, type);
            }
        }
        if (describe) {
            ByteArrayOutputStream thread = new ByteArrayOutputStream();
            field(thread, 1, 7);                           // ThreadDescriptor.pid
            field(thread, 2, 8);                           // ThreadDescriptor.tid
            ByteArrayOutputStream descriptor = new ByteArrayOutputStream();
            field(descriptor, 1, uuid);                    // TrackDescriptor.uuid
            bytesField(descriptor, 4, thread.toByteArray()); // TrackDescriptor.thread
            ByteArrayOutputStream packet = new ByteArrayOutputStream();
            field(packet, 10, 2);                          // TracePacket.trusted_packet_sequence_id
            bytesField(packet, 60, descriptor.toByteArray()); // TracePacket.track_descriptor
            bytesField(trace, 1, packet.toByteArray());
        }
        return trace.toByteArray();
    }

    private static void packetOnTrack(ByteArrayOutputStream trace, long uuid, long ts, int type) {
        ByteArrayOutputStream event = new ByteArrayOutputStream();
        field(event, 9, type);                             // TrackEvent.type
        field(event, 11, uuid);                            // TrackEvent.track_uuid
        if (type == 1) {
            bytesField(event, 23, ascii("work"));          // TrackEvent.name
        }
        ByteArrayOutputStream packet = new ByteArrayOutputStream();
        field(packet, 8, ts);                              // TracePacket.timestamp
        field(packet, 10, 1);                              // TracePacket.trusted_packet_sequence_id
        bytesField(packet, 11, event.toByteArray());       // TracePacket.track_event
        bytesField(trace, 1, packet.toByteArray());
    }

    /**
     * A pprof Profile (google/pprof's proto/profile.proto, field numbers by hand): sample type samples/count, one
     * sample of 3 on location {@code sampleLocation}, location 1 in function 1 "main", the string table.
     */
    private static byte[] pprofLike(long sampleLocation) {
        return pprofLike(sampleLocation, 3);
    }

    /** As {@link #pprofLike(long)}, the function's name being string {@code functionName}. */
    private static byte[] pprofLike(long sampleLocation, long functionName) {
        ByteArrayOutputStream p = new ByteArrayOutputStream();
        ByteArrayOutputStream type = new ByteArrayOutputStream();
        field(type, 1, 1);                                  // ValueType.type: "samples"
        field(type, 2, 2);                                  // ValueType.unit: "count"
        bytesField(p, 1, type.toByteArray());               // Profile.sample_type
        ByteArrayOutputStream sample = new ByteArrayOutputStream();
        field(sample, 1, sampleLocation);                   // Sample.location_id
        field(sample, 2, 3);                                // Sample.value
        bytesField(p, 2, sample.toByteArray());             // Profile.sample
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        field(line, 1, 1);                                  // Line.function_id
        ByteArrayOutputStream location = new ByteArrayOutputStream();
        field(location, 1, 1);                              // Location.id
        bytesField(location, 4, line.toByteArray());        // Location.line
        bytesField(p, 4, location.toByteArray());           // Profile.location
        p.writeBytes(pprofFunction(1, functionName));
        for (String s : new String[]{"", "samples", "count", "main"}) {
            bytesField(p, 6, ascii(s));                     // Profile.string_table
        }
        return p.toByteArray();
    }

    /** One perf script sample at 1.000001 s, of a (/x) called by main. */
    private static final String PERF_SAMPLE = "w 1 1.000001: 5 cpu-clock:\n\t1 a (/x)\n\t2 main (/x)\n\n";

    /** As {@link #pprofLike(long)}, with one sample of each value in {@code values} on location 1. */
    private static byte[] pprofSamples(long... values) {
        byte[] one = pprofLike(1);
        ByteArrayOutputStream p = new ByteArrayOutputStream();
        p.writeBytes(Arrays.copyOf(one, 6));                // the sample_type
        for (long v : values) {
            ByteArrayOutputStream sample = new ByteArrayOutputStream();
            field(sample, 1, 1);                            // Sample.location_id
            field(sample, 2, v);                            // Sample.value
            bytesField(p, 2, sample.toByteArray());         // Profile.sample
        }
        int afterSample = 6 + 2 + (one[7] & 0xff);
        p.writeBytes(Arrays.copyOfRange(one, afterSample, one.length));
        return p.toByteArray();
    }

    /** As {@link #pprofLike(long)}, its one sample of {@code depth} location ids, all location 1, packed. */
    private static byte[] pprofDeep(int depth) {
        byte[] one = pprofLike(1);
        ByteArrayOutputStream p = new ByteArrayOutputStream();
        p.writeBytes(Arrays.copyOf(one, 6));
        ByteArrayOutputStream sample = new ByteArrayOutputStream();
        byte[] ids = new byte[depth];
        Arrays.fill(ids, (byte) 1);
        bytesField(sample, 1, ids);                         // Sample.location_id, packed
        field(sample, 2, 3);                                // Sample.value
        bytesField(p, 2, sample.toByteArray());
        int afterSample = 6 + 2 + (one[7] & 0xff);
        p.writeBytes(Arrays.copyOfRange(one, afterSample, one.length));
        return p.toByteArray();
    }

    /** A legacy CPU profile: header (period 1000 us), two records, the end record, one memory map line. */
    private static byte[] legacyCpuProfile() {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(15 * 4);
        for (int w : new int[] {0, 3, 0, 1000, 0, 3, 2, 0x401005, 0x401100, 1, 1, 0x401006, 0, 1, 0}) {
            b.putInt(w);
        }
        return concat(b.array(), ascii("00400000-00500000 r-xp 00000000 00:00 1 /srv/bin/app\n"));
    }

    /** A pprof Profile.function field: Function{id, name} (a string index). */
    private static byte[] pprofFunction(long id, long name) {
        ByteArrayOutputStream function = new ByteArrayOutputStream();
        field(function, 1, id);                             // Function.id
        field(function, 2, name);                           // Function.name
        ByteArrayOutputStream p = new ByteArrayOutputStream();
        bytesField(p, 5, function.toByteArray());           // Profile.function
        return p.toByteArray();
    }

    private static void field(ByteArrayOutputStream out, int number, long value) {
        varint(out, (long) number << 3);
        varint(out, value);
    }

    private static void bytesField(ByteArrayOutputStream out, int number, byte[] value) {
        varint(out, ((long) number << 3) | 2);
        varint(out, value.length);
        out.writeBytes(value);
    }

    private static void varint(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7fL) != 0) {
            out.write((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }

    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** What a (possibly cut) gzip stream decompresses to before it ends or breaks. */
    static byte[] gunzipWhatThereIs(byte[] gz) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gz))) {
            byte[] chunk = new byte[8192];
            int n;
            while ((n = in.read(chunk)) >= 0) {
                out.write(chunk, 0, n);
            }
        } catch (IOException e) {
            // the cut: what came before it is all there is
        }
        return out.toByteArray();
    }

    /** {@code n} lines of folded stacks, {@code main;work;stepK 1} for K from 0 to 49 in turn. */
    private static String foldedLines(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append("main;work;step").append(i % 50).append(" 1\n");
        }
        return sb.toString();
    }

    /** Writes {@code name} of {@link #generated()} into {@code dir}. */
    static Path writeGenerated(Path dir, String name) throws IOException {
        return Files.write(dir.resolve(name), generated().get(name).get());
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
