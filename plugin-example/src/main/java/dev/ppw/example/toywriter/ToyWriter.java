package dev.ppw.example.toywriter;

import dev.ppw.model.CallTree;
import dev.ppw.model.Report;
import dev.ppw.model.output.Content;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.ReportFeature;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;

/**
 * A toy writer, the smallest whole output format: one line per row of the report, in its order, indented two spaces
 * per level of the tree, the region and its inclusive time in nanoseconds ({@code   work 30 ns}), after a line
 * saying how many rows there are. It shows nothing but the rows (no unit, no phases, no breakdown: it declares no
 * {@link ReportFeature}), so options asking for more get ppw-java's warning. Holds no state.
 */
public final class ToyWriter implements OutputWriter {
    @Override
    public String name() {
        return "toy";
    }

    @Override
    public String description() {
        return "a toy list of rows (plugin-example)";
    }

    @Override
    public boolean binary() {
        return false;
    }

    @Override
    public List<String> fileExtensions() {
        return List.of(".toyrows");
    }

    @Override
    public Set<Content> accepts() {
        return Set.of(Content.PROFILE, Content.MERGED);
    }

    @Override
    public void write(Report report, OutputStream out) throws IOException {
        CallTree tree = report.profile().tree();
        Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        w.write("toy report: " + report.rows().length + " rows\n");
        for (int node : report.rows()) {
            w.write("  ".repeat(Math.max(0, tree.depth(node))) + tree.regionName(node) + " "
                    + tree.inclusiveNanos(node) + " ns\n");
        }
        w.flush();
    }
}
