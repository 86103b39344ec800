package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

import java.util.List;
import java.util.regex.Pattern;

/**
 * TAU's profile files, one per node, context and thread ({@code profile.N.C.T}, in a {@code MULTI__METRIC} folder
 * per metric when several are measured): text opening with the number of functions, their table's heading and the
 * metadata as XML, as TAU 2.29 wrote it for an MPI rank:
 * <pre>{@code
 * 23 templated_functions_MULTI_TIME
 * # Name Calls Subrs Excl Incl ProfileCalls # <metadata><attribute><name>Metric Name</name>...
 * }</pre>
 */
public final class TauProfile extends Recognizer {
    private static final Pattern FIRST_LINE = Pattern.compile("\\d+ templated_functions(?:_\\S+)?\\s*");
    private static final Pattern FILE_NAME = Pattern.compile("profile\\.\\d+\\.\\d+\\.\\d+");

    public TauProfile() {
        super("tau-profile", "a TAU profile (profile.N.C.T, written by TAU)",
                "re-run with TAU tracing (TAU_TRACE=1), merge with tau_treemerge.pl, convert with tau_trace2json"
                        + " tau.trc tau.edf -chrome -ignoreatomic -o OUT.json, then ppw-java profile OUT.json");
    }

    /**
     * {@link Confidence#CERTAIN} when the first line is {@code N templated_functions[_SUFFIX]};
     * {@link Confidence#NAME_ONLY} for a file named {@code profile.N.C.T} or found in a {@code MULTI__} folder.
     */
    @Override
    public Confidence probe(Head head) {
        List<String> lines = TextLines.of(head, 1);
        if (!lines.isEmpty() && FIRST_LINE.matcher(lines.get(0)).matches()) {
            return Confidence.CERTAIN;
        }
        boolean named = FILE_NAME.matcher(fileName(head)).matches() || head.inputName().contains("MULTI__");
        return named ? Confidence.NAME_ONLY : Confidence.NONE;
    }
}
