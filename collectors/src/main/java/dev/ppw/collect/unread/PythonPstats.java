package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * Python's profile statistics, as {@code cProfile} and {@code profile} save them ({@code -o FILE},
 * {@code dump_stats}): a {@code marshal}led dict from {@code (file, line, function)} to each function's counts,
 * times and callers. A Python 3 file starts with the dict, its first key a 3-tuple and that tuple's file name:
 * <pre>{@code fb 29 03 fa 15 70 73 74 61 74 73 5f ...  .)...pstats_...}</pre>
 */
public final class PythonPstats extends Recognizer {
    private static final int FLAG_REF = 0x80;
    private static final int DICT = '{';
    private static final int TUPLE = '(';
    private static final int SMALL_TUPLE = ')';
    /** marshal's string types: short ASCII, ASCII (interned or not), unicode, interned, bytes, and a reference. */
    private static final String STRING_TYPES = "zZaAutsrR";

    public PythonPstats() {
        super("pstats", "Python profile statistics (pstats, written by cProfile and profile)",
                "fold them with flameprof (flameprof --format=log IN > OUT.folded; its counts are microseconds), then"
                        + " ppw-java profile OUT.folded");
    }

    /**
     * {@link Confidence#CERTAIN} when the content is a marshalled dict whose first key is a tuple of 3 whose first
     * item is a string; {@link Confidence#NAME_ONLY} for a name ending {@code .pstats} or {@code .prof}; else none.
     */
    @Override
    public Confidence probe(Head head) {
        if (head.length() >= 4 && type(head, 0) == DICT) {
            int tuple = type(head, 1);
            int item = -1;
            if (tuple == SMALL_TUPLE && (head.byteAt(2) & 0xff) == 3) {
                item = 3;
            } else if (tuple == TUPLE && head.length() >= 7 && head.byteAt(2) == 3 && head.byteAt(3) == 0
                    && head.byteAt(4) == 0 && head.byteAt(5) == 0) {
                item = 6;
            }
            if (item > 0 && item < head.length() && STRING_TYPES.indexOf(type(head, item)) >= 0) {
                return Confidence.CERTAIN;
            }
        }
        String name = fileName(head);
        return name.endsWith(".pstats") || name.endsWith(".prof") ? Confidence.NAME_ONLY : Confidence.NONE;
    }

    /** The marshal type code at {@code index}, its reference flag cleared. */
    private static int type(Head head, int index) {
        return (head.byteAt(index) & 0xff) & ~FLAG_REF;
    }
}
