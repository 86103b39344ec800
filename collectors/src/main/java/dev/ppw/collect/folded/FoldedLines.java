package dev.ppw.collect.folded;

import dev.ppw.model.format.Head;

/** The grammar of a folded-stacks line, shared by the probe and the reader: whitespace and counts, in bytes. */
final class FoldedLines {
    /** {@link #count} of a field that is not a number at all. */
    static final long NOT_A_COUNT = -1;
    /** {@link #count} of a decimal number with a fraction that is not zero. */
    static final long FRACTION = -2;
    /** {@link #count} of a whole number beyond a long. */
    static final long TOO_LARGE = -3;

    private static final int LAST_ASCII_CONTROL = 0x1f;
    private static final int DEL = 0x7f;

    /** What the complete lines of a head look like. */
    enum Shape {
        /** No line holds anything but whitespace. */
        BLANK,
        /** The first line is ppw-java's {@link dev.ppw.model.FoldedWeightLine}. */
        FOLDED_BY_PPW,
        /** Every line that is not blank is a folded line, and one of them has a {@code ;}. */
        FOLDED_WITH_SEMICOLON,
        /** Every line that is not blank is a folded line, of one frame each. */
        FOLDED,
        /** Text of some other kind. */
        OTHER_TEXT
    }

    private FoldedLines() {
    }

    /** Whitespace as flame-graph tools split on it: Perl's {@code \s} in ASCII. */
    static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == 0x0b;
    }

    /**
     * The count written in {@code b[from .. to-1]}, a non-empty field: decimal digits, optionally followed by
     * a {@code .} and digits that are all zeros ({@code 12.0} is exactly 12). Otherwise {@link #NOT_A_COUNT},
     * {@link #FRACTION} or {@link #TOO_LARGE}.
     */
    static long count(byte[] b, int from, int to) {
        long value = 0;
        int i = from;
        for (; i < to && isDigit(b[i]); i++) {
            int digit = b[i] - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                return allDigitsOrFraction(b, i, to) ? TOO_LARGE : NOT_A_COUNT;
            }
            value = value * 10 + digit;
        }
        if (i == from) {
            return NOT_A_COUNT;
        }
        if (i == to) {
            return value;
        }
        if (b[i] != '.') {
            return NOT_A_COUNT;
        }
        boolean zeros = true;
        for (i++; i < to; i++) {
            if (!isDigit(b[i])) {
                return NOT_A_COUNT;
            }
            zeros &= b[i] == '0';
        }
        return zeros ? value : FRACTION;
    }

    private static boolean allDigitsOrFraction(byte[] b, int from, int to) {
        boolean dot = false;
        for (int i = from; i < to; i++) {
            if (b[i] == '.' && !dot) {
                dot = true;
            } else if (!isDigit(b[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    /**
     * True when the head is text: no control character but whitespace. Bytes that are not UTF-8 do not make it
     * binary: a folded file with one such byte is still folded stacks, and the reader says where the byte is.
     */
    static boolean isText(Head head) {
        byte[] b = head.bytes();
        for (byte x : b) {
            int c = x & 0xff;
            if (c <= LAST_ASCII_CONTROL && !isSpace(x) || c == DEL) {
                return false;
            }
        }
        return true;
    }

    /**
     * What the head's complete lines are: those ended by a line feed, and the last one too when the head is
     * the whole content; a last line the head cuts only counts against folded when it starts with whitespace.
     * A folded line here is stricter than what the reader accepts: its stack starts with no whitespace and
     * its count is digits only.
     */
    static Shape classify(Head head) {
        byte[] b = head.bytes();
        int n = b.length;
        boolean any = false;
        boolean allFolded = true;
        boolean semicolon = false;
        boolean otherText = false;
        int start = 0;
        int firstEnd = 0;
        while (firstEnd < n && b[firstEnd] != '\n') {
            firstEnd++;
        }
        if (firstEnd < n && dev.ppw.model.FoldedWeightLine.read(b, firstEnd) != null) {
            return Shape.FOLDED_BY_PPW;
        }
        while (start < n) {
            int end = start;
            while (end < n && b[end] != '\n') {
                end++;
            }
            boolean complete = end < n || head.whole();
            int trimmed = end;
            while (trimmed > start && isSpace(b[trimmed - 1])) {
                trimmed--;
            }
            if (trimmed > start) {
                if (complete) {
                    any = true;
                    if (isFoldedLine(b, start, trimmed)) {
                        semicolon |= contains(b, start, trimmed, (byte) ';');
                    } else {
                        allFolded = false;
                    }
                } else {
                    // Cut, but its start still tells: perf script's frame lines are indented, folded lines never.
                    otherText = true;
                    allFolded &= !isSpace(b[start]);
                }
            }
            start = end + 1;
        }
        if (any && allFolded) {
            return semicolon ? Shape.FOLDED_WITH_SEMICOLON : Shape.FOLDED;
        }
        return any || otherText ? Shape.OTHER_TEXT : Shape.BLANK;
    }

    /** {@code b[from .. to-1]}, with no trailing whitespace, is {@code <stack><whitespace><digits>}. */
    private static boolean isFoldedLine(byte[] b, int from, int to) {
        if (isSpace(b[from])) {
            return false;
        }
        int countStart = to;
        while (countStart > from && !isSpace(b[countStart - 1])) {
            countStart--;
        }
        if (countStart == from) {
            return false;
        }
        for (int i = countStart; i < to; i++) {
            if (!isDigit(b[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(byte[] b, int from, int to, byte c) {
        for (int i = from; i < to; i++) {
            if (b[i] == c) {
                return true;
            }
        }
        return false;
    }
}
