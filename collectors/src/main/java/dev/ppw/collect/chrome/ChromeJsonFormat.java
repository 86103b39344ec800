package dev.ppw.collect.chrome;

import dev.ppw.collect.v8.TraceProfiles;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.ByteRanges;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Chrome's Trace Event Format as JSON: a top-level array of events, or an object whose {@code traceEvents}
 * holds them, as PerfFlowAspect ({@code .pfw}), Chromium, Node.js and {@code tsc --generateTrace} write it.
 * A record, as PerfFlowAspect writes it:
 * <pre>{@code {"name": "bas", "cat": "__main__", "pid": 7530, "tid": 7530, "ts": 1795322503741605.5, "ph": "X", "dur": 12.75},}</pre>
 *
 * <p>Read by {@link ChromeTraceReader} (Jackson streaming) from the source's stream; a plain regular file
 * of at least {@link ReadOptions#parallelFromBytes()} is read by {@link ParallelChromeReader} instead
 * (blocks parsed on {@link ReadOptions#jobs()} threads, replayed in file order): the events are the same.
 */
public final class ChromeJsonFormat implements EventFormat {
    /** A key only Chrome traces have: the events member, or an event's phase. */
    private static final Pattern CHROME_KEY = Pattern.compile("\"(?:traceEvents|ph)\"\\s*:");
    private static final Pattern TRACE_EVENTS_KEY = Pattern.compile("\"traceEvents\"\\s*:");
    /** The JSON parser reads this many bytes, and they must be ASCII for it to see UTF-8. */
    private static final int ENCODING_BYTES = 4;

    @Override
    public String name() {
        return "chrome-json";
    }

    /** {@code .pfw} is PerfFlowAspect's; {@code .trace} what some exporters write. */
    @Override
    public List<String> fileEndings() {
        return List.of(".pfw", ".json", ".trace");
    }

    /**
     * The notes of an empty event and of a counter reset, one per skipped phase ({@link PhaseNotes}), and the
     * warnings of the V8 profiles a trace may hold ({@link TraceProfiles#KINDS}).
     */
    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        List<DiagnosticKind> kinds = new ArrayList<>(List.of(ChromeTraceReader.EMPTY_EVENT,
                ChromeTraceReader.COUNTER_RESET));
        kinds.addAll(PhaseNotes.KINDS);
        kinds.addAll(TraceProfiles.KINDS);
        return kinds;
    }

    @Override
    public String description() {
        return "Chrome Trace Event Format JSON (an array of events or {\"traceEvents\": [...]}), as PerfFlowAspect"
                + " (.pfw), Chromium, Node.js and tsc write it";
    }

    /**
     * JSON text that starts with {@code [} or <code>&#123;</code> is {@link Confidence#POSSIBLE} (in UTF-8: UTF-16
     * and UTF-32 text are refused, and so is protobuf that happens to start with a newline); when the head
     * shows a {@code "traceEvents"} or {@code "ph"} key, {@link Confidence#CERTAIN}. An object that closes within
     * the head without a {@code "traceEvents"} key is {@link Confidence#NONE}: the reader would refuse it, and
     * detection can name it instead (a cut one is left to the reader, which says where it ends).
     */
    @Override
    public Confidence probe(Head head) {
        if (head.looksLikeUtf16Or32() || head.looksLikePerfettoProtobuf()) {
            return Confidence.NONE;
        }
        int first = head.firstNonWhitespace();
        if (first < 0 || (head.byteAt(first) != '[' && head.byteAt(first) != '{') || !opensJson(head, first)) {
            return Confidence.NONE;
        }
        String text = head.latin1();
        if (head.byteAt(first) == '{' && closesInHead(head, first) && !TRACE_EVENTS_KEY.matcher(text).find()) {
            return Confidence.NONE;
        }
        return CHROME_KEY.matcher(text).find() ? Confidence.CERTAIN : Confidence.POSSIBLE;
    }

    /**
     * After the opening bracket comes a JSON value (an array's first element: an event, or anything the reader
     * counts as a bad event), its end, or a key (an object), or the head ends. Folded stacks that start with
     * {@code [unknown];...} open with a bracket too, and a bare word is not JSON; nor is a number that is not one
     * ({@code [04:47:12.684]}, the time of babeltrace's text, whose leading zero the parser would refuse).
     */
    private static boolean opensJson(Head head, int first) {
        for (int i = first + 1; i < head.length(); i++) {
            int c = head.byteAt(i);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
                continue;
            }
            if (head.byteAt(first) == '{') {
                return c == '"' || c == '}';
            }
            return switch (c) {
                case 't' -> startsWith(head, i, "true");
                case 'f' -> startsWith(head, i, "false");
                case 'n' -> startsWith(head, i, "null");
                default -> c == '{' || c == '[' || c == ']' || c == '"' || ((c == '-' || (c >= '0' && c <= '9'))
                        && isNumber(head, i));
            };
        }
        return true;
    }

    /**
     * Whether a JSON number starts at {@code at} and is followed by what may follow an array's element (whitespace,
     * a comma, the closing bracket) or by the end of the head.
     */
    private static boolean isNumber(Head head, int at) {
        int n = head.length();
        int i = at;
        if (head.byteAt(i) == '-') {
            i++;
        }
        if (i >= n) {
            return true;
        }
        if (head.byteAt(i) == '0') {
            i++;
        } else {
            int digits = digits(head, i);
            if (digits == 0) {
                return false;
            }
            i += digits;
        }
        if (i < n && head.byteAt(i) == '.') {
            int digits = digits(head, i + 1);
            if (digits == 0 && i + 1 < n) {
                return false;
            }
            i += 1 + digits;
        }
        if (i < n && (head.byteAt(i) == 'e' || head.byteAt(i) == 'E')) {
            i++;
            if (i < n && (head.byteAt(i) == '+' || head.byteAt(i) == '-')) {
                i++;
            }
            int digits = digits(head, i);
            if (digits == 0 && i < n) {
                return false;
            }
            i += digits;
        }
        if (i >= n) {
            return true;
        }
        byte c = head.byteAt(i);
        return c == ',' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static int digits(Head head, int from) {
        int i = from;
        while (i < head.length() && head.byteAt(i) >= '0' && head.byteAt(i) <= '9') {
            i++;
        }
        return i - from;
    }

    /** Whether the object opening at {@code open} closes within the head: brackets counted outside strings. */
    private static boolean closesInHead(Head head, int open) {
        int depth = 0;
        boolean inString = false;
        for (int i = open; i < head.length(); i++) {
            byte c = head.byteAt(i);
            if (inString) {
                if (c == '\\') {
                    i++;
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '"') {
                inString = true;
            } else if (c == '{' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ']') && --depth == 0) {
                return true;
            }
        }
        return false;
    }

    /** True when the head holds {@code word} at {@code at}, or a prefix of it up to its end. */
    private static boolean startsWith(Head head, int at, String word) {
        for (int k = 0; k < word.length() && at + k < head.length(); k++) {
            if (head.byteAt(at + k) != word.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Followed while written ({@code profile --follow}): an unclosed array is whole (PerfFlowAspect never closes its own), and events stream one by one. */
    @Override
    public boolean followable() {
        return true;
    }

    /** An input cut inside an event keeps the events before it, with a {@code truncated} warning. */
    @Override
    public boolean readsCutEvents() {
        return true;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        if (parallelReadable(source, options.parallelFromBytes())) {
            Optional<ByteRanges> ranges = source.openRanges();
            if (ranges.isPresent()) {
                try (ByteRanges content = ranges.get()) {
                    EventFormat.bracketed(name, sink, () -> ParallelChromeReader.read(content, name, sink,
                            options.workers(), options.chunkBytes(), options.progress()));
                }
                return;
            }
        }
        try (InputStream content = source.open(options.progress())) {
            EventFormat.bracketed(name, sink, () -> ChromeTraceReader.read(name, content, sink));
        }
    }

    /**
     * A plain file large enough that detection would pass straight to the Chrome reader as UTF-8 JSON: no
     * Perfetto look, ASCII bytes first (so that the parser sees UTF-8), then a first non-whitespace byte
     * that opens an array or object.
     */
    private static boolean parallelReadable(InputSource source, long parallelFromBytes) throws IOException {
        if (source.sizeBytes() < parallelFromBytes) {
            return false;
        }
        Head head = source.head();
        if (head.length() < ENCODING_BYTES || head.looksLikePerfettoProtobuf()) {
            return false;
        }
        for (int i = 0; i < ENCODING_BYTES; i++) {
            if (head.byteAt(i) <= 0) {
                return false;
            }
        }
        int first = head.firstNonWhitespace();
        return first >= 0 && (head.byteAt(first) == '[' || head.byteAt(first) == '{');
    }
}
