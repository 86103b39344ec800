package dev.ppw.example.toyformat;

import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A toy trace format, the smallest whole input format: a signature line, then one span per line, a thread, its
 * start and its duration in integer nanoseconds, and a region.
 * <pre>{@code
 * # toy-trace
 * 1 0 100 main
 * 1 10 30 work
 * }</pre>
 * A line of another shape is the warning {@link #BAD_LINE} and is skipped; a comment line ({@code #}) is the note
 * {@link #COMMENT}. A file without the signature line is refused. Holds no state.
 */
public final class ToyTraceFormat implements EventFormat {
    /** Warning: a line that is not a span, skipped. */
    public static final DiagnosticKind BAD_LINE = DiagnosticKind.warning("toy_bad_line",
            "toy line that is not a span (skipped)", "toy lines that are not spans (skipped)");
    /** Note: a comment line after the signature. */
    public static final DiagnosticKind COMMENT = DiagnosticKind.note("toy_comment", "toy comment", "toy comments");

    private static final String SIGNATURE = "# toy-trace";

    @Override
    public String name() {
        return "toy-trace";
    }

    @Override
    public String description() {
        return "a toy trace, one span per line (plugin-example)";
    }

    @Override
    public List<String> fileEndings() {
        return List.of(".toy");
    }

    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        return List.of(BAD_LINE, COMMENT);
    }

    /** {@link Confidence#CERTAIN} when the content starts with the signature line, else {@link Confidence#NONE}. */
    @Override
    public Confidence probe(Head head) {
        return head.latin1().startsWith(SIGNATURE) ? Confidence.CERTAIN : Confidence.NONE;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(source.open(), StandardCharsets.UTF_8))) {
            EventFormat.bracketed(source.name(), sink, () -> {
                String first = in.readLine();
                if (first == null || !first.startsWith(SIGNATURE)) {
                    throw new BadInputException(source.name() + ":1:1: not a toy trace: it starts without '"
                            + SIGNATURE + "'");
                }
                int number = 1;
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    number++;
                    span(sink, source.name() + ":" + number, line);
                }
            });
        }
    }

    private static void span(EventSink sink, String where, String line) {
        if (line.startsWith("#")) {
            sink.diagnostics().note(COMMENT);
            return;
        }
        String[] field = line.strip().split(" +", 4);
        long start;
        long duration;
        try {
            start = field.length == 4 ? Long.parseLong(field[1]) : -1;
            duration = field.length == 4 ? Long.parseLong(field[2]) : -1;
        } catch (NumberFormatException e) {
            start = -1;
            duration = -1;
        }
        if (start < 0 || duration < 0) {
            sink.diagnostics().warn(BAD_LINE, where + ": not 'thread start duration region': \"" + line + "\"");
            return;
        }
        sink.complete(sink.thread("1", field[0]), start, duration, sink.frames().intern(field[3]));
    }
}
