package dev.ppw.collect.tau;

import dev.ppw.collect.ByteWords;
import dev.ppw.collect.DecimalNanos;
import dev.ppw.collect.LineSplitter;
import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.Quote;
import dev.ppw.model.ViewKind;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one TAU profile file ({@code profile.N.C.T}) into a tree profile. The file is a table of timers, each
 * a flat function or a callpath ({@code a => b => c}), then aggregates and user events:
 * <pre>{@code
 * 23 templated_functions_MULTI_TIME
 * # Name Calls Subrs Excl Incl ProfileCalls # <metadata><attribute><name>Metric Name</name><value>TIME</value>...
 * ".TAU application => MPI_Init()  " 1 0 17983 17983 0 GROUP="TAU_CALLPATH|MPI"
 * 0 aggregates
 * 2 userevents
 * # eventname numevents max min mean sumsqr
 * "Message size for broadcast" 1 4 4 4 16
 * }</pre>
 *
 * <p>The tree (docs/formats.md, "TAU profiles"): every callpath timer is the node its path names, with its calls,
 * subcalls and exclusive and inclusive time; an ancestor that no timer names is made with no calls and no time,
 * as Hatchet's TAU reader makes it. A flat timer that starts some callpath, or ends none (the {@code .TAU
 * application} root, every timer of a profile taken without callpaths), is a root with its numbers; another
 * flat timer is that function summed over the callpaths it ends, and is left out (it would count twice). Names are trimmed of the
 * spaces TAU pads them with. Times of a time metric are decimal microseconds, read exactly to integer
 * nanoseconds (half a nanosecond rounds away from zero). User events become counter series: their count,
 * min, max and sum (mean x count), the mean standing in for the last value TAU does not keep.
 *
 * <p>The file is read line by line and only its timers (as many as the tree has nodes) and user events are kept:
 * memory grows with the tree, not the file; a line (the metadata's, a name) is bounded by {@link
 * #MAX_LINE_BYTES}. A timer line of the usual shape (plain digits, names whose ends are ASCII) is read from its
 * bytes, each function known again by its bytes ({@link Functions}): no string per line or per name met before;
 * any other line is read as text, by the rules that say what is wrong with it. Not thread-safe: one per reading.
 */
final class TauProfileReader {
    /** The longest line kept: the metadata XML of a big run is tens of kilobytes, never near this. */
    static final int MAX_LINE_BYTES = 8 << 20;
    /** How TAU joins the functions of a callpath timer's name. */
    static final String CALLPATH_SEPARATOR = "=>";

    private static final Pattern FIRST_LINE = Pattern.compile("(\\d+) templated_functions(?:_MULTI_(\\S+))?\\s*");
    private static final Pattern SECTION = Pattern.compile("(\\d+) (aggregates|userevents)\\s*");
    private static final String ATTRIBUTE = "<attribute><name>";
    private static final String NAME_END = "</name><value>";
    private static final String VALUE_END = "</value></attribute>";
    private static final String GROUP = " GROUP=\"";

    private static final byte[] GROUP_BYTES = GROUP.getBytes(StandardCharsets.US_ASCII);
    /** A count of more digits than this is read as text (it may not fit a long). */
    private static final int FAST_COUNT_DIGITS = 18;
    /** Integer digits of a time read from its bytes: 10^15 microseconds in nanoseconds still fits a long. */
    private static final int FAST_MICROS_DIGITS = 15;

    private final String file;
    private final Functions functions = new Functions();
    private final Timers timers = new Timers();
    private final Map<String, String> metadata = new LinkedHashMap<>();
    private final List<CounterSeries> userEvents = new ArrayList<>();
    private String metricName;
    private long lineNumber;
    private String lineText = "";

    /** Whether every line is read as text (the rule the bytes reading must agree with, for tests). */
    private final boolean textOnly;

    private TauProfileReader(String file, boolean textOnly) {
        this.file = file;
        this.textOnly = textOnly;
    }

    /**
     * Reads the profile file {@code content}, named {@code file} in messages, labelled {@code label} as a node.
     *
     * @throws BadInputException when the file is not a TAU profile or is cut, with its line and column
     */
    static Profile read(String file, String label, InputStream content) throws IOException {
        return read(file, label, content, false);
    }

    /** As {@link #read(String, String, InputStream)}; with {@code textOnly}, no line is read from its bytes. */
    static Profile read(String file, String label, InputStream content, boolean textOnly) throws IOException {
        TauProfileReader reader = new TauProfileReader(file, textOnly);
        reader.parse(content);
        return reader.toProfile(label);
    }

    /** What the next line must be, in the order of the file. */
    private enum Expect { COUNT, HEADING, TIMER, AGGREGATES, AGGREGATE, USEREVENTS, USEREVENTS_HEADING, USEREVENT, END }

    private Expect expect = Expect.COUNT;
    /** Lines of the current section still to come, and how many it has. */
    private long remaining;
    private long sectionLines;

    /** Each line as it comes, so that only the timers and user events are kept; a line beyond the bound is refused. */
    private void parse(InputStream content) throws IOException {
        LineSplitter.Lines sink = new LineSplitter.Lines() {
            @Override
            public void line(byte[] bytes, int length, long overflowBytes) {
                add(bytes, length, overflowBytes);
            }

            @Override
            public void last(byte[] bytes, int length, long overflowBytes) {
                add(bytes, length, overflowBytes);
            }

            private void add(byte[] bytes, int length, long overflowBytes) {
                if (overflowBytes > 0) {
                    throw BadInputException.at(file, lineNumber + 1, 1, "a line longer than "
                            + (MAX_LINE_BYTES >> 20) + " MiB; this is not a TAU profile", Quote.utf8(bytes, 0, 60));
                }
                int end = length > 0 && bytes[length - 1] == '\r' ? length - 1 : length;
                if (expect == Expect.TIMER && !textOnly && timer(bytes, end)) {
                    lineNumber++;
                    expect = --remaining > 0 ? Expect.TIMER : Expect.AGGREGATES;
                } else {
                    accept(new String(bytes, 0, end, StandardCharsets.UTF_8));
                }
            }
        };
        new LineSplitter(1 << 12, MAX_LINE_BYTES).split(content, file, sink);
        String missing = switch (expect) {
            case COUNT -> "the count of timers (N templated_functions)";
            case HEADING -> "the heading \"# Name Calls Subrs Excl Incl ProfileCalls\"";
            case TIMER -> "timer " + (sectionLines - remaining + 1) + " of " + sectionLines;
            case AGGREGATE -> "aggregates line " + (sectionLines - remaining + 1) + " of " + sectionLines;
            case USEREVENTS_HEADING -> "the heading \"# eventname numevents max min mean sumsqr\"";
            case USEREVENT -> "userevents line " + (sectionLines - remaining + 1) + " of " + sectionLines;
            case AGGREGATES, USEREVENTS, END -> null;
        };
        if (missing != null) {
            lineText = "";
            throw BadInputException.at(file, lineNumber + 1, 1, "the file ends where " + missing
                    + " was expected (cut short?)", null);
        }
    }

    private void accept(String line) {
        lineNumber++;
        lineText = line;
        switch (expect) {
            case COUNT -> {
                Matcher m = FIRST_LINE.matcher(line);
                if (!m.matches()) {
                    throw bad(1, "expected \"N templated_functions\": this is not a TAU profile");
                }
                sectionLines = count(m.group(1), 1);
                metricName = m.group(2) == null ? "TIME" : m.group(2);
                expect = Expect.HEADING;
            }
            case HEADING -> {
                heading(line);
                remaining = sectionLines;
                expect = remaining > 0 ? Expect.TIMER : Expect.AGGREGATES;
            }
            case TIMER -> {
                timer(line);
                expect = --remaining > 0 ? Expect.TIMER : Expect.AGGREGATES;
            }
            case AGGREGATES -> {
                if (line.isBlank()) {
                    expect = Expect.END;
                } else {
                    remaining = sectionHead(line, "aggregates");
                    sectionLines = remaining;
                    expect = remaining > 0 ? Expect.AGGREGATE : Expect.USEREVENTS;
                }
            }
            case AGGREGATE -> expect = --remaining > 0 ? Expect.AGGREGATE : Expect.USEREVENTS;
            case USEREVENTS -> {
                if (line.isBlank()) {
                    expect = Expect.END;
                } else {
                    remaining = sectionHead(line, "userevents");
                    sectionLines = remaining;
                    expect = remaining > 0 ? Expect.USEREVENTS_HEADING : Expect.END;
                }
            }
            case USEREVENTS_HEADING -> {
                if (!line.startsWith("# eventname")) {
                    throw bad(1, "expected the heading \"# eventname numevents max min mean sumsqr\"");
                }
                expect = Expect.USEREVENT;
            }
            case USEREVENT -> {
                userEvents.add(userEvent(line));
                expect = --remaining > 0 ? Expect.USEREVENT : Expect.END;
            }
            case END -> {
                if (!line.isBlank()) {
                    throw bad(1, "text after the user events");
                }
            }
        }
    }

    /** The heading and the metadata XML on its line. */
    private void heading(String line) {
        if (!line.startsWith("# Name Calls Subrs Excl Incl")) {
            throw bad(1, "expected the heading \"# Name Calls Subrs Excl Incl ProfileCalls\"");
        }
        attributes(line, metadata);
        metricName = metadata.getOrDefault("Metric Name", metricName);
        if (!metricName.contains("TIME")) {
            throw bad(1, "the metric " + Quote.text(metricName) + " is not a time: ppw-java reads TAU's time"
                    + " metrics (TIME, P_WALL_CLOCK_TIME, CPU_TIME)");
        }
    }

    /**
     * Puts each {@code <attribute><name>N</name><value>V</value></attribute>} of {@code line} into {@code into},
     * unescaped, each end the first after its start, as the lazy regular expression {@code
     * <attribute><name>(.*?)</name><value>(.*?)</value></attribute>} finds them (by indexOf: the expression was
     * half of reading a rank's 30-line file, whose metadata line is 11 KB).
     */
    static void attributes(String line, Map<String, String> into) {
        for (int at = line.indexOf(ATTRIBUTE); at >= 0; at = line.indexOf(ATTRIBUTE, at)) {
            int name = at + ATTRIBUTE.length();
            int nameEnd = line.indexOf(NAME_END, name);
            int valueEnd = nameEnd < 0 ? -1 : line.indexOf(VALUE_END, nameEnd + NAME_END.length());
            if (valueEnd < 0) {
                break;
            }
            into.put(unescape(line.substring(name, nameEnd)),
                    unescape(line.substring(nameEnd + NAME_END.length(), valueEnd)));
            at = valueEnd + VALUE_END.length();
        }
    }

    /** The count of an {@code N aggregates} or {@code N userevents} line. */
    private long sectionHead(String line, String kind) {
        Matcher m = SECTION.matcher(line);
        if (!m.matches() || !m.group(2).equals(kind)) {
            throw bad(1, "expected \"N " + kind + "\"");
        }
        return count(m.group(1), 1);
    }

    /**
     * A timer line of the usual shape read from its bytes {@code b[0 .. end-1]}, as {@link #timer(String)} reads
     * it: false, with nothing kept, for any other line (a sign, a fraction of a count, an exponent, a name whose
     * ends are not ASCII, anything wrong), which the text reading then reads or says what is wrong with.
     */
    private boolean timer(byte[] b, int end) {
        if (end < 1 || b[0] != '"') {
            return false;
        }
        int group = lastIndexOf(b, end, GROUP_BYTES);
        if (group < 0) {
            return false;
        }
        long[] numbers = new long[4];
        int right = group;
        while (right > 0 && b[right - 1] == ' ') {
            right--;
        }
        for (int f = 4; f >= 0; f--) {
            int left = right;
            while (left > 0 && b[left - 1] != ' ') {
                left--;
            }
            if (left <= 1 || left == right) {
                return false;
            }
            if (f < 4) {
                long n = f < 2 ? fastCount(b, left, right) : fastMicros(b, left, right);
                if (n < 0) {
                    return false;
                }
                numbers[f] = n;
            }
            right = left - 1;
            while (right > 0 && b[right - 1] == ' ') {
                right--;
            }
        }
        if (right < 2 || b[right - 1] != '"') {
            return false;
        }
        int from = 1;
        int nameEnd = right - 1;
        while (true) {
            int at = indexOfArrow(b, from, nameEnd);
            int to = at < 0 ? nameEnd : at;
            int id = function(b, from, to);
            if (id < 0) {
                timers.drop();
                return false;
            }
            timers.add(id);
            if (at < 0) {
                break;
            }
            from = at + CALLPATH_SEPARATOR.length();
        }
        timers.end(numbers[0], numbers[1], numbers[2], numbers[3]);
        return true;
    }

    /** The id of the function {@code b[from .. to-1]} stripped, or -1 when an end is not ASCII (left to the text reading). */
    private int function(byte[] b, int from, int to) {
        while (from < to && isAsciiWhitespace(b[from])) {
            from++;
        }
        while (to > from && isAsciiWhitespace(b[to - 1])) {
            to--;
        }
        if (from < to && (b[from] < 0 || b[to - 1] < 0)) {
            return -1;
        }
        return functions.id(b, from, to);
    }

    /** What {@link String#strip} removes, among ASCII bytes. */
    private static boolean isAsciiWhitespace(byte c) {
        return c >= 0 && Character.isWhitespace(c);
    }

    private static int indexOfArrow(byte[] b, int from, int to) {
        for (int i = from; i + 1 < to; i++) {
            if (b[i] == '=' && b[i + 1] == '>') {
                return i;
            }
        }
        return -1;
    }

    private static int lastIndexOf(byte[] b, int end, byte[] what) {
        outer:
        for (int i = end - what.length; i >= 0; i--) {
            for (int j = 0; j < what.length; j++) {
                if (b[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** Plain digits as a count, or -1 for anything else. */
    private static long fastCount(byte[] b, int from, int to) {
        if (to - from > FAST_COUNT_DIGITS) {
            return -1;
        }
        long n = 0;
        for (int i = from; i < to; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            n = n * 10 + d;
        }
        return n;
    }

    /**
     * Plain decimal microseconds ({@code 123}, {@code 12.5}, {@code .5}, {@code 5.}) to nanoseconds, rounded as
     * {@link DecimalNanos#parseMicros} rounds (by the fourth fraction digit, half away from zero), or -1 for
     * anything else (a sign, an exponent, too many digits).
     */
    private static long fastMicros(byte[] b, int from, int to) {
        long whole = 0;
        int i = from;
        for (; i < to && b[i] != '.'; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9 || i - from >= FAST_MICROS_DIGITS) {
                return -1;
            }
            whole = whole * 10 + d;
        }
        int digits = i - from;
        long fraction = 0;
        int scale = 100;
        int round = 0;
        if (i < to) {
            for (i++; i < to; i++) {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    return -1;
                }
                if (scale > 0) {
                    fraction += d * scale;
                    scale /= 10;
                } else if (scale == 0) {
                    round = d >= 5 ? 1 : 0;
                    scale = -1;
                }
                digits++;
            }
        }
        return digits == 0 ? -1 : whole * 1000 + fraction + round;
    }

    /** {@code "name" calls subrs excl incl profilecalls GROUP="groups"}, read from the right. */
    private void timer(String line) {
        int group = line.lastIndexOf(GROUP);
        if (!line.startsWith("\"") || group < 0) {
            throw bad(1, "expected a timer: \"name\" calls subrs excl incl profilecalls GROUP=\"...\"");
        }
        String[] numbers = new String[5];
        int[] columns = new int[5];
        int nameEnd = fields(line, group, numbers, columns);
        String[] path = path(line.substring(1, nameEnd));
        long calls = count(numbers[0], columns[0]);
        long subcalls = count(numbers[1], columns[1]);
        long exclusive = micros(numbers[2], columns[2]);
        long inclusive = micros(numbers[3], columns[3]);
        for (String function : path) {
            byte[] name = function.getBytes(StandardCharsets.UTF_8);
            timers.add(functions.id(name, 0, name.length));
        }
        timers.end(calls, subcalls, exclusive, inclusive);
    }

    /** The functions of a timer's name, split at {@code =>} and trimmed (no regular expression: it is per line). */
    private static String[] path(String name) {
        int at = name.indexOf(CALLPATH_SEPARATOR);
        if (at < 0) {
            return new String[] {name.strip()};
        }
        List<String> functions = new ArrayList<>();
        int from = 0;
        while (at >= 0) {
            functions.add(name.substring(from, at).strip());
            from = at + CALLPATH_SEPARATOR.length();
            at = name.indexOf(CALLPATH_SEPARATOR, from);
        }
        functions.add(name.substring(from).strip());
        return functions.toArray(String[]::new);
    }

    /** {@code "name" numevents max min mean sumsqr}, read from the right. */
    private CounterSeries userEvent(String line) {
        if (!line.startsWith("\"")) {
            throw bad(1, "expected a user event: \"name\" numevents max min mean sumsqr");
        }
        String[] numbers = new String[5];
        int[] columns = new int[5];
        int nameEnd = fields(line, line.length(), numbers, columns);
        long samples = count(numbers[0], columns[0]);
        double max = real(numbers[1], columns[1]);
        double min = real(numbers[2], columns[2]);
        double mean = real(numbers[3], columns[3]);
        String name = line.substring(1, nameEnd).strip();
        String pid = metadata.getOrDefault("pid", "");
        if (samples == 0) {
            throw bad(columns[0], "a user event of no events: TAU writes only events that happened");
        }
        // TAU keeps no last value: the mean stands in for it (docs/formats.md)
        return new CounterSeries(pid, name, "", "value", samples, min, max, mean * samples, 0, mean);
    }

    /**
     * Splits the {@code numbers.length} space-separated fields that end {@code line} before {@code end} into
     * {@code numbers} and their 1-based columns into {@code columns}; returns the index of the quote that closes
     * the name before them.
     */
    private int fields(String line, int end, String[] numbers, int[] columns) {
        int right = end;
        while (right > 0 && line.charAt(right - 1) == ' ') {
            right--;
        }
        for (int f = numbers.length - 1; f >= 0; f--) {
            int space = line.lastIndexOf(' ', right - 1);
            if (space <= 0) {
                throw bad(1, "expected " + numbers.length + " numbers after the quoted name");
            }
            numbers[f] = line.substring(space + 1, right);
            columns[f] = space + 2;
            right = space;
            while (right > 0 && line.charAt(right - 1) == ' ') {
                right--;
            }
        }
        if (right < 2 || line.charAt(right - 1) != '"') {
            throw bad(right + 1, "expected the closing quote of the name before the numbers");
        }
        return right - 1;
    }

    /** A count: a non-negative integer. */
    private long count(String text, int column) {
        try {
            long n = Long.parseLong(text);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below, with the place
        }
        throw bad(column, "expected a count (a whole number >= 0), got \"" + Quote.text(text) + "\"");
    }

    /**
     * An exclusive or inclusive time: decimal microseconds to nanoseconds. Negative times are kept: TAU's
     * overhead compensation (TAU_COMPENSATE) and a min aggregate's exclusive time can be below 0.
     */
    private long micros(String text, int column) {
        long nanos = DecimalNanos.parseMicros(text);
        if (nanos == DecimalNanos.UNUSABLE) {
            throw bad(column, "expected a time in microseconds, got \"" + Quote.text(text) + "\"");
        }
        return nanos;
    }

    private double real(String text, int column) {
        try {
            double v = Double.parseDouble(text);
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // said below, with the place
        }
        throw bad(column, "expected a number, got \"" + Quote.text(text) + "\"");
    }

    private BadInputException bad(int column, String problem) {
        String quote = lineText.length() > 60 ? Quote.text(lineText.substring(0, 60)) + "..." : Quote.text(lineText);
        return BadInputException.at(file, lineNumber, column, problem, quote);
    }

    private Profile toProfile(String label) {
        NameTable names = new NameTable();
        FrameTable frames = new FrameTable(names);
        int count = timers.size();
        CallTree tree = new CallTree(frames, count + 1);
        // TAU times every call of a timer but keeps no minimum or maximum: a row's time per call is still a mean.
        tree.markCallsTimedWhole();
        boolean[] callpathLeaves = new boolean[functions.size()];
        boolean[] callpathRoots = new boolean[functions.size()];
        for (int t = 0; t < count; t++) {
            int from = timers.start(t);
            int to = timers.start(t + 1);
            if (to - from > 1) {
                callpathLeaves[timers.function(to - 1)] = true;
                callpathRoots[timers.function(from)] = true;
            }
        }
        // a function's frame, interned on first use in this walk: frame ids come in the order of the tree's walk
        int[] frameOf = new int[functions.size()];
        Arrays.fill(frameOf, -1);
        for (int t = 0; t < count; t++) {
            int from = timers.start(t);
            int to = timers.start(t + 1);
            int first = timers.function(from);
            if (to - from == 1 && callpathLeaves[first] && !callpathRoots[first]) {
                continue;
            }
            int node = CallTree.ROOT;
            for (int i = from; i < to; i++) {
                int function = timers.function(i);
                if (frameOf[function] < 0) {
                    frameOf[function] = frames.intern(functions.name(function));
                }
                node = tree.child(node, frameOf[function]);
            }
            // a name met twice (TAU never writes one so) adds up, as two calls of one context would
            tree.setMetrics(node, tree.calls(node) + timers.calls[t], tree.subcalls(node) + timers.subcalls[t],
                    tree.inclusiveNanos(node) + timers.inclusive[t], tree.exclusiveNanos(node) + timers.exclusive[t],
                    CallTree.UNSET, CallTree.UNSET);
        }
        String pid = metadata.getOrDefault("pid", "");
        String host = metadata.getOrDefault("Hostname", metadata.getOrDefault("Node Name", ""));
        String command = metadata.getOrDefault("Command Line", metadata.getOrDefault("Executable", ""));
        Map<String, String> processNames = pid.isEmpty() || command.isEmpty() ? Map.of() : Map.of(pid, command);
        NodeInfo node = new NodeInfo(label, file, pid, host, processNames, Map.of());
        userEvents.sort(CounterSeries.ORDER);
        return new Profile(tree, ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, 1, List.of(file), processNames,
                Map.of(), List.of(node), userEvents, null);
    }

    /** The five entities XML escapes; TAU escapes {@code < > &} in metadata values. */
    private static String unescape(String xml) {
        if (xml.indexOf('&') < 0) {
            return xml;
        }
        return xml.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&apos;", "'")
                .replace("&amp;", "&");
    }

    /**
     * The timers read, in file order, as columns: each timer's functions (ids of {@link Functions}) one after the
     * other in one array, where each timer starts, and its four numbers. Grows with the timers, as the tree does.
     */
    private static final class Timers {
        private int[] path = new int[1 << 10];
        private int pathLength;
        private int[] starts = new int[1 << 8];
        private int size;
        /** Where the functions of the timer being added start. */
        private int open;
        long[] calls = new long[1 << 8];
        long[] subcalls = new long[1 << 8];
        long[] exclusive = new long[1 << 8];
        long[] inclusive = new long[1 << 8];

        int size() {
            return size;
        }

        /** Where timer {@code t}'s functions start in {@link #function(int)}; {@code start(size())} is their end. */
        int start(int t) {
            return t == size ? open : starts[t];
        }

        int function(int at) {
            return path[at];
        }

        /** Takes back the functions of the timer being added. */
        void drop() {
            pathLength = open;
        }

        /** The next function of the timer being added. */
        void add(int id) {
            if (pathLength == path.length) {
                path = Arrays.copyOf(path, 2 * path.length);
            }
            path[pathLength++] = id;
        }

        /** Ends the timer being added (its functions are those since the last timer ended) with its numbers. */
        void end(long calls, long subcalls, long exclusive, long inclusive) {
            if (size == starts.length) {
                int n = 2 * size;
                starts = Arrays.copyOf(starts, n);
                this.calls = Arrays.copyOf(this.calls, n);
                this.subcalls = Arrays.copyOf(this.subcalls, n);
                this.exclusive = Arrays.copyOf(this.exclusive, n);
                this.inclusive = Arrays.copyOf(this.inclusive, n);
            }
            starts[size] = open;
            this.calls[size] = calls;
            this.subcalls[size] = subcalls;
            this.exclusive[size] = exclusive;
            this.inclusive[size] = inclusive;
            size++;
            open = pathLength;
        }
    }

    /**
     * The functions of a profile, each its UTF-8 bytes (as trimmed from a name) and an id from 0 in the order
     * they are met: a function read again is known by one hash and one compare, and made a string once. Holds
     * every function of the file, as many as the tree can have, never a bound's worth less.
     */
    private static final class Functions {
        private byte[][] keys = new byte[1 << 8][];
        private int[] hashes = new int[1 << 8];
        private int[] ids = new int[1 << 8];
        private final List<String> names = new ArrayList<>();

        int size() {
            return names.size();
        }

        String name(int id) {
            return names.get(id);
        }

        /** The id of {@code b[from .. to-1]}, a new one when these bytes were not met before. */
        int id(byte[] b, int from, int to) {
            int h = ByteWords.hash(b, from, to);
            int mask = keys.length - 1;
            int slot = h & mask;
            for (; keys[slot] != null; slot = (slot + 1) & mask) {
                if (hashes[slot] == h && Arrays.equals(keys[slot], 0, keys[slot].length, b, from, to)) {
                    return ids[slot];
                }
            }
            int id = names.size();
            byte[] key = Arrays.copyOfRange(b, from, to);
            names.add(new String(key, StandardCharsets.UTF_8));
            keys[slot] = key;
            hashes[slot] = h;
            ids[slot] = id;
            if (2 * names.size() > keys.length) {
                grow();
            }
            return id;
        }

        private void grow() {
            byte[][] oldKeys = keys;
            int[] oldHashes = hashes;
            int[] oldIds = ids;
            keys = new byte[2 * oldKeys.length][];
            hashes = new int[keys.length];
            ids = new int[keys.length];
            int mask = keys.length - 1;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldKeys[i] != null) {
                    int slot = oldHashes[i] & mask;
                    while (keys[slot] != null) {
                        slot = (slot + 1) & mask;
                    }
                    keys[slot] = oldKeys[i];
                    hashes[slot] = oldHashes[i];
                    ids[slot] = oldIds[i];
                }
            }
        }
    }
}
