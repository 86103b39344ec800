package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What {@code perf stat} prints: counts of events, per interval with {@code -I} (as a table, or as CSV with
 * {@code -x,}) or once for the run. No stacks and no spans. An interval of {@code perf stat -I 100}, plain:
 * <pre>{@code
 * #           time             counts unit events
 *      0.101567434               1.44 msec task-clock                       #    0.014 CPUs utilized
 * }</pre>
 * and with {@code -x,}: <pre>{@code      0.100163957,0.86,msec,task-clock,864351,100.00,0.009,CPUs utilized}</pre>
 */
public final class PerfStat extends Recognizer {
    private static final int LINES = 8;
    private static final Pattern INTERVAL_HEADER = Pattern.compile("#\\s+time\\s+counts\\s+(?:unit\\s+)?events\\s*");
    private static final Pattern SUMMARY_HEADER = Pattern.compile("\\s*Performance counter stats for .*");
    /** Seconds, then a count (or perf's placeholder), unit and event, separated by the {@code -x} character. */
    private static final Pattern CSV_INTERVAL = Pattern.compile(
            "\\s*\\d+\\.\\d+([,;|\\t])(?:[\\d.]+|<not counted>|<not supported>)\\1[^,;|\\t]*\\1[^,;|\\t\\s]+(?:\\1.*)?");

    public PerfStat() {
        super("perf-stat", "perf stat output (Linux perf's event counts, no stacks)",
                "it holds counts, not stacks or spans: record stacks with perf record -g, fold them (perf script |"
                        + " stackcollapse-perf.pl > OUT.folded), then ppw-java profile OUT.folded");
    }

    /**
     * {@link Confidence#CERTAIN} for the interval table's header or the summary's heading (after {@code #} comment
     * lines such as {@code # started on}), or two CSV interval lines in a row; else {@link Confidence#NONE}.
     */
    @Override
    public Confidence probe(Head head) {
        List<String> lines = TextLines.nonBlank(head, LINES);
        for (String line : lines) {
            if (INTERVAL_HEADER.matcher(line).matches() || SUMMARY_HEADER.matcher(line).matches()) {
                return Confidence.CERTAIN;
            }
            if (!line.startsWith("# started on")) {
                break;
            }
        }
        boolean csv = lines.size() >= 2 && CSV_INTERVAL.matcher(lines.get(0)).matches()
                && CSV_INTERVAL.matcher(lines.get(1)).matches();
        return csv ? Confidence.CERTAIN : Confidence.NONE;
    }
}
