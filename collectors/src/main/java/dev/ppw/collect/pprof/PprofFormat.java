package dev.ppw.collect.pprof;

import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipException;

/**
 * pprof's {@code profile.proto}, gzipped or plain, as Go's {@code runtime/pprof}, {@code go tool pprof -proto},
 * async-profiler's {@code -o pprof} and ppw-java's own {@code --format pprof} write it: a {@code Profile} message
 * whose first fields are usually its {@code sample_type}s, each a small {@code ValueType} of two varints (string
 * table indices of type and unit). The start of a Go CPU profile's content:
 * <pre>{@code 0a 04 08 01 10 02 0a 04 08 03 10 04 12 ...}</pre> (samples/count, cpu/nanoseconds, then a sample).
 *
 * <p>Each sample is one stack, outermost frame first, on the one thread track (pid {@code ""}, tid {@code ""}):
 * pprof has no threads (their labels are ignored, noted). Its values are weights: the value in time (unit
 * nanoseconds, microseconds, milliseconds or seconds, converted to exact nanoseconds) is the profile's time, a
 * {@code samples/count} value the number of samples (calls) and folded stacks' own {@code samples} metric, every
 * other value a weight of its own named after its type, in count or bytes (docs/formats.md "pprof").
 *
 * <p>The content is walked twice (tables, then samples): a content of at most 64 MiB, and one that cannot be read
 * twice (a pipe), is held in memory for the two walks; a larger file is read twice. The legacy CPU profile that {@code go tool pprof} still reads (gperftools' and Go's
 * before profile.proto, machine words) is read by {@link LegacyCpuProfile}.
 */
public final class PprofFormat implements EventFormat {
    /** Field numbers of google/pprof's proto/profile.proto, those the probe looks at. */
    private static final int SAMPLE_TYPE = 1;
    private static final int PERIOD_TYPE = 11;
    /** sample (2) to string_table (6): the long fields that follow the small ones. */
    private static final int FIRST_TABLE = 2;
    private static final int LAST_TABLE = 6;
    private static final int MAX_VALUE_TYPE_BYTES = 22;
    /** A content up to this size is held in memory for the two walks; a larger one is read twice. */
    private static final int HELD_BYTES = 64 << 20;
    /**
     * How many times its file's size a content may be to be held, above {@link #HELD_ALWAYS}: gzip makes a profile 3
     * to 10 times smaller, while a hostile one (a stack of 10 million frames) unpacks 10 KB into 10 MB, which would
     * then be held for nothing (issue 26: memory bounded by the input's real size).
     */
    private static final int HELD_PER_FILE_BYTE = 16;
    /** A content up to this size is held whatever its file's size (or when that size is unknown). */
    private static final int HELD_ALWAYS = 1 << 20;

    /** No: a pprof sample has no time of its own: each is given its index. */
    @Override
    public boolean timed() {
        return false;
    }

    @Override
    public String name() {
        return "pprof";
    }

    /** {@code .pb.gz} is how Go and most profilers name it: the {@code .gz} of every ending is searched too. */
    @Override
    public List<String> fileEndings() {
        return List.of(".pb", ".pprof");
    }

