package dev.ppw.report;

import dev.ppw.model.Report;
import dev.ppw.model.TimeBins;
import dev.ppw.testing.browser.Chromium;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTML page as text: what it embeds and how; the browser tests (HtmlReportBrowserTest) run it. */
class HtmlWriterTest {
    @Test
    void hostileNamesStayInsideTheDataElementAndComeBackAsTextShowsThem() throws IOException {
        String page = HtmlFixtures.render(HtmlFixtures.hostile());
        String lower = page.toLowerCase(Locale.ROOT);
        // uPlot, the data, our script: three elements opened and three closed, whatever the names hold.
        assertEquals(3, count(lower, "<script"), page);
        assertEquals(3, count(lower, "</script"));
        assertFalse(lower.contains("<img"));
        assertFalse(lower.contains("<svg"));
        assertFalse(page.contains("<!--"));
        String data = HtmlFixtures.data(page);
        assertFalse(data.contains("<") || data.contains(">") || data.contains("&") || data.contains("\u2028"), data);
        List<String> names = new ArrayList<>();
        for (Object row : rows(data)) {
            names.add((String) ((List<?>) row).get(3));
        }
        List<String> expected = new ArrayList<>(List.of("main"));
        expected.addAll(HtmlFixtures.HOSTILE);
        expected.add(HtmlFixtures.HOSTILE.get(0));
        // As text shows them: the line separator escaped (issue 26), everything else exact.
        assertEquals(expected.stream().map(TextWriter::printable).sorted().toList(), names.stream().sorted().toList());
        assertTrue(names.contains("\\u2028a & b \"q\" 'r' <b>bold</b>"), names::toString);
        assertTrue(page.contains("<title>ppw-java tree: &lt;script&gt;alert(1)&lt;/script&gt;.json</title>"), page);
    }

