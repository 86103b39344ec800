package dev.ppw.cli;

import dev.ppw.testing.browser.Chromium;
import dev.ppw.testing.browser.HtmlPages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML page of a split profile as the command line writes it from real traces, read as data: each phase's
 * rows are those JSON writes for it, and a merge's phase has each node's own values of that phase. In this
 * package for report's test helpers.
 */
class HtmlPhasesPageTest {
    private static final Path TRACES = Path.of("src/test/resources/traces");

    @TempDir
    Path dir;

    private static String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = Main.run(args, InputStream.nullInputStream(), o, e);
        }
        assertEquals(0, exit, err.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void eachPhaseOfTscHasTheRowsJsonWritesForIt() throws IOException {
        String tsc = TRACES.resolve("tsc-5.9.3-projectA.trace.json").toString();
        List<String> args = List.of("profile", tsc, "--phase-by", "createProgram", "--phase-by", "emit", "--window",
                "1.2s:1.3s");
        Path page = dir.resolve("tsc.html");
        run(with(args, "-o", page.toString()));
        List<?> jsonPhases = (List<?>) ((Map<?, ?>) Chromium.parse(run(with(args, "--format", "json"))))
                .get("phases");
        String html = Files.readString(page);
        Map<?, ?> whole = (Map<?, ?>) Chromium.parse(HtmlPages.data(html));
        List<?> phases = (List<?>) whole.get("phases");
        assertEquals(List.of("createProgram", "emit", "1.2s:1.3s", "(outside)"),
                phases.stream().map(p -> ((Map<?, ?>) p).get("name")).toList());
        assertEquals(4, jsonPhases.size());
        for (int i = 0; i < jsonPhases.size(); i++) {
            Map<?, ?> written = (Map<?, ?>) jsonPhases.get(i);
            assertEquals(written.get("windows"), ((Map<?, ?>) phases.get(i)).get("windows"), "phase " + i);
            Map<?, ?> own = (Map<?, ?>) Chromium.parse(HtmlPages.phaseData(html, i));
            List<?> columns = (List<?>) own.get("columns");
            int jsonColumns = columns.size() - 2; // and weight, self_weight: what the graph is drawn by
            assertEquals(written.get("columns"), columns.subList(0, jsonColumns));
            assertEquals(written.get("rows"), ((List<?>) own.get("rows")).stream()
                    .map(r -> (Object) ((List<?>) r).subList(0, jsonColumns)).toList(), "phase " + i);
        }
    }

    @Test
    void aMergedPhaseHasEachNodesValuesOfThatPhase() throws IOException {
        List<String> nodes;
        try (Stream<Path> s = Files.list(TRACES.resolve("perfflowaspect/nodes4"))) {
            nodes = s.map(Path::toString).sorted().toList();
        }
        List<String> args = new ArrayList<>(List.of("merge"));
        args.addAll(nodes);
        args.addAll(List.of("--agg", "sum", "--phase-by", "bar"));
        Path page = dir.resolve("nodes4.html");
        run(with(args, "-o", page.toString()));
        String html = Files.readString(page);
        Map<?, ?> whole = (Map<?, ?>) Chromium.parse(HtmlPages.data(html));
        List<?> wholeNodes = (List<?>) ((Map<?, ?>) whole.get("per_node")).get("nodes");
        assertEquals(4, wholeNodes.size());
        int phaseCount = ((List<?>) whole.get("phases")).size();
        assertTrue(phaseCount >= 2, "bar and (outside)");
        for (int i = 0; i < phaseCount; i++) {
            Map<?, ?> own = (Map<?, ?>) Chromium.parse(HtmlPages.phaseData(html, i));
            Map<?, ?> perNode = (Map<?, ?>) own.get("per_node");
            List<?> rows = (List<?>) own.get("rows");
            if (rows.isEmpty()) {
                continue;
            }
            assertEquals(wholeNodes, perNode.get("nodes"), "phase " + i);
            int id = ((List<?>) own.get("columns")).indexOf("id");
            int inclusive = ((List<?>) own.get("columns")).indexOf("inclusive_ns");
            List<?> kept = (List<?>) perNode.get("rows");
            assertEquals(rows.size(), kept.size(), "every row of a small merge is kept");
            for (int k = 0; k < kept.size(); k++) {
                long sum = 0;
                for (Object v : (List<?>) ((List<?>) perNode.get("inclusive_ns")).get(k)) {
                    sum += v == null ? 0 : ((Number) v).longValue();
                }
                Object rowId = kept.get(k);
                List<?> row = (List<?>) rows.stream().filter(r -> ((List<?>) r).get(id).equals(rowId)).findFirst()
                        .orElseThrow();
                // --agg sum: a phase's row is the sum of that phase's row on each node.
                assertEquals(((Number) row.get(inclusive)).longValue(), sum, "phase " + i + ", row " + rowId);
            }
        }
    }

    private static String[] with(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}