    /** Its notes, said by their names as they were before kinds had words. */
    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        return List.of(PprofReader.LABELS_IGNORED, PprofReader.SAMPLE_TYPE_SKIPPED, PprofReader.UNKNOWN_UNIT,
                PprofReader.UNKNOWN_FIELD);
    }

    @Override
    public String description() {
        return "pprof profiles (profile.proto, gzipped or not: Go's runtime/pprof, go tool pprof -proto,"
                + " async-profiler -o pprof, ppw-java --format pprof)";
    }

    /**
     * {@link Confidence#CERTAIN} when the content opens with the small fields of {@code Profile} as Go and pprof
     * write them, in any order: {@code sample_type}s and a {@code period_type} (each a {@code ValueType} of only
     * the varint fields 1 and 2), varints {@code time_nanos}, {@code duration_nanos}, {@code period},
     * {@code drop_frames}, {@code keep_frames}, {@code default_sample_type}; at least one {@code sample_type}
     * among them, then a field of {@code Profile} with a length (a sample, a mapping, a location, a function, a
     * string); also for the header of a legacy CPU profile ({@link LegacyCpuProfile}: the words {@code 0 3 0}, a
     * period, {@code 0}). {@link Confidence#NAME_ONLY} for a name ending {@code .pprof}, or {@code .pb} or
     * {@code .prof} after gzip.
     */
    @Override
    public Confidence probe(Head head) {
        byte[] first = head.bytes();
        if (LegacyCpuProfile.header(first, first.length, false) != null
                || LegacyCpuProfile.header(first, first.length, true) != null) {
            return Confidence.CERTAIN;
        }
        int i = 0;
        int types = 0;
        int n = head.length();
        while (i < n) {
            int tag = head.byteAt(i) & 0xff;
            int field = tag >>> 3;
            int wire = tag & 7;
            if (wire == 0 && smallVarintField(field)) {
                i = skipVarint(head, i + 1);
                if (i < 0) {
                    return byName(head);
                }
            } else if (wire == 2 && (field == SAMPLE_TYPE || field == PERIOD_TYPE)) {
                if (i + 1 >= n) {
                    break;
                }
                int length = head.byteAt(i + 1) & 0xff;
                if (length > MAX_VALUE_TYPE_BYTES || !onlyVarintsOneAndTwo(head, i + 2, i + 2 + length)) {
                    return byName(head);
                }
                types += field == SAMPLE_TYPE ? 1 : 0;
                i += 2 + length;
            } else {
                boolean followed = wire == 2 && field >= FIRST_TABLE && field <= LAST_TABLE;
                return types > 0 && followed ? Confidence.CERTAIN : byName(head);
            }
        }
        return byName(head);
    }

    /** drop_frames (7), keep_frames (8), time_nanos (9), duration_nanos (10), period (12), default_sample_type (14). */
    private static boolean smallVarintField(int field) {
        return switch (field) {
            case 7, 8, 9, 10, 12, 14 -> true;
            default -> false;
        };
    }

    /** The index after the varint starting at {@code from}, or -1 when it is longer than 10 bytes or not whole. */
    private static int skipVarint(Head head, int from) {
        for (int i = from; i < Math.min(head.length(), from + 10); i++) {
            if ((head.byteAt(i) & 0x80) == 0) {
                return i + 1;
            }
        }
        return -1;
    }

    private static Confidence byName(Head head) {
        String file = head.fileName().toLowerCase(Locale.ROOT);
        String name = head.gzipLayers() > 0 && file.endsWith(".gz") ? file.substring(0, file.length() - 3) : file;
        boolean named = head.gzipLayers() > 0
                && (name.endsWith(".pprof") || name.endsWith(".pb") || name.endsWith(".prof"));
        return named || name.endsWith(".pprof") ? Confidence.NAME_ONLY : Confidence.NONE;
    }

    /** Whether bytes {@code from} to {@code to} are fields 1 and 2 as varints (tags 0x08 and 0x10) only. */
    private static boolean onlyVarintsOneAndTwo(Head head, int from, int to) {
        if (to > head.length()) {
            return false;
        }
        int i = from;
        while (i < to) {
            int tag = head.byteAt(i) & 0xff;
            if (tag != 0x08 && tag != 0x10) {
                return false;
            }
            i++;
            while (i < to && (head.byteAt(i) & 0x80) != 0) {
                i++;
            }
            if (i >= to) {
                return false;
            }
            i++;
        }
        return true;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        byte[] first = source.head().bytes();
        if (LegacyCpuProfile.header(first, first.length, false) != null
                || LegacyCpuProfile.header(first, first.length, true) != null) {
            try (InputStream content = source.open(options.progress())) {
                EventFormat.bracketed(name, sink, () -> new LegacyCpuProfile(name, sink).read(content));
            }
            return;
        }
        PprofReader reader = new PprofReader(name, sink);
        if (source.rereadable()) {
            int holdAtMost = (int) Math.min(HELD_BYTES,
                    Math.max(HELD_ALWAYS, HELD_PER_FILE_BYTE * Math.max(0, source.sizeBytes())));
            byte[] whole;
            try (InputStream content = source.open(options.progress())) {
                whole = held(name, content, holdAtMost + 1);
            }
            if (whole.length <= holdAtMost) {
                // Small enough to hold: both walks read the bytes in memory, the gzip layer undone once.
                EventFormat.bracketed(name, sink, () -> {
                    reader.readTables(whole);
                    reader.readSamples(whole);
                });
                return;
            }
            try (InputStream content = source.open(options.progress())) {
                EventFormat.bracketed(name, sink, () -> {
                    reader.readTables(content);
                    try (InputStream again = source.open(options.progress())) {
                        reader.readSamples(again);
                    }
                });
            }
        } else {
            try (InputStream content = source.open(options.progress())) {
                EventFormat.bracketed(name, sink, () -> {
                    byte[] bytes = held(name, content, Integer.MAX_VALUE - 8);
                    reader.readTables(bytes);
                    reader.readSamples(bytes);
                });
            }
        }
    }

    /**
     * The content, at most {@code limit} bytes of it; a gzip layer cut short is refused at the byte of the content
     * where it stops, as the walks would refuse it.
     */
    private static byte[] held(String name, InputStream content, int limit) throws IOException {
        byte[] b = new byte[Math.min(limit, 1 << 16)];
        int n = 0;
        try {
            while (n < limit) {
                if (n == b.length) {
                    b = java.util.Arrays.copyOf(b, (int) Math.min(limit, 2L * b.length));
                }
                int r = content.read(b, n, b.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (EOFException e) {
            throw new BadInputException(name + ": byte " + n + ": the input ends inside a field of the profile (a cut"
                    + " file)", e);
        } catch (ZipException e) {
            throw new BadInputException(name + ": byte " + n + ": corrupt gzip data: " + e.getMessage(), e);
        }
        // A content that filled the buffer is returned as it is: the caller may only look at its length.
        return n == b.length ? b : java.util.Arrays.copyOf(b, n);
    }
}
