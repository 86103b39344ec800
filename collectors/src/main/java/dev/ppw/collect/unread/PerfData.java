package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * Linux {@code perf record}'s {@code perf.data}: a binary header opening with the magic {@code PERFILE2} (written
 * little-endian; {@code 2ELIFREP} by a big-endian machine), as a {@code perf record -F 99 -g} of this project's
 * test machine starts: <pre>{@code 50 45 52 46 49 4c 45 32 68 00 00 00 00 00 00 00  PERFILE2h.......}</pre>
 */
public final class PerfData extends Recognizer {
    private static final byte[] MAGIC = {'P', 'E', 'R', 'F', 'I', 'L', 'E', '2'};
    private static final byte[] MAGIC_BIG_ENDIAN = {'2', 'E', 'L', 'I', 'F', 'R', 'E', 'P'};

    public PerfData() {
        super("perf-data", "a perf.data recording (written by Linux perf record)",
                "fold its stacks with FlameGraph's collapser (perf script -i IN | stackcollapse-perf.pl > OUT.folded),"
                        + " then ppw-java profile OUT.folded");
    }

    /** {@link Confidence#CERTAIN} for the header magic in either byte order; else {@link Confidence#NONE}. */
    @Override
    public Confidence probe(Head head) {
        return startsWith(head, MAGIC) || startsWith(head, MAGIC_BIG_ENDIAN) ? Confidence.CERTAIN : Confidence.NONE;
    }
}
