package dev.ppw.report;

import java.io.IOException;
import java.io.Writer;
import java.util.regex.Pattern;

/**
 * Rows of RFC 4180 CSV written as {@link org.apache.commons.csv.CSVFormat#RFC4180} writes them, byte for
 * byte (a property test holds the two to that), without its per-field dispatch and per-character writes: a
 * row is put together in a buffer of its own and handed to the writer in blocks. Writing the 90,000 rows of a
 * large tree went from most of a cold run's last second to a fraction of it (docs/performance.md).
 *
 * <p>Quoting follows Commons CSV's minimal mode: a value is quoted when it contains a comma, a quote, a CR or
 * a LF, when its first character is at most {@code #} or its last at most a space, and when it is empty and
 * the first of its row; a quote inside is doubled. Rows end with CRLF.
 *
 * <p>A text cell ({@link #text}: a name, a path) that a spreadsheet would take for a formula, one starting with
 * {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return, is written as text the way OWASP's CSV
 * injection advice says: a single quote before it, and the whole quoted ({@code "'=1+2"}); unless the rows are
 * raw ({@code --csv-raw}). Numbers go through {@link #field} and stay numbers, negative ones too. Not thread-safe.
 */
final class CsvRows {
    /** Characters gathered before they go to the writer. */
    private static final int FLUSH_CHARS = 1 << 15;

    private static final Pattern PLAIN_NUMBER = Pattern.compile("[-+]?[0-9]+(\\.[0-9]+)?");

    private final Writer out;
    private final boolean raw;
    private final StringBuilder buffer = new StringBuilder(FLUSH_CHARS + 1024);
    private boolean rowStarted;

    /** Rows whose text cells are guarded. */
    CsvRows(Writer out) {
        this(out, false);
    }

    /** Rows whose text cells are guarded unless {@code raw}. */
    CsvRows(Writer out, boolean raw) {
        this.out = out;
        this.raw = raw;
    }

    /** Appends one value to the current row. */
    void field(String value) {
        field(value, false);
    }

    /** Appends one text value to the current row: a would-be formula as text, unless the rows are raw. */
    void text(String value) {
        if (!raw && formulaLike(value)) {
            field("'" + value, true);
        } else {
            field(value, false);
        }
    }

    /**
     * True when a spreadsheet would take {@code value} for a formula: it starts with one of OWASP's characters, and
     * is not a plain decimal number ({@code -5}, {@code -0.25}: a number either way, as in a numeric column).
     */
    static boolean formulaLike(String value) {
        return !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 && !PLAIN_NUMBER.matcher(value).matches();
    }

    private void field(String value, boolean quoted) {
        boolean first = !rowStarted;
        if (!first) {
            buffer.append(',');
        }
        rowStarted = true;
        if (!quoted && !needsQuotes(value, first)) {
            buffer.append(value);
            return;
        }
        buffer.append('"');
        int from = 0;
        for (int i = value.indexOf('"'); i >= 0; i = value.indexOf('"', from)) {
            buffer.append(value, from, i + 1).append('"');
            from = i + 1;
        }
        buffer.append(value, from, value.length()).append('"');
    }

    /** Ends the current row (CRLF), passing the gathered rows on when there are enough of them. */
    void endRow() throws IOException {
        buffer.append("\r\n");
        rowStarted = false;
        if (buffer.length() >= FLUSH_CHARS) {
            flush();
        }
    }

    /** Passes every ended row on to the writer (which it does not flush). */
    void flush() throws IOException {
        out.append(buffer);
        buffer.setLength(0);
    }

    /** Whether Commons CSV's minimal quoting quotes {@code value} (see the class comment). */
    static boolean needsQuotes(String value, boolean firstOfRow) {
        int n = value.length();
        if (n == 0) {
            return firstOfRow;
        }
        if (value.charAt(0) <= '#') {
            return true;
        }
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        return value.charAt(n - 1) <= ' ';
    }
}
