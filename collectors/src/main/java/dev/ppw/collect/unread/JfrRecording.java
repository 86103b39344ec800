package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * JDK Flight Recorder recordings, as {@code -XX:StartFlightRecording}, {@code jcmd JFR.dump} and async-profiler's
 * {@code -o jfr} write them: binary chunks, each opening with the magic {@code FLR\0} and the format version
 * (2.1 here, from a JDK 17 recording): <pre>{@code 46 4c 52 00 00 02 00 01}</pre>
 *
 * <p>{@code jfr print --json} turns a recording into JSON of its own layout, which is not read either; async-profiler's
 * converter folds the execution samples of JDK and async-profiler recordings alike.
 */
public final class JfrRecording extends Recognizer {
    private static final byte[] MAGIC = {'F', 'L', 'R', 0};

    public JfrRecording() {
        super("jfr", "a JFR recording (written by the JDK's Flight Recorder or async-profiler)",
                "fold its samples with async-profiler's converter (jfrconv IN.jfr OUT.collapsed, or java -jar"
                        + " jfr-converter.jar IN.jfr OUT.collapsed), then ppw-java profile OUT.collapsed");
    }

    /** {@link Confidence#CERTAIN} for the chunk magic; {@link Confidence#NAME_ONLY} for a name ending {@code .jfr}. */
    @Override
    public Confidence probe(Head head) {
        if (startsWith(head, MAGIC)) {
            return Confidence.CERTAIN;
        }
        return fileName(head).endsWith(".jfr") ? Confidence.NAME_ONLY : Confidence.NONE;
    }
}
