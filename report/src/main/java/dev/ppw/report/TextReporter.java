package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * A table for people, in the spirit of TAU's pprof: a short header, then one line per row with % of total,
 * inclusive, exclusive, calls, subcalls, min and max per call, and the name, indented by depth in the tree
 * and callpath views. Times have three decimals in the chosen unit (rounded), or the readable unit of the
 * total when none was asked for; an unset min/max is {@code -}.
 */
final class TextReporter implements Reporter {
    private static final int DECIMALS = 3;
    private static final String INDENT = "  ";

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        Profile profile = report.profile();
        CallTree t = profile.tree();
        DisplayUnit unit = report.unit().orElseGet(() -> TimeUnits.readable(report.totalInclusiveNanos()));
        String u = unit.label();
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        writeHeader(w, report, unit);
        w.append('\n');
        if (report.rows().length == 0) {
            w.append("(no rows)\n");
            w.flush();
            return;
        }
        TextTable table = new TextTable()
                .column("%total", TextTable.Align.RIGHT)
                .column("inclusive " + u, TextTable.Align.RIGHT)
                .column("exclusive " + u, TextTable.Align.RIGHT)
                .column("calls", TextTable.Align.RIGHT)
                .column("subcalls", TextTable.Align.RIGHT)
                .column("min " + u + "/call", TextTable.Align.RIGHT)
                .column("max " + u + "/call", TextTable.Align.RIGHT)
                .column("name", TextTable.Align.LEFT);
        boolean indent = profile.view().isHierarchical();
        for (int node : report.rows()) {
            String name = printable(t.regionName(node));
            table.addRow(
                    percent(t.inclusiveNanos(node), report.totalInclusiveNanos()),
                    time(t.inclusiveNanos(node), unit),
                    time(t.exclusiveNanos(node), unit),
                    Long.toString(t.calls(node)),
                    Long.toString(t.subcalls(node)),
                    time(t.minInclusiveNanos(node), unit),
                    time(t.maxInclusiveNanos(node), unit),
                    indent ? INDENT.repeat(t.depth(node)) + name : name);
        }
        table.render(w);
        w.flush();
    }

    private static void writeHeader(Writer w, Report report, DisplayUnit unit) throws IOException {
        Profile p = report.profile();
        String view = p.view() == ViewKind.TAU ? "tau (depth " + p.tauDepth() + ")" : p.view().label();
        w.append("view: ").append(view)
                .append("   total: ").append(TimeUnits.fixed(report.totalInclusiveNanos(), unit, decimals(unit)))
                .append(' ').append(unit.label())
                .append("   rows: ").append(Integer.toString(report.rows().length)).append('\n');
        w.append(p.inputs().size() == 1 ? "input: " : "inputs: ")
                .append(printable(String.join(", ", p.inputs()))).append('\n');
        if (p.nodes() > 1) {
            w.append("aggregation: ").append(p.aggregation()).append(" over ")
                    .append(Integer.toString(p.nodes())).append(" nodes, ")
                    .append("zero".equals(p.missing())
                            ? "a key missing from a node counts as zero"
                            : "over the nodes that have the key")
                    .append('\n');
        }
        appendNames(w, "processes: ", p.processNames());
        appendNames(w, "threads: ", p.threadNames());
    }

    private static void appendNames(Writer w, String label, Map<String, String> names) throws IOException {
        if (names.isEmpty()) {
            return;
        }
        StringJoiner j = new StringJoiner(", ", label, "\n");
        names.forEach((id, name) -> j.add(printable(id) + " " + printable(name)));
        w.append(j.toString());
    }

    private static String time(long nanos, DisplayUnit unit) {
        return nanos == CallTree.UNSET ? "-" : TimeUnits.fixed(nanos, unit, decimals(unit));
    }

    private static int decimals(DisplayUnit unit) {
        return Math.min(DECIMALS, unit.scale());
    }

    private static String percent(long nanos, long totalNanos) {
        if (totalNanos == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.1f", 100.0 * nanos / totalNanos);
    }

    /** Control characters would break the table's lines: shown escaped here, and only here. */
    private static String printable(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c)) {
                if (sb == null) {
                    sb = new StringBuilder(s.length() + 8).append(s, 0, i);
                }
                switch (c) {
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                }
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }
}
