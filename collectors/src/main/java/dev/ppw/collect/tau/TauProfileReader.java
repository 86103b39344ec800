package dev.ppw.collect.tau;

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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * #MAX_LINE_BYTES}. Not thread-safe: one per reading.
 */
final class TauProfileReader {
    /** The longest line kept: the metadata XML of a big run is tens of kilobytes, never near this. */
    static final int MAX_LINE_BYTES = 8 << 20;
    /** How TAU joins the functions of a callpath timer's name. */
    static final String CALLPATH_SEPARATOR = "=>";

    private static final Pattern FIRST_LINE = Pattern.compile("(\\d+) templated_functions(?:_MULTI_(\\S+))?\\s*");
    private static final Pattern SECTION = Pattern.compile("(\\d+) (aggregates|userevents)\\s*");
    private static final Pattern ATTRIBUTE = Pattern.compile(
            "<attribute><name>(.*?)</name><value>(.*?)</value></attribute>", Pattern.DOTALL);
    private static final String GROUP = " GROUP=\"";

    /** One timer line: its functions (one for a flat timer), trimmed, and its numbers. */
    private record Timer(String[] path, long calls, long subcalls, long exclusive, long inclusive) {
    }

    private final String file;
    private final List<Timer> timers = new ArrayList<>();
    private final Map<String, String> metadata = new LinkedHashMap<>();
    private final List<CounterSeries> userEvents = new ArrayList<>();
    private String metricName;
    private long lineNumber;
    private String lineText = "";

    private TauProfileReader(String file) {
        this.file = file;
    }

    /**
     * Reads the profile file {@code content}, named {@code file} in messages, labelled {@code label} as a node.
     *
     * @throws BadInputException when the file is not a TAU profile or is cut, with its line and column
     */
    static Profile read(String file, String label, InputStream content) throws IOException {
        TauProfileReader reader = new TauProfileReader(file);
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
                accept(new String(bytes, 0, end, StandardCharsets.UTF_8));
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
                timers.add(timer(line));
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
        Matcher a = ATTRIBUTE.matcher(line);
        while (a.find()) {
            metadata.put(unescape(a.group(1)), unescape(a.group(2)));
        }
        metricName = metadata.getOrDefault("Metric Name", metricName);
        if (!metricName.contains("TIME")) {
            throw bad(1, "the metric " + Quote.text(metricName) + " is not a time: ppw-java reads TAU's time"
                    + " metrics (TIME, P_WALL_CLOCK_TIME, CPU_TIME)");
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

    /** {@code "name" calls subrs excl incl profilecalls GROUP="groups"}, read from the right. */
    private Timer timer(String line) {
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
        return new Timer(path, calls, subcalls, exclusive, inclusive);
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
        CallTree tree = new CallTree(frames, timers.size() + 1);
        // TAU times every call of a timer but keeps no minimum or maximum: a row's time per call is still a mean.
        tree.markCallsTimedWhole();
        Set<String> callpathLeaves = new HashSet<>();
        Set<String> callpathRoots = new HashSet<>();
        for (Timer t : timers) {
            if (t.path().length > 1) {
                callpathLeaves.add(t.path()[t.path().length - 1]);
                callpathRoots.add(t.path()[0]);
            }
        }
        for (Timer t : timers) {
            String[] path = t.path();
            if (path.length == 1 && callpathLeaves.contains(path[0]) && !callpathRoots.contains(path[0])) {
                continue;
            }
            int node = CallTree.ROOT;
            for (String function : path) {
                node = tree.child(node, frames.intern(function));
            }
            // a name met twice (TAU never writes one so) adds up, as two calls of one context would
            tree.setMetrics(node, tree.calls(node) + t.calls(), tree.subcalls(node) + t.subcalls(),
                    tree.inclusiveNanos(node) + t.inclusive(), tree.exclusiveNanos(node) + t.exclusive(),
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
}
