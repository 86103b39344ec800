package dev.ppw.collect.saved;

import dev.ppw.model.Combine;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.RegionCounters;
import dev.ppw.model.SavedProfileLayout;
import dev.ppw.model.SavedProfileLayout.AggregationMember;
import dev.ppw.model.SavedProfileLayout.Column;
import dev.ppw.model.SavedProfileLayout.CounterMember;
import dev.ppw.model.SavedProfileLayout.DroppedMember;
import dev.ppw.model.SavedProfileLayout.Member;
import dev.ppw.model.SavedProfileLayout.MetricGroupMember;
import dev.ppw.model.SavedProfileLayout.MetricMember;
import dev.ppw.model.SavedProfileLayout.NodeInfoMember;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.DisplayUnit;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTimeSketch;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.ViewKind;
import org.eclipse.collections.api.map.primitive.MutableIntIntMap;
import org.eclipse.collections.impl.map.mutable.primitive.IntIntHashMap;

import java.io.CharConversionException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads a saved profile, the ppw-profile JSON format of docs/profile-json.md (versions 1 and 2), back into
 * the {@link Profile} that was written: the same rows (part, path and callsite), the same numbers to the
 * nanosecond, unset min/max kept, and the metadata and node info.
 *
 * <p>Parts: a file with a {@code part} column (version 2, a profile with an async part) gives each root
 * the {@link Part} of its row, and a row in another part than its parent's is an error; a file without it
 * is thread time only.
 *
 * <p>One pass over Jackson's streaming parser, no document model. Members may come in any order, except
 * that {@code columns} must come before {@code rows} (as ppw-java writes them): rows are turned into tree
 * nodes as they stream by, so a file with {@code rows} first is refused with a message saying so. Unknown
 * members and unknown columns are skipped, so that later writers may add some. The unit of each time
 * column is read from its name ({@code inclusive_us}) and must agree with {@code unit}; times are converted
 * from their decimal text exactly ({@link TimeUnits#parseExact}), and a time that is not a whole number
 * of nanoseconds is an error.
 *
 * <p>Declared metrics: {@code metric_groups} (before {@code columns}) declares the tree's metric groups; the
 * {@link MetricGroup}s are rebuilt from it, equal to the declaring code's constants, and each stored
 * metric's column (two for a sample weight: inclusive and exclusive) is read into the tree by the metric's
 * name ({@link SavedProfileLayout#metricColumns}); ratio columns are skipped, ratios being computed. A file
 * of the first writers, without {@code metric_groups} but with region counter columns
 * ({@code cpu_usage_samples} ...), declares {@link RegionCounters#GROUP}. A declared metric whose column is
 * missing is an error.
 *
 * <p>Rows must list parents before children. Each row becomes
 * {@code tree.child(node of parent_id, frame(name, callsite))}: a {@code parent_id} that is not an earlier
 * row's {@code id}, a repeated {@code id}, a second row with the same (parent, name, callsite), or a
 * {@code depth} that is not its parent's plus one is an error naming the row. A file written with
 * {@code --top-imbalance} lists only some rows and is refused: it is a report, not a saved profile.
 *
 * <p>Every problem is a {@link BadInputException} with a one-line {@code file:line:column: problem}
 * message, I/O failures of the stream included.
 */
final class ProfileJsonReader {
    private static final String FORMAT = SavedProfileLayout.FORMAT;
    private static final int VERSION = SavedProfileLayout.VERSION;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .build();
    private static final int QUOTE_MAX = 60;
    /** Inputs up to this size are parsed from memory, longer ones as a stream. */
    private static final int MAX_IN_MEMORY = 1 << 28;
    /** The read buffer kept per thread stays at most this big, so idle threads do not hold much. */
    private static final int MAX_KEPT = 1 << 24;
    private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[1 << 16]);
    /**
     * About the fewest bytes that ppw-java writes per row with short names: input length / this is an
     * estimate of the rows that is seldom too low (too high only costs memory).
     */
    private static final int BYTES_PER_ROW = 64;
    /** parent_id null, in a row's long slot, where every id is an int. */
    static final long NO_PARENT = Long.MIN_VALUE;

    /** Column name (with every unit for time columns) to its field, for the fixed columns. */
    private static final Map<String, Column> COLUMN_FIELDS = new HashMap<>();
    private static final Map<String, DisplayUnit> COLUMN_UNITS = new HashMap<>();
    /** The fixed columns in their order. */
    static final List<Column> COLUMNS = List.of(Column.values());

    static {
        for (Column f : COLUMNS) {
            for (DisplayUnit u : DisplayUnit.values()) {
                COLUMN_FIELDS.put(f.columnName(u), f);
                if (f.isTime()) {
                    COLUMN_UNITS.put(f.columnName(u), u);
                }
            }
        }
    }

    /** What a metric column holds: a stored value, one side of a sample weight, or a ratio (skipped). */
    private enum Role { VALUE, INCLUSIVE, EXCLUSIVE, RATIO }

    /** A column of a declared metric. */
    private record MetricColumn(Metric metric, Role role) {
    }

    private final String file;
    private final JsonParser p;
    // The input's bytes when they may be scanned by RowScanner, else null.
    private final byte[] text;
    private final int textLength;
    // Set once RowScanner has started: from then on a problem is not reported but parsed again by Jackson.
    private boolean scanning;

    private final NameTable names = new NameTable();
    private final FrameTable frames = new FrameTable(names);
    private final CallTree tree;
    private final NameCache nameCache = new NameCache(names);
    private int[] frameOfRegion = new int[256]; // frame id + 1 of (region, no callsite); 0 when not yet known
    // Row id to node: ids are usually 1..rows, kept in an array; far-off ids go to a map instead.
    private int[] nodeOfSmallId = new int[8192]; // node + 1; 0 when no row has the id
    private final MutableIntIntMap nodeOfLargeId = new IntIntHashMap();

    // The columns: field of each position (null: a metric's or ignored) and the unit of the time columns.
    private Column[] columnField;
    private DisplayUnit[] columnUnit;
    private DisplayUnit columnsUnit;
    private String firstTimeColumn;
    // The position of the part column, -1 when the file has none (every row is thread time).
    private int partColumn = -1;
    // The call_times column (version 3), -1 when absent; the row's sketch, null when it has none.
    private int callTimesColumn = -1;
    private CallTimeSketch rowCallTimes;
    private Part rowPart = Part.THREAD;
    /** The column of a sampled row's samples ({@link SavedProfileLayout#SAMPLES_COLUMN}), -1 when absent. */
    private int samplesColumn = -1;
    /** The row's samples, -1 for null. */
    private long rowSamples = -1;
    /** Whether the row's calls or subcalls were null: a sampled row's, beside a samples column. */
    private boolean rowCallsNull;

    // Metadata; null or -1 while not seen.
    private String format;
    private int version = -1;
    private ViewKind view;
    private int tauDepth = -1;
    private DisplayUnit unit;
    private JsonLocation unitLocation;
    private MergeOp op = MergeOp.SUM;
    private MissingRule missing = MissingRule.ZERO;
    private int nodes = 1;
    private DroppedInputs dropped = DroppedInputs.NONE;
    private final List<String> inputs = new ArrayList<>();
    private final List<NodeInfo> nodeInfos = new ArrayList<>();
    private Map<String, String> processNames = Map.of();
    private Map<String, String> threadNames = Map.of();
    private boolean rowsRead;
    private int rowCount;

    // The row being read, one slot per field, reused for every row.
    private final long[] rowValue = new long[COLUMNS.size()];
    private int rowNameId;
    private int rowCallsiteId;
    // Declared metric groups: from metric_groups (null while not seen), else the first writers' region counters.
    private List<MetricGroup> declaredGroups;
    private List<MetricGroup> groups = List.of();
    // Metric columns: rows that have them are read by Jackson, not RowScanner.
    private MetricColumn[] columnMetric;
    // The columns whose values are set into the tree: VALUE ones, and the INCLUSIVE side of a weight.
    private int[] metricSetters = new int[0];
    // For an INCLUSIVE column, its EXCLUSIVE partner's position.
    private int[] weightPartner;
    // The row's metric values, by column.
    private long[] metricLongs;
    private double[] metricDoubles;
    private final List<CounterSeries> counters = new ArrayList<>();
    private String displayTimeUnit;

    private ProfileJsonReader(String file, JsonParser parser, byte[] text, int textLength, int expectedRows) {
        this.file = file;
        this.p = parser;
        this.text = text;
        this.textLength = textLength;
        this.tree = new CallTree(frames, expectedRows);
    }

    /**
     * Reads one saved profile.
     *
     * <p>The text is first read into memory whole (up to {@value #MAX_IN_MEMORY} bytes, in a buffer kept per
     * thread): Jackson parses a byte array faster than a stream, and its length tells how many rows to
     * expect. A longer input, or one whose stream fails, is parsed as a stream from where it stands, so
     * the result and the messages are the same either way.
     *
     * @param displayName how messages name the input (its path as given)
     * @param in the JSON text, already decompressed; read to the end, not closed
     * @throws BadInputException when the input is not a readable ppw-profile of a version up to
     *     {@link #VERSION}, with a one-line message
     */
    public static Profile read(String displayName, InputStream in) {
        return read(displayName, in, MAX_IN_MEMORY, true);
    }

    /**
     * {@link #read(String, InputStream)}, parsing from memory inputs of up to {@code maxInMemory} bytes,
     * their rows with {@link RowScanner} when {@code scanRows}.
     */
    static Profile read(String displayName, InputStream in, int maxInMemory, boolean scanRows) {
        byte[] buffer = SCRATCH.get();
        int length = 0;
        try {
            while (true) {
                if (length >= maxInMemory) {
                    return parse(displayName, new Replay(buffer, length, in), 0);
                }
                if (length == buffer.length) {
                    buffer = Arrays.copyOf(buffer, Math.min(maxInMemory, 2 * buffer.length));
                    if (buffer.length <= MAX_KEPT) {
                        SCRATCH.set(buffer);
                    }
                }
                int n = in.read(buffer, length, buffer.length - length);
                if (n < 0) {
                    break;
                }
                length += n;
            }
        } catch (IOException e) {
            // Parsed up to the failure as a stream would have been, so that the message says where.
            return parse(displayName, new Replay(buffer, length, new Failing(e)), 0);
        }
        if (buffer.length < length + RowScanner.PADDING) {
            buffer = Arrays.copyOf(buffer, length + RowScanner.PADDING);
            if (buffer.length <= MAX_KEPT) {
                SCRATCH.set(buffer);
            }
        }
        buffer[length] = 0;
        return parse(displayName, buffer, length, scanRows);
    }


    private static Profile parse(String displayName, byte[] text, int length, boolean scanRows) {
        JsonParser parser;
        try {
            parser = FACTORY.createParser(text, 0, length);
        } catch (IOException e) {
            throw cannotStart(displayName, e);
        }
        try {
            return parse(displayName, parser, scanRows ? text : null, length, length / BYTES_PER_ROW);
        } catch (RowScanner.Bail e) {
            return parse(displayName, text, length, false);
        }
    }

    private static Profile parse(String displayName, InputStream in, int expectedRows) {
        JsonParser parser;
        try {
            parser = FACTORY.createParser(in);
        } catch (IOException e) {
            throw cannotStart(displayName, e);
        }
        return parse(displayName, parser, null, 0, expectedRows);
    }

    /**
     * A parser that cannot start, said at 1:1, where nothing could be read (found by fuzzing): the first bytes fit
     * no Unicode encoding the parser reads ({@code 00 00 02 00}, a UCS-4 byte order), or the input cannot be read
     * from its start (a gzip layer cut before its first bytes).
     */
    private static BadInputException cannotStart(String displayName, IOException e) {
        if (e instanceof CharConversionException) {
            return BadInputException.at(displayName, 1, 1, "not valid text: " + firstLine(e.getMessage()), null);
        }
        return BadInputException.at(displayName, 1, 1, "cannot read: " + firstLine(e.getMessage()), null);
    }

    private static Profile parse(String displayName, JsonParser parser, byte[] text, int textLength,
                                 int expectedRows) {
        try (parser) {
            return new ProfileJsonReader(displayName, parser, text, textLength, expectedRows).readDocument();
        } catch (StreamReadException e) {
            String message = firstLine(e.getOriginalMessage());
            if (e instanceof JsonEOFException || message.startsWith("Unexpected end-of-input")) {
                throw at(displayName, e.getLocation(), "truncated: the file ends inside the profile", null);
            }
            throw at(displayName, e.getLocation(), "not valid JSON: " + message, null);
        } catch (IOException e) {
            throw at(displayName, parser.currentLocation(), "cannot read: " + firstLine(e.getMessage()), null);
        }
    }

    /** The bytes already read from an input, then the rest of it; closes nothing. */
    private static final class Replay extends InputStream {
        private final byte[] head;
        private final int headLength;
        private final InputStream rest;
        private int position;

        Replay(byte[] head, int headLength, InputStream rest) {
            this.head = head;
            this.headLength = headLength;
            this.rest = rest;
        }

        @Override
        public int read() throws IOException {
            return position < headLength ? head[position++] & 0xff : rest.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (position == headLength) {
                return rest.read(b, off, len);
            }
            int n = Math.min(len, headLength - position);
            System.arraycopy(head, position, b, off, n);
            position += n;
            return n;
        }
    }

    /** Stands for the rest of an input whose reading failed: the same failure again. */
    private static final class Failing extends InputStream {
        private final IOException failure;

        Failing(IOException failure) {
            this.failure = failure;
        }

        @Override
        public int read() throws IOException {
            throw failure;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            throw failure;
        }
    }

    private Profile readDocument() throws IOException {
        JsonToken first = p.nextToken();
        if (first == null) {
            throw BadInputException.at(file, 0, 0, "empty file", null);
        }
        if (first != JsonToken.START_OBJECT) {
            throw fail("not a ppw-profile: expected a JSON object", tokenText(first));
        }
        int seen = 0;
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            int bit = onceBit(key);
            if ((seen & bit) != 0) {
                throw fail("\"" + key + "\" appears twice", null);
            }
            seen |= bit;
            p.nextToken();
            if (readMember(key)) {
                return finish();
            }
        }
        if (t != JsonToken.END_OBJECT) {
            throw fail("not a ppw-profile: expected a member name", null);
        }
        if (p.nextToken() != null) {
            throw fail("text after the end of the profile object", p.getText());
        }
        return finish();
    }

    /** Members whose repetition is an error; other members may repeat (and are skipped). */
    private static final List<String> ONCE = List.of(Member.FORMAT, Member.VERSION, Member.VIEW, Member.TAU_DEPTH,
            Member.UNIT, Member.AGGREGATION, Member.INPUTS, Member.NODE_INFO, Member.PROCESS_NAMES,
            Member.THREAD_NAMES, Member.METRIC_GROUPS, Member.COLUMNS, Member.ROWS, Member.TOP_IMBALANCE,
            Member.DROPPED);

    private static int onceBit(String key) {
        int i = ONCE.indexOf(key);
        return i < 0 ? 0 : 1 << i;
    }

    /** Reads one member's value; true when that has read the input to its end (see {@link #scanRows}). */
    private boolean readMember(String key) throws IOException {
        switch (key) {
            case Member.FORMAT -> {
                format = string("format");
                if (!FORMAT.equals(format)) {
                    throw fail("not a ppw-profile: format is \"" + quote(format) + "\" (this ppw-java reads "
                            + FORMAT + " version " + VERSION + ")", null);
                }
            }
            case Member.VERSION -> {
                version = positiveInt("version");
                if (version > VERSION) {
                    throw fail("ppw-profile version " + version + " is newer than this ppw-java reads (version "
                            + VERSION + "): use a newer ppw-java", null);
                }
            }
            case Member.VIEW -> {
                String label = string("view");
                view = Arrays.stream(ViewKind.values()).filter(v -> v.label().equals(label)).findFirst()
                        .orElseThrow(() -> fail("unknown view \"" + label + "\": expected tree, callpath, flat or tau",
                                null));
                if (view == ViewKind.COUNTERS) {
                    throw fail("this file lists counter series (--view counters): it is a report, not a saved "
                            + "profile", null);
                }
            }
            case Member.TAU_DEPTH -> tauDepth = positiveInt("tau_depth");
            case Member.UNIT -> {
                String label = string("unit");
                unitLocation = p.currentTokenLocation();
                unit = Arrays.stream(DisplayUnit.values()).filter(u -> u.label().equals(label)).findFirst()
                        .orElseThrow(() -> fail("unknown unit \"" + label + "\": expected s, ms, us or ns", null));
            }
            case Member.AGGREGATION -> readAggregation();
            case Member.DROPPED -> readDropped();
            case Member.INPUTS -> readStrings("inputs", inputs);
            case Member.NODE_INFO -> readNodeInfos();
            case Member.PROCESS_NAMES -> processNames = names("process_names");
            case Member.THREAD_NAMES -> threadNames = names("thread_names");
            case Member.METRIC_GROUPS -> readMetricGroups();
            case Member.COLUMNS -> readColumns();
            case Member.ROWS -> {
                return readRows();
            }
            case Member.COUNTERS -> readCounters();
            case Member.DISPLAY_TIME_UNIT -> {
                // Every unit the folder honours (SEMANTICS.md "Counters"), so that what was saved reads back.
                displayTimeUnit = string("display_time_unit");
                if (Arrays.stream(DisplayUnit.values()).noneMatch(u -> u.label().equals(displayTimeUnit))) {
                    throw fail("display_time_unit \"" + displayTimeUnit + "\" is not s, ms, us or ns", null);
                }
            }
            case Member.TOP_IMBALANCE -> throw fail("this file lists only the rows of largest imbalance "
                    + "(--top-imbalance): it is a report, not a saved profile", null);
            default -> p.skipChildren();
        }
        return false;
    }

    private void readAggregation() throws IOException {
        expect(JsonToken.START_OBJECT, "aggregation", "an object");
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            switch (key) {
                case AggregationMember.OP -> {
                    String label = string("aggregation op");
                    try {
                        op = MergeOp.parse(label);
                    } catch (IllegalArgumentException e) {
                        throw fail(e.getMessage(), null);
                    }
                }
                case AggregationMember.MISSING -> {
                    String label = string("aggregation missing");
                    if (!label.equals(MissingRule.ZERO.label()) && !label.equals(MissingRule.PRESENT.label())) {
                        throw fail("unknown missing rule \"" + label + "\": expected zero or present", null);
                    }
                    missing = MissingRule.valueOf(label.toUpperCase(java.util.Locale.ROOT));
                }
                case AggregationMember.NODES -> nodes = positiveInt("aggregation nodes");
                default -> p.skipChildren();
            }
        }
    }

    /** The inputs the saved profile left out as unreadable: a merge of it keeps counting them. */
    private void readDropped() throws IOException {
        expect(JsonToken.START_OBJECT, "dropped", "an object");
        long count = 0;
        Map<String, Long> reasons = new LinkedHashMap<>();
        List<String> examples = new ArrayList<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            switch (key) {
                case DroppedMember.INPUTS -> count = positiveLong("dropped inputs");
                case DroppedMember.REASONS -> {
                    expect(JsonToken.START_OBJECT, "dropped reasons", "an object of counts");
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String reason = p.currentName();
                        p.nextToken();
                        reasons.put(reason, positiveLong("dropped reasons value"));
                    }
                }
                case DroppedMember.EXAMPLES -> readStrings("dropped examples", examples);
                default -> p.skipChildren();
            }
        }
        try {
            dropped = new DroppedInputs(count, reasons, examples);
        } catch (IllegalArgumentException e) {
            throw fail("\"dropped\" does not add up: " + e.getMessage(), null);
        }
    }

    private void readNodeInfos() throws IOException {
        expect(JsonToken.START_ARRAY, "node_info", "an array");
        while (p.nextToken() != JsonToken.END_ARRAY) {
            expect(JsonToken.START_OBJECT, "node_info entry", "an object");
            String label = "";
            String nodeFile = "";
            String pid = "";
            String host = "";
            Map<String, String> processes = Map.of();
            Map<String, String> threads = Map.of();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                switch (key) {
                    case NodeInfoMember.LABEL -> label = string("node_info label");
                    case NodeInfoMember.FILE -> nodeFile = string("node_info file");
                    case NodeInfoMember.PID -> pid = string("node_info pid");
                    case NodeInfoMember.HOST -> host = string("node_info host");
                    case NodeInfoMember.PROCESS_NAMES -> processes = names("node_info process_names");
                    case NodeInfoMember.THREAD_NAMES -> threads = names("node_info thread_names");
                    default -> p.skipChildren();
                }
            }
            nodeInfos.add(new NodeInfo(label, nodeFile, pid, host, processes, threads));
        }
    }

    /**
     * The declared metric groups, rebuilt as the records that were written (equal to the declaring code's
     * constants). They must come before the columns, which they name.
     */
    private void readMetricGroups() throws IOException {
        if (columnField != null) {
            throw fail("\"metric_groups\" comes after \"columns\": this reader needs the metric groups first, "
                    + "as ppw-java writes them", null);
        }
        expect(JsonToken.START_ARRAY, "metric_groups", "an array");
        List<MetricGroup> read = new ArrayList<>();
        Set<String> columnNames = new HashSet<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            expect(JsonToken.START_OBJECT, "metric_groups entry", "an object");
            String name = null;
            String rule = null;
            List<Metric> metrics = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                p.nextToken();
                switch (key) {
                    case MetricGroupMember.NAME -> name = string("metric_groups name");
                    case MetricGroupMember.COMBINE_RULE -> rule = string("metric_groups combine_rule");
                    case MetricGroupMember.METRICS -> metrics = readMetrics();
                    default -> p.skipChildren();
                }
            }
            if (name == null || rule == null || metrics == null) {
                throw fail("a metric_groups entry needs name, combine_rule and metrics", null);
            }
            MetricGroup group;
            try {
                group = new MetricGroup(name, metrics, rule);
            } catch (IllegalArgumentException e) {
                throw fail("metric_groups: " + e.getMessage(), null);
            }
            for (Metric m : group.metrics()) {
                for (String column : SavedProfileLayout.metricColumns(m)) {
                    if (COLUMN_FIELDS.containsKey(column) || !columnNames.add(column)) {
                        throw fail("metric_groups: metric " + m.name() + " of group " + name + " gives column "
                                + column + ", which another column has", null);
                    }
                }
            }
            read.add(group);
        }
        declaredGroups = read;
    }

    private List<Metric> readMetrics() throws IOException {
        expect(JsonToken.START_ARRAY, "metric_groups metrics", "an array");
        List<Metric> metrics = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            expect(JsonToken.START_OBJECT, "metric_groups metric", "an object");
            Map<String, String> v = new HashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken t = p.nextToken();
                if (METRIC_MEMBERS.contains(key) && t != JsonToken.VALUE_NULL) {
                    v.put(key, string("metric_groups metric " + key));
                } else {
                    p.skipChildren();
                }
            }
            for (String key : METRIC_MEMBERS) {
                if (!v.containsKey(key) && !key.equals(MetricMember.NUMERATOR) && !key.equals(MetricMember.DENOMINATOR)) {
                    throw fail("a metric_groups metric needs \"" + key + "\"", null);
                }
            }
            try {
                metrics.add(new Metric(v.get(MetricMember.NAME), MetricUnit.parse(v.get(MetricMember.UNIT)),
                        constant(Metric.Kind.class, v.get(MetricMember.KIND)),
                        constant(Combine.class, v.get(MetricMember.COMBINE)),
                        constant(Metric.Shown.class, v.get(MetricMember.SHOWN)), v.get(MetricMember.LABEL),
                        v.get(MetricMember.NUMERATOR), v.get(MetricMember.DENOMINATOR), v.get(MetricMember.DESCRIPTION)));
            } catch (IllegalArgumentException e) {
                throw fail("metric_groups: " + e.getMessage(), null);
            }
        }
        return metrics;
    }

    /** The members of a metric object that this reader knows. */
    private static final List<String> METRIC_MEMBERS = List.of(MetricMember.NAME, MetricMember.UNIT, MetricMember.KIND,
            MetricMember.NUMERATOR, MetricMember.DENOMINATOR, MetricMember.COMBINE, MetricMember.SHOWN,
            MetricMember.LABEL, MetricMember.DESCRIPTION);

    /** The constant of {@code type} written as {@code label} ({@link SavedProfileLayout#label}). */
    private static <E extends Enum<E>> E constant(Class<E> type, String label) {
        for (E e : type.getEnumConstants()) {
            if (SavedProfileLayout.label(e).equals(label)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown " + type.getSimpleName().toLowerCase(Locale.ROOT) + " \"" + label
                + "\": expected " + String.join(", ", Arrays.stream(type.getEnumConstants())
                        .map(SavedProfileLayout::label).toList()));
    }

    private void readColumns() throws IOException {
        expect(JsonToken.START_ARRAY, "columns", "an array of names");
        List<String> columnNames = new ArrayList<>();
        readStrings("columns", columnNames);
        int n = columnNames.size();
        columnField = new Column[n];
        columnUnit = new DisplayUnit[n];
        columnMetric = new MetricColumn[n];
        Map<String, MetricColumn> metricColumns = metricColumns(columnNames);
        Map<Column, String> found = new EnumMap<>(Column.class);
        Set<String> foundMetrics = new HashSet<>();
        for (int c = 0; c < n; c++) {
            String name = columnNames.get(c);
            Column f = COLUMN_FIELDS.get(name);
            if (name.equals(SavedProfileLayout.PART_COLUMN)) {
                if (partColumn >= 0) {
                    throw fail("columns " + name + " and " + name + " are the same field", null);
                }
                partColumn = c;
                continue;
            }
            if (name.equals(SavedProfileLayout.SAMPLES_COLUMN)) {
                if (samplesColumn >= 0) {
                    throw fail("columns " + name + " and " + name + " are the same field", null);
                }
                samplesColumn = c;
                continue;
            }
            if (name.equals(SavedProfileLayout.CALL_TIMES_COLUMN)) {
                if (callTimesColumn >= 0) {
                    throw fail("columns " + name + " and " + name + " are the same field", null);
                }
                callTimesColumn = c;
                continue;
            }
            if (f == null) {
                columnMetric[c] = metricColumns.get(name); // null: a later writer's column, skipped
                if (columnMetric[c] != null && !foundMetrics.add(name)) {
                    throw fail("columns " + name + " and " + name + " are the same field", null);
                }
                continue;
            }
            String before = found.put(f, name);
            if (before != null) {
                throw fail("columns " + before + " and " + name + " are the same field", null);
            }
            columnField[c] = f;
            columnUnit[c] = COLUMN_UNITS.get(name);
            if (columnUnit[c] != null) {
                if (columnsUnit != null && columnsUnit != columnUnit[c]) {
                    throw fail("column " + name + " is in " + columnUnit[c].label() + " but " + firstTimeColumn
                            + " is in " + columnsUnit.label(), null);
                }
                columnsUnit = columnUnit[c];
                firstTimeColumn = name;
            }
        }
        List<String> absent = new ArrayList<>();
        for (Column f : COLUMNS) {
            if (!found.containsKey(f)) {
                absent.add(f.isTime() && columnsUnit == null && unit == null
                        ? f.columnName(DisplayUnit.NS).replace("_ns", "_<unit>")
                        : f.columnName(columnsUnit != null ? columnsUnit : unit != null ? unit : DisplayUnit.NS));
            }
        }
        for (Map.Entry<String, MetricColumn> e : metricColumns.entrySet()) {
            if (e.getValue().role() != Role.RATIO && !foundMetrics.contains(e.getKey())) {
                absent.add(e.getKey());
            }
        }
        if (!absent.isEmpty()) {
            throw fail("columns lack " + String.join(", ", absent), null);
        }
        placeMetricColumns();
    }

    /**
     * The columns of the declared groups' metrics, by name, in column order; also settles which groups the
     * tree has: those of {@code metric_groups}, else region counters when the columns hold any of theirs.
     */
    private Map<String, MetricColumn> metricColumns(List<String> columnNames) {
        if (declaredGroups != null) {
            groups = declaredGroups;
        } else {
            Map<String, MetricColumn> legacy = columnsOf(List.of(RegionCounters.GROUP));
            groups = columnNames.stream().anyMatch(legacy::containsKey) ? List.of(RegionCounters.GROUP) : List.of();
        }
        return columnsOf(groups);
    }

    private static Map<String, MetricColumn> columnsOf(List<MetricGroup> metricGroups) {
        Map<String, MetricColumn> columns = new LinkedHashMap<>();
        for (MetricGroup g : metricGroups) {
            for (Metric m : g.metrics()) {
                List<String> names = SavedProfileLayout.metricColumns(m);
                if (m.kind() == Metric.Kind.WEIGHT) {
                    columns.put(names.get(0), new MetricColumn(m, Role.INCLUSIVE));
                    columns.put(names.get(1), new MetricColumn(m, Role.EXCLUSIVE));
                } else {
                    columns.put(names.get(0), new MetricColumn(m, m.kind() == Metric.Kind.RATIO ? Role.RATIO : Role.VALUE));
                }
            }
        }
        return columns;
    }

    /** Which columns set metric values into the tree, and each weight's pair of columns. */
    private void placeMetricColumns() {
        int n = columnMetric.length;
        weightPartner = new int[n];
        metricLongs = new long[n];
        metricDoubles = new double[n];
        List<Integer> setters = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            MetricColumn mc = columnMetric[c];
            if (mc == null || mc.role() == Role.RATIO || mc.role() == Role.EXCLUSIVE) {
                continue;
            }
            setters.add(c);
            if (mc.role() == Role.INCLUSIVE) {
                for (int other = 0; other < n; other++) {
                    if (columnMetric[other] != null && columnMetric[other].role() == Role.EXCLUSIVE
                            && columnMetric[other].metric().equals(mc.metric())) {
                        weightPartner[c] = other;
                    }
                }
            }
        }
        metricSetters = setters.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Reads the rows; true when they were scanned and the input has been read to its end. */
    private boolean readRows() throws IOException {
        if (columnField == null) {
            throw fail("\"rows\" comes before \"columns\": this reader needs the columns first, "
                    + "as ppw-java writes them", null);
        }
        expect(JsonToken.START_ARRAY, "rows", "an array of rows");
        for (MetricGroup g : groups) {
            tree.enable(g);
        }
        if (callTimesColumn >= 0) {
            tree.keepCallTimes();
        }
        if (text != null && groups.isEmpty() && partColumn < 0 && callTimesColumn < 0 && samplesColumn < 0) {
            scanRows();
            return true;
        }
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.START_ARRAY) {
            rowCount++;
            readRow();
        }
        if (t != JsonToken.END_ARRAY) {
            throw fail("row " + (rowCount + 1) + " is not an array", null);
        }
        rowsRead = true;
        return false;
    }

    /**
     * Reads the rows with {@link RowScanner}, from just after the {@code [} that Jackson has reached, and
     * requires that only the profile's closing brace follows them (ppw-java writes {@code rows} last). Any
     * problem, there or later in {@link #finish}, is a {@link RowScanner.Bail}: the input is then read
     * again by Jackson alone, which reports it with its place, so messages do not depend on the scanner.
     */
    private void scanRows() {
        scanning = true;
        long offset = p.currentLocation().getByteOffset();
        if (offset < 1 || offset > textLength || text[(int) offset - 1] != '[') {
            throw RowScanner.BAIL;
        }
        RowScanner scanner = new RowScanner(text, (int) offset, textLength, columnField, columnUnit, nameCache);
        long[] value = rowValue;
        while (scanner.nextRow(value)) {
            rowCount++;
            rowNameId = scanner.nameId();
            rowCallsiteId = scanner.callsiteId();
            addNode(value);
        }
        if (!scanner.onlyTheEndFollows()) {
            throw RowScanner.BAIL;
        }
        rowsRead = true;
    }

    /** One row: every field into {@link #rowValue} (names interned), then the node. The hot loop. */
    private void readRow() throws IOException {
        Column[] fields = columnField;
        long[] value = rowValue;
        int c = 0;
        rowCallTimes = null;
        rowSamples = -1;
        rowCallsNull = false;
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (c >= fields.length) {
                throw fail("row " + rowCount + " has more fields than the " + fields.length + " columns", null);
            }
            Column f = fields[c];
            if (f != null) {
                String column = f.columnName(DisplayUnit.NS);
                switch (f) {
                    case ID, DEPTH -> value[f.ordinal()] = intValue(t, column, false);
                    case PARENT_ID -> value[f.ordinal()] = intValue(t, column, true);
                    case NAME -> rowNameId = nameId(t, column);
                    case CALLSITE -> rowCallsiteId = nameId(t, column);
                    case CALLS, SUBCALLS -> {
                        if (t == JsonToken.VALUE_NULL && samplesColumn >= 0) {
                            rowCallsNull = true;
                            value[f.ordinal()] = 0;
                        } else {
                            value[f.ordinal()] = longValue(t, column);
                        }
                    }
                    case INCLUSIVE, EXCLUSIVE -> value[f.ordinal()] = nanos(t, c, false);
                    case MIN_INCLUSIVE, MAX_INCLUSIVE -> value[f.ordinal()] = nanos(t, c, true);
                }
            } else if (columnMetric[c] != null) {
                readMetricValue(t, c);
            } else if (c == partColumn) {
                rowPart = part(t);
            } else if (c == callTimesColumn) {
                rowCallTimes = callTimes(t);
            } else if (c == samplesColumn) {
                rowSamples = t == JsonToken.VALUE_NULL ? -1 : longValue(t, SavedProfileLayout.SAMPLES_COLUMN);
            } else {
                p.skipChildren();
            }
            c++;
        }
        if (c != fields.length) {
            throw fail("row " + rowCount + " has " + c + " fields but there are " + fields.length + " columns", null);
        }
        addNode(value);
    }

    /** A metric column's value: an integer for integral metrics and weights, a number or null (none) otherwise. */
    private void readMetricValue(JsonToken t, int c) throws IOException {
        MetricColumn mc = columnMetric[c];
        String column = SavedProfileLayout.metricColumns(mc.metric()).get(mc.role() == Role.EXCLUSIVE ? 1 : 0);
        switch (mc.role()) {
            case RATIO -> p.skipChildren(); // computed from its numerator and denominator
            case INCLUSIVE, EXCLUSIVE -> metricLongs[c] = longValue(t, column);
            case VALUE -> {
                if (mc.metric().integral()) {
                    metricLongs[c] = longValue(t, column);
                } else {
                    metricDoubles[c] = number(t, column);
                }
            }
        }
    }

    private void addNode(long[] value) {
        int id = (int) value[Column.ID.ordinal()];
        long parentId = value[Column.PARENT_ID.ordinal()];
        int parent = CallTree.ROOT;
        if (parentId != NO_PARENT) {
            parent = nodeOfId((int) parentId);
            if (parent == CallTree.NONE) {
                throw fail(row(id) + ": parent_id " + parentId + " is not the id of an earlier row", null);
            }
        }
        if (parent != CallTree.ROOT && tree.part(parent) != rowPart) {
            throw fail(row(id) + ": part " + rowPart.label() + " but its parent row is in part "
                    + tree.part(parent).label(), null);
        }
        int before = tree.size();
        int node = tree.child(parent, frame(rowNameId, rowCallsiteId), rowPart);
        if (node < before) {
            throw fail(row(id) + " repeats an earlier row (same parent, name and callsite)",
                    quote(tree.regionName(node)));
        }
        if (nodeOfId(id) != CallTree.NONE) {
            throw fail(row(id) + ": id " + id + " is used by an earlier row", null);
        }
        rememberId(id, node);
        long depth = value[Column.DEPTH.ordinal()];
        if (depth != tree.depth(node)) {
            throw fail(row(id) + ": depth " + depth + " but its parent is at depth " + tree.depth(parent), null);
        }
        long calls = value[Column.CALLS.ordinal()];
        long subcalls = value[Column.SUBCALLS.ordinal()];
        if (samplesColumn >= 0 && rowPart.sampled()) {
            if (rowSamples < 0) {
                throw fail(row(id) + ": a row of samples needs its samples (a number of at least 0)", null);
            }
            // Rows come parents first: a sampled row's subcalls are its children's samples, added as they come.
            calls = rowSamples;
            subcalls = 0;
            if (parent != CallTree.ROOT) {
                tree.setMetrics(parent, tree.calls(parent), CallTree.saturated(tree.subcalls(parent), calls),
                        tree.inclusiveNanos(parent), tree.exclusiveNanos(parent), tree.minInclusiveNanos(parent),
                        tree.maxInclusiveNanos(parent));
            }
        } else if (rowCallsNull) {
            throw fail(row(id) + ": calls and subcalls are null, but the row is in part " + rowPart.label()
                    + ", which counts calls", null);
        }
        tree.setMetrics(node, calls, subcalls,
                value[Column.INCLUSIVE.ordinal()], value[Column.EXCLUSIVE.ordinal()],
                value[Column.MIN_INCLUSIVE.ordinal()], value[Column.MAX_INCLUSIVE.ordinal()]);
        if (rowCallTimes != null) {
            tree.addCallTimes(node, rowCallTimes);
        }
        for (int c : metricSetters) {
            MetricColumn mc = columnMetric[c];
            if (mc.role() == Role.INCLUSIVE) {
                tree.setWeight(node, mc.metric(), metricLongs[c], metricLongs[weightPartner[c]]);
            } else if (mc.metric().integral()) {
                tree.set(node, mc.metric(), metricLongs[c]);
            } else {
                tree.set(node, mc.metric(), metricDoubles[c]);
            }
        }
    }

    /** The call_times column's value: a sketch's text ({@link CallTimeSketch#encode()}), or null for none. */
    private CallTimeSketch callTimes(JsonToken t) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.VALUE_STRING) {
            throw fieldFail(SavedProfileLayout.CALL_TIMES_COLUMN, "must be a call-time sketch (text) or null", t);
        }
        try {
            return CallTimeSketch.decode(p.getText());
        } catch (IllegalArgumentException e) {
            throw fieldFail(SavedProfileLayout.CALL_TIMES_COLUMN, "is no call-time sketch (" + e.getMessage() + ")", t);
        }
    }

    /** The part column's value: {@code "thread"} or {@code "async"}. */
    private Part part(JsonToken t) throws IOException {
        Part part = t == JsonToken.VALUE_STRING ? Part.ofLabel(p.getText()) : null;
        if (part == null) {
            throw fieldFail(SavedProfileLayout.PART_COLUMN, "must be \"thread\" or \"async\"", t);
        }
        return part;
    }

    /** A non-integral metric value: a JSON number read back as the double it was written from; null is none (NaN). */
    private double number(JsonToken t, String column) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            return Double.NaN;
        }
        if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
            throw fieldFail(column, "must be a number or null", t);
        }
        double v = Double.parseDouble(p.getText());
        if (!Double.isFinite(v)) {
            throw fieldFail(column, "is not a finite number", t);
        }
        return v;
    }

    /** The numbers of a counter series, in the order of {@link CounterSeries}'s constructor. */
    private static final List<String> COUNTER_VALUES = List.of(CounterMember.MIN, CounterMember.MAX, CounterMember.SUM,
            CounterMember.LAST);

    /** The generic counter series: objects with pid, counter, id, series, samples, min, max, sum, last, last_ts_ns. */
    private void readCounters() throws IOException {
        expect(JsonToken.START_ARRAY, "counters", "an array");
        while (p.nextToken() != JsonToken.END_ARRAY) {
            expect(JsonToken.START_OBJECT, "counters entry", "an object");
            String pid = "";
            String counter = "";
            String id = "";
            String series = "";
            long samples = 0;
            long lastNanos = 0;
            double[] v = {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken t = p.nextToken();
                switch (key) {
                    case CounterMember.PID -> pid = string("counters pid");
                    case CounterMember.COUNTER -> counter = string("counters counter");
                    case CounterMember.ID -> id = string("counters id");
                    case CounterMember.SERIES -> series = string("counters series");
                    case CounterMember.SAMPLES -> samples = positiveLong("counters samples");
                    case CounterMember.LAST_TS_NS -> lastNanos = anyLong("counters last_ts_ns");
                    case CounterMember.MIN, CounterMember.MAX, CounterMember.SUM, CounterMember.LAST -> {
                        if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
                            throw fail("\"counters " + key + "\" must be a number", tokenText(t));
                        }
                        v[COUNTER_VALUES.indexOf(key)] = Double.parseDouble(p.getText());
                    }
                    default -> p.skipChildren();
                }
            }
            for (double x : v) {
                if (!Double.isFinite(x) || samples < 1) {
                    throw fail("a counters entry needs samples, min, max, sum and last", null);
                }
            }
            counters.add(new CounterSeries(pid, counter, id, series, samples, v[0], v[1], v[2], lastNanos, v[3]));
        }
    }

    private long positiveLong(String what) throws IOException {
        long v = anyLong(what);
        if (v < 1) {
            throw fail("\"" + what + "\" must be a positive integer", tokenText(p.currentToken()));
        }
        return v;
    }

    private long anyLong(String what) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.VALUE_NUMBER_INT || (p.getNumberType() != JsonParser.NumberType.INT
                && p.getNumberType() != JsonParser.NumberType.LONG)) {
            throw fail("\"" + what + "\" must be an integer", tokenText(t));
        }
        return p.getLongValue();
    }

    private int nodeOfId(int id) {
        if (id >= 0 && id < nodeOfSmallId.length) {
            int node = nodeOfSmallId[id] - 1;
            if (node != CallTree.NONE || nodeOfLargeId.isEmpty()) {
                return node;
            }
        }
        return nodeOfLargeId.getIfAbsent(id, CallTree.NONE);
    }

    private void rememberId(int id, int node) {
        if (id >= nodeOfSmallId.length && id >= 0 && id <= 4 * (long) rowCount + 8192) {
            nodeOfSmallId = Arrays.copyOf(nodeOfSmallId, (int) Math.min(Integer.MAX_VALUE - 8,
                    Math.max(id + 1L, 2L * nodeOfSmallId.length)));
        }
        if (id >= 0 && id < nodeOfSmallId.length) {
            nodeOfSmallId[id] = node + 1;
        } else {
            nodeOfLargeId.put(id, node);
        }
    }

    private int frame(int regionId, int callsiteId) {
        if (callsiteId != NameTable.EMPTY) {
            return frames.intern(regionId, callsiteId);
        }
        if (regionId >= frameOfRegion.length) {
            frameOfRegion = Arrays.copyOf(frameOfRegion, Math.max(regionId + 1, frameOfRegion.length * 2));
        }
        int known = frameOfRegion[regionId];
        if (known != 0) {
            return known - 1;
        }
        int id = frames.intern(regionId, NameTable.EMPTY);
        frameOfRegion[regionId] = id + 1;
        return id;
    }

    private int nameId(JsonToken t, String column) throws IOException {
        if (t != JsonToken.VALUE_STRING) {
            throw fieldFail(column, "must be a string", t);
        }
        return nameCache.intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
    }

    private long intValue(JsonToken t, String column, boolean nullable) throws IOException {
        if (t == JsonToken.VALUE_NULL && nullable) {
            return NO_PARENT;
        }
        if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
            throw fieldFail(column, nullable ? "must be an integer or null" : "must be an integer", t);
        }
        return p.getIntValue();
    }

    private long longValue(JsonToken t, String column) throws IOException {
        if (t != JsonToken.VALUE_NUMBER_INT) {
            throw fieldFail(column, "must be an integer", t);
        }
        JsonParser.NumberType type = p.getNumberType();
        if (type != JsonParser.NumberType.INT && type != JsonParser.NumberType.LONG) {
            throw fieldFail(column, "is out of range", t);
        }
        return p.getLongValue();
    }

    /** A time field in integer nanoseconds; {@code null} is {@link CallTree#UNSET} where {@code nullable}. */
    private long nanos(JsonToken t, int column, boolean nullable) throws IOException {
        DisplayUnit u = columnUnit[column];
        if (t == JsonToken.VALUE_NUMBER_INT && u.scale() == 0) {
            JsonParser.NumberType type = p.getNumberType();
            if (type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG) {
                return p.getLongValue();
            }
        } else if (t == JsonToken.VALUE_NULL && nullable) {
            return CallTree.UNSET;
        } else if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
            throw fieldFail(columnField[column].columnName(u), nullable ? "must be a number or null"
                    : "must be a number", t);
        }
        try {
            return TimeUnits.parseExact(p.getTextCharacters(), p.getTextOffset(), p.getTextLength(), u);
        } catch (NumberFormatException e) {
            throw fieldFail(columnField[column].columnName(u), "is " + e.getMessage()
                    + (e.getMessage().equals(TimeUnits.NOT_WHOLE) ? " in unit " + u.label() : ""), t);
        }
    }

    private Profile finish() {
        for (String key : List.of(Member.FORMAT, Member.VERSION, Member.VIEW, Member.UNIT, Member.COLUMNS, Member.ROWS)) {
            boolean present = switch (key) {
                case Member.FORMAT -> format != null;
                case Member.VERSION -> version > 0;
                case Member.VIEW -> view != null;
                case Member.UNIT -> unit != null;
                case Member.COLUMNS -> columnField != null;
                default -> rowsRead;
            };
            if (!present) {
                throw fail("not a complete ppw-profile: \"" + key + "\" is missing", null);
            }
        }
        if (columnsUnit != unit) {
            throw at(file, unitLocation, "unit is \"" + unit.label() + "\" but the time columns are in "
                    + columnsUnit.label(), null);
        }
        if (view == ViewKind.TAU && tauDepth < 0) {
            throw fail("view tau needs \"tau_depth\"", null);
        }
        return new Profile(tree, view, view == ViewKind.TAU ? tauDepth : 0, op, missing, nodes, inputs,
                processNames, threadNames, nodeInfos, counters.stream().sorted(CounterSeries.ORDER).toList(),
                displayTimeUnit).withDroppedInputs(dropped);
    }

    private String string(String what) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw fail("\"" + what + "\" must be a string", tokenText(p.currentToken()));
        }
        return p.getText();
    }

    private int positiveInt(String what) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT
                || p.getIntValue() < 1) {
            throw fail("\"" + what + "\" must be a positive integer", tokenText(p.currentToken()));
        }
        return p.getIntValue();
    }

    private void readStrings(String what, List<String> into) throws IOException {
        expect(JsonToken.START_ARRAY, what, "an array of strings");
        while (p.nextToken() != JsonToken.END_ARRAY) {
            into.add(string(what + " entry"));
        }
    }

    private Map<String, String> names(String what) throws IOException {
        expect(JsonToken.START_OBJECT, what, "an object of names");
        Map<String, String> m = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            p.nextToken();
            m.put(key, string(what + " value"));
        }
        return m;
    }

    private void expect(JsonToken token, String what, String kind) throws IOException {
        if (p.currentToken() != token) {
            throw fail("\"" + what + "\" must be " + kind, tokenText(p.currentToken()));
        }
    }

    private String row(int id) {
        return "row " + rowCount + " (id " + id + ")";
    }

    private BadInputException fieldFail(String column, String problem, JsonToken t) throws IOException {
        return fail("row " + rowCount + ": " + column + " " + problem, tokenText(t));
    }

    private String tokenText(JsonToken t) throws IOException {
        if (t == null) {
            return null;
        }
        return quote(p.getText());
    }

    private BadInputException fail(String problem, String quote) {
        if (scanning) {
            throw RowScanner.BAIL;
        }
        return at(file, p.currentTokenLocation(), problem, quote);
    }

    private static BadInputException at(String file, JsonLocation where, String problem, String quote) {
        long line = where == null ? 0 : where.getLineNr();
        long column = where == null ? 0 : where.getColumnNr();
        // Values of the input said in the problem keep it one line whatever they hold (found by fuzzing).
        String oneLine = problem.replace("\n", "\\n").replace("\r", "\\r");
        return BadInputException.at(file, Math.max(line, 0), Math.max(column, 0), oneLine, quote);
    }

    /** A short, one-line quote of some input text. */
    private static String quote(String s) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        for (; i < s.length() && sb.length() < QUOTE_MAX; i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (Character.isISOControl(ch)) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        return i < s.length() ? sb + "..." : sb.toString();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
