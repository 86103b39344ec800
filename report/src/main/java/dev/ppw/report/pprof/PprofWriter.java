package dev.ppw.report.pprof;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.WireFormat;
import dev.ppw.model.CallTree;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.Version;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

/**
 * pprof's {@code profile.proto}, gzipped, as Go's {@code runtime/pprof} writes it: {@code go tool pprof}, pprof's
 * web view, speedscope and Pyroscope open it (SEMANTICS.md section 5).
 *
 * <p>Sample types, in this order: {@code time/nanoseconds} (the rows' exclusive time) when the profile has any
 * time or no other weight; {@code calls/count} (each row's calls); then each sample-weight metric of the tree
 * ({@code alloc_space/bytes}, {@code samples/count}, {@code cycles/events}) under its own name and unit. The
 * default sample type is what the profile is read by ({@link CallTree#measure()}): time when it has time, else
 * its first weight.
 *
 * <p>One sample per listed row whose values are not all 0, holding the row's exclusive values, so that pprof's
 * flat value of a function is the sum of its rows' exclusive values and its cumulative value is the flat view's
 * inclusive (recursion counted once), as SEMANTICS.md defines them. {@code calls} is the row's own calls as
 * its value: pprof's flat calls are then ours, and its cumulative calls are the calls made within a function.
 * A tree or callpath row of the samples part holds the samples that end at it instead (its calls less its
 * subcalls): pprof's cumulative calls of a function are then the flat view's samples.
 *
 * <p>Its stack is the row's path, leaf first. A location is (function, line): a frame's line is the callsite
 * of the frame below it when that reads {@code file:line} (or {@code file:line:column}), the file becoming the
 * function's file; a leaf has no line. A flat or tau row's key is split at {@code " => "} into frames. The
 * async part's rows stand under one more outermost frame, {@code [async]}, as in folded stacks. A merged
 * profile is written as its aggregate (the rows of the merge's operator); the per-node breakdown has no place
 * in the format and is left out.
 *
 * <p>A report split into phases ({@link Report#phases()}, SEMANTICS.md "Phases") writes the samples of each
 * phase's rows, each with the string label {@code phase} naming its phase ({@code go tool pprof -tags} lists
 * them, {@code -tagfocus phase=emit} keeps one), and not the whole's: since phases partition each row's time,
 * every value but {@code calls} summed over the labels is the whole's. A call that spans a phase boundary is a
 * call in each phase it crosses, so its {@code calls} count once per phase: their sum can exceed the whole's.
 */
public final class PprofWriter implements OutputWriter {
    /** The outermost frame of every sample of the async part, as folded stacks write it. */
    static final String ASYNC_FRAME = "[async]";
    /** The key of the string label naming each sample's phase, for {@code -tagfocus phase=emit}. */
    static final String PHASE_LABEL = "phase";
    private static final Pattern FILE_LINE = Pattern.compile("(.+):(\\d{1,9})(?::\\d{1,9})?");
    private static final int BUFFER_BYTES = 1 << 16;

    // Field numbers of google/pprof's proto/profile.proto (package perftools.profiles), the ones written here.
    private static final int PROFILE_SAMPLE_TYPE = 1;
    private static final int PROFILE_SAMPLE = 2;
    private static final int PROFILE_LOCATION = 4;
    private static final int PROFILE_FUNCTION = 5;
    private static final int PROFILE_STRING_TABLE = 6;
    private static final int PROFILE_COMMENT = 13;
    private static final int PROFILE_DEFAULT_SAMPLE_TYPE = 14;
    private static final int VALUE_TYPE_TYPE = 1;
    private static final int VALUE_TYPE_UNIT = 2;
    private static final int SAMPLE_LOCATION_ID = 1;
    private static final int SAMPLE_VALUE = 2;
    private static final int SAMPLE_LABEL = 3;
    private static final int LABEL_KEY = 1;
    private static final int LABEL_STR = 2;
    private static final int LOCATION_ID = 1;
    private static final int LOCATION_LINE = 4;
    private static final int LINE_FUNCTION_ID = 1;
    private static final int LINE_LINE = 2;
    private static final int FUNCTION_ID = 1;
    private static final int FUNCTION_NAME = 2;
    private static final int FUNCTION_SYSTEM_NAME = 3;
    private static final int FUNCTION_FILENAME = 4;

