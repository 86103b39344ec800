package dev.ppw.server;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.Comparison;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.Part;
import dev.ppw.model.ViewKind;
import dev.ppw.store.ContextName;
import dev.ppw.store.HistoryMetric;
import dev.ppw.store.HistoryPoint;
import dev.ppw.store.RunFilter;
import dev.ppw.store.RunStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the server shows of runs is what the engine and the report module make of them: a run's report page is the
 * HTML writer's page of the run read back as {@code run:ID} (as {@code ppw-java report run:ID} reads it), in the
 * view it was stored in; the diff page the writer's diff page of B against A; the history the store's; the saved
 * profile the stored bytes.
 */
class PagesMatchReportTest {
    @TempDir
    static Path folder;

    private static Served served;

    @BeforeAll
    static void start() throws IOException {
        served = Served.start(folder);
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    private static byte[] written(dev.ppw.engine.AnalysisResult result, String format) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Served.ENGINE.write(result.report(), format, out);
        return out.toByteArray();
    }

    @Test
    void aRunsReportPageIsTheHtmlWritersPageOfTheRun() throws IOException {
        for (int id : new int[] {1, 2, 8}) {
            byte[] expected;
            try (RunStore store = RunStore.open(served.location, RunStore.Options.defaults())) {
                expected = written(Served.ENGINE.analyze(Analysis.profile(List.of(store.input("run:" + id)
                        .orElseThrow())).withView(ViewSpec.of(ViewKind.TREE, 0))), "html");
            }
            Served.Answer page = served.get("/runs/" + id + "/report");
            assertEquals("text/html; charset=utf-8", page.header("Content-Type").orElseThrow());
            assertArrayEquals(expected, page.body(), "run " + id);
            assertTrue(page.text().contains(id == 1 ? "main" : "solve"), "run " + id);
        }
    }

    @Test
    void theDiffPageIsTheHtmlWritersDiffOfBAgainstA() throws IOException {
        byte[] expected;
        byte[] expectedJson;
        try (RunStore store = RunStore.open(served.location, RunStore.Options.defaults())) {
            Comparison c = Comparison.of(Analysis.profile(List.of(store.input("run:3").orElseThrow())),
                    Analysis.profile(List.of(store.input("run:8").orElseThrow())));
            expected = written(Served.ENGINE.diff(c), "html");
            expectedJson = written(Served.ENGINE.diff(c), "json");
        }
        assertArrayEquals(expected, served.get("/diff?a=3&b=8").body());
        // two checked runs: the older is the baseline whichever order they come in
        assertArrayEquals(expected, served.get("/diff?run=8&run=3").body());
        assertArrayEquals(expectedJson, served.get("/api/diff?a=3&b=8").body());
    }

    @Test
    void theReportInAnyWritersFormatIsThatWritersOutput() throws IOException {
        for (String format : List.of("json", "csv", "text", "folded")) {
            byte[] expected;
            try (RunStore store = RunStore.open(served.location, RunStore.Options.defaults())) {
                expected = written(Served.ENGINE.analyze(Analysis.profile(List.of(store.input("run:2")
                        .orElseThrow()))), format);
            }
            assertArrayEquals(expected, served.get("/api/runs/2/report?format=" + format).body(), format);
        }
    }

    @Test
    void theHistoryIsTheStoresAndTheCheckFlagsTheSlowRun() throws IOException {
        List<HistoryPoint> expected;
        try (RunStore store = RunStore.open(served.location, RunStore.Options.defaults())) {
            expected = store.history(ContextName.parse("main => solve", false, Part.THREAD), HistoryMetric.INCLUSIVE,
                    RunFilter.all());
        }
        Map<?, ?> history = (Map<?, ?>) Json.parse(served.get("/api/history?context=main+%3D%3E+solve").text());
        List<List<Long>> points = new ArrayList<>();
        for (Object p : (List<?>) history.get("runs")) {
            points.add(List.of((Long) ((Map<?, ?>) p).get("run"), (Long) ((Map<?, ?>) p).get("value")));
        }
        assertEquals(expected.stream().map(p -> List.of(p.run(), p.value())).toList(), points);
        assertEquals(7, points.size());
        assertEquals(List.of(8L, 5_000_000L), points.get(6));
        Map<?, ?> check = (Map<?, ?>) history.get("check");
        assertEquals("above", check.get("verdict"));
        assertEquals(8L, check.get("run"));
        assertEquals(6L, check.get("compared"));
        String page = served.get("/history?context=main+%3D%3E+solve").text();
        assertTrue(page.contains("<p id=\"verdict\" class=\"verdict-above\">run 8 at 5.000 ms is above the spread"
                + " of the 6 runs before it"), page);
        // the page's table: one row per run, each linking to its run
        for (int r = 2; r <= 8; r++) {
            assertTrue(page.contains("<tr><td><a href=\"/runs/" + r + "\">" + r + "</a></td>"), "run " + r);
        }
    }

    @Test
    void theSavedProfileIsTheStoredBytes() throws IOException {
        byte[] stored;
        try (RunStore store = RunStore.open(served.location, RunStore.Options.defaults())) {
            stored = store.savedProfile(2);
        }
        Served.Answer a = served.get("/api/runs/2/profile");
        assertArrayEquals(stored, a.body());
        assertEquals("attachment; filename=\"run-2.ppw.json.gz\"", a.header("Content-Disposition").orElseThrow());
        try (GZIPInputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(a.body()))) {
            assertTrue(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).contains("\"solve\""));
        }
    }
}
