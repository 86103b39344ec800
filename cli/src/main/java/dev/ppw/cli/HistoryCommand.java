package dev.ppw.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ppw.model.Part;
import dev.ppw.store.ContextName;
import dev.ppw.store.HistoryMetric;
import dev.ppw.store.HistoryPoint;
import dev.ppw.store.RunFilter;
import dev.ppw.store.RunStore;
import dev.ppw.store.SpreadCheck;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/** {@code ppw-java history}: one region's value across the stored runs, and whether the last run left its spread. */
@Command(name = "history", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false,
        description = {"One region across the stored runs that have it, oldest first: a calling context (a path "
                + "'a => b => c', every callsite summed) or a flat region (a name alone, recursion counted "
                + "once).",
                "--check says whether the last run leaves the spread of the runs before it (SEMANTICS.md "
                + "\"History\")."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java history 'main => solve' --last 30",
                "      the inclusive time of main => solve in the 30 newest runs that have it",
                "  ppw-java history solve --metric exclusive --tag branch=main --format sparkline",
                "      the flat region solve's self time, as a sparkline",
                "  ppw-java history 'main => solve' --check --last 20",
                "      exit 1 when the newest run is outside the spread of the 20 before it",
                "%nExit codes: 0 ok, 1 bad input (a store problem; with --check, the last run outside",
                "the spread), 2 bad usage, 3 internal error."})
final class HistoryCommand implements Callable<Integer> {
    private static final String BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588";

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Mixin
    StoreOptions store;

    @Parameters(paramLabel = "CONTEXT", description = "A path of region names, 'a => b => c', or one region name (its"
            + " flat row).")
    String context;

    @Option(names = "--metric", paramLabel = "M", defaultValue = "inclusive",
            description = "inclusive, exclusive, calls, subcalls, min or max (default: ${DEFAULT-VALUE}).")
    String metric;

    @Option(names = "--tag", paramLabel = "KEY=VALUE", description = "Only runs with this tag (repeatable).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--session", paramLabel = "NAME", description = "Only runs of this session.")
    String session;

    @Option(names = "--since", paramLabel = "WHEN", description = "Only runs made since (as runs list takes it).")
    String since;

    @Option(names = "--last", paramLabel = "N",
            description = "The N newest runs that have the region (with --check: the newest and the N before it;"
                    + " default: all, 20 with --check).")
    Integer last;

    @Option(names = "--path", description = "Read a single name as a root's calling context, not a flat region.")
    boolean path;

    @Option(names = "--async", description = "The region among async spans (the async part), not thread time.")
    boolean async;

    @Option(names = "--part", paramLabel = "PART", description = "The part the region is in: thread, async or samples"
            + " (default: thread, or samples when no run has it in thread time: perf, pprof and JFR runs).")
    String part;

    @Option(names = "--check", description = "Say whether the newest run leaves the spread of the runs before it:"
            + " median and MAD, SEMANTICS.md \"History\"; exit 1 when it does.")
    boolean check;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, csv, json or sparkline (default: ${DEFAULT-VALUE}).")
    String format;

    @Override
    public Integer call() throws IOException {
        boolean sparkline = "sparkline".equalsIgnoreCase(format.strip());
        RunTables.Format chosen = sparkline ? RunTables.Format.TEXT : RunTables.format(spec, format, true);
        HistoryMetric measured;
        ContextName name;
        try {
            measured = HistoryMetric.ofLabel(metric);
            name = ContextName.parse(context, path, part(async, part));
        } catch (IllegalArgumentException e) {
            throw ReportOptions.usage(spec, e.getMessage());
        }
        int wanted = last != null ? last + (check ? 1 : 0) : check ? 21 : 0;
        RunFilter filter = RunsListCommand.filter(spec, tags, session, since, last).withLast(wanted);
        List<HistoryPoint> points;
        try (RunStore opened = store.open(false)) {
            if (async || part != null) {
                points = opened.history(name, measured, filter);
            } else {
                RunStore.MainPartHistory found = opened.historyInMainPart(name, measured, filter);
                name = found.context();
                points = found.points();
            }
        }
        PrintStream out = main.streams().out();
        if (points.isEmpty()) {
            main.streams().err().println(Main.PREFIX + "note: no stored run has " + name + " (with these filters)");
        }
        if (sparkline) {
            sparkline(name, measured, points, out);
        } else {
            switch (chosen) {
                case TEXT -> text(name, measured, points, out);
                case CSV -> csv(measured, points, out);
                case JSON -> json(name, measured, points, out);
            }
        }
        out.flush();
        return check ? check(points, out) : Main.OK;
    }

    /** The part {@code --async} or {@code --part} asks for, thread time when neither does. */
    static Part part(boolean async, String label) {
        Part asked = label == null ? null : Part.ofLabel(label.strip().toLowerCase(java.util.Locale.ROOT));
        if (label != null && asked == null) {
            throw new IllegalArgumentException("--part " + label + ": thread, async or samples");
        }
        if (async && asked != null && asked != Part.ASYNC) {
            throw new IllegalArgumentException("--async and --part " + label + " name two parts");
        }
        return async ? Part.ASYNC : asked == null ? Part.THREAD : asked;
    }

