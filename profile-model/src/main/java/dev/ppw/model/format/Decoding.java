package dev.ppw.model.format;

import dev.ppw.model.BadInputException;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * From an input's raw bytes to its content: gzip layers removed (recognised by their magic {@code 1f 8b},
 * never by a name; up to {@value #MAX_GZIP_LAYERS}), a UTF-8 byte order mark skipped, and the {@link Head}
 * read on the way. Problems of the compression itself (a corrupt or cut gzip header, corrupt data in the
 * head, said at the byte of the content where it stops, data that ends before any content, too many layers)
 * are {@link BadInputException}s; what the content is, or whether it is anything, is for the formats and
 * {@link FormatRegistry#detect} to say.
 */
final class Decoding {
    static final int BUFFER_SIZE = 1 << 16;
    static final int MAX_GZIP_LAYERS = 3;
    private static final int UTF8_BOM_BYTES = 3;
    /** Raw bytes read first: the head's bytes, and room for a byte order mark before them. */
    private static final int FIRST_READ = Head.PROBE_BYTES + UTF8_BOM_BYTES;

    private Decoding() {
    }

    /** The content, positioned at its first byte (past any byte order mark), and its head. */
    record Decoded(InputStream content, Head head) {
    }

    /**
     * Decodes {@code raw}, which the returned content then owns (closing the content closes it); on failure
     * {@code raw} is closed here.
     */
    static Decoded decode(String name, InputStream raw) throws IOException {
        return decode(name, raw, BUFFER_SIZE);
    }

    /**
     * Only the head of {@code raw}, which is closed here. The buffer starts at the head's size, so that a
     * plain input is read no further than its head (a merge of many files opens each for its head first);
     * it grows, up to the mark, when more is needed (whitespace, gzip).
     */
    static Head head(String name, InputStream raw) throws IOException {
        Decoded decoded = decode(name, raw, FIRST_READ);
        decoded.content().close();
        return decoded.head();
    }

    private static Decoded decode(String name, InputStream raw, int bufferBytes) throws IOException {
        try {
            return decode(name, new BufferedInputStream(raw, bufferBytes), 0);
        } catch (RuntimeException | IOException e) {
            raw.close();
            throw e;
        }
    }

    private static Decoded decode(String name, BufferedInputStream in, int layers) throws IOException {
        in.mark(BUFFER_SIZE);
        byte[] buf = new byte[FIRST_READ];
        Filled first = fill(name, in, buf, 0, FIRST_READ);
        int n = first.length;
        if (n >= 2 && buf[0] == 0x1f && buf[1] == (byte) 0x8b) {
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
                return decode(name, new BufferedInputStream(new NothingAvailable(gzip), BUFFER_SIZE), layers + 1);
            } catch (RuntimeException | IOException e) {
                gzip.close();
                throw e;
            }
        }
        int start = n >= UTF8_BOM_BYTES && buf[0] == (byte) 0xef && buf[1] == (byte) 0xbb && buf[2] == (byte) 0xbf
                ? UTF8_BOM_BYTES : 0;
        boolean cut = first.cut;
        boolean whole = first.ended;
        if (!whole && allWhitespace(buf, start, n)) {
            // All whitespace so far: look further, as far as the mark allows, for the first real byte.
            buf = Arrays.copyOf(buf, BUFFER_SIZE);
            Filled more = fill(name, in, buf, n, BUFFER_SIZE - n);
            n += more.length;
            cut = more.cut;
            whole = more.ended;
        }
        in.reset();
        in.skipNBytes(start);
        return new Decoded(in, new Head(name, Arrays.copyOfRange(buf, start, n), layers, start > 0, cut, whole));
    }

    private static boolean allWhitespace(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            byte c = b[i];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    /** Bytes read; whether the stream ended within them, and whether it ended by a cut in its gzip data. */
    private record Filled(int length, boolean ended, boolean cut) {
    }

    /** Reads up to {@code want} bytes into {@code buf} from {@code offset}; a gzip stream cut short ends early. */
    private static Filled fill(String name, InputStream in, byte[] buf, int offset, int want) throws IOException {
        int n = 0;
        try {
            while (n < want) {
                int r = in.read(buf, offset + n, want - n);
                if (r < 0) {
                    return new Filled(n, true, false);
                }
                n += r;
            }
        } catch (EOFException e) {
            if (n == 0 && offset == 0) {
                throw BadInputException.at(name, 0, 0, "the gzip data ends before any content (a cut file?)", null);
            }
            return new Filled(n, true, true);
        } catch (ZipException e) {
            // A place in the content, as the binary readers give for the same damage further in: before it, all is whole.
            throw BadInputException.at(name, 0, 0, "byte " + (offset + n) + ": corrupt gzip data: " + e.getMessage(),
                    null);
        }
        return new Filled(n, false, false);
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
}
