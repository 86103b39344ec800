package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.FolderWriter;
import dev.ppw.model.output.ReportFeature;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * TAU's profile files, so that ParaProf and TAU's {@code pprof} open a ppw-java profile or merge: a folder
 * ({@code -o DIR}) of {@code profile.N.C.T} files, one per node of a merge ({@code profile.N.0.0}) or per thread
 * of a profile ({@code profile.0.0.T}), or {@code profile.0.0.0} alone for a report without such parts. Each file
 * is laid out as TAU 2.x writes it (docs/formats.md, "tau"):
 * <pre>{@code
 * 3 templated_functions_MULTI_TIME
 * # Name Calls Subrs Excl Incl ProfileCalls # <metadata><attribute><name>Metric Name</name><value>TIME</value>...
 * "main" 1 1 10 40 0 GROUP="TAU_DEFAULT"
 * "work" 1 0 30 30 0 GROUP="TAU_DEFAULT"
 * "main => work" 1 0 30 30 0 GROUP="TAU_CALLPATH"
 * 0 aggregates
 * }</pre>
 * A flat timer per function (its contexts summed, recursion counted once in its inclusive time) and a callpath
 * timer per tree node below a root, so that the tree survives: ppw-java's TAU reader reads it back as it was.
 * Times are microseconds written exactly ({@code 30.5} for 30500 ns). Names lose their line ends, and a
 * {@code =>} inside a name becomes {@code = >}, since TAU's names cannot hold them.
 *
 * <p>A report split into phases ({@link Report#phases()}, SEMANTICS.md "Phases") is written as TAU's phase
 * profiles are: each file keeps the flat timers of its whole (so calls and times per function are the whole's),
 * adds a timer per phase in group {@code TAU_PHASE} (calls: the phase's windows; subcalls: its roots' calls;
 * exclusive 0; inclusive: the phase's total time), and its callpaths start at the phase, {@code emit => main =>
 * foo}, one per node of the phase's tree including its roots ({@code emit => main}), instead of the whole's
 * callpaths. A phase named as a region ({@code --phase-by emit} and the region {@code emit}) is that region's
 * timer, as in TAU, where a phase is a timer: it is written once, with the region's numbers, in group
 * {@code TAU_DEFAULT|TAU_PHASE}. Phases partition each node's time, so a callpath's times summed over the phases are the whole
 * callpath's; its calls may exceed the whole's, a call across a phase boundary being a call in each phase.
 *
 * <p>To a stream (standard output), the report's whole profile as one file.
 */
public final class TauProfileWriter implements FolderWriter {
    private static final String SEPARATOR = " => ";

    @Override
    public String name() {
        return "tau";
    }

    @Override
    public String description() {
        return "TAU profile.N.C.T files in a folder (-o DIR), one per node or thread, for ParaProf and pprof";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of();
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED);
    }

    /**
     * The phases (TAU phases: a timer each, callpaths starting at it) and counter series (user events). The unit,
     * breakdown, imbalance rows and percentiles are listed though TAU's files have no place for them (times are
     * microseconds): ppw-java never warned about them with tau, and issue 25 kept the warnings as they were.
     */
    @Override
    public Set<ReportFeature> features() {
        return EnumSet.complementOf(EnumSet.of(ReportFeature.STYLE, ReportFeature.ASCII, ReportFeature.VERBOSE,
                ReportFeature.COLOUR, ReportFeature.TIME_BINS));
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        writeFile(report.profile(), "", report.phases(), out);
    }

    @Override
    public void write(Report report, Entries entries) throws IOException {
        if (report.printedSections().isEmpty()) {
            try (OutputStream out = entries.create("profile.0.0.0")) {
                writeFile(report.profile(), "", report.phases(), out);
            }
            return;
        }
        int index = 0;
        for (Report.Section section : report.printedSections()) {
            String name = section.kind() == Report.Section.Kind.NODE ? "profile." + index + ".0.0"
                    : "profile.0.0." + index;
            try (OutputStream out = entries.create(name)) {
                writeFile(section.report().profile(), section.label(), section.report().phases(), out);
            }
            index++;
        }
    }

    private static void writeFile(Profile profile, String label, List<Report.Phase> phases, OutputStream out)
            throws IOException {
        CallTree tree = profile.tree();
        Map<String, long[]> flat = new LinkedHashMap<>();
        List<String> callpaths = new ArrayList<>();
        String[] names = new String[tree.size()];
        for (int node = 1; node < tree.size(); node++) {
            names[node] = timerName(tree.regionName(node));
            long[] f = flat.computeIfAbsent(names[node], k -> new long[4]);
            f[0] = CallTree.saturated(f[0], tree.calls(node));
            f[1] = CallTree.saturated(f[1], tree.subcalls(node));
            f[2] = CallTree.saturated(f[2], tree.exclusiveNanos(node));
            if (!hasAncestorNamed(tree, names, node)) {
                f[3] = CallTree.saturated(f[3], tree.inclusiveNanos(node));
            }
        }
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
        int timers = flat.size();
        if (phases.isEmpty()) {
            for (int node = 1; node < tree.size(); node++) {
                if (tree.parent(node) != CallTree.ROOT) {
                    timers++;
                }
            }
        } else {
            for (Report.Phase phase : phases) {
                timers += phase.report().profile().tree().size() - (flat.containsKey(timerName(phase.name())) ? 1 : 0);
            }
        }
        w.write(timers + " templated_functions_MULTI_TIME\n");
        w.write("# Name Calls Subrs Excl Incl ProfileCalls # <metadata>");
        attribute(w, "Metric Name", "TIME");
        NodeInfo info = profile.nodeInfos().size() == 1 ? profile.nodeInfos().get(0) : null;
        if (!label.isEmpty() || info != null) {
            attribute(w, "ppw-java node", label.isEmpty() ? info.label() : label);
        }
        if (info != null && !info.pid().isEmpty()) {
            attribute(w, "pid", info.pid());
        }
        if (info != null && !info.host().isEmpty()) {
            attribute(w, "Hostname", info.host());
        }
        w.write("</metadata>\n");
        Set<String> phaseNames = new HashSet<>();
        for (Report.Phase phase : phases) {
            phaseNames.add(timerName(phase.name()));
        }
        for (Map.Entry<String, long[]> e : flat.entrySet()) {
            timer(w, e.getKey(), e.getValue()[0], e.getValue()[1], e.getValue()[2], e.getValue()[3],
                    phaseNames.contains(e.getKey()) ? "TAU_DEFAULT|TAU_PHASE" : "TAU_DEFAULT");
        }
        if (phases.isEmpty()) {
            for (int node = 1; node < tree.size(); node++) {
                if (tree.parent(node) != CallTree.ROOT) {
                    timer(w, path(tree, names, node, ""), tree.calls(node), tree.subcalls(node),
                            tree.exclusiveNanos(node), tree.inclusiveNanos(node), "TAU_CALLPATH");
                }
            }
        }
        for (Report.Phase phase : phases) {
            writePhase(w, phase, !flat.containsKey(timerName(phase.name())));
        }
        w.write("0 aggregates\n");
        List<CounterSeries> counters = profile.counters();
        if (!counters.isEmpty()) {
            w.write(counters.size() + " userevents\n# eventname numevents max min mean sumsqr\n");
            for (CounterSeries c : counters) {
                String event = c.counter() + (c.id().isEmpty() ? "" : " " + c.id())
                        + ("value".equals(c.series()) ? "" : " " + c.series());
                double mean = c.mean();
                // ppw-java keeps no spread: the sum of squares of equal values gives a standard deviation of 0
                w.write('"' + timerName(event) + "\" " + c.samples() + ' ' + plain(c.max()) + ' ' + plain(c.min())
                        + ' ' + plain(mean) + ' ' + plain(mean * mean * c.samples()) + '\n');
            }
        }
        w.flush();
    }

    /**
     * The phase's timer (group {@code TAU_PHASE}: its windows as calls, its roots' calls as subcalls, no time of
     * its own, its total as inclusive time), unless a region of its name has one, and a callpath timer per node
     * of its tree under it.
     */
    private static void writePhase(Writer w, Report.Phase phase, boolean ownTimer) throws IOException {
        Profile profile = phase.report().profile();
        CallTree tree = profile.tree();
        String phaseName = timerName(phase.name());
        long rootCalls = 0;
        for (int root = tree.firstChild(CallTree.ROOT); root != CallTree.NONE; root = tree.nextSibling(root)) {
            rootCalls = CallTree.saturated(rootCalls, tree.calls(root));
        }
        long total = 0;
        for (Part part : Part.values()) {
            total = CallTree.saturated(total, profile.total(SampleWeights.TIME, part));
        }
        if (ownTimer) {
            timer(w, phaseName, phase.windows().size(), rootCalls, 0, total, "TAU_PHASE");
        }
        String[] names = new String[tree.size()];
        for (int node = 1; node < tree.size(); node++) {
            names[node] = timerName(tree.regionName(node));
            timer(w, path(tree, names, node, phaseName), tree.calls(node), tree.subcalls(node),
                    tree.exclusiveNanos(node), tree.inclusiveNanos(node), "TAU_CALLPATH");
        }
    }

    private static boolean hasAncestorNamed(CallTree tree, String[] names, int node) {
        for (int p = tree.parent(node); p != CallTree.ROOT; p = tree.parent(p)) {
            if (names[p].equals(names[node])) {
                return true;
            }
        }
        return false;
    }

    /** The timer names from the root to {@code node}, after {@code phase} when it is not empty. */
    private static String path(CallTree tree, String[] names, int node, String phase) {
        List<String> frames = new ArrayList<>();
        for (int n = node; n != CallTree.ROOT; n = tree.parent(n)) {
            frames.add(names[n]);
        }
        StringBuilder sb = new StringBuilder(phase.isEmpty() ? "" : phase + SEPARATOR);
        for (int i = frames.size() - 1; i >= 0; i--) {
            sb.append(frames.get(i));
            if (i > 0) {
                sb.append(SEPARATOR);
            }
        }
        return sb.toString();
    }

    private static void timer(Writer w, String name, long calls, long subcalls, long exclusiveNanos,
                              long inclusiveNanos, String group) throws IOException {
        w.write('"' + name + "\" " + calls + ' ' + subcalls + ' ' + micros(exclusiveNanos) + ' '
                + micros(inclusiveNanos) + " 0 GROUP=\"" + group + "\"\n");
    }

    /** A name as TAU can hold it: one line, no {@code =>}, no spaces at its ends (TAU's readers trim them). */
    static String timerName(String region) {
        String s = region.replace('\r', ' ').replace('\n', ' ').replace("=>", "= >").strip();
        return s.isEmpty() ? "<unnamed>" : s;
    }

    /** Nanoseconds as exact decimal microseconds: {@code 30500} is {@code 30.5}. */
    static String micros(long nanos) {
        return BigDecimal.valueOf(nanos, 3).stripTrailingZeros().toPlainString();
    }

    private static String plain(double value) {
        if (!Double.isFinite(value)) {
            return "0";
        }
        return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
    }

    private static void attribute(Writer w, String name, String value) throws IOException {
        w.write("<attribute><name>" + xml(name) + "</name><value>" + xml(value) + "</value></attribute>");
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\n", " ")
                .replace("\r", " ");
    }
}