    @Test
    void thePageAllowsNoRequestAndInlinesUplotWithItsLicence() throws IOException {
        String page = HtmlFixtures.render(HtmlFixtures.small());
        assertTrue(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                + "script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:\">"), page);
        assertTrue(page.contains(" * uPlot 1.6.30 (org.webjars.npm:uplot), inlined by ppw-java:\n *\n"
                + " * The MIT License (MIT)\n *\n * Copyright (c) 2022 Leon Sorokin\n"));
        assertTrue(page.contains("var uPlot=function(){"));
        assertTrue(page.contains(".uplot, .uplot *"), "uPlot's style");
        assertFalse(Pattern.compile("<(link|img|iframe|object|embed)\\b|\\bsrc=|@import").matcher(page).find());
    }

    @Test
    void rowsCarryTheJsonColumnsInExactNanoseconds() throws IOException {
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(HtmlFixtures.small())));
        assertEquals(List.of("id", "parent_id", "depth", "name", "callsite", "calls", "subcalls", "inclusive_ns",
                "exclusive_ns", "min_inclusive_ns", "max_inclusive_ns", "inclusive_per_call_ns",
                "exclusive_per_call_ns", "weight", "self_weight"), d.get("columns"));
        List<?> rows = (List<?>) d.get("rows");
        assertEquals(Arrays.asList(1, null, 0, "main", "", 1, 2, 1234567, 999567, 1234567, 1234567, 1234567,
                999567, 1234567, 999567), rows.get(0));
        assertEquals(Arrays.asList(2, 1, 1, "a", "", 2, 1, 235000, 234500, 1000, 234000, 117500, 117250, 235000,
                234500), rows.get(1));
        assertEquals(1234574L, ((Number) d.get("total_ns")).longValue());
        assertEquals(true, d.get("hierarchical"));
        assertFalse(d.containsKey("per_node"), "one profile: no per-node values");
    }

    @Test
    void aMergeKeepsEachRowsTimeOnEveryNodeNullWhereANodeHasNoSuchRow() throws IOException {
        long[][] times = {{100_000, 60_000}, {200_000, 150_000}, {300_000, -1}};
        Report merged = HtmlFixtures.merged(3, i -> HtmlFixtures.mainAndWork(times[i][0], times[i][1]));
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(merged)));
        Map<?, ?> perNode = (Map<?, ?>) d.get("per_node");
        assertEquals(List.of("n0", "n1", "n2"), perNode.get("nodes"));
        assertEquals(2, perNode.get("rows_total"));
        // The imbalance of work (2.14) is the larger: it comes first, then the heaviest, main.
        List<?> ids = (List<?>) perNode.get("rows");
        List<?> values = (List<?>) perNode.get("inclusive_ns");
        List<?> rows = (List<?>) d.get("rows");
        for (int k = 0; k < ids.size(); k++) {
            Object id = ids.get(k);
            String name = rows.stream().map(r -> (List<?>) r).filter(r -> r.get(0).equals(id))
                    .map(r -> (String) r.get(3)).findFirst().orElseThrow();
            assertEquals(name.equals("main") ? List.of(100_000, 200_000, 300_000)
                    : Arrays.asList(60_000, 150_000, null), values.get(k), name);
        }
        assertEquals(2, ids.size());
        assertTrue(((List<?>) d.get("columns")).contains("imbalance"));
    }

    @Test
    void perNodeValuesStayWithinTheirBudgetWorstSpreadFirst() throws IOException {
        // 100 nodes of main and w0 ... w59 (wK takes node + K ns), a budget of 500 values: 5 rows of 61.
        Report merged = HtmlFixtures.merged(100, i -> HtmlFixtures.wide(60, i));
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(new HtmlWriter(500), merged)));
        Map<?, ?> perNode = (Map<?, ?>) d.get("per_node");
        assertEquals(61, perNode.get("rows_total"));
        List<?> kept = (List<?>) perNode.get("rows");
        assertEquals(5, kept.size());
        // w0 (0 to 99 ns, imbalance 2.0) is spread worst, then w1 (1 to 100 ns), ...
        Map<Object, String> names = new java.util.HashMap<>();
        for (Object row : (List<?>) d.get("rows")) {
            names.put(((List<?>) row).get(0), (String) ((List<?>) row).get(3));
        }
        assertEquals(List.of("w0", "w1", "w2", "w3", "w4"), kept.stream().map(names::get).toList());
        List<?> w0 = (List<?>) ((List<?>) perNode.get("inclusive_ns")).get(0);
        assertEquals(100, w0.size());
        assertEquals(0, w0.get(0));
        assertEquals(99, w0.get(99));
    }

    @Test
    void aDiffCarriesBothSidesAndTheDeltaOfEveryRow() throws IOException {
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(HtmlFixtures.diff(false))));
        assertEquals("ppw-java diff tree: b.json against a.json", d.get("title"));
        List<?> columns = (List<?>) d.get("columns");
        assertEquals(List.of("id", "parent_id", "depth", "name", "callsite", "presence", "a_calls", "b_calls",
                "delta_calls", "a_inclusive_ns", "b_inclusive_ns", "delta_inclusive_ns", "a_exclusive_ns",
                "b_exclusive_ns", "delta_exclusive_ns", "ratio", "weight", "self_weight", "change"), columns);
        Map<String, List<?>> byName = new java.util.HashMap<>();
        for (Object row : (List<?>) d.get("rows")) {
            byName.put((String) ((List<?>) row).get(3), (List<?>) row);
        }
        assertEquals(Arrays.asList("both", 1, 1, 0, 10_000, 12_000, 2_000, 4_000, 6_000, 2_000, 1.2, 12_000, 6_000,
                2_000), byName.get("main").subList(5, 19));
        assertEquals(Arrays.asList("both", 1, 1, 0, 4_000, 1_000, -3_000, 4_000, 1_000, -3_000, 0.25, 1_000, 1_000,
                -3_000), byName.get("work").subList(5, 19));
        assertEquals(Arrays.asList("only A", 1, 0, -1, 2_000, 0, -2_000), byName.get("old").subList(5, 12));
        assertEquals(Arrays.asList("only B", 0, 1, 1, 0, 5_000, 5_000), byName.get("new").subList(5, 12));
        assertEquals(null, byName.get("new").get(15), "no ratio where A has nothing");
        Map<?, ?> diff = (Map<?, ?>) d.get("diff");
        assertEquals(false, diff.get("normalized"));
        assertEquals(10_000, ((Map<?, ?>) diff.get("a")).get("total"));
        assertEquals(12_000, ((Map<?, ?>) diff.get("b")).get("total"));
    }

    @Test
    void aNormalizedDiffAddsTheSharesAndColoursByTheirChange() throws IOException {
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(HtmlFixtures.diff(true))));
        List<?> columns = (List<?>) d.get("columns");
        assertTrue(columns.containsAll(List.of("a_inclusive_share_pct", "b_inclusive_share_pct",
                "delta_inclusive_share_pct")), columns.toString());
        for (Object row : (List<?>) d.get("rows")) {
            List<?> r = (List<?>) row;
            if (r.get(3).equals("work")) {
                // 4 of 10 us in A (40%), 1 of 12 us in B (8.3333%): -31.6667 points.
                assertEquals(List.of(40.0, 8.3333, -31.6667), List.of(
                        ((Number) r.get(columns.indexOf("a_inclusive_share_pct"))).doubleValue(),
                        ((Number) r.get(columns.indexOf("b_inclusive_share_pct"))).doubleValue(),
                        ((Number) r.get(columns.indexOf("change"))).doubleValue()));
            }
        }
    }

    @Test
    void percentileColumnsCarryEachRowsSketchValueAndTheFlatViewsPerRegion() throws IOException {
        Report report = HtmlFixtures.overTime("work", "memory");
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(report)));
        List<?> columns = (List<?>) d.get("columns");
        assertTrue(columns.containsAll(List.of("p50_ns", "p99_9_ns")), columns.toString());
        assertFalse(columns.contains("call_times"), "the sketch itself is for saved profiles, not the page");
        Map<String, List<?>> byName = byName(d);
        List<?> work = byName.get("work");
        // work's calls: 100, 200, 300, 400 us; p50 and p99.9 are the calls of rank floor(q * 3), 200 and 300 us,
        // within 1%: the sketch's values, as the other writers print them.
        long p50 = ((Number) work.get(columns.indexOf("p50_ns"))).longValue();
        assertEquals(PercentileColumn.nanos(report.profile().tree(), 2, HtmlFixtures.PERCENTILES.get(0)), p50);
        assertTrue(Math.abs(p50 - 200_000) <= 2_000, "p50 " + p50);
        long p999 = ((Number) work.get(columns.indexOf("p99_9_ns"))).longValue();
        assertEquals(PercentileColumn.nanos(report.profile().tree(), 2, HtmlFixtures.PERCENTILES.get(1)), p999);
        assertTrue(Math.abs(p999 - 300_000) <= 3_000, "p99.9 " + p999);
        assertEquals(Arrays.asList(100_000, 100_000), List.of(byName.get("io").get(columns.indexOf("p50_ns")),
                byName.get("io").get(columns.indexOf("p99_9_ns"))));
        Map<?, ?> flat = (Map<?, ?>) d.get("flat_percentiles");
        assertEquals(List.of("p50_ns", "p99_9_ns"), flat.get("columns"));
        assertEquals(List.of(List.of("main", "thread", 2_000_000, 2_000_000), List.of("work", "thread", (int) p50,
                (int) p999), List.of("io", "thread", 100_000, 100_000)), flat.get("rows"));
    }

    @Test
    void aMergeKeepsEachNodesPercentilesOfARow() throws IOException {
        // Node i calls work i + 1 times, of 1, 2, ... us: its p100 is its largest call, exactly.
        Report merged = HtmlFixtures.mergedWithCallTimes(3);
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(merged)));
        Map<?, ?> perNode = (Map<?, ?>) d.get("per_node");
        Map<?, ?> percentiles = (Map<?, ?>) perNode.get("percentiles");
        assertEquals(List.of("p100_ns"), percentiles.get("columns"));
        int work = ((List<?>) perNode.get("rows")).indexOf(byName(d).get("work").get(0));
        assertEquals(List.of(List.of(1000, 2000, 3000)), ((List<?>) percentiles.get("values")).get(work));
        List<?> columns = (List<?>) d.get("columns");
        assertEquals(3000, byName(d).get("work").get(columns.indexOf("p100_ns")), "over every node's calls");
    }

    @Test
    void timeBinsAreEmbeddedInExactNanosecondsWithTheCounters() throws IOException {
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(
                HtmlFixtures.overTime("work", "memory"))));
        Map<?, ?> bins = (Map<?, ?>) d.get("time_bins");
        assertEquals(false, bins.get("absolute"));
        assertEquals(List.of(0, 500_000, 4, 3), List.of(bins.get("start_ns"), bins.get("width_ns"), bins.get("count"),
                bins.get("rows_total")));
        // The rows of most exclusive time first: work (1 ms), main (800 us), io (200 us); ids are node indices.
        assertEquals(List.of(2, 1, 3), bins.get("rows"));
        assertEquals(List.of(List.of(100_000, 200_000, 300_000, 400_000), List.of(500_000, 500_000, 500_000, 500_000),
                List.of(100_000, 100_000, 0, 0)), bins.get("inclusive_ns"));
        assertEquals(List.of(List.of(100_000, 200_000, 300_000, 400_000), List.of(300_000, 200_000, 200_000, 100_000),
                List.of(100_000, 100_000, 0, 0)), bins.get("exclusive_ns"));
        Map<?, ?> counters = (Map<?, ?>) bins.get("counters");
        assertEquals(List.of("samples", "min", "max", "mean", "last"), counters.get("columns"));
        Map<?, ?> rss = (Map<?, ?>) ((List<?>) counters.get("series")).get(0);
        assertEquals(List.of("1", "memory", "", "rss"), List.of(rss.get("pid"), rss.get("counter"), rss.get("id"),
                rss.get("series")));
        assertEquals(Arrays.asList(List.of(2, 10, 30, 20, 30), List.of(1, 50, 50, 50, 50), null,
                List.of(1, 5, 5, 5, 5)), rss.get("bins"));
        assertFalse(d.containsKey("per_node_time"), "one profile: no node's bins");
    }

    @Test
    void aMergeKeepsEachNodesBinsOfARowOnTheMergedAxis() throws IOException {
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(HtmlFixtures.mergedOverTime(4))));
        Map<?, ?> perNode = (Map<?, ?>) d.get("per_node_time");
        assertEquals(List.of("n0", "n1", "n2", "n3"), perNode.get("nodes"));
        assertEquals(0, perNode.get("unaligned_nodes"));
        Map<String, List<?>> byName = byName(d);
        List<?> ids = (List<?>) perNode.get("rows");
        List<?> work = (List<?>) ((List<?>) perNode.get("inclusive_ns")).get(ids.indexOf(byName.get("work").get(0)));
        assertEquals(List.of(List.of(1000, 0, 0), List.of(0, 2000, 0), List.of(0, 0, 3000), List.of(4000, 0, 0)), work);
        Map<?, ?> bins = (Map<?, ?>) d.get("time_bins");
        List<?> merged = (List<?>) ((List<?>) bins.get("inclusive_ns")).get(((List<?>) bins.get("rows"))
                .indexOf(byName.get("work").get(0)));
        assertEquals(List.of(5000, 2000, 3000), merged);
    }

    @Test
    void binsOfManyRowsStayWithinTheBudget() throws IOException {
        // 100 nodes of 61 rows with 4 bins: a budget of 400 values keeps 400 / (2 * 4) = 50 rows of the merge,
        // and 400 / (100 * 4) = 1 row on every node.
        Report merged = HtmlFixtures.merged(100, i -> HtmlFixtures.wide(60, i));
        TimeBins bins = new TimeBins(false, 0, 1000, 4);
        for (int node : merged.rows()) {
            bins.putRow(node, new long[4], new long[4], new long[4]);
        }
        List<Report.Section> sections = merged.sections().stream().map(s -> new Report.Section(s.kind(), s.label(),
                s.report().withTimeBins(bins))).toList();
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(new HtmlWriter(400),
                merged.withSections(sections).withTimeBins(bins))));
        Map<?, ?> timeBins = (Map<?, ?>) d.get("time_bins");
        assertEquals(61, timeBins.get("rows_total"));
        assertEquals(50, ((List<?>) timeBins.get("rows")).size());
        assertEquals(50, ((List<?>) timeBins.get("inclusive_ns")).size());
        assertEquals(1, ((List<?>) ((Map<?, ?>) d.get("per_node_time")).get("rows")).size());
    }

    @Test
    void hostileCounterAndRowNamesStayInsideTheDataElement() throws IOException {
        String hostile = HtmlFixtures.HOSTILE.get(1);
        String page = HtmlFixtures.render(HtmlFixtures.overTime(hostile, HtmlFixtures.HOSTILE.get(0)));
        String data = HtmlFixtures.data(page);
        assertFalse(data.contains("<") || data.contains(">"), data);
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(data);
        assertTrue(byName(d).containsKey(hostile));
        Map<?, ?> rss = (Map<?, ?>) ((List<?>) ((Map<?, ?>) ((Map<?, ?>) d.get("time_bins")).get("counters"))
                .get("series")).get(0);
        assertEquals(HtmlFixtures.HOSTILE.get(0), rss.get("counter"));
    }

    @Test
    void eachPhaseIsEmbeddedWithItsWindowsAndTheRowsJsonWritesForIt() throws IOException {
        Report report = HtmlFixtures.phased(3);
        String page = HtmlFixtures.render(report);
        // uPlot, the whole's data, one element per phase, our script.
        assertEquals(5, count(page.toLowerCase(Locale.ROOT), "<script"));
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(page));
        List<?> phases = (List<?>) d.get("phases");
        assertEquals(List.of("setup", "(outside)"), phases.stream().map(p -> ((Map<?, ?>) p).get("name")).toList());
        Map<?, ?> setup = (Map<?, ?>) phases.get(0);
        assertEquals(List.of(Map.of("node", "n0", "start_ns", 0, "end_ns", 1000),
                Map.of("node", "n1", "start_ns", 0, "end_ns", 2000)), setup.get("windows"));
        assertEquals(2, setup.get("windows_total"));
        assertEquals(3000, setup.get("total_ns"));
        assertEquals(1, setup.get("rows"));
        assertEquals(3, ((List<?>) ((Map<?, ?>) phases.get(1)).get("windows")).size());

        java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
        new JsonWriter().write(report, json);
        List<?> jsonPhases = (List<?>) ((Map<?, ?>) Chromium.parse(json.toString(java.nio.charset.StandardCharsets.UTF_8)))
                .get(JsonWriter.PHASES);
        for (int i = 0; i < 2; i++) {
            Map<?, ?> own = (Map<?, ?>) Chromium.parse(HtmlFixtures.phaseData(page, i));
            Map<?, ?> written = (Map<?, ?>) jsonPhases.get(i);
            List<?> columns = (List<?>) own.get("columns");
            // The page's two last columns are what the graph is drawn by (weight, self_weight).
            assertEquals(written.get("columns"), columns.subList(0, columns.size() - 2), "phase " + i);
            List<?> rows = ((List<?>) own.get("rows")).stream()
                    .map(r -> (Object) ((List<?>) r).subList(0, columns.size() - 2)).toList();
            assertEquals(written.get("rows"), rows, "phase " + i);
            assertEquals(((Number) ((Map<?, ?>) phases.get(i)).get("total_ns")).longValue(),
                    ((Number) own.get("total_ns")).longValue());
            assertFalse(own.containsKey("phases"), "a phase is not split again");
        }
        // Each phase's per-node values come from its own sections: setup's main took 1 and 2 us on n0 and n1.
        Map<?, ?> perNode = (Map<?, ?>) ((Map<?, ?>) Chromium.parse(HtmlFixtures.phaseData(page, 0))).get("per_node");
        assertEquals(List.of("n0", "n1"), perNode.get("nodes"));
        assertEquals(List.of(List.of(1000, 2000)), perNode.get("inclusive_ns"));
    }

    @Test
    void aPhaseListsItsFirstWindowsAndSaysHowManyItHas() throws IOException {
        Map<?, ?> d = (Map<?, ?>) Chromium.parse(HtmlFixtures.data(HtmlFixtures.render(
                HtmlFixtures.phased(HtmlWriter.PHASE_WINDOWS + 5))));
        Map<?, ?> outside = (Map<?, ?>) ((List<?>) d.get("phases")).get(1);
        assertEquals(HtmlWriter.PHASE_WINDOWS + 5, outside.get("windows_total"));
        List<?> windows = (List<?>) outside.get("windows");
        assertEquals(HtmlWriter.PHASE_WINDOWS, windows.size());
        assertEquals(Map.of("node", "n0", "start_ns", 1000, "end_ns", 2000), windows.get(0));
    }

    @Test
    void hostilePhaseAndNodeNamesStayInsideTheirDataElements() throws IOException {
        String hostile = HtmlFixtures.HOSTILE.get(1);
        Report whole = HtmlFixtures.hostile();
        Report report = whole.withPhases(List.of(new Report.Phase(hostile,
                List.of(new Report.Window(HtmlFixtures.HOSTILE.get(2), 0, 10)), HtmlFixtures.hostile())));
        String page = HtmlFixtures.render(report);
        String lower = page.toLowerCase(Locale.ROOT);
        // uPlot, the whole's data, the phase's, our script.
        assertEquals(4, count(lower, "<script"), page);
        assertEquals(4, count(lower, "</script"));
        String phase = HtmlFixtures.phaseData(page, 0);
        for (String data : List.of(HtmlFixtures.data(page), phase)) {
            assertFalse(data.contains("<") || data.contains(">") || data.contains("&"), data);
        }
        Map<?, ?> listed = (Map<?, ?>) ((List<?>) ((Map<?, ?>) Chromium.parse(HtmlFixtures.data(page)))
                .get("phases")).get(0);
        assertEquals(hostile, listed.get("name"));
        assertEquals(HtmlFixtures.HOSTILE.get(2), ((Map<?, ?>) ((List<?>) listed.get("windows")).get(0)).get("node"));
        assertEquals(rows(HtmlFixtures.data(page)), rows(phase));
    }

    @Test
    void aProfileWithoutPhasesHasNoPhaseElement() throws IOException {
        String page = HtmlFixtures.render(HtmlFixtures.small());
        assertFalse(page.contains("id=\"" + HtmlWriter.PHASE_ELEMENT), "no phase data element");
        assertFalse(((Map<?, ?>) Chromium.parse(HtmlFixtures.data(page))).containsKey("phases"));
    }

    private static Map<String, List<?>> byName(Map<?, ?> data) {
        Map<String, List<?>> byName = new java.util.HashMap<>();
        for (Object row : (List<?>) data.get("rows")) {
            byName.put((String) ((List<?>) row).get(3), (List<?>) row);
        }
        return byName;
    }

    private static List<?> rows(String data) throws IOException {
        return (List<?>) ((Map<?, ?>) Chromium.parse(data)).get("rows");
    }

    private static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
