package dev.ppw.collect.lttng;

import java.util.Arrays;

/**
 * The lines of one chunk of babeltrace2 text as a parsing thread recorded them, for the replay to hand on in file
 * order: each event's name, raw time and fields in columns (no object per event), and each bad line with its
 * place. Line numbers count from the chunk's start; times are before midnights are counted. Written by one
 * thread, then read by another once the chunk is done.
 */
final class TextLines {
    /** Entries in line order: an event (its index among the events) or a bad line (-1 - its index). */
    private int[] entries = new int[1024];
    int entryCount;

    // Events, by index.
    String[] names = new String[1024];
    long[] rawTimes = new long[1024];
    boolean[] ofDay = new boolean[1024];
    byte[] styles = new byte[1024];
    long[] lineNumbers = new long[1024];
    /** Event i's fields are {@code [fieldStart[i], fieldStart[i + 1])} of the field columns. */
    int[] fieldStart = new int[1025];
    int events;

    // Fields of every event, back to back.
    String[] keys = new String[8192];
    byte[] kinds = new byte[8192];
    long[] ints = new long[8192];
    String[] strings = new String[8192];
    int fieldCount;

    // Bad lines, by index.
    long[] badLines = new long[4];
    int[] badColumns = new int[4];
    String[] badProblems = new String[4];
    String[] badQuotes = new String[4];
    boolean[] badTruncated = new boolean[4];
    int bads;

    /** Lines the chunk holds, blank ones included: where the next chunk's line numbers start. */
    long lines;

    void event(BabeltraceTextReader line, long lineNumber) {
        if (events + 1 >= fieldStart.length) {
            int n = 2 * events + 2;
            names = Arrays.copyOf(names, n);
            rawTimes = Arrays.copyOf(rawTimes, n);
            ofDay = Arrays.copyOf(ofDay, n);
            styles = Arrays.copyOf(styles, n);
            lineNumbers = Arrays.copyOf(lineNumbers, n);
            fieldStart = Arrays.copyOf(fieldStart, n + 1);
        }
        int f = line.fieldCount();
        if (fieldCount + f > keys.length) {
            int n = Math.max(2 * keys.length, fieldCount + f);
            keys = Arrays.copyOf(keys, n);
            kinds = Arrays.copyOf(kinds, n);
            ints = Arrays.copyOf(ints, n);
            strings = Arrays.copyOf(strings, n);
        }
        int e = events++;
        names[e] = line.name();
        rawTimes[e] = line.rawTime();
        ofDay[e] = line.ofDay();
        styles[e] = line.timeStyle();
        lineNumbers[e] = lineNumber;
        fieldStart[e] = fieldCount;
        for (int i = 0; i < f; i++) {
            keys[fieldCount] = line.key(i);
            kinds[fieldCount] = line.kind(i);
            ints[fieldCount] = line.integerAt(i);
            strings[fieldCount] = line.stringAt(i);
            fieldCount++;
        }
        fieldStart[e + 1] = fieldCount;
        addEntry(e);
    }

    void bad(long lineNumber, int column, String problem, String quote, boolean truncated) {
        if (bads == badLines.length) {
            int n = 2 * bads;
            badLines = Arrays.copyOf(badLines, n);
            badColumns = Arrays.copyOf(badColumns, n);
            badProblems = Arrays.copyOf(badProblems, n);
            badQuotes = Arrays.copyOf(badQuotes, n);
            badTruncated = Arrays.copyOf(badTruncated, n);
        }
        badLines[bads] = lineNumber;
        badColumns[bads] = column;
        badProblems[bads] = problem;
        badQuotes[bads] = quote;
        badTruncated[bads] = truncated;
        addEntry(-1 - bads++);
    }

    private void addEntry(int value) {
        if (entryCount == entries.length) {
            entries = Arrays.copyOf(entries, 2 * entryCount);
        }
        entries[entryCount++] = value;
    }

    int entry(int i) {
        return entries[i];
    }
}
