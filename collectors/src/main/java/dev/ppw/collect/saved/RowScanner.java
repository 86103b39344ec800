package dev.ppw.collect.saved;

import dev.ppw.model.TimeUnits;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.CallTree;
import dev.ppw.model.SavedProfileLayout.Column;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the {@code rows} array of a saved profile straight from its UTF-8 bytes, in the plain form that
 * ppw-java writes, for example
 * <pre>{@code [12, 9, 4, "region_052", "", 32, 0, 2549323, 2549323, 68035, 2112085],}</pre>
 * A row of a merge is about twenty tokens of a few bytes each; this reads them about three times faster
 * than Jackson's general tokenizer, which the rest of the file still goes through.
 *
 * <p>It is a tokenizer only: it fills one row's fields, and {@link ProfileJsonReader} checks them and
 * builds the node. It accepts a subset of what Jackson accepts and reads it to the same values: numbers
 * in JSON's grammar (integers of up to 18 digits directly, others through {@link TimeUnits#parseExact},
 * as the Jackson path does), {@code null}, and strings without escapes, in strict UTF-8. Anything else,
 * well-formed or not, throws {@link #BAIL}, and the caller parses the whole input again with Jackson,
 * which gives the one-line message of a broken file or reads the unusual form. So this never decides an
 * error and never changes a value; it only makes the common case fast.
 */
final class RowScanner {
    /** The input is not in the plain form: parse it again with Jackson. Carries no message nor stack. */
    static final class Bail extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private Bail() {
            super(null, null, false, false);
        }
    }

    static final Bail BAIL = new Bail();

    /**
     * Bytes that must follow the input in its array, the first of them 0. That 0 stops every loop here
     * (it is no digit, no whitespace, and not allowed in a string), so they need no end checks.
     */
    static final int PADDING = 8;

    private static final int IGNORED = 0;
    private static final int INT = 1;
    private static final int PARENT_INT = 2;
    private static final int NAME = 3;
    private static final int CALLSITE = 4;
    private static final int LONG = 5;
    private static final int TIME = 6;
    private static final int TIME_OR_NULL = 7;
    private static final int MAX_INTEGER_DIGITS = 18;
    // Not a value of 18 digits or fewer.
    private static final long NOT_PLAIN = Long.MIN_VALUE;
    // Jackson refuses strings longer than its limit (20 million chars); leave all long strings to it.
    private static final int MAX_STRING_BYTES = 1 << 20;
    private static final long[] POWERS_OF_TEN = {1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000,
        100_000_000, 1_000_000_000};
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int ID = Column.ID.ordinal();
    private static final int PARENT_ID = Column.PARENT_ID.ordinal();
    private static final int DEPTH = Column.DEPTH.ordinal();
    private static final int CALLS = Column.CALLS.ordinal();
    private static final int SUBCALLS = Column.SUBCALLS.ordinal();
    private static final int INCLUSIVE = Column.INCLUSIVE.ordinal();
    private static final int EXCLUSIVE = Column.EXCLUSIVE.ordinal();
    private static final int MIN_INCLUSIVE = Column.MIN_INCLUSIVE.ordinal();
    private static final int MAX_INCLUSIVE = Column.MAX_INCLUSIVE.ordinal();

    private final byte[] text;
    private final int end;
    private final int[] kinds;
    private final int[] slots;
    private final DisplayUnit[] units;
    // The columns are docs/profile-json.md's, in its order: rows are read by straight-line code.
    private final boolean standard;
    private final DisplayUnit unit;
    private final NameCache names;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private char[] chars = new char[64];
    private int position;
    private boolean firstRow = true;
    private int nameId;
    private int callsiteId;

    /**
     * @param text the whole input, followed by {@link #PADDING} bytes of which the first is 0
     * @param position just after the {@code [} that opens the rows
     * @param end the end of the input in {@code text}
     * @param fields each column's fixed field, null for a column to skip
     * @param units each time column's unit
     * @param names where names are interned
     */
    RowScanner(byte[] text, int position, int end, Column[] fields, DisplayUnit[] units, NameCache names) {
        if (end + PADDING > text.length || text[end] != 0) {
            throw new IllegalArgumentException("the text must be followed by " + PADDING + " bytes, the first 0");
        }
        this.text = text;
        this.position = position;
        this.end = end;
        this.units = units;
        this.names = names;
        kinds = new int[fields.length];
        slots = new int[fields.length];
        for (int c = 0; c < fields.length; c++) {
            Column f = fields[c];
            kinds[c] = f == null ? IGNORED : switch (f) {
                case ID, DEPTH -> INT;
                case PARENT_ID -> PARENT_INT;
                case NAME -> NAME;
                case CALLSITE -> CALLSITE;
                case CALLS, SUBCALLS -> LONG;
                case INCLUSIVE, EXCLUSIVE -> TIME;
                case MIN_INCLUSIVE, MAX_INCLUSIVE -> TIME_OR_NULL;
            };
            slots[c] = f == null ? 0 : f.ordinal();
        }
        List<Column> all = ProfileJsonReader.COLUMNS;
        DisplayUnit first = units.length > INCLUSIVE ? units[INCLUSIVE] : null;
        standard = Arrays.asList(fields).equals(all) && all.stream()
                .filter(Column::isTime)
                .allMatch(f -> units[f.ordinal()] == first);
        unit = standard ? first : null;
    }

    /**
     * Reads the next row into {@code value} (indexed by {@link Column#ordinal()}: {@code parent_id}
     * null as {@link ProfileJsonReader#NO_PARENT}, null times as {@link CallTree#UNSET}) and its names
     * into {@link #nameId()} and {@link #callsiteId()}.
     *
     * @return false, past the closing {@code ]}, when there are no more rows
     */
    boolean nextRow(long[] value) {
        int b = skipWhitespace();
        if (b == ']') {
            position++;
            return false;
        }
        if (!firstRow) {
            if (b != ',') {
                throw BAIL;
            }
            position++;
            b = skipWhitespace();
        }
        firstRow = false;
        if (b != '[') {
            throw BAIL;
        }
        position++;
        skipWhitespace();
        if (standard) {
            standardRow(value);
        } else {
            anyRow(value);
        }
        if (skipWhitespace() != ']') {
            throw BAIL;
        }
        position++;
        return true;
    }

    private void standardRow(long[] value) {
        value[ID] = intValue();
        separator();
        value[PARENT_ID] = literal('n') ? ProfileJsonReader.NO_PARENT : intValue();
        separator();
        value[DEPTH] = intValue();
        separator();
        nameId = string(true);
        separator();
        callsiteId = string(true);
        separator();
        value[CALLS] = integer();
        separator();
        value[SUBCALLS] = integer();
        separator();
        value[INCLUSIVE] = nanos(unit);
        separator();
        value[EXCLUSIVE] = nanos(unit);
        separator();
        value[MIN_INCLUSIVE] = literal('n') ? CallTree.UNSET : nanos(unit);
        separator();
        value[MAX_INCLUSIVE] = literal('n') ? CallTree.UNSET : nanos(unit);
    }

    private void anyRow(long[] value) {
        int[] k = kinds;
        for (int c = 0; c < k.length; c++) {
            if (c > 0) {
                separator();
            }
            switch (k[c]) {
                case INT -> value[slots[c]] = intValue();
                case PARENT_INT -> value[slots[c]] = literal('n') ? ProfileJsonReader.NO_PARENT : intValue();
                case NAME -> nameId = string(true);
                case CALLSITE -> callsiteId = string(true);
                case LONG -> value[slots[c]] = integer();
                case TIME -> value[slots[c]] = nanos(units[c]);
                case TIME_OR_NULL -> value[slots[c]] = literal('n') ? CallTree.UNSET : nanos(units[c]);
                default -> skipValue();
            }
        }
    }

    /** The name id of the row last read. */
    int nameId() {
        return nameId;
    }

    /** The callsite name id of the row last read. */
    int callsiteId() {
        return callsiteId;
    }

    /** After the rows: whether all that is left is the {@code }} closing the profile, and whitespace. */
    boolean onlyTheEndFollows() {
        int i = position;
        while (i < end && isWhitespace(text[i])) {
            i++;
        }
        if (i == end || text[i] != '}') {
            return false;
        }
        i++;
        while (i < end && isWhitespace(text[i])) {
            i++;
        }
        return i == end;
    }

    /** The comma between two fields, and the whitespace around it; ppw-java writes ", ". */
    private void separator() {
        byte[] t = text;
        int i = position;
        if (t[i] == ',' && t[i + 1] == ' ' && t[i + 2] > ' ') {
            position = i + 2;
            return;
        }
        if (skipWhitespace() != ',') {
            throw BAIL;
        }
        position++;
        skipWhitespace();
    }

    /** Moves past whitespace; returns the byte there (0 at the end of the input). */
    private int skipWhitespace() {
        byte[] t = text;
        int i = position;
        byte b = t[i];
        while (isWhitespace(b)) {
            b = t[++i];
        }
        position = i;
        return b;
    }

    private static boolean isWhitespace(byte b) {
        return b == ' ' || b == '\n' || b == '\r' || b == '\t';
    }

    private long intValue() {
        long v = integer();
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw BAIL;
        }
        return v;
    }

    private long integer() {
        long v = plainInteger();
        if (v == NOT_PLAIN) {
            throw BAIL;
        }
        return v;
    }

    /**
     * The integer of up to 18 digits at {@link #position}, not followed by a fraction or an exponent, read;
     * or {@link #NOT_PLAIN}, and nothing read.
     */
    private long plainInteger() {
        byte[] t = text;
        int i = position;
        boolean negative = t[i] == '-';
        if (negative) {
            i++;
        }
        int first = i;
        long v = 0;
        // Eight bytes at a time: the digits up to the first other byte (the 0 after the input stops it).
        while (true) {
            long d = (long) LONGS.get(t, i) - 0x3030303030303030L;
            // a byte's top bit is set where it is not '0'..'9'; bytes below the first such are unchanged
            long notDigits = ((d + 0x7676767676767676L) | d) & 0x8080808080808080L;
            int n = Long.numberOfTrailingZeros(notDigits) >>> 3;
            if (n > 0) {
                v = v * POWERS_OF_TEN[n] + eightDigits(d << (8 * (Long.BYTES - n)));
                i += n;
            }
            if (n < Long.BYTES || i - first > MAX_INTEGER_DIGITS) {
                break;
            }
        }
        int digits = i - first;
        byte next = t[i];
        if (digits == 0 || digits > MAX_INTEGER_DIGITS || (digits > 1 && t[first] == '0')
                || next == '.' || next == 'e' || next == 'E') {
            return NOT_PLAIN;
        }
        position = i;
        return negative ? -v : v;
    }

    /**
     * The value of eight decimal digits, one per byte (0 to 9), the first (most significant) in the lowest
     * byte: pairs, then fours, then all eight, each step one multiply.
     */
    private static long eightDigits(long digits) {
        long pairs = (digits * 10 + (digits >>> 8)) & 0x00ff00ff00ff00ffL;
        long fours = (pairs * 100 + (pairs >>> 16)) & 0x0000ffff0000ffffL;
        return (fours * 10_000 + (fours >>> 32)) & 0xffffffffL;
    }

    /** A time in {@code unit}, exactly in nanoseconds. */
    private long nanos(DisplayUnit unit) {
        long v = plainInteger();
        if (v != NOT_PLAIN) {
            int scale = unit.scale();
            if (scale == 0) {
                return v;
            }
            long scaled = v * POWERS_OF_TEN[scale];
            if (scaled / POWERS_OF_TEN[scale] != v) {
                throw BAIL;
            }
            return scaled;
        }
        int start = position;
        int length = numberLength();
        if (chars.length < length) {
            chars = new char[Math.max(length, 2 * chars.length)];
        }
        for (int i = 0; i < length; i++) {
            chars[i] = (char) text[start + i];
        }
        long nanos;
        try {
            nanos = TimeUnits.parseExact(chars, 0, length, unit);
        } catch (NumberFormatException e) {
            throw BAIL;
        }
        position = start + length;
        return nanos;
    }

    /**
     * The length of the JSON number at {@link #position}, checked against JSON's grammar:
     * {@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}.
     */
    private int numberLength() {
        byte[] t = text;
        int i = position;
        if (t[i] == '-') {
            i++;
        }
        int digits = digitsFrom(i);
        if (digits == 0 || (digits > 1 && t[i] == '0')) {
            throw BAIL;
        }
        i += digits;
        if (t[i] == '.') {
            i++;
            int fraction = digitsFrom(i);
            if (fraction == 0) {
                throw BAIL;
            }
            i += fraction;
        }
        if (t[i] == 'e' || t[i] == 'E') {
            i++;
            if (t[i] == '+' || t[i] == '-') {
                i++;
            }
            int exponent = digitsFrom(i);
            if (exponent == 0) {
                throw BAIL;
            }
            i += exponent;
        }
        return i - position;
    }

    private int digitsFrom(int start) {
        int i = start;
        while (text[i] >= '0' && text[i] <= '9') {
            i++;
        }
        return i - start;
    }

    /** Whether the literal starting with {@code first} ({@code null}) is here; reads it if so. */
    private boolean literal(char first) {
        if (text[position] != first) {
            return false;
        }
        String word = switch (first) {
            case 'n' -> "null";
            case 't' -> "true";
            default -> "false";
        };
        for (int i = 1; i < word.length(); i++) {
            if (text[position + i] != word.charAt(i)) {
                throw BAIL;
            }
        }
        position += word.length();
        return true;
    }

    /**
     * A string without escapes or control characters, interned when {@code intern} (then its name id is
     * returned), in strict UTF-8.
     */
    private int string(boolean intern) {
        byte[] t = text;
        int i = position;
        if (t[i] != '"') {
            throw BAIL;
        }
        int start = ++i;
        long special;
        while ((special = specialBytes((long) LONGS.get(t, i))) == 0) {
            i += Long.BYTES;
        }
        i += Long.numberOfTrailingZeros(special) >>> 3;
        boolean ascii = true;
        byte b;
        while ((b = t[i]) != '"') {
            // past the plain ASCII: the rest byte by byte
            if (b < ' ') {
                if (b >= 0) {
                    throw BAIL; // a control character, or the end of the input
                }
                ascii = false;
            } else if (b == '\\') {
                throw BAIL;
            }
            i++;
        }
        int length = i - start;
        if (length > MAX_STRING_BYTES) {
            throw BAIL;
        }
        position = i + 1;
        if (ascii) {
            return intern ? names.internAscii(t, start, length) : -1;
        }
        CharBuffer decoded;
        try {
            decoded = utf8.reset().decode(ByteBuffer.wrap(t, start, length));
        } catch (CharacterCodingException e) {
            throw BAIL;
        }
        return intern ? names.intern(decoded.array(), decoded.arrayOffset() + decoded.position(), decoded.remaining())
                : -1;
    }

    /**
     * The top bit of each byte of {@code word} that may end a plain string: a quote, a backslash, a byte
     * below 0x20 or from 0x80. Bytes above the first such may be marked too; the first one is exact.
     */
    private static long specialBytes(long word) {
        long quote = word ^ 0x2222222222222222L;
        long backslash = word ^ 0x5c5c5c5c5c5c5c5cL;
        return ((quote - 0x0101010101010101L) & ~quote
                | (backslash - 0x0101010101010101L) & ~backslash
                | (word - 0x2020202020202020L)
                | word) & 0x8080808080808080L;
    }

    /** A value of a column that is not read: a number, a string or a literal; arrays and objects bail. */
    private void skipValue() {
        byte b = text[position];
        if (b == '"') {
            string(false);
        } else if (b == '-' || (b >= '0' && b <= '9')) {
            position += numberLength();
        } else if (!literal('n') && !literal('t') && !literal('f')) {
            throw BAIL;
        }
    }
}
