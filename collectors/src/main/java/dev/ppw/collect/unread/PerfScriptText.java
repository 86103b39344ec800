package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The text {@code perf script} prints of {@code perf record -g} samples: a header line per sample ({@code comm},
 * {@code pid} or {@code pid/tid}, an optional {@code [cpu]}, the time, an optional period and the event), then its
 * stack, one indented frame per line ({@code address symbol (dso)}), then a blank line. A sample, as perf 6.1 prints
 * it by default:
 * <pre>{@code
 * perf_work 14612   521.416816:    1001001 cpu-clock:ppp:
 * 	            1396 matmul+0x66 (/tmp/perf/perf_work)
 * 	            14da compute_step+0x1a (/tmp/perf/perf_work)
 * }</pre>
 */
public final class PerfScriptText extends Recognizer {
    private static final int LINES = 40;
    /**
     * comm (which may hold spaces), pid[/tid], [cpu], seconds with a fraction and a colon, then what {@code -F}
     * chose to print (period, event, and with no stack the ip, symbol and dso on the same line).
     */
    private static final Pattern SAMPLE = Pattern.compile(
            "\\S.*?\\s+\\d+(?:/\\d+)?\\s+(?:\\[\\d+\\]\\s+)?\\d+\\.\\d+:(?:\\s.*)?");
    private static final Pattern FRAME = Pattern.compile("\\s+[0-9a-f]+\\s+\\S.*");

    public PerfScriptText() {
        super("perf-script", "perf script text (Linux perf's samples with their stacks)",
                "fold it with FlameGraph's stackcollapse-perf.pl (stackcollapse-perf.pl IN > OUT.folded) or"
                        + " inferno-collapse-perf, then ppw-java profile OUT.folded");
    }

    /**
     * {@link Confidence#CERTAIN} when the first line that is not blank is a sample's header and the next line one
     * of its frames; {@link Confidence#POSSIBLE} for headers without frames (recorded without {@code -g}).
     */
    @Override
    public Confidence probe(Head head) {
        List<String> lines = TextLines.nonBlank(head, LINES);
        if (lines.isEmpty() || !SAMPLE.matcher(lines.get(0)).matches()) {
            return Confidence.NONE;
        }
        if (lines.size() > 1 && FRAME.matcher(lines.get(1)).matches()) {
            return Confidence.CERTAIN;
        }
        return lines.size() > 1 && SAMPLE.matcher(lines.get(1)).matches() ? Confidence.POSSIBLE : Confidence.NONE;
    }
}
