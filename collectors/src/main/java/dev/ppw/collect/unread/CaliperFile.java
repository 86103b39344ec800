package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

import java.util.List;

/**
 * Caliper's native {@code .cali} files: text records of comma-separated {@code key=value} pairs, each line naming
 * its kind first, as Caliper's recorder writes them:
 * <pre>{@code __rec=node,id=8,attr=8,data=cali.attribute.name,parent=3}</pre>
 */
public final class CaliperFile extends Recognizer {
    private static final String RECORD = "__rec=";

    public CaliperFile() {
        super("caliper", "a Caliper .cali file (written by LLNL's Caliper)",
                "no converter to a format ppw-java reads is known to us (LLNL's Hatchet and caliper-reader read it);"
                        + " cali-query prints it as text");
    }

    /** {@link Confidence#CERTAIN} when the first line that is not blank is a record; a name ending {@code .cali}, a hint. */
    @Override
    public Confidence probe(Head head) {
        List<String> lines = TextLines.nonBlank(head, 4);
        if (!lines.isEmpty() && lines.get(0).startsWith(RECORD)) {
            return Confidence.CERTAIN;
        }
        return fileName(head).endsWith(".cali") ? Confidence.NAME_ONLY : Confidence.NONE;
    }
}
