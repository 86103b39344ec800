package dev.ppw.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Metric;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.Report;
import dev.ppw.model.Version;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.InertInScript;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * One self-contained HTML page (docs/html-report.md): a flame graph, a flat and a tree table, the per-node
 * view of a merge, counters and diagnostics. The report's rows are embedded as JSON in the page, with
 * docs/profile-json.md's columns (times in nanoseconds, exact), and rendered by the page's own script; the
 * per-node chart is uPlot's, read from its WebJar on the classpath and inlined with its licence. The page
 * loads nothing: a Content-Security-Policy forbids every request, and region names reach the page only as
 * text (the JSON escapes {@code <}, {@code >} and {@code &}, the script sets them as text nodes).
 *
 * <p>A merge's per-node values come from the report's {@link Report.Section.Kind#NODE NODE} sections (one
 * per node, in node order), matched to the merged rows by their path of region names and callsites. They
 * are kept for at most {@link #PER_NODE_VALUES} values in all: the rows of largest imbalance first (the
 * report's, else the {@link #WORST_ROWS} of its breakdown), then the heaviest, so that a merge of 10,000 nodes keeps the 100 rows that matter and the page stays small.
 *
 * <p>Percentiles asked for are columns of the rows as in JSON; a report's time bins, and its nodes', are
 * embedded by {@link HtmlTimeBins} within the same budget each.
 *
 * <p>A split profile's phases ({@link Report#phases()}) are listed in the data (names and windows), and each
 * phase's own data (its rows, per-node values from its own sections, percentiles) follows in an element of its
 * own with the whole's members, within the same budgets: a page of N phases is about N + 1 times as large.
 */
public final class HtmlWriter implements OutputWriter {
    /** How many per-node values (rows times nodes) a page holds at most. */
    static final int PER_NODE_VALUES = 1_000_000;
    /** How many rows of largest imbalance the page lists (and keeps the per-node values of, first). */
    static final int WORST_ROWS = 20;
    /** How many windows of each phase the page lists (a merge of many nodes has a window per node at least). */
    static final int PHASE_WINDOWS = 1000;
    /** The id of phase {@code i}'s data element is this prefix and {@code i}, from 0 in {@link Report#phases()}. */
    static final String PHASE_ELEMENT = "ppw-phase-";
    /** The id prefix of the element holding thread i's data ({@link Report.Section.Kind#THREAD} sections). */
    static final String THREAD_ELEMENT = "ppw-thread-";
    /** The id prefix of the element holding process i's data ({@link Report.Section.Kind#PROCESS} sections). */
    static final String PROCESS_ELEMENT = "ppw-process-";
    /** Decimals of a diff's shares (percent) and ratios in the page: exact rationals rounded half to even. */
    private static final int SHARE_SCALE = 4;

    private static final String ASSETS = "/dev/ppw/report/html/";
    // Read through the class loader, which finds another jar's resources outside any package (in a named module,
    // Class.getResourceAsStream looks in this module only).
    private static final String UPLOT = "META-INF/resources/webjars/uplot/";
    private static final String UPLOT_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";

    /**
     * No request of any kind, whatever a name or a library tries: scripts and styles only inline, images only
     * as data (none are used).
     */
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'unsafe-inline'; "
            + "style-src 'unsafe-inline'; img-src data:";

    /** The page's data, written through {@link InertInScript}: no name can end or change its script element. */
    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private final int perNodeValues;

    /** The writer registered as {@code html}. */
    public HtmlWriter() {
        this(PER_NODE_VALUES);
    }

    /** A writer keeping at most {@code perNodeValues} per-node values: for tests of the budget at a small scale. */
    HtmlWriter(int perNodeValues) {
        this.perNodeValues = perNodeValues;
    }

    @Override
    public String name() {
        return "html";
    }

    @Override
    public String description() {
        return "one self-contained HTML page: flame graph, flat and tree tables, per-node view (docs/html-report.md)";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of(".html", ".htm");
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED, Content.DIFF);
    }

    /** The unit, the time bins and phases, a merge's breakdown and imbalance rows, percentiles, counter series. */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.of(ReportFeature.UNIT, ReportFeature.TIME_BINS, ReportFeature.PHASES, ReportFeature.BREAKDOWN,
                ReportFeature.IMBALANCE_ROWS, ReportFeature.PERCENTILES, ReportFeature.COUNTER_SERIES);
    }

    /** A merge's page charts and lists each row on every node: it needs the breakdown and each node's section. */
    @Override
    public boolean writesNodeValues() {
        return true;
    }

    /**
     * The page's selector of processes and threads draws each thread's own profile: the report's thread sections,
     * computed for it (a tree per thread).
     */
    @Override
    public boolean writesSections() {
        return true;
    }

    /** The page {@code ppw-java report} writes. */
    @Override
    public Set<Default> defaultFor() {
        return Set.of(Default.REPORT);
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        w.write("<meta http-equiv=\"Content-Security-Policy\" content=\"" + CONTENT_SECURITY_POLICY + "\">\n");
        w.write("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        w.write("<meta name=\"generator\" content=\"" + Version.tool() + "\">\n");
        w.write("<title>" + escapeText(TextWriter.printable(title(report))) + "</title>\n");
        w.write("<style>\n");
        w.write(uplot("dist/uPlot.min.css"));
        w.write("\n");
        w.write(asset("report.css"));
        w.write("</style>\n</head>\n<body>\n");
        w.write(asset("report.html"));
        w.write("<script>\n/*!\n * uPlot " + uplotVersion() + " (org.webjars.npm:uplot), inlined by ppw-java:\n *\n");
        for (String line : uplot("LICENSE").strip().split("\n")) {
            w.write((" * " + line).stripTrailing() + "\n");
        }
        w.write(" */\n");
        w.write(script(uplot("dist/uPlot.iife.min.js")));
        w.write("\n</script>\n<script type=\"application/json\" id=\"ppw-data\">\n");
        w.flush();
        try (JsonGenerator g = shown(FACTORY.createGenerator(new InertInScript(w)))) {
            writeData(g, report, perNodeValues);
        }
        w.write("\n</script>\n");
        // Each phase in an element of its own, read by the page when the phase is first shown: opening the page
        // parses the whole's rows only.
        for (int i = 0; i < report.phases().size(); i++) {
            w.write("<script type=\"application/json\" id=\"" + PHASE_ELEMENT + i + "\">\n");
            w.flush();
            try (JsonGenerator g = shown(FACTORY.createGenerator(new InertInScript(w)))) {
                writeData(g, report.phases().get(i).report(), perNodeValues);
            }
            w.write("\n</script>\n");
        }
        // Each thread's and each process's profile too, parsed when the selector first shows it.
        List<Report.Section> threads = threadSections(report);
        List<Report.Section> processes = processSections(report);
        for (int i = 0; i < threads.size(); i++) {
            writeSection(w, THREAD_ELEMENT + i, threads.get(i));
        }
        for (int i = 0; i < processes.size(); i++) {
            writeSection(w, PROCESS_ELEMENT + i, processes.get(i));
        }
        w.write("<script>\n");
        w.write(script(asset("report.js")));
        w.write("</script>\n</body>\n</html>\n");
        w.flush();
    }

    /** {@code section}'s data in a script element of id {@code id}. */
    private void writeSection(Writer w, String id, Report.Section section) throws IOException {
        w.write("<script type=\"application/json\" id=\"" + id + "\">\n");
        w.flush();
        try (JsonGenerator g = shown(FACTORY.createGenerator(new InertInScript(w)))) {
            writeData(g, section.report(), perNodeValues);
        }
        w.write("\n</script>\n");
    }

    /**
     * {@code g} writing every string as people may read it ({@link TextWriter#printable}): names whose control,
     * bidirectional or zero-width characters would spoof the page's tables are shown escaped ({@code \u202E}),
     * as in text. The page's data is for its script only; the JSON writer keeps names exact.
     */
    private static JsonGenerator shown(JsonGenerator g) {
        return new JsonGeneratorDelegate(g, false) {
            @Override
            public void writeString(String text) throws IOException {
                super.writeString(text == null ? null : TextWriter.printable(text));
            }

            @Override
            public void writeStringField(String fieldName, String value) throws IOException {
                writeFieldName(fieldName);
                writeString(value);
            }
        };
    }

    private static String title(Report report) {
        if (report.diff().isPresent()) {
            ProfileDiff d = report.diff().get();
            return "ppw-java diff " + d.a().view().label() + ": " + sides(d.b()) + " against " + sides(d.a());
        }
        Profile p = report.profile();
        String what = p.nodes() > 1 ? p.aggregation().label() + " of " + p.nodes() + " nodes" : String.join(", ",
                p.inputs().subList(0, Math.min(3, p.inputs().size())));
        return "ppw-java " + p.view().label() + ": " + what;
    }

    private static void writeData(JsonGenerator g, Report report, int perNodeValues) throws IOException {
        if (report.diff().isPresent()) {
            writeDiffData(g, report, report.diff().get());
            return;
        }
        Profile profile = report.profile();
        CallTree tree = profile.tree();
        DisplayUnit nanos = DisplayUnit.NS;
        g.writeStartObject();
        g.writeStringField("title", title(report));
        g.writeStringField("tool", Version.tool());
        g.writeStringField("view", profile.view().label());
        g.writeBooleanField("hierarchical", profile.view().isHierarchical());
        if (profile.view() == ViewKind.TAU) {
            g.writeNumberField("tau_depth", profile.tauDepth());
        }
        if (report.unit().isPresent()) {
            g.writeStringField("unit", report.unit().get().label());
        }
        Metric measure = tree.measure();
        g.writeObjectFieldStart("measure");
        g.writeStringField("name", measure.name());
        g.writeStringField("unit", measure.unit().label());
        g.writeEndObject();
        g.writeObjectFieldStart("aggregation");
        g.writeStringField("op", profile.aggregation().label());
        g.writeStringField("missing", profile.missing().label());
        g.writeNumberField("nodes", profile.nodes());
        g.writeEndObject();
        g.writeNumberField("total_ns", report.totalInclusiveNanos());
        if (tree.hasAsyncPart()) {
            g.writeNumberField("async_total_ns", report.asyncTotalNanos());
        }
        // Each part's total of the measure the graph is drawn by: the 100% of its rows' shares.
        g.writeObjectFieldStart("part_totals");
        for (Part part : tree.parts()) {
            g.writeNumberField(part.label(), profile.total(measure, part));
        }
        g.writeEndObject();
        g.writeStringField("main_part", tree.mainPart().label());
        writeThreads(g, report);
        writeStrings(g, "inputs", profile.inputs());
        writeStrings(g, "nodes", profile.nodeInfos().stream().map(NodeInfo::label).toList());
        if (report.top().isPresent()) {
            Report.Top top = report.top().get();
            g.writeObjectFieldStart("top");
            g.writeNumberField("asked", top.asked());
            g.writeStringField("sort", top.sortKey());
            g.writeEndObject();
        }
        writeDiagnostics(g, report.diagnostics());
        if (!profile.droppedInputs().isEmpty()) {
            g.writeObjectFieldStart("dropped");
            g.writeNumberField("inputs", profile.droppedInputs().count());
            g.writeObjectFieldStart("reasons");
            for (Map.Entry<String, Long> e : profile.droppedInputs().reasons().entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            writeStrings(g, "examples", profile.droppedInputs().examples());
            g.writeEndObject();
        }
        writeCounters(g, profile.counters());
        int[] rows = profile.view() == ViewKind.COUNTERS ? new int[0] : report.rows();
        // A row's call-time sketch is for a saved profile to merge again; the page shows its percentiles.
        List<RowColumn> columns = RowColumn.json(report).stream().filter(c -> !(c instanceof CallTimesColumn))
                .toList();
        g.writeArrayFieldStart("columns");
        for (RowColumn c : columns) {
            g.writeString(c.columnName(nanos));
        }
        // The measure the graph is drawn by: time, or a sampled profile's first weight.
        g.writeString("weight");
        g.writeString("self_weight");
        g.writeEndArray();
        g.writeArrayFieldStart("rows");
        for (int node : rows) {
            g.writeStartArray();
            for (RowColumn c : columns) {
                String text = c.text(report, node, nanos);
                if (text == null) {
                    g.writeNull();
                } else if (c.isText()) {
                    g.writeString(text);
                } else {
                    g.writeNumber(text);
                }
            }
            g.writeNumber(tree.inclusiveOf(node, measure));
            g.writeNumber(tree.exclusiveOf(node, measure));
            g.writeEndArray();
        }
        g.writeEndArray();
        if (report.imbalanceRows().isPresent()) {
            g.writeArrayFieldStart("imbalance_rows");
            for (int node : report.imbalanceRows().get()) {
                g.writeNumber(node);
            }
            g.writeEndArray();
        }
        writeFlatPercentiles(g, report);
        writePerNode(g, report, rows, perNodeValues);
        HtmlTimeBins.write(g, report, rows, perNodeValues);
        writePhases(g, report);
        g.writeEndObject();
    }

    /**
     * The phases' list, for the page's selector and header: per phase its name, its first {@link #PHASE_WINDOWS}
     * windows ({@code node}, {@code start_ns}, {@code end_ns}, as JSON's {@code phases} has them) and how many it
     * has, its total and its number of rows. Its rows are in its own element ({@link #PHASE_ELEMENT}).
     */
    private static void writePhases(JsonGenerator g, Report report) throws IOException {
        if (report.phases().isEmpty()) {
            return;
        }
        g.writeArrayFieldStart("phases");
        for (Report.Phase phase : report.phases()) {
            g.writeStartObject();
            g.writeStringField("name", phase.name());
            JsonWriter.writeWindows(g, phase.windows().subList(0, Math.min(PHASE_WINDOWS, phase.windows().size())));
            g.writeNumberField("windows_total", phase.windows().size());
            g.writeNumberField("total_ns", phase.report().totalInclusiveNanos());
            g.writeNumberField("rows", phase.report().rows().length);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /**
     * In a tree or callpath view with percentiles, each region's percentiles as the flat view gives them
     * ({@code --view flat --percentiles}: the region's sketches of all its calling contexts merged), for the
     * page's flat table, which sums the other columns itself: {@code [name, part, p...]}, null where a region
     * has no timed call.
     */
    private static void writeFlatPercentiles(JsonGenerator g, Report report) throws IOException {
        if (report.percentiles().isEmpty() || report.regions().isEmpty()) {
            return;
        }
        CallTree flat = report.regions().get();
        g.writeObjectFieldStart("flat_percentiles");
        writeStrings(g, "columns", report.percentiles().stream().map(p -> p.columnName() + "_ns").toList());
        g.writeArrayFieldStart("rows");
        for (int row = 1; row < flat.size(); row++) {
            g.writeStartArray();
            g.writeString(flat.regionName(row));
            g.writeString(flat.part(row).label());
            for (dev.ppw.model.Percentile p : report.percentiles()) {
                long nanos = PercentileColumn.nanos(flat, row, p);
                if (nanos == CallTree.UNSET) {
                    g.writeNull();
                } else {
                    g.writeNumber(nanos);
                }
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * A diff's page: its rows (the union of A's and B's) with each quantity of A and B and B's change; the
     * graph is drawn by B's value of the measure ({@code weight}) and coloured by its change
     * ({@code change}: the delta, or with --normalize the change of share in percentage points).
     */
    private static void writeDiffData(JsonGenerator g, Report report, ProfileDiff diff) throws IOException {
        Profile a = diff.a();
        Profile b = diff.b();
        CallTree rows = diff.rows();
        int sortQ = diff.sortQuantity();
        List<ProfileDiff.Quantity> quantities = diff.quantities();
        ProfileDiff.Quantity sorted = quantities.get(sortQ);
        int exclusiveQ = sortQ;
        for (int q = 0; q < quantities.size(); q++) {
            if (quantities.get(q).kind() == ProfileDiff.Quantity.Kind.EXCLUSIVE
                    && quantities.get(q).metric().equals(sorted.metric())) {
                exclusiveQ = q;
            }
        }
        g.writeStartObject();
        g.writeStringField("title", title(report));
        g.writeStringField("tool", Version.tool());
        g.writeStringField("view", a.view().label());
        g.writeBooleanField("hierarchical", a.view().isHierarchical());
        if (a.view() == ViewKind.TAU) {
            g.writeNumberField("tau_depth", a.tauDepth());
        }
        if (report.unit().isPresent()) {
            g.writeStringField("unit", report.unit().get().label());
        }
        g.writeObjectFieldStart("measure");
        g.writeStringField("name", sorted.metric().name());
        g.writeStringField("unit", sorted.unit().label());
        g.writeEndObject();
        g.writeObjectFieldStart("aggregation");
        g.writeStringField("op", b.aggregation().label());
        g.writeStringField("missing", b.missing().label());
        g.writeNumberField("nodes", 1);
        g.writeEndObject();
        g.writeNumberField("total_ns", report.totalInclusiveNanos());
        writeStrings(g, "inputs", b.inputs());
        writeStrings(g, "nodes", List.of());
        g.writeObjectFieldStart("diff");
        g.writeBooleanField("normalized", diff.normalized());
        g.writeStringField("sort", sorted.name());
        for (boolean sideA : new boolean[] {true, false}) {
            Profile side = sideA ? a : b;
            g.writeObjectFieldStart(sideA ? "a" : "b");
            writeStrings(g, "inputs", side.inputs());
            g.writeNumberField("nodes", side.nodes());
            // The main part's total: a diff of perf or pprof profiles has samples only.
            g.writeNumberField("total", sideA ? diff.totalA(sortQ, diff.rows().mainPart())
                    : diff.totalB(sortQ, diff.rows().mainPart()));
            g.writeEndObject();
        }
        g.writeEndObject();
        writeDiagnostics(g, report.diagnostics());
        boolean parts = rows.hasPartsBesideThreads();
        List<String> columns = new ArrayList<>(List.of("id", "parent_id", "depth", "name", "callsite"));
        if (parts) {
            columns.add("part");
        }
        columns.add("presence");
        for (ProfileDiff.Quantity q : quantities) {
            columns.addAll(List.of("a_" + q.name(), "b_" + q.name(), "delta_" + q.name()));
            if (diff.normalized() && q.shareable()) {
                String share = q.name().replaceFirst("_[a-z]+$", "") + "_share_pct";
                columns.addAll(List.of("a_" + share, "b_" + share, "delta_" + share));
            }
        }
        columns.addAll(List.of("ratio", "weight", "self_weight", "change"));
        writeStrings(g, "columns", columns);
        g.writeArrayFieldStart("rows");
        for (int row : report.rows()) {
            g.writeStartArray();
            g.writeNumber(row);
            if (rows.parent(row) == CallTree.ROOT) {
                g.writeNull();
            } else {
                g.writeNumber(rows.parent(row));
            }
            g.writeNumber(rows.depth(row));
            g.writeString(rows.regionName(row));
            g.writeString(rows.callsiteName(row));
            if (parts) {
                g.writeString(rows.part(row).label());
            }
            g.writeString(diff.presence(row).label());
            for (int q = 0; q < quantities.size(); q++) {
                g.writeNumber(diff.valueA(row, q));
                g.writeNumber(diff.valueB(row, q));
                g.writeNumber(diff.delta(row, q));
                if (diff.normalized() && quantities.get(q).shareable()) {
                    g.writeNumber(diff.sharePercentA(row, q, SHARE_SCALE));
                    g.writeNumber(diff.sharePercentB(row, q, SHARE_SCALE));
                    g.writeNumber(diff.shareDeltaPercent(row, q, SHARE_SCALE));
                }
            }
            java.util.Optional<java.math.BigDecimal> ratio = diff.ratio(row, sortQ, SHARE_SCALE);
            if (ratio.isPresent()) {
                g.writeNumber(ratio.get());
            } else {
                g.writeNull();
            }
            g.writeNumber(diff.valueB(row, sortQ));
            g.writeNumber(diff.valueB(row, exclusiveQ));
            if (diff.normalized()) {
                g.writeNumber(diff.shareDeltaPercent(row, sortQ, SHARE_SCALE));
            } else {
                g.writeNumber(diff.delta(row, sortQ));
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** A side of a diff as the title names it: its first inputs, or its nodes. */
    private static String sides(Profile p) {
        if (p.nodes() > 1) {
            return p.aggregation().label() + " of " + p.nodes() + " nodes";
        }
        return String.join(", ", p.inputs().subList(0, Math.min(2, p.inputs().size())))
                + (p.inputs().size() > 2 ? ", ..." : "");
    }

    private static void writeDiagnostics(JsonGenerator g, Diagnostics diagnostics) throws IOException {
        g.writeObjectFieldStart("diagnostics");
        for (String field : List.of("warnings", "notes")) {
            Map<String, Diagnostics.Entry> counts = field.equals("warnings") ? diagnostics.warnings()
                    : diagnostics.notes();
            g.writeObjectFieldStart(field);
            for (Map.Entry<String, Diagnostics.Entry> e : counts.entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue().count());
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static void writeCounters(JsonGenerator g, List<CounterSeries> counters) throws IOException {
        if (counters.isEmpty()) {
            return;
        }
        g.writeObjectFieldStart("counters");
        writeStrings(g, "columns", CounterFields.COLUMNS);
        g.writeArrayFieldStart("rows");
        for (CounterSeries c : counters) {
            CounterFields.writeJsonRow(g, c);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * Each kept row's inclusive time on every node, {@code null} where a node has no such row, and with
     * percentiles, each node's percentiles of the row ({@code null} where it has no timed call); the rows kept
     * are the imbalance rows, then the others by inclusive time, largest first, within the budget (which the
     * percentiles share).
     */
    private static void writePerNode(JsonGenerator g, Report report, int[] rows, int perNodeValues)
            throws IOException {
        List<Report.Section> nodes = report.sections().stream()
                .filter(s -> s.kind() == Report.Section.Kind.NODE).toList();
        if (nodes.isEmpty() || rows.length == 0) {
            return;
        }
        CallTree tree = report.profile().tree();
        Set<Integer> listed = new LinkedHashSet<>();
        Set<Integer> present = new java.util.HashSet<>();
        for (int r : rows) {
            present.add(r);
        }
        for (int r : report.imbalanceRows().orElseGet(() -> worstSpread(report, rows))) {
            if (present.contains(r)) {
                listed.add(r);
            }
        }
        Integer[] heaviest = Arrays.stream(rows).boxed().toArray(Integer[]::new);
        Arrays.sort(heaviest, Comparator.comparingLong((Integer n) -> tree.inclusiveNanos(n)).reversed()
                .thenComparingInt(n -> n));
        listed.addAll(Arrays.asList(heaviest));
        List<dev.ppw.model.Percentile> percentiles = nodes.stream()
                .anyMatch(s -> s.report().profile().tree().keepsCallTimes()) ? report.percentiles() : List.of();
        int perRow = nodes.size() * (1 + percentiles.size());
        int keep = Math.max(1, Math.min(listed.size(), perNodeValues / perRow));
        List<Integer> kept = new ArrayList<>(listed).subList(0, keep);
        Map<String, Integer> slotOfKey = new HashMap<>();
        String[] mergedKeys = keys(tree);
        for (int i = 0; i < kept.size(); i++) {
            slotOfKey.put(mergedKeys[kept.get(i)], i);
        }
        long[][] values = new long[kept.size()][nodes.size()];
        for (long[] v : values) {
            Arrays.fill(v, Long.MIN_VALUE);
        }
        long[][][] percentileValues = new long[kept.size()][percentiles.size()][nodes.size()];
        for (long[][] row : percentileValues) {
            for (long[] v : row) {
                Arrays.fill(v, CallTree.UNSET);
            }
        }
        for (int n = 0; n < nodes.size(); n++) {
            CallTree nodeTree = nodes.get(n).report().profile().tree();
            String[] nodeKeys = keys(nodeTree);
            for (int node = 1; node < nodeTree.size(); node++) {
                Integer slot = slotOfKey.get(nodeKeys[node]);
                if (slot != null) {
                    values[slot][n] = nodeTree.inclusiveNanos(node);
                    for (int p = 0; p < percentiles.size(); p++) {
                        percentileValues[slot][p][n] = PercentileColumn.nanos(nodeTree, node, percentiles.get(p));
                    }
                }
            }
        }
        g.writeObjectFieldStart("per_node");
        writeStrings(g, "nodes", nodes.stream().map(Report.Section::label).toList());
        g.writeNumberField("rows_total", rows.length);
        g.writeArrayFieldStart("rows");
        for (int r : kept) {
            g.writeNumber(r);
        }
        g.writeEndArray();
        g.writeArrayFieldStart("inclusive_ns");
        for (long[] v : values) {
            g.writeStartArray();
            for (long x : v) {
                if (x == Long.MIN_VALUE) {
                    g.writeNull();
                } else {
                    g.writeNumber(x);
                }
            }
            g.writeEndArray();
        }
        g.writeEndArray();
        if (!percentiles.isEmpty()) {
            // Each node's percentiles of the row's calls on that node: the tail of one node, where the merged
            // row's percentiles are of every node's calls together.
            g.writeObjectFieldStart("percentiles");
            writeStrings(g, "columns", percentiles.stream().map(p -> p.columnName() + "_ns").toList());
            g.writeArrayFieldStart("values");
            for (long[][] row : percentileValues) {
                g.writeStartArray();
                for (long[] v : row) {
                    g.writeStartArray();
                    for (long x : v) {
                        if (x == CallTree.UNSET) {
                            g.writeNull();
                        } else {
                            g.writeNumber(x);
                        }
                    }
                    g.writeEndArray();
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /**
     * The {@link #WORST_ROWS} rows of largest imbalance (max / mean over the nodes), worst first, as the page
     * lists them when the report chose none; none without a breakdown.
     */
    private static int[] worstSpread(Report report, int[] rows) {
        if (report.breakdown().isEmpty()) {
            return new int[0];
        }
        Breakdown b = report.breakdown().get();
        return Arrays.stream(rows).boxed().filter(n -> !Double.isNaN(b.imbalance(n)))
                .sorted(Comparator.comparingDouble((Integer n) -> b.imbalance(n)).reversed().thenComparingInt(n -> n))
                .limit(WORST_ROWS).mapToInt(Integer::intValue).toArray();
    }

    /**
     * What each row is across nodes: its part and the region names and callsites from its root down. A
     * node's parent comes before it in a tree's index order ({@link CallTree#child} appends), so each key
     * extends its parent's.
     */
    static String[] keys(CallTree tree) {
        String[] keys = new String[tree.size()];
        for (int n = 1; n < tree.size(); n++) {
            int parent = tree.parent(n);
            if (parent >= n) {
                throw new IllegalStateException("node " + n + " comes before its parent " + parent);
            }
            String above = parent == CallTree.ROOT ? Integer.toString(tree.part(n).ordinal()) : keys[parent];
            keys[n] = above + '\u0000' + tree.regionName(n) + '\u0001' + tree.callsiteName(n);
        }
        return keys;
    }

    /** The report's thread sections, in order (none for a merge, whose sections are its nodes). */
    private static List<Report.Section> threadSections(Report report) {
        return report.sections(Report.Section.Kind.THREAD);
    }

    /** The report's process sections, drawn only beside two threads or more (the selector needs them). */
    private static List<Report.Section> processSections(Report report) {
        return threadSections(report).size() < 2 ? List.of() : report.sections(Report.Section.Kind.PROCESS);
    }

    /**
     * {@code threads}: per thread section (the element {@link #THREAD_ELEMENT} i holds its data), its name, its
     * process (id and name, as the input names it) and its main part's total; {@code processes}: per process
     * section (the element {@link #PROCESS_ELEMENT} i), its pid, name and each part's total; for the page's
     * selector.
     */
    private static void writeThreads(JsonGenerator g, Report report) throws IOException {
        List<Report.Section> threads = threadSections(report);
        if (threads.size() < 2) {
            return;
        }
        Profile whole = report.profile();
        g.writeArrayFieldStart("threads");
        for (Report.Section section : threads) {
            Profile p = section.report().profile();
            String pid = section.process();
            g.writeStartObject();
            g.writeStringField("name", section.label());
            g.writeStringField("pid", pid);
            g.writeStringField("process", pid.isEmpty() ? "" : whole.processNames().getOrDefault(pid, ""));
            g.writeStringField("part", p.tree().mainPart().label());
            g.writeNumberField("total", p.total(p.tree().measure()));
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("processes");
        for (Report.Section section : processSections(report)) {
            Profile p = section.report().profile();
            g.writeStartObject();
            g.writeStringField("pid", section.process());
            g.writeStringField("process", whole.processNames().getOrDefault(section.process(), ""));
            g.writeObjectFieldStart("totals");
            for (Part part : p.tree().parts()) {
                g.writeNumberField(part.label(), p.total(p.tree().measure(), part));
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    static void writeStrings(JsonGenerator g, String field, List<String> values) throws IOException {
        g.writeArrayFieldStart(field);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    /** {@code text} for an HTML text position: markup characters as references. */
    static String escapeText(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /**
     * {@code code} as the content of a script element: refused if it holds what would end the element early
     * (the libraries and our script never do; a newer WebJar that did must not break the page silently).
     */
    private static String script(String code) {
        String lower = code.toLowerCase(java.util.Locale.ROOT);
        if (lower.contains("</script") || lower.contains("<!--")) {
            throw new IllegalStateException("a script to inline holds </script or <!--");
        }
        return code;
    }

    private static String asset(String name) {
        return resource(ASSETS + name);
    }

    private static String uplot(String name) {
        String path = UPLOT + uplotVersion() + "/" + name;
        try (InputStream in = HtmlWriter.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String uplotVersion() {
        try (InputStream in = HtmlWriter.class.getClassLoader().getResourceAsStream(UPLOT_POM)) {
            if (in == null) {
                throw new IllegalStateException("uPlot's WebJar is not on the classpath: " + UPLOT_POM);
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resource(String path) {
        try (InputStream in = HtmlWriter.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
