package dev.ppw.collect;

import dev.ppw.collect.chrome.ChromeTraceReader;
import dev.ppw.collect.chrome.ParallelChromeReader;
import dev.ppw.model.BadInputException;
import dev.ppw.model.EventSink;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.LongConsumer;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * The one place where an input's format is decided, by its content and never by its file name (Chromium
 * writes Perfetto protobuf into files named {@code .json}).
 *
 * <p>Detection, in order: gzip magic {@code 1f 8b} (decompressed, then detected again, up to three
 * layers); a UTF-8 byte order mark (skipped); a Perfetto protobuf trace (a {@code TracePacket} field-1
 * record with binary content), rejected with advice; a first non-whitespace byte <code>[</code> or <code>&#123;</code>
 * (Chrome trace JSON, read by {@link ChromeTraceReader}). An empty or whitespace-only input and anything
 * else are {@link BadInputException}s quoting the first bytes.
 *
 * <p>The sink sees {@link EventSink#beginInput} only once the format is known, so an input rejected by
 * detection leaves no trace in it; once begun, {@link EventSink#endInput} is called even when reading
 * fails, and the sink keeps what was read before the failure.
 */
public final class TraceReaders {
    static final int BUFFER_SIZE = 1 << 16;
    private static final int MAX_GZIP_LAYERS = 3;
    /** Bytes examined before deciding, unless they are all whitespace. */
    private static final int PROBE = 256;
    private static final int QUOTE_BYTES = 24;
    private static final int MIN_PARSER_BYTES = 4;
    private static final Pattern SAVED_PROFILE_HEAD = Pattern.compile("\\s*\\{\\s*\"format\"\\s*:\\s*\"ppw-profile\"");

    private TraceReaders() {
    }

    /** What an input holds, decided by its content. */
    public enum InputKind {
        /** A trace of events, read by {@link #readTrace}. */
        TRACE,
        /** A saved profile in the ppw-profile JSON format (docs/profile-json.md), read by the report module. */
        SAVED_PROFILE
    }

    /**
     * An input opened and recognised: its kind and its content, decompressed and past any byte order mark.
     * Closing it closes the file.
     */
    public record OpenedInput(String displayName, InputKind kind, InputStream content) implements Closeable {
        @Override
        public void close() throws IOException {
            content.close();
        }
    }

    /**
     * Opens {@code file} and decides what it holds. A saved profile is a JSON object whose first key is
     * {@code "format"} with the value {@code "ppw-profile"}, as our writer always puts it; anything else
     * that detection accepts is a trace.
     *
     * @throws BadInputException when the content is of no format this tool reads
     */
    public static OpenedInput open(Path file) throws IOException {
        String name = file.toString();
        InputStream raw = Files.newInputStream(file);
        try {
            BufferedInputStream content = detect(name, new BufferedInputStream(raw, BUFFER_SIZE), 0);
            content.mark(PROBE);
            byte[] head = new byte[PROBE];
            int n = content.readNBytes(head, 0, PROBE);
            content.reset();
            String text = new String(head, 0, n, StandardCharsets.ISO_8859_1);
            boolean saved = SAVED_PROFILE_HEAD.matcher(text).lookingAt();
            return new OpenedInput(name, saved ? InputKind.SAVED_PROFILE : InputKind.TRACE, content);
        } catch (RuntimeException | IOException e) {
            raw.close();
            throw e;
        }
    }

    /** Reads an input that {@link #open} found to be a {@link InputKind#TRACE} into {@code sink}. */
    public static void readTrace(OpenedInput input, EventSink sink) throws IOException {
        if (input.kind() != InputKind.TRACE) {
            throw new IllegalArgumentException(input.displayName() + " is not a trace");
        }
        readDetected(input.displayName(), input.content(), sink);
    }

    /** Reads {@code file} into {@code sink}, naming it by its path in messages. */
    public static void read(Path file, EventSink sink) throws IOException {
        read(file, sink, 1);
    }

    /**
     * Reads {@code file} into {@code sink} as {@link #read(Path, EventSink)} does, parsing on up to
     * {@code jobs} threads when the file is large, regular and uncompressed (the sink is still called on
     * this thread only, in file order: the result is the same whatever {@code jobs} is).
     */
    public static void read(Path file, EventSink sink, int jobs) throws IOException {
        read(file, sink, jobs, bytes -> { });
    }

    /**
     * As {@link #read(Path, EventSink, int)}, telling {@code progress} (on this thread) how many bytes of the
     * file were read so far, for a progress bar; a file read a second time starts again from 0.
     */
    public static void read(Path file, EventSink sink, int jobs, LongConsumer progress) throws IOException {
        read(file, file.toString(), sink, jobs, MIN_PARALLEL_BYTES, CHUNK_BYTES, progress);
    }

    /** As {@link #read(Path, EventSink, int)}, with the size from which it reads in parallel and the chunk size. */
    static void read(Path file, String name, EventSink sink, int jobs, long parallelFromBytes, int chunkBytes)
            throws IOException {
        read(file, name, sink, jobs, parallelFromBytes, chunkBytes, bytes -> { });
    }

    private static void read(Path file, String name, EventSink sink, int jobs, long parallelFromBytes, int chunkBytes,
                             LongConsumer progress) throws IOException {
        if (parallelReadable(file, parallelFromBytes)) {
            bracketed(name, sink, () -> ParallelChromeReader.read(file, name, sink, jobs, chunkBytes, progress));
            return;
        }
        try (InputStream in = new CountingInputStream(Files.newInputStream(file), progress)) {
            read(name, in, sink);
        }
    }

    /** Tells {@code progress} the bytes read so far (of the file; a gzip layer above reads ahead of the parser). */
    private static final class CountingInputStream extends FilterInputStream {
        private final LongConsumer progress;
        private long count;

        CountingInputStream(InputStream in, LongConsumer progress) {
            super(in);
            this.progress = progress;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                progress.accept(++count);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
                progress.accept(count);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += skipped;
            progress.accept(count);
            return skipped;
        }
    }

    /**
     * Files from this size are read by {@link ParallelChromeReader} (at any jobs: its parser is faster too);
     * {@code -Dppw.read.parallelFromBytes=0} sends every plain file there (the test suite passes so too).
     */
    private static final long MIN_PARALLEL_BYTES = Long.getLong("ppw.read.parallelFromBytes", 64 << 10);
    private static final int CHUNK_BYTES = Integer.getInteger("ppw.read.chunkBytes", ParallelChromeReader.DEFAULT_CHUNK);

    /**
     * A regular file large enough, that detection would pass straight to the Chrome reader as UTF-8 JSON: no
     * gzip, no byte order mark, no Perfetto look, ASCII bytes first (so Jackson detects UTF-8), then a
     * first non-whitespace byte that opens an array or object.
     */
    private static boolean parallelReadable(Path file, long parallelFromBytes) throws IOException {
        if (!Files.isRegularFile(file) || Files.size(file) < parallelFromBytes) {
            return false;
        }
        byte[] head = new byte[PROBE];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, PROBE);
        }
        if (n < MIN_PARSER_BYTES || looksLikePerfetto(head, 0, n)) {
            return false;
        }
        for (int i = 0; i < MIN_PARSER_BYTES; i++) {
            if (head[i] <= 0) {
                return false;
            }
        }
        int first = firstNonWhitespace(head, 0, n);
        return first >= 0 && (head[first] == '[' || head[first] == '{');
    }

    /**
     * Reads {@code in} (not closed here) into {@code sink} as one input named {@code displayName}.
     *
     * @throws BadInputException when the format is unknown or the content is broken beyond repair
     * @throws IOException when reading fails
     */
    public static void read(String displayName, InputStream in, EventSink sink) throws IOException {
        // The shield keeps the caller's stream open when the gzip layers are closed (they hold native memory).
        InputStream shield = new FilterInputStream(in) {
            @Override
            public void close() {
            }
        };
        try (InputStream content = detect(displayName, new BufferedInputStream(shield, BUFFER_SIZE), 0)) {
            readDetected(displayName, content, sink);
        }
    }

    private static void readDetected(String displayName, InputStream content, EventSink sink) throws IOException {
        bracketed(displayName, sink, () -> ChromeTraceReader.read(displayName, content, sink));
    }

    /** A reading of one input into {@code sink}. */
    private interface Reading {
        void run() throws IOException;
    }

    /** Runs {@code reading} between beginInput and endInput; the input is ended even when the reading fails. */
    private static void bracketed(String displayName, EventSink sink, Reading reading) throws IOException {
        sink.beginInput(displayName);
        try {
            reading.run();
        } catch (RuntimeException | IOException e) {
            try {
                sink.endInput();
            } catch (RuntimeException second) {
                e.addSuppressed(second);
            }
            throw e;
        }
        sink.endInput();
    }

    /** Returns {@code in}, or the decompressed stream it holds, positioned at the start of Chrome JSON. */
    private static BufferedInputStream detect(String name, BufferedInputStream in, int layers) throws IOException {
        in.mark(BUFFER_SIZE);
        byte[] head = new byte[BUFFER_SIZE];
        Probe probe = fill(name, in, head, PROBE);
        int n = probe.length;
        if (n >= 2 && head[0] == 0x1f && head[1] == (byte) 0x8b) {
            if (layers == MAX_GZIP_LAYERS) {
                throw BadInputException.at(name, 0, 0, "gzip nested more than " + MAX_GZIP_LAYERS + " levels deep", null);
            }
            in.reset();
            GZIPInputStream gzip;
            try {
                gzip = new GZIPInputStream(in, BUFFER_SIZE);
            } catch (ZipException | EOFException e) {
                throw BadInputException.at(name, 0, 0, "corrupt gzip header: "
                        + (e.getMessage() != null ? e.getMessage() : "it ends early"), null);
            }
            try {
                return detect(name, new BufferedInputStream(new NothingAvailable(gzip), BUFFER_SIZE), layers + 1);
            } catch (RuntimeException | IOException e) {
                gzip.close();
                throw e;
            }
        }
        String where = layers == 0 ? "" : " after gzip decompression";
        String cut = probe.cut ? " (and its gzip data ends early)" : "";
        if (n == 0) {
            throw BadInputException.at(name, 0, 0, "the input is empty" + where + cut, null);
        }
        int start = n >= 3 && head[0] == (byte) 0xef && head[1] == (byte) 0xbb && head[2] == (byte) 0xbf ? 3 : 0;
        if (probe.cut && n - start < MIN_PARSER_BYTES) {
            // The JSON parser reads this many bytes (to detect the encoding) before it reports anything.
            throw BadInputException.at(name, 0, 0, "the gzip data ends after only " + (n - start)
                    + (n - start == 1 ? " byte" : " bytes") + " of content (a cut file?)", null);
        }
        if (looksLikePerfetto(head, start, n)) {
            throw BadInputException.at(name, 0, 0, "this is a Perfetto protobuf trace, not Chrome JSON: re-record"
                    + " with --trace-startup-format=json, or convert it with Perfetto's traceconv"
                    + " (traceconv json IN OUT)", null);
        }
        if (start == 0 && looksLikeUtf16Or32(head, n)) {
            throw BadInputException.at(name, 0, 0, "the input is UTF-16 or UTF-32 text" + where
                    + "; ppw-java reads Chrome JSON in UTF-8: convert it first (iconv -f UTF-16 -t UTF-8)", null);
        }
        int first = firstNonWhitespace(head, start, n);
        if (first < 0 && n == PROBE && !probe.cut) {
            // All whitespace so far: look further, as far as the mark allows.
            n += fill(name, in, head, n, BUFFER_SIZE - n).length;
            first = firstNonWhitespace(head, start, n);
            if (first < 0 && n == BUFFER_SIZE) {
                throw BadInputException.at(name, 0, 0, "unrecognized format: more than " + BUFFER_SIZE
                        + " bytes of whitespace" + where, null);
            }
        }
        if (first < 0) {
            throw BadInputException.at(name, 0, 0, (start > 0 ? "the input holds only a byte order mark and whitespace"
                    : "the input holds only whitespace") + where + cut, null);
        }
        if (head[first] == '[' || head[first] == '{') {
            in.reset();
            in.skipNBytes(start);
            return in;
        }
        throw BadInputException.at(name, 0, 0, "unrecognized format" + where + cut
                + " (expected a Chrome trace: JSON, optionally gzipped); it starts with",
                Quote.bytes(head, start, Math.min(n - start, QUOTE_BYTES)) + (n - start > QUOTE_BYTES ? "..." : ""));
    }

    private record Probe(int length, boolean cut) {
    }

    /**
     * Says that no byte is available without blocking, so that the {@link BufferedInputStream} above a gzip
     * stream returns the bytes it holds instead of reading on: when that further read meets the cut of a
     * truncated {@code .gz}, its EOFException would throw away the bytes already copied, complete events
     * among them.
     */
    private static final class NothingAvailable extends FilterInputStream {
        NothingAvailable(InputStream in) {
            super(in);
        }

        @Override
        public int available() {
            return 0;
        }
    }

    private static Probe fill(String name, InputStream in, byte[] buf, int want) throws IOException {
        return fill(name, in, buf, 0, want);
    }

    /** Reads up to {@code want} bytes into {@code buf} from {@code offset}; a gzip stream cut short ends early. */
    private static Probe fill(String name, InputStream in, byte[] buf, int offset, int want) throws IOException {
        int n = 0;
        try {
            while (n < want) {
                int r = in.read(buf, offset + n, want - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (EOFException e) {
            if (n == 0 && offset == 0) {
                throw BadInputException.at(name, 0, 0, "the gzip data ends before any content (a cut file?)", null);
            }
            return new Probe(n, true);
        } catch (ZipException e) {
            throw BadInputException.at(name, 0, 0, "corrupt gzip data: " + e.getMessage(), null);
        }
        return new Probe(n, false);
    }

    /** A UTF-16 or UTF-32 byte order mark, or JSON's first character with zero bytes beside it. */
    static boolean looksLikeUtf16Or32(byte[] b, int n) {
        if (n >= 2 && ((b[0] == (byte) 0xff && b[1] == (byte) 0xfe) || (b[0] == (byte) 0xfe && b[1] == (byte) 0xff))) {
            return true;
        }
        if (n >= 4 && b[0] == 0 && b[1] == 0 && b[2] == (byte) 0xfe && b[3] == (byte) 0xff) {
            return true;
        }
        return n >= 2 && (isJsonStart(b[0]) && b[1] == 0 || b[0] == 0 && isJsonStart(b[1]));
    }

    private static boolean isJsonStart(byte c) {
        return c == '[' || c == '{';
    }

    private static int firstNonWhitespace(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return i;
            }
        }
        return -1;
    }

    /**
     * A Perfetto trace is a sequence of {@code TracePacket}s, each written as protobuf field 1 (tag
     * {@code 0x0a}) with a varint length. True when the bytes start so, the first packet's fields parse as
     * protobuf as far as the bytes go, and the bytes hold a non-text control byte: text that happens to
     * start with a newline fails one of the two.
     */
    static boolean looksLikePerfetto(byte[] b, int from, int n) {
        if (n - from < 3 || b[from] != 0x0a) {
            return false;
        }
        long[] pos = {from + 1};
        long length = varint(b, pos, n);
        if (length <= 0) {
            return false;
        }
        long end = Math.min(n, pos[0] + length);
        int fields = 0;
        while (pos[0] < end) {
            long tag = varint(b, pos, n);
            if (tag == -2) {
                return false;
            }
            if (tag == -1) {
                break; // the probe ends inside the packet: what we saw was fine
            }
            if ((tag >>> 3) == 0) {
                return false;
            }
            switch ((int) (tag & 7)) {
                case 0 -> {
                    if (varint(b, pos, n) == -2) {
                        return false;
                    }
                }
                case 1 -> pos[0] += 8;
                case 2 -> {
                    long l = varint(b, pos, n);
                    if (l == -2) {
                        return false;
                    }
                    pos[0] += Math.max(0, l);
                }
                case 5 -> pos[0] += 4;
                default -> {
                    return false;
                }
            }
            fields++;
        }
        if (pos[0] > end && end < n) {
            return false; // a field overruns its packet within the bytes we hold
        }
        boolean binary = false;
        for (int i = from; i < Math.min(n, from + PROBE) && !binary; i++) {
            int c = b[i] & 0xff;
            binary = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f;
        }
        return fields > 0 && binary;
    }

    /** Reads a varint at {@code pos[0]}: its value, -1 when the bytes end first, -2 when malformed. */
    private static long varint(byte[] b, long[] pos, int n) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos[0] >= n) {
                return -1;
            }
            int c = b[(int) pos[0]++] & 0xff;
            value |= (long) (c & 0x7f) << shift;
            if (c < 0x80) {
                return value < 0 ? -2 : value;
            }
        }
        return -2;
    }
}