    @Override
    public String name() {
        return "pprof";
    }

    @Override
    public String description() {
        return "pprof's profile.proto, gzipped, for go tool pprof: one sample per row with its exclusive values";
    }

    @Override
    public boolean binary() {
        return true;
    }

    @Override
    public boolean compressed() {
        return true;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of(".pb.gz", ".pb", ".pprof");
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED);
    }

    /**
     * The phases (a label on each sample). The unit, breakdown, imbalance rows, percentiles and counter series are
     * listed though profile.proto has no place for them (values are nanoseconds): ppw-java never warned about them
     * with pprof, and issue 25 kept the warnings as they were.
     */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.complementOf(EnumSet.of(ReportFeature.STYLE, ReportFeature.ASCII, ReportFeature.VERBOSE,
                ReportFeature.COLOUR, ReportFeature.TIME_BINS));
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        GZIPOutputStream zip = new GZIPOutputStream(out, BUFFER_BYTES);
        CodedOutputStream coded = CodedOutputStream.newInstance(zip, BUFFER_BYTES);
        new Writing(report, coded).write();
        coded.flush();
        zip.finish();
        out.flush();
    }

    /** One profile being written: the tables grow as the rows need them and are written after the samples. */
    private static final class Writing {
        private final Report report;
        private final CallTree tree;
        private final CodedOutputStream out;
        private final Map<String, Integer> strings = new HashMap<>();
        private final List<String> stringList = new ArrayList<>();
        /** Per function id - 1: its name and file string ids. */
        private final List<long[]> functions = new ArrayList<>();
        private final Map<String, Integer> functionIds = new HashMap<>();
        /** Per location id - 1: its function id and line. */
        private final List<long[]> locations = new ArrayList<>();
        private final Map<String, Integer> locationIds = new HashMap<>();
        private final boolean time;
        private final List<Metric> weights = new ArrayList<>();
        private long[] locationBuffer = new long[64];
        /** The {@code phase} label's key and value string ids of the samples being written. */
        private long[] phaseLabel = new long[0];

        Writing(Report report, CodedOutputStream out) {
            this.report = report;
            this.tree = report.profile().tree();
            this.out = out;
            string("");
            for (MetricGroup g : tree.metricGroups()) {
                for (Metric m : g.metrics()) {
                    if (m.kind() == Metric.Kind.WEIGHT && !SampleWeights.isTime(m)) {
                        weights.add(m);
                    }
                }
            }
            time = weights.isEmpty() || hasTime(tree);
        }

        void write() throws IOException {
            Metric measure = tree.measure();
            long defaultType = 0;
            if (time) {
                defaultType = valueType("time", "nanoseconds");
            }
            valueType("calls", "count");
            for (Metric m : weights) {
                long type = valueType(m.name(), m.unit().label().isEmpty() ? "count" : m.unit().label());
                if (m.equals(measure)) {
                    defaultType = type;
                }
            }
            int valueCount = (time ? 1 : 0) + 1 + weights.size();
            long[] values = new long[valueCount];
            if (report.profile().view() != ViewKind.COUNTERS) {
                if (report.phases().isEmpty()) {
                    samples(report, 0, values);
                } else {
                    long key = string(PHASE_LABEL);
                    for (Report.Phase phase : report.phases()) {
                        phaseLabel = new long[] {key, string(phase.name())};
                        samples(phase.report(), phaseLabel.length, values);
                    }
                }
            }
            for (int i = 0; i < locations.size(); i++) {
                location(i + 1, locations.get(i));
            }
            for (int i = 0; i < functions.size(); i++) {
                function(i + 1, functions.get(i));
            }
            long[] comments = comments().stream().mapToLong(this::string).toArray();
            for (String s : stringList) {
                out.writeString(PROFILE_STRING_TABLE, s);
            }
            for (long comment : comments) {
                out.writeInt64(PROFILE_COMMENT, comment);
            }
            if (defaultType != 0) {
                out.writeInt64(PROFILE_DEFAULT_SAMPLE_TYPE, defaultType);
            }
        }

        /** One sample per row of {@code rows} whose values are not all 0, labelled with {@link #phaseLabel}. */
        private void samples(Report rows, int labelled, long[] values) throws IOException {
            CallTree t = rows.profile().tree();
            boolean keyed = !rows.profile().view().isHierarchical();
            // A phase's tree may lack a weight's group (nothing of it in that phase): its values are 0 there.
            boolean[] carried = new boolean[weights.size()];
            for (int i = 0; i < carried.length; i++) {
                carried[i] = carries(t, weights.get(i));
            }
            for (int node : rows.rows()) {
                int v = 0;
                if (time) {
                    values[v++] = t.exclusiveNanos(node);
                }
                // A tree row of samples holds the samples that end at it, as its time is its exclusive time: then
                // pprof's cumulative calls of a function are the flat view's samples, recursion counted once.
                values[v++] = t.part(node).sampled() && rows.profile().view().isHierarchical()
                        ? t.calls(node) - t.subcalls(node) : t.calls(node);
                for (int i = 0; i < carried.length; i++) {
                    values[v++] = carried[i] ? t.exclusive(node, weights.get(i)) : 0;
                }
                if (allZero(values)) {
                    continue;
                }
                sample(t, node, keyed, values, labelled > 0);
            }
        }

        private static boolean carries(CallTree t, Metric metric) {
            for (MetricGroup g : t.metricGroups()) {
                if (g.metrics().contains(metric)) {
                    return true;
                }
            }
            return false;
        }

        private List<String> comments() {
            Profile p = report.profile();
            List<String> c = new ArrayList<>();
            c.add(Version.tool() + ", " + p.view().name().toLowerCase(Locale.ROOT) + " view");
            if (p.nodes() > 1) {
                c.add("the " + p.aggregation().name().toLowerCase(Locale.ROOT) + " of " + p.nodes()
                        + " node profiles");
            }
            return c;
        }

        private static boolean allZero(long[] values) {
            for (long v : values) {
                if (v != 0) {
                    return false;
                }
            }
            return true;
        }

        private long valueType(String type, String unit) throws IOException {
            long t = string(type);
            long u = string(unit);
            out.writeTag(PROFILE_SAMPLE_TYPE, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(CodedOutputStream.computeInt64Size(VALUE_TYPE_TYPE, t)
                    + CodedOutputStream.computeInt64Size(VALUE_TYPE_UNIT, u));
            out.writeInt64(VALUE_TYPE_TYPE, t);
            out.writeInt64(VALUE_TYPE_UNIT, u);
            return t;
        }

        /** The row's stack, leaf first, as location ids, and the sample of its values. */
        private void sample(CallTree tree, int node, boolean keyed, long[] values, boolean labelled)
                throws IOException {
            int depth = 0;
            if (keyed) {
                String[] frames = tree.regionName(node).split(" => ", -1);
                for (int i = frames.length - 1; i >= 0; i--) {
                    depth = push(depth, location(frames[i], ""));
                }
            } else {
                String below = "";
                for (int n = node; n != CallTree.ROOT; n = tree.parent(n)) {
                    depth = push(depth, location(tree.regionName(n), below));
                    below = tree.callsiteName(n);
                }
            }
            if (tree.part(node) != tree.mainPart()) {
                depth = push(depth, location("[" + tree.part(node).label() + "]", ""));
            }
            int locationBytes = 0;
            for (int i = 0; i < depth; i++) {
                locationBytes += CodedOutputStream.computeUInt64SizeNoTag(locationBuffer[i]);
            }
            int valueBytes = 0;
            for (long v : values) {
                valueBytes += CodedOutputStream.computeInt64SizeNoTag(v);
            }
            int labelBytes = labelled ? CodedOutputStream.computeInt64Size(LABEL_KEY, phaseLabel[0])
                    + CodedOutputStream.computeInt64Size(LABEL_STR, phaseLabel[1]) : 0;
            int size = 1 + CodedOutputStream.computeUInt32SizeNoTag(locationBytes) + locationBytes
                    + 1 + CodedOutputStream.computeUInt32SizeNoTag(valueBytes) + valueBytes
                    + (labelled ? 1 + CodedOutputStream.computeUInt32SizeNoTag(labelBytes) + labelBytes : 0);
            out.writeTag(PROFILE_SAMPLE, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(size);
            out.writeTag(SAMPLE_LOCATION_ID, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(locationBytes);
            for (int i = 0; i < depth; i++) {
                out.writeUInt64NoTag(locationBuffer[i]);
            }
            out.writeTag(SAMPLE_VALUE, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(valueBytes);
            for (long v : values) {
                out.writeInt64NoTag(v);
            }
            if (labelled) {
                out.writeTag(SAMPLE_LABEL, WireFormat.WIRETYPE_LENGTH_DELIMITED);
                out.writeUInt32NoTag(labelBytes);
                out.writeInt64(LABEL_KEY, phaseLabel[0]);
                out.writeInt64(LABEL_STR, phaseLabel[1]);
            }
        }

        private int push(int depth, long locationId) {
            if (depth == locationBuffer.length) {
                locationBuffer = Arrays.copyOf(locationBuffer, depth * 2);
            }
            locationBuffer[depth] = locationId;
            return depth + 1;
        }

        /**
         * The location of {@code region} at the callsite of the frame it called ({@code below}): its line when
         * that reads {@code file:line}, the file then naming the function's file if none did yet.
         */
        private long location(String region, String below) {
            Matcher m = FILE_LINE.matcher(below);
            long line = 0;
            String file = "";
            if (m.matches()) {
                file = m.group(1);
                line = Long.parseLong(m.group(2));
            }
            String key = region + '\u0000' + line;
            Integer id = locationIds.get(key);
            if (id != null) {
                return id;
            }
            long function = function(region, file);
            locations.add(new long[] {function, line});
            locationIds.put(key, locations.size());
            return locations.size();
        }

        private long function(String region, String file) {
            Integer id = functionIds.get(region);
            if (id != null) {
                long[] f = functions.get(id - 1);
                if (f[1] == 0 && !file.isEmpty()) {
                    f[1] = string(file);
                }
                return id;
            }
            functions.add(new long[] {string(region), file.isEmpty() ? 0 : string(file)});
            functionIds.put(region, functions.size());
            return functions.size();
        }

        private void location(long id, long[] l) throws IOException {
            int lineBytes = CodedOutputStream.computeUInt64Size(LINE_FUNCTION_ID, l[0])
                    + (l[1] == 0 ? 0 : CodedOutputStream.computeInt64Size(LINE_LINE, l[1]));
            int size = CodedOutputStream.computeUInt64Size(LOCATION_ID, id)
                    + 1 + CodedOutputStream.computeUInt32SizeNoTag(lineBytes) + lineBytes;
            out.writeTag(PROFILE_LOCATION, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(size);
            out.writeUInt64(LOCATION_ID, id);
            out.writeTag(LOCATION_LINE, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(lineBytes);
            out.writeUInt64(LINE_FUNCTION_ID, l[0]);
            if (l[1] != 0) {
                out.writeInt64(LINE_LINE, l[1]);
            }
        }

        private void function(long id, long[] f) throws IOException {
            int size = CodedOutputStream.computeUInt64Size(FUNCTION_ID, id)
                    + CodedOutputStream.computeInt64Size(FUNCTION_NAME, f[0])
                    + CodedOutputStream.computeInt64Size(FUNCTION_SYSTEM_NAME, f[0])
                    + (f[1] == 0 ? 0 : CodedOutputStream.computeInt64Size(FUNCTION_FILENAME, f[1]));
            out.writeTag(PROFILE_FUNCTION, WireFormat.WIRETYPE_LENGTH_DELIMITED);
            out.writeUInt32NoTag(size);
            out.writeUInt64(FUNCTION_ID, id);
            out.writeInt64(FUNCTION_NAME, f[0]);
            out.writeInt64(FUNCTION_SYSTEM_NAME, f[0]);
            if (f[1] != 0) {
                out.writeInt64(FUNCTION_FILENAME, f[1]);
            }
        }

        private int string(String s) {
            Integer id = strings.get(s);
            if (id != null) {
                return id;
            }
            stringList.add(s);
            strings.put(s, stringList.size() - 1);
            return stringList.size() - 1;
        }

        private static boolean hasTime(CallTree tree) {
            for (int n = 1; n < tree.size(); n++) {
                if (tree.inclusiveNanos(n) != 0 || tree.exclusiveNanos(n) != 0) {
                    return true;
                }
            }
            return false;
        }
    }
}
