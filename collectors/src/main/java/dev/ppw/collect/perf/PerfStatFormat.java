package dev.ppw.collect.perf;

import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What {@code perf stat -I N} prints: the counts of each event per interval, as CSV with {@code -x,} (any
 * separator) or as its human table, whole ({@code --per-thread}, {@code -A}, {@code --per-core} and the
 * like add a column naming the thread, CPU or core). An interval of {@code perf stat -I 100 -x,}:
 * <pre>{@code      0.100172191,1.05,msec,task-clock,1051781,100.00,0.011,CPUs utilized}</pre>
 * Each event becomes a counter series over time ({@link PerfStatReader} says which).
 */
public final class PerfStatFormat implements EventFormat {
    private static final int LINES = 12;
    private static final Pattern TABLE_HEADER = Pattern.compile("#\\s+time\\s+(?:\\S+\\s+)*counts\\s+(?:unit\\s+)?events\\s*");
    private static final Pattern SUMMARY_HEADER = Pattern.compile("\\s*Performance counter stats for .*");
    /** Seconds, a separator, then (maybe after a column naming a CPU, core or thread) a count or perf's placeholder. */
    private static final Pattern CSV_INTERVAL = Pattern.compile(
            "\\s*\\d+\\.\\d+([,;|\\t:])(?:[^,;|\\t:]*\\1(?:\\d+\\1)?)?(?:[\\d.]+|<not counted>|<not supported>)\\1.*");

    /**
     * Text saved as {@code .txt} ({@code perf stat -I 100 -o stat.txt}): found in folders when its content is this
     * format's.
     */
    @Override
    public boolean probedInFolders(Path file) {
        return InputFormat.bareName(file).endsWith(".txt");
    }

    @Override
    public String name() {
        return "perf-stat";
    }

    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        return List.of(PerfStatReader.NOT_COUNTED);
    }

    @Override
    public String description() {
        return "perf stat -I interval counts (CSV of -x, or the table), as counter series over time";
    }

    /**
     * {@link Confidence#CERTAIN} for the interval table's header or the summary's heading (after {@code #}
     * comment lines such as {@code # started on}), or two CSV interval lines in a row; else
     * {@link Confidence#NONE}.
     */
    @Override
    public Confidence probe(Head head) {
        if (head.looksLikeUtf16Or32() || head.looksLikePerfettoProtobuf()) {
            return Confidence.NONE;
        }
        List<String> lines = PerfText.lines(head, LINES).stream().filter(l -> !l.isBlank()).toList();
        int i = 0;
        for (; i < lines.size(); i++) {
            String line = lines.get(i);
            if (TABLE_HEADER.matcher(line).matches() || SUMMARY_HEADER.matcher(line).matches()) {
                return Confidence.CERTAIN;
            }
            if (!line.startsWith("#")) {
                break;
            }
        }
        boolean csv = i + 1 < lines.size() && CSV_INTERVAL.matcher(lines.get(i)).matches()
                && CSV_INTERVAL.matcher(lines.get(i + 1)).matches();
        return csv ? Confidence.CERTAIN : Confidence.NONE;
    }

    /** Followed while written ({@code profile --follow}): one count per line, each a sample of its series as soon as its line is read. */
    @Override
    public boolean followable() {
        return true;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        try (InputStream content = source.open(options.progress())) {
            EventFormat.bracketed(name, sink, () -> new PerfStatReader(name, sink).read(content));
        }
    }
}
