package dev.ppw.collect.chrome;

import dev.ppw.model.Quote;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Passes bytes through and keeps the last 64 KiB of them, so that an error found by the JSON parser can
 * quote the input at the byte offset it reports, without the parser (or we) holding the file.
 */
final class RecentBytesInputStream extends FilterInputStream {
    private static final int SIZE = 1 << 16;
    private static final int MASK = SIZE - 1;
    /** Bytes quoted on each side of an error offset, at most. */
    private static final int QUOTE_REACH = 24;

    /** A proper prefix of a JSON number: what a cut can leave of one. */
    private static final Pattern NUMBER_PREFIX =
            Pattern.compile("-|-?(0|[1-9][0-9]*)(\\.|\\.[0-9]+([eE][-+]?[0-9]*)?|[eE][-+]?[0-9]*)?");
    /** The literal values Jackson reads (NaN and the infinities as the reader allows them). */
    private static final List<String> LITERALS =
            List.of("true", "false", "null", "NaN", "Infinity", "-Infinity", "+Infinity", "+INF", "-INF");

    private final byte[] ring = new byte[SIZE];
    private long total;
    private boolean ended;

    RecentBytesInputStream(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            ring[(int) (total & MASK)] = (byte) b;
            total++;
        } else {
            ended = true;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            record(b, off, n);
        } else if (n < 0) {
            ended = true;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // Read instead of skipping, so that the window stays complete.
        byte[] scratch = new byte[(int) Math.min(n, 8192)];
        long skipped = 0;
        while (skipped < n) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void record(byte[] b, int off, int n) {
        if (n >= SIZE) {
            off += n - SIZE;
            total += n - SIZE;
            n = SIZE;
        }
        int pos = (int) (total & MASK);
        int first = Math.min(n, SIZE - pos);
        System.arraycopy(b, off, ring, pos, first);
        System.arraycopy(b, off + first, ring, 0, n - first);
        total += n;
    }

    /**
     * A one-line quote of the input around byte {@code offset} (the text of its line within a few dozen
     * bytes either side), or "" when those bytes are no longer (or not yet) held.
     */
    String quoteAround(long offset) {
        String quote = quoteLine(offset);
        if (quote.isEmpty()) {
            // Jackson may report a bad token past the byte that ended it, a line end: quote the token's line.
            long back = offset;
            while (back > Math.max(0, total - SIZE) && back <= total && isSpace(at(back - 1))) {
                back--;
            }
            if (back != offset) {
                quote = quoteLine(back);
            }
        }
        return quote;
    }

    private static boolean isSpace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }

    private String quoteLine(long offset) {
        long oldest = Math.max(0, total - SIZE);
        if (offset < oldest || offset > total || total == 0) {
            return "";
        }
        long from = Math.max(oldest, offset - QUOTE_REACH);
        long to = Math.min(total, offset + QUOTE_REACH);
        for (long i = offset - 1; i >= from; i--) {
            if (at(i) == '\n' || at(i) == '\r') {
                from = i + 1;
                break;
            }
        }
        for (long i = offset; i < to; i++) {
            if (at(i) == '\n' || at(i) == '\r') {
                to = i;
                break;
            }
        }
        // Do not start or end inside a UTF-8 sequence.
        while (from < to && (at(from) & 0xc0) == 0x80 && from < offset) {
            from++;
        }
        for (long i = to - 1; i >= Math.max(from, to - 3); i--) {
            int b = at(i) & 0xff;
            if (b >= 0xc0) {
                int len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
                if (i + len > to) {
                    to = i;
                }
                break;
            }
            if (b < 0x80) {
                break;
            }
        }
        byte[] out = new byte[(int) (to - from)];
        for (int k = 0; k < out.length; k++) {
            out[k] = at(from + k);
        }
        return Quote.utf8(out, 0, out.length).strip();
    }

    /** Bytes passed through so far. */
    long total() {
        return total;
    }

    /**
     * True when the input has ended inside a value: its last bytes, reaching back to or before
     * {@code offset}, are a JSON number or literal cut short ({@code 1795322503661461.}, {@code nul}) right
     * after a {@code :}, {@code [} or {@code ,}. Jackson reports such an end as an invalid token, not as an
     * end of input.
     */
    boolean endsInsideAValue(long offset) {
        long oldest = Math.max(0, total - SIZE);
        if (!ended || offset > total) {
            return false;
        }
        long from = total;
        while (from > oldest && isValueByte(at(from - 1))) {
            from--;
        }
        if (from == total || offset < from) {
            return false;
        }
        long before = from - 1;
        while (before >= oldest && (at(before) == ' ' || at(before) == '\t' || at(before) == '\n' || at(before) == '\r')) {
            before--;
        }
        if (before < oldest || (at(before) != ':' && at(before) != '[' && at(before) != ',')) {
            return false;
        }
        byte[] run = new byte[(int) (total - from)];
        for (int k = 0; k < run.length; k++) {
            run[k] = at(from + k);
        }
        String cut = new String(run, StandardCharsets.ISO_8859_1);
        if (NUMBER_PREFIX.matcher(cut).matches()) {
            return true;
        }
        for (String literal : LITERALS) {
            if (literal.length() > cut.length() && literal.startsWith(cut)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isValueByte(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || b == '-' || b == '+'
                || b == '.';
    }

    private byte at(long i) {
        return ring[(int) (i & MASK)];
    }
}
