package dev.ppw.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.ProfileDiff.Presence;
import dev.ppw.model.ProfileDiff.Quantity;
import dev.ppw.model.Report;
import dev.ppw.model.SortKey;
import dev.ppw.model.TimeUnits;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * The text, CSV and JSON outputs of a diff ({@link Report#diff()}; SEMANTICS.md "Diff", docs/formats.md "diff
 * outputs"). CSV and JSON share one list of columns: the row's place and name, then per compared quantity
 * A's value, B's, the delta and the ratio (with {@code --normalize}, of an inclusive or exclusive value:
 * the shares, their delta in percentage points and their ratio). Formats only: every number comes from the
 * {@link ProfileDiff}.
 */
final class DiffOutput {
    /** The JSON document's {@code format}: not a saved profile, so the saved-profile reader never takes it. */
    static final String FORMAT = "ppw-diff";
    static final int VERSION = 1;
    private static final int MACHINE_DECIMALS = 6;
    private static final int TEXT_DECIMALS = 2;
    private static final int TIME_DECIMALS = 3;
    private static final int BUFFER_CHARS = 1 << 16;
    private static final int SHOWN_INPUTS = 4;
    private static final String SEPARATOR = " => ";
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private DiffOutput() {
    }

    /** One column of the CSV and JSON outputs: its name, and its text of a row (null: no value). */
    private interface Column {
        String name();

        String text(int row);

        boolean isText();
    }

    private record TextColumn(String name, IntFunction<String> value) implements Column {
        @Override
        public String text(int row) {
            return value.apply(row);
        }

        @Override
        public boolean isText() {
            return true;
        }
    }

    private record NumberColumn(String name, IntFunction<String> value) implements Column {
        @Override
        public String text(int row) {
            return value.apply(row);
        }

        @Override
        public boolean isText() {
            return false;
        }
    }

    static void csv(Report report, OutputStream out) throws IOException {
        List<Column> columns = columns(report);
        Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        CSVFormat format = CSVFormat.RFC4180.builder()
                .setHeader(columns.stream().map(Column::name).toArray(String[]::new)).build();
        // Not try-with-resources: closing the printer would close the caller's stream.
        CSVPrinter printer = new CSVPrinter(writer, format);
        printer.flush();
        CsvRows rows = new CsvRows(writer, report.presentation().rawCsv());
        for (int row : report.rows()) {
            for (Column c : columns) {
                String text = c.text(row);
                if (text != null && c.isText()) {
                    rows.text(text);
                } else {
                    rows.field(text == null ? "" : text);
                }
            }
            rows.endRow();
        }
        rows.flush();
        writer.flush();
    }

    static void json(Report report, OutputStream out) throws IOException {
        ProfileDiff diff = report.diff().orElseThrow();
        List<Column> columns = columns(report);
        try (JsonGenerator g = FACTORY.createGenerator(out, JsonEncoding.UTF8)) {
            g.setPrettyPrinter(new ProfileJsonLayout());
            g.writeStartObject();
            g.writeStringField("format", FORMAT);
            g.writeNumberField("version", VERSION);
            g.writeStringField("view", diff.a().view().label());
            if (diff.a().tauDepth() > 0) {
                g.writeNumberField("tau_depth", diff.a().tauDepth());
            }
            g.writeBooleanField("normalized", diff.normalized());
            g.writeStringField("unit", report.unitOrNanos().label());
            writeSide(g, "a", diff, diff.a(), true, report.unitOrNanos());
            writeSide(g, "b", diff, diff.b(), false, report.unitOrNanos());
            g.writeArrayFieldStart("columns");
            for (Column c : columns) {
                g.writeString(c.name());
            }
            g.writeEndArray();
            g.writeArrayFieldStart("rows");
            for (int row : report.rows()) {
                g.writeStartArray();
                for (Column c : columns) {
                    String text = c.text(row);
                    if (text == null) {
                        g.writeNull();
                    } else if (c.isText()) {
                        g.writeString(text);
                    } else {
                        g.writeNumber(text);
                    }
                }
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
        out.flush();
    }

    /** A side's inputs, operator and per-part totals of every quantity. */
    private static void writeSide(JsonGenerator g, String field, ProfileDiff diff, Profile side, boolean isA,
                                  DisplayUnit unit) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeArrayFieldStart("inputs");
        for (String input : side.inputs()) {
            g.writeString(input);
        }
        g.writeEndArray();
        g.writeStringField("aggregation", side.aggregation().name().toLowerCase(Locale.ROOT));
        g.writeNumberField("nodes", side.nodes());
        Part main = diff.rows().mainPart();
        for (Part part : diff.rows().parts()) {
            g.writeObjectFieldStart(part == main ? "totals" : part.label() + "_totals");
            for (int q = 0; q < diff.quantities().size(); q++) {
                Quantity quantity = diff.quantities().get(q);
                long total = isA ? diff.totalA(q, part) : diff.totalB(q, part);
                g.writeFieldName(name(quantity, unit));
                g.writeNumber(value(quantity, total, unit));
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    private static List<Column> columns(Report report) {
        ProfileDiff diff = report.diff().orElseThrow();
        DisplayUnit unit = report.unitOrNanos();
        CallTree rows = diff.rows();
        List<Column> columns = new ArrayList<>();
        if (rows.hasPartsBesideThreads()) {
            columns.add(new TextColumn("part", r -> rows.part(r).label()));
        }
        columns.add(new NumberColumn("id", Integer::toString));
        columns.add(new NumberColumn("parent_id", r -> rows.parent(r) == CallTree.ROOT ? null
                : Integer.toString(rows.parent(r))));
        columns.add(new TextColumn("status", r -> diff.presence(r).label()));
        columns.add(new TextColumn("path", r -> rows.path(r, SEPARATOR)));
        columns.add(new TextColumn("name", rows::regionName));
        columns.add(new TextColumn("callsite", rows::callsiteName));
        for (int q = 0; q < diff.quantities().size(); q++) {
            int index = q;
            Quantity quantity = diff.quantities().get(q);
            String base = name(quantity, unit);
            if (diff.normalized() && quantity.shareable()) {
                String share = stem(quantity) + "_share";
                columns.add(new NumberColumn(share + "_a_percent",
                        r -> plain(diff.sharePercentA(r, index, MACHINE_DECIMALS))));
                columns.add(new NumberColumn(share + "_b_percent",
                        r -> plain(diff.sharePercentB(r, index, MACHINE_DECIMALS))));
                columns.add(new NumberColumn(share + "_delta_points",
                        r -> plain(diff.shareDeltaPercent(r, index, MACHINE_DECIMALS))));
                columns.add(new NumberColumn(share + "_ratio",
                        r -> diff.ratio(r, index, MACHINE_DECIMALS).map(DiffOutput::plain).orElse(null)));
            } else {
                columns.add(new NumberColumn(base + "_a", r -> value(quantity, diff.valueA(r, index), unit)));
                columns.add(new NumberColumn(base + "_b", r -> value(quantity, diff.valueB(r, index), unit)));
                columns.add(new NumberColumn(base + "_delta", r -> value(quantity, diff.delta(r, index), unit)));
                columns.add(new NumberColumn(base + "_ratio",
                        r -> diff.ratio(r, index, MACHINE_DECIMALS).map(DiffOutput::plain).orElse(null)));
            }
        }
        return columns;
    }

    /** A quantity's machine name: a time's with the unit printed ({@code inclusive_us}). */
    private static String name(Quantity quantity, DisplayUnit unit) {
        return quantity.time() ? stem(quantity) + "_" + unit.label() : quantity.name();
    }

    /** A quantity's name without its unit for times ({@code inclusive}), else its name. */
    private static String stem(Quantity quantity) {
        if (!quantity.time()) {
            return quantity.name();
        }
        return quantity.kind() == Quantity.Kind.INCLUSIVE ? "inclusive" : "exclusive";
    }

    private static String value(Quantity quantity, long value, DisplayUnit unit) {
        return quantity.time() ? TimeUnits.exact(value, unit) : Long.toString(value);
    }

    /** A decimal as written, without exponent; trailing zeros stripped (but none of an integer's). */
    private static String plain(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
    }

    static void text(Report report, OutputStream out) throws IOException {
        ProfileDiff diff = report.diff().orElseThrow();
        Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS);
        int incl = diff.sortQuantity();
        int excl = exclusiveOf(diff, incl);
        int calls = 0;
        Quantity measure = diff.quantities().get(incl);
        Part main = diff.rows().mainPart();
        long totalA = diff.totalA(incl, main);
        long totalB = diff.totalB(incl, main);
        DisplayUnit unit = report.unit().orElse(TimeUnits.readable(Math.max(Math.abs(totalA), Math.abs(totalB))));
        String unitLabel = measure.time() ? unit.label() : measure.unit().label();
        w.write("ppw-java diff   view: " + diff.a().view().label()
                + (diff.a().tauDepth() > 0 ? " " + diff.a().tauDepth() : "")
                + "   unit: " + unitLabel
                + (diff.normalized() ? "   normalized: shares of each profile's total" : "") + "\n");
        w.write("A: " + inputs(diff.a()) + "   total: " + amount(measure, totalA, unit) + "\n");
        w.write("B: " + inputs(diff.b()) + "   total: " + amount(measure, totalB, unit)
                + "   delta: " + signed(amount(measure, totalB - totalA, unit), totalB - totalA)
                + "   ratio: " + (totalA == 0 ? "-" : ratioText(BigDecimal.valueOf(totalB)
                .divide(BigDecimal.valueOf(totalA), TEXT_DECIMALS, RoundingMode.HALF_EVEN))) + "\n");
        for (Part part : diff.rows().parts()) {
            if (part != main) {
                // Each part its own total (SEMANTICS.md section 2): never added into the main part's.
                w.write(part.label() + ": A total: " + amount(measure, diff.totalA(incl, part), unit) + "   B total: "
                        + amount(measure, diff.totalB(incl, part), unit) + "\n");
            }
        }
        Map<Presence, Integer> counts = new EnumMap<>(Presence.class);
        for (int row = 1; row < diff.rows().size(); row++) {
            counts.merge(diff.presence(row), 1, Integer::sum);
        }
        int shown = report.rows().length;
        int all = diff.rows().size() - 1;
        w.write("rows: " + (shown == all ? Integer.toString(all) : shown + " of " + all)
                + " (both: " + counts.getOrDefault(Presence.BOTH, 0)
                + ", only A: " + counts.getOrDefault(Presence.ONLY_A, 0)
                + ", only B: " + counts.getOrDefault(Presence.ONLY_B, 0) + "), " + order(diff) + "\n\n");
        // Rows of samples count samples (SEMANTICS.md section 2); with calls beside them the heading says both.
        String counted = diff.rows().parts().equals(List.of(Part.SAMPLES)) ? "samples"
                : diff.rows().hasPart(Part.SAMPLES) ? "calls/samples" : "calls";
        TextTable table = new TextTable()
                .column("status", TextTable.Align.LEFT)
                .column("A incl", TextTable.Align.RIGHT)
                .column("B incl", TextTable.Align.RIGHT)
                .column("delta incl", TextTable.Align.RIGHT)
                .column("ratio", TextTable.Align.RIGHT)
                .column("A excl", TextTable.Align.RIGHT)
                .column("B excl", TextTable.Align.RIGHT)
                .column("delta excl", TextTable.Align.RIGHT)
                .column("A " + counted, TextTable.Align.RIGHT)
                .column("B " + counted, TextTable.Align.RIGHT)
                .column("delta " + counted, TextTable.Align.RIGHT)
                .column("name", TextTable.Align.LEFT);
        boolean colour = report.presentation().colour();
        for (int row : report.rows()) {
            List<String> cells = new ArrayList<>();
            cells.add(diff.presence(row).label());
            addCells(cells, diff, row, incl, unit, true, colour);
            addCells(cells, diff, row, excl, unit, false, colour);
            addCells(cells, diff, row, calls, unit, false, colour);
            cells.add(textName(diff, row));
            table.addRow(cells.toArray(String[]::new));
        }
        table.render(w);
        if (colour) {
            w.write("colour: " + Heat.paint(Heat.GROWTH, "B larger") + ", " + Heat.paint(Heat.SHRINK, "B smaller")
                    + "\n");
        }
        w.flush();
    }

    /**
     * The A, B and delta cells of quantity {@code q} (and its ratio when {@code withRatio}); with
     * {@code colour}, the delta (and ratio) in {@link Heat#GROWTH} where B is larger, {@link Heat#SHRINK} where
     * smaller.
     */
    private static void addCells(List<String> cells, ProfileDiff diff, int row, int q, DisplayUnit unit,
                                 boolean withRatio, boolean colour) {
        Quantity quantity = diff.quantities().get(q);
        int sign;
        if (diff.normalized() && quantity.shareable()) {
            cells.add(diff.sharePercentA(row, q, TEXT_DECIMALS).toPlainString() + "%");
            cells.add(diff.sharePercentB(row, q, TEXT_DECIMALS).toPlainString() + "%");
            BigDecimal delta = diff.shareDeltaPercent(row, q, TEXT_DECIMALS);
            sign = delta.signum();
            cells.add(Heat.paint(colour ? Heat.ofChange(sign) : "", signed(delta.toPlainString(), sign) + "pp"));
        } else {
            long delta = diff.delta(row, q);
            sign = Long.signum(delta);
            cells.add(amount(quantity, diff.valueA(row, q), unit));
            cells.add(amount(quantity, diff.valueB(row, q), unit));
            cells.add(Heat.paint(colour ? Heat.ofChange(sign) : "", signed(amount(quantity, delta, unit), delta)));
        }
        if (withRatio) {
            cells.add(Heat.paint(colour ? Heat.ofChange(sign) : "",
                    diff.ratio(row, q, TEXT_DECIMALS).map(DiffOutput::ratioText).orElse("-")));
        }
    }

    /** The order of the rows in words: {@code largest |delta incl| first}, {@code by name, A first}. */
    private static String order(ProfileDiff diff) {
        if (diff.orderKey() == SortKey.NAME) {
            return "by name, " + (diff.ascending() ? "A" : "Z") + " first";
        }
        String quantity = switch (diff.orderKey()) {
            case EXCLUSIVE -> "excl";
            case CALLS -> "calls";
            default -> "incl";
        };
        boolean shares = diff.normalized() && diff.orderKey() != SortKey.CALLS;
        return (diff.ascending() ? "smallest" : "largest") + " |delta " + (shares ? "share " : "") + quantity
                + "| first";
    }

    private static int exclusiveOf(ProfileDiff diff, int inclusive) {
        Quantity incl = diff.quantities().get(inclusive);
        for (int q = 0; q < diff.quantities().size(); q++) {
            Quantity quantity = diff.quantities().get(q);
            if (quantity.kind() == Quantity.Kind.EXCLUSIVE && quantity.metric().equals(incl.metric())) {
                return q;
            }
        }
        throw new IllegalStateException("no exclusive value of " + incl.metric().name());
    }

    /** A time in {@code unit} with three decimals at most, or a count or weight as an integer. */
    private static String amount(Quantity quantity, long value, DisplayUnit unit) {
        return quantity.time() ? TimeUnits.fixed(value, unit, Math.min(TIME_DECIMALS, unit.scale()))
                : Long.toString(value);
    }

    private static String signed(String text, long sign) {
        return sign > 0 ? "+" + text : text;
    }

    private static String ratioText(BigDecimal ratio) {
        return ratio.toPlainString() + "x";
    }

    private static String textName(ProfileDiff diff, int row) {
        CallTree rows = diff.rows();
        String name = rows.path(row, SEPARATOR);
        String callsite = rows.callsiteName(row);
        String prefix = rows.part(row) == rows.mainPart() ? "" : rows.part(row).label() + ": ";
        return prefix + name + (callsite.isEmpty() ? "" : " @ " + callsite);
    }

    /** The first inputs of a side and how many more. */
    private static String inputs(Profile side) {
        List<String> names = side.inputs();
        if (names.isEmpty()) {
            return "(no input)";
        }
        String first = String.join(", ", names.subList(0, Math.min(SHOWN_INPUTS, names.size())));
        return names.size() > SHOWN_INPUTS ? first + " (+" + (names.size() - SHOWN_INPUTS) + " more)" : first;
    }
}
