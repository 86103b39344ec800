package dev.ppw.collect;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * An input's content cut into lines at {@code '\n'}, for the readers of line formats (folded stacks, perf script,
 * perf stat): each line's bytes are kept up to a bound and the bytes beyond it are only counted, so memory stays
 * bounded whatever the input; a gzip layer cut short is bad input at the line and column where the text stops
 * ({@link CutGzip}). Not thread-safe: one per reading.
 */
public final class LineSplitter {
    /** What a reader does with each line; the bytes are valid only during the call. */
    public interface Lines {
        /**
         * A line that {@code '\n'} ended (not included; a {@code '\r'} before it is kept): its first {@code length}
         * bytes, and how many bytes beyond the bound were dropped.
         */
        void line(byte[] bytes, int length, long overflowBytes) throws IOException;

        /** The bytes after the last {@code '\n'}, when there are any: the input ends inside this line. */
        void last(byte[] bytes, int length, long overflowBytes) throws IOException;
    }

    private static final int BUFFER_BYTES = 1 << 16;

    private final int maxLineBytes;
    private byte[] line;
    private int lineLength;
    private long overflowBytes;
    private long linesEnded;

    /**
     * @param initialLineBytes the line buffer's first size (it doubles up to {@code maxLineBytes})
     * @param maxLineBytes     the most bytes of one line kept
     */
    public LineSplitter(int initialLineBytes, int maxLineBytes) {
        this.maxLineBytes = maxLineBytes;
        this.line = new byte[Math.min(initialLineBytes, maxLineBytes)];
    }

    /**
     * Hands every line of {@code in} to {@code lines}, in order; {@code file} names the input in messages.
     *
     * @throws dev.ppw.model.BadInputException when the gzip layer ends early, or as {@code lines} throws it
     */
    public void split(InputStream in, String file, Lines lines) throws IOException {
        byte[] buf = new byte[BUFFER_BYTES];
        int n;
        while ((n = CutGzip.read(in, buf, 0, buf.length, file, linesEnded + 1, column())) >= 0) {
            int start = 0;
            for (int i = ByteWords.indexOf(buf, 0, n, (byte) '\n'); i >= 0; i = ByteWords.indexOf(buf, start, n, (byte) '\n')) {
                append(buf, start, i - start);
                linesEnded++;
                lines.line(line, lineLength, overflowBytes);
                lineLength = 0;
                overflowBytes = 0;
                start = i + 1;
            }
            append(buf, start, n - start);
        }
        if (lineLength > 0 || overflowBytes > 0) {
            lines.last(line, lineLength, overflowBytes);
            lineLength = 0;
            overflowBytes = 0;
        }
    }

    /** The column in characters (from 1) after the open line's bytes: UTF-8 continuation bytes do not count. */
    private long column() {
        long column = 1;
        for (int i = 0; i < lineLength; i++) {
            if ((line[i] & 0xc0) != 0x80) {
                column++;
            }
        }
        return column;
    }

    private void append(byte[] b, int from, int length) {
        int kept = Math.min(maxLineBytes - lineLength, length);
        if (kept > 0) {
            if (lineLength + kept > line.length) {
                line = Arrays.copyOf(line, Math.min(maxLineBytes, Math.max(lineLength + kept, 2 * line.length)));
            }
            System.arraycopy(b, from, line, lineLength, kept);
            lineLength += kept;
        }
        overflowBytes += length - kept;
    }
}