    private int check(List<HistoryPoint> points, PrintStream out) {
        if (points.isEmpty()) {
            return Main.OK;
        }
        HistoryPoint newest = points.get(points.size() - 1);
        long[] previous = points.subList(0, points.size() - 1).stream().mapToLong(HistoryPoint::value).toArray();
        Optional<SpreadCheck.Verdict> verdict = SpreadCheck.check(previous, newest.value());
        String unit = newest.unit();
        if (verdict.isEmpty()) {
            main.streams().err().println(Main.PREFIX + "note: no check: run:" + newest.run() + " has " + previous.length
                    + " runs before it with the region, and the check needs " + SpreadCheck.MIN_PREVIOUS);
            return Main.OK;
        }
        SpreadCheck.Verdict v = verdict.get();
        String where = v.direction() > 0 ? "above" : v.direction() < 0 ? "below" : "within";
        out.println("check: run:" + newest.run() + " " + RunTables.readable(newest.value(), unit) + " is " + where
                + " the spread of the " + v.previous() + " runs before it (median "
                + RunTables.readable(Math.round(v.median()), unit) + ", MAD "
                + RunTables.readable(Math.round(v.mad()), unit)
                + ", flagged beyond " + RunTables.readable(Math.round(v.threshold()), unit) + " from the median)");
        out.flush();
        return v.outside() ? Main.BAD_DATA : Main.OK;
    }

    private static String heading(HistoryMetric metric, List<HistoryPoint> points) {
        String unit = points.isEmpty() ? "" : points.get(0).unit();
        return metric.label() + (unit.isEmpty() || unit.equals("calls") ? "" : " (" + unit + ")");
    }

    private static void text(ContextName name, HistoryMetric metric, List<HistoryPoint> points, PrintStream out) {
        out.println(name + ": " + heading(metric, points) + ", " + points.size()
                + (points.size() == 1 ? " run" : " runs"));
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"run", "created (UTC)", metric.label(), "label"});
        for (HistoryPoint p : points) {
            rows.add(new String[] {Long.toString(p.run()), RunTables.when(p.created()), RunTables.readable(p.value(),
                    p.unit()), p.label()});
        }
        int[] widths = new int[4];
        for (String[] r : rows) {
            for (int c = 0; c < r.length; c++) {
                widths[c] = Math.max(widths[c], r[c].length());
            }
        }
        for (String[] r : rows) {
            out.println((" ".repeat(widths[0] - r[0].length()) + r[0] + "  " + r[1]
                    + " ".repeat(widths[1] - r[1].length()) + "  " + " ".repeat(widths[2] - r[2].length()) + r[2]
                    + "  " + r[3]).stripTrailing());
        }
    }

    private static void csv(HistoryMetric metric, List<HistoryPoint> points, PrintStream out) throws IOException {
        CSVPrinter csv = new CSVPrinter(new OutputStreamWriter(out, StandardCharsets.UTF_8), CSVFormat.RFC4180);
        csv.printRecord("run", "created", "label", metric.label(), "unit");
        for (HistoryPoint p : points) {
            csv.printRecord(p.run(), p.created().toString(), p.label(), p.value(), p.unit());
        }
        csv.flush();
    }

    private static void json(ContextName name, HistoryMetric metric, List<HistoryPoint> points, PrintStream out)
            throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter()) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeArrayFieldStart("context");
            for (String region : name.path()) {
                g.writeString(region);
            }
            g.writeEndArray();
            g.writeBooleanField("flat", name.flat());
            g.writeStringField("part", name.part().label());
            g.writeStringField("metric", metric.label());
            g.writeArrayFieldStart("runs");
            for (HistoryPoint p : points) {
                g.writeStartObject();
                g.writeNumberField("run", p.run());
                g.writeStringField("created", p.created().toString());
                g.writeStringField("label", p.label());
                g.writeNumberField("value", p.value());
                g.writeStringField("unit", p.unit());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
    }

    /** One bar per run, oldest first, scaled from the least to the largest value; then those and the last. */
    private static void sparkline(ContextName name, HistoryMetric metric, List<HistoryPoint> points, PrintStream out) {
        if (points.isEmpty()) {
            return;
        }
        long min = points.stream().mapToLong(HistoryPoint::value).min().orElse(0);
        long max = points.stream().mapToLong(HistoryPoint::value).max().orElse(0);
        StringBuilder bars = new StringBuilder();
        for (HistoryPoint p : points) {
            int level = max == min ? BARS.length() / 2 : (int) ((p.value() - min) * (BARS.length() - 1) / (max - min));
            bars.append(BARS.charAt(level));
        }
        String unit = points.get(0).unit();
        out.println(name + " " + metric.label() + " " + bars + "  min " + RunTables.readable(min, unit) + ", max "
                + RunTables.readable(max, unit) + ", last " + RunTables.readable(points.get(points.size() - 1).value(),
                unit) + " (" + points.size() + (points.size() == 1 ? " run)" : " runs)"));
    }
}
