package dev.ppw.report;

import dev.ppw.model.Report;
import dev.ppw.testing.browser.BrowserSession;
import dev.ppw.testing.browser.Chromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML report in a real headless Chromium (Debian's {@code chromium}): it loads without errors and
 * without any request, a click zooms, a header click sorts, a search highlights, hostile names stay text,
 * and a large merged profile opens within the budget. Skipped, with the reason, where Chromium is missing.
 */
class HtmlReportBrowserTest {
    /** docs/html-report.md: 100,000 rows open in under 2 s. */
    private static final long BUDGET_MILLIS = 2000;

    private static BrowserSession session;
    private static Chromium browser;
    private static Path folder;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        session = BrowserSession.start("ppw-html");
        browser = session.browser;
        folder = session.folder;
    }

    @AfterAll
    static void stop() throws IOException {
        if (session != null) {
            session.close();
        }
    }

    private static long open(String name, Report report) throws IOException, InterruptedException {
        Path page = folder.resolve(name);
        Files.writeString(page, HtmlFixtures.render(report), StandardCharsets.UTF_8);
        long millis = browser.open(page);
        assertEquals(List.of(page.toUri().toString()), browser.requests(), "the page's own file only");
        return millis;
    }

    @Test
    void aClickOnAFrameZoomsIntoItAndTheBreadcrumbZoomsBackOut() throws Exception {
        open("small.html", HtmlFixtures.small());
        assertEquals(List.of(), browser.errors());
        assertEquals("all", browser.eval("ppwReport.zoomedName()"));
        Map<?, ?> a = (Map<?, ?>) browser.eval("ppwReport.frameCenter('a')");
        browser.click(((Number) a.get("x")).doubleValue(), ((Number) a.get("y")).doubleValue());
        assertEquals("a", browser.eval("ppwReport.zoomedName()"));
        assertEquals("all\u203amain\u203aa", browser.eval("document.getElementById('breadcrumb').textContent"));
        assertEquals("selected: main \u2192 a", browser.eval("document.getElementById('selection').textContent"));
        browser.click("#breadcrumb button");
        assertEquals("all", browser.eval("ppwReport.zoomedName()"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void aHeaderClickSortsTheTreeTableAndAgainTheOtherWay() throws Exception {
        open("sort.html", HtmlFixtures.small());
        browser.click("button[data-tab=tree]");
        String firstName = "document.querySelector('#tree-table tbody tr td').textContent";
        // By inclusive time, largest first: main (1234567 ns) before idle (7 ns).
        assertTrue(((String) browser.eval(firstName)).contains("main"));
        browser.click("#tree-table th:first-child");
        assertTrue(((String) browser.eval(firstName)).contains("idle"), "by name, A first");
        browser.click("#tree-table th:first-child");
        assertTrue(((String) browser.eval(firstName)).contains("main"), "by name, Z first");
        assertEquals("name", browser.eval("document.querySelector('#tree-table th.sorted').textContent"));
        assertEquals(List.of(), browser.errors());
    }

    /** SEMANTICS.md "Parts": each row's share is of its own part's total, and the graph draws one part. */
    @Test
    void eachPartHasItsOwnTotalAndTheGraphDrawsOnePartAtATime() throws Exception {
        open("parts.html", HtmlFixtures.parts());
        assertEquals(List.of(), browser.errors());
        String summary = (String) browser.eval("document.getElementById('summary').textContent");
        assertTrue(summary.contains("thread time 1.000 us") && summary.contains("sampled stacks 4.000 us"), summary);
        assertEquals("all thread time", browser.eval("ppwReport.zoomedName()"));
        browser.click("button[data-tab=tree]");
        String shares = "Array.from(document.querySelectorAll('#tree-table tbody tr')).map(function(r){"
                + "return r.cells[0].textContent.replace(/^[\\u25BE\\u25B8]/, '') + ' ' + r.cells[1].textContent;})";
        // (idle) is 3 of the samples' 4 us, never of the 5 us of both parts together.
        assertEquals(List.of("(idle) 75.00%", "main 100.00%", "main 25.00%"), browser.eval(shares));
        browser.click("button[data-tab=graph]");
        browser.eval("ppwReport.showPart('samples')");
        assertEquals("all sampled stacks", browser.eval("ppwReport.zoomedName()"));
        browser.type("#search", "main");
        assertEquals("2 matching rows \u00b7 25.00% of the total of sampled stacks (1.000 us)",
                browser.eval("document.getElementById('search-result').textContent"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void aSearchHighlightsTheMatchesAndSumsTheirShare() throws Exception {
        open("search.html", HtmlFixtures.small());
        browser.type("#search", "b");
        // b alone matches: 500 ns of 1234574 ns.
        assertEquals("1 matching rows \u00b7 0.04% of the total (500 ns)",
                browser.eval("document.getElementById('search-result').textContent"));
        browser.click("button[data-tab=tree]");
        assertEquals(List.of("b"), browser.eval("Array.from(document.querySelectorAll('#tree-table tr.match'))"
                + ".map(function(r){return r.cells[0].textContent.replace(/^\\W+/, '');})"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void hostileNamesStayTextAndRunNothing() throws Exception {
        open("hostile.html", HtmlFixtures.hostile());
        for (String tab : List.of("flat", "tree", "diagnostics", "graph")) {
            browser.click("button[data-tab=" + tab + "]");
        }
        Map<?, ?> frame = (Map<?, ?>) browser.eval("ppwReport.frameCenter(" + Chromium.quote(HtmlFixtures.HOSTILE.get(0))
                + ")");
        assertNotNull(frame, "the hostile name is drawn as a frame");
        browser.click(((Number) frame.get("x")).doubleValue(), ((Number) frame.get("y")).doubleValue());
        browser.type("#search", "script");
        browser.click("button[data-tab=tree]");
        assertNull(browser.eval("window.pwned"));
        assertEquals(0, ((Number) browser.eval("document.querySelectorAll('img, svg, b, iframe').length")).intValue());
        assertEquals(3, ((Number) browser.eval("document.scripts.length")).intValue());
        String text = (String) browser.eval("document.getElementById('tree-table').textContent");
        for (String name : HtmlFixtures.HOSTILE) {
            // As text shows it: the line separator escaped (issue 26).
            assertTrue(text.contains(TextWriter.printable(name)), name + " shown as text");
        }
        assertTrue(text.contains("\\u2028a & b"), "a line separator shown escaped");
        assertEquals("ppw-java tree: <script>alert(1)</script>.json", browser.eval("document.title"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void aDiffColoursWhatGrewRedAndWhatShrankBlue() throws Exception {
        open("diff.html", HtmlFixtures.diff(false));
        assertEquals(List.of(), browser.errors());
        // Above the frame's label, inside the frame.
        String colourAt = "(function(n){var f=ppwReport.frameCenter(n);var c=document.getElementById('flame');"
                + "var r=c.getBoundingClientRect();var d=window.devicePixelRatio||1;var p=c.getContext('2d')"
                + ".getImageData(Math.round((f.x-r.left)*d),Math.round((f.y-r.top-6)*d),1,1).data;"
                + "return [p[0],p[1],p[2]];})";
        List<?> main = (List<?>) browser.eval(colourAt + "('main')");
        List<?> work = (List<?>) browser.eval(colourAt + "('work')");
        assertTrue(((Number) main.get(0)).intValue() > ((Number) main.get(2)).intValue() + 50, "main grew: " + main);
        assertTrue(((Number) work.get(2)).intValue() > ((Number) work.get(0)).intValue() + 50, "work shrank: " + work);
        assertNull(browser.eval("ppwReport.frameCenter('old')"), "only in A: no width in B");
        browser.click("button[data-tab=flat]");
        assertTrue(((String) browser.eval("document.getElementById('flat-table').textContent")).contains("only A"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void aLargeMergedProfileOpensWithinTheBudget() throws Exception {
        Report merged = HtmlFixtures.merged(2, i -> HtmlFixtures.randomTree(100_000, 42, i));
        assertEquals(100_000, merged.rows().length);
        long loadMillis = open("large.html", merged);
        double renderMillis = ((Number) browser.eval("ppwReport.renderMs")).doubleValue();
        System.out.printf("HTML report, 100,000 rows of 2 nodes: %d ms to the load event, the page ready %.0f ms"
                + " after navigation started, %s frames drawn%n", loadMillis, renderMillis,
                browser.eval("ppwReport.framesDrawn()"));
        assertEquals(List.of(), browser.errors());
        assertTrue(renderMillis < BUDGET_MILLIS, "ready after " + renderMillis + " ms");
        browser.click("button[data-tab=tree]");
        browser.click("button[data-tab=flat]");
        assertTrue(((Number) browser.eval("document.querySelectorAll('#flat-table tbody tr').length")).intValue() > 0);
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void aLargeMergeSplitInPhasesOpensAndShowsAPhaseWithinTheBudget() throws Exception {
        Report merged = HtmlFixtures.merged(2, i -> HtmlFixtures.randomTree(100_000, 42, i));
        Report split = merged.withPhases(List.of(
                new Report.Phase("a", List.of(new Report.Window("n0", 0, 1000)), merged),
                new Report.Phase("(outside)", List.of(new Report.Window("n0", 1000, 2000)), merged)));
        Path page = folder.resolve("large-phases.html");
        long loadMillis = open("large-phases.html", split);
        double renderMillis = ((Number) browser.eval("ppwReport.renderMs")).doubleValue();
        browser.eval("(function(){var s=document.getElementById('phase');s.value='1';"
                + "s.dispatchEvent(new Event('change'));})()");
        double phaseMillis = ((Number) browser.eval("ppwReport.phaseMs")).doubleValue();
        System.out.printf("HTML report, 100,000 rows of 2 nodes in 2 phases: %,d bytes, %d ms to the load event, the"
                + " page ready %.0f ms after its script started, a phase shown in %.0f ms%n", Files.size(page),
                loadMillis, renderMillis, phaseMillis);
        assertEquals(List.of(), browser.errors());
        assertEquals(1, ((Number) browser.eval("ppwReport.phase()")).intValue());
        assertTrue(renderMillis < BUDGET_MILLIS, "ready after " + renderMillis + " ms");
        assertTrue(phaseMillis < BUDGET_MILLIS, "phase shown after " + phaseMillis + " ms");
        assertTrue(((Number) browser.eval("ppwReport.framesDrawn()")).intValue() > 100);
    }

    @Test
    void aLargeProfileWithTimeBinsOpensAndDrawsThemWithinTheBudget() throws Exception {
        dev.ppw.model.CallTree tree = HtmlFixtures.randomTree(100_000, 42, 7);
        dev.ppw.model.Profile profile = dev.ppw.model.Profile.single(tree, List.of("large.json"), Map.of(), Map.of());
        int bins = 20;
        dev.ppw.model.TimeBins overTime = new dev.ppw.model.TimeBins(false, 0, 1_000_000, bins);
        for (int node = 1; node < tree.size(); node++) {
            long[] inclusive = new long[bins];
            long[] exclusive = new long[bins];
            inclusive[node % bins] = tree.inclusiveNanos(node);
            exclusive[node % bins] = tree.exclusiveNanos(node);
            overTime.putRow(node, inclusive, exclusive, new long[bins]);
        }
        Report report = new Report(profile, Report.allRows(profile), tree.totalInclusiveNanos(),
                java.util.Optional.empty()).withTimeBins(overTime);
        open("large-time.html", report);
        double renderMillis = ((Number) browser.eval("ppwReport.renderMs")).doubleValue();
        double timeMillis = ((Number) browser.eval("(function(){var t=performance.now();"
                + "document.querySelector('button[data-tab=time]').click();return performance.now()-t;})()")).doubleValue();
        System.out.printf("HTML report, 100,000 rows with 20 bins: the page ready %.0f ms after navigation started,"
                + " the time tab drawn in %.0f ms%n", renderMillis, timeMillis);
        assertEquals(List.of(), browser.errors());
        assertTrue(renderMillis < BUDGET_MILLIS, "ready after " + renderMillis + " ms");
        assertTrue(timeMillis < BUDGET_MILLIS, "time tab after " + timeMillis + " ms");
        // 1,000,000 values of 2 x 20 per row: 25,000 rows kept, the note says so.
        assertTrue(((String) browser.eval("document.getElementById('time-note').textContent"))
                .contains("The page keeps the bins of 25,000 of 100,000 rows"));
        assertTrue(((Number) browser.eval("ppwReport.timeSeriesDrawn()")).intValue() >= 2);
    }

    @Test
    void thePerNodeViewDrawsEveryNodeOfALargeMerge() throws Exception {
        int nodes = 10_000;
        Report merged = HtmlFixtures.merged(nodes, i -> HtmlFixtures.mainAndWork(1_000_000 + i * 10L,
                i % 1000 == 0 ? 900_000 : i % 3 == 0 ? -1 : 1000));
        open("nodes.html", merged);
        browser.click("button[data-tab=nodes]");
        assertEquals(List.of(), browser.errors());
        assertEquals(1, ((Number) browser.eval("document.querySelectorAll('#nodes-chart canvas').length")).intValue());
        // work is the worst spread (a few nodes take 900 us, most 1 us, a third none): listed and shown first.
        assertEquals("main \u2192 work", browser.eval("document.getElementById('nodes-row').textContent"));
        String stats = (String) browser.eval("document.getElementById('nodes-stats').textContent");
        assertTrue(stats.startsWith("min 0 ns \u00b7 mean "), stats);
        assertTrue(stats.contains(" on n0 \u00b7 imbalance (max / mean) "), stats);
        assertEquals("hot", browser.eval("document.querySelector('#nodes-stats span').className"));
        // A third of the nodes have no work, but those of 0, 3000, 6000 and 9000 (900 us there).
        String note = (String) browser.eval("document.getElementById('nodes-note').textContent");
        assertTrue(note.startsWith("10,000 nodes, 3,330 without this row (drawn as 0)."), note);
        browser.click("#worst-table tbody tr:nth-child(2)");
        assertEquals("main", browser.eval("document.getElementById('nodes-row').textContent"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void percentileColumnsShowTheReportsValuesAndSort() throws Exception {
        Report report = HtmlFixtures.overTime("work", "memory");
        open("percentiles.html", report);
        long p50 = PercentileColumn.nanos(report.profile().tree(), 2, HtmlFixtures.PERCENTILES.get(0));
        String p50Text = (String) browser.eval("(function(){return (" + p50 + "/1000).toLocaleString('en-US',"
                + "{maximumFractionDigits:3,minimumFractionDigits:3})+' us';})()");
        browser.click("button[data-tab=tree]");
        String cells = "Array.from(document.querySelectorAll('#tree-table tbody tr')).map(function(r){"
                + "return r.cells[0].textContent.replace(/^\\W+/, '');})";
        List<?> heads = (List<?>) browser.eval("Array.from(document.querySelectorAll('#tree-table th'))"
                + ".map(function(h){return h.textContent;})");
        int p50Column = heads.indexOf("p50 per call");
        assertTrue(p50Column > 0 && heads.contains("p99.9 per call"), heads.toString());
        assertEquals(p50Text, browser.eval("document.querySelectorAll('#tree-table tbody tr')[1].cells[" + p50Column
                + "].textContent"), "work's p50");
        browser.click("#tree-table th:nth-child(" + (p50Column + 1) + ")");
        assertEquals(List.of("main", "work", "io"), browser.eval(cells), "by p50, largest first");
        browser.click("#tree-table th:nth-child(" + (p50Column + 1) + ")");
        assertEquals(List.of("main", "io", "work"), browser.eval(cells), "by p50, smallest first");
        browser.click("button[data-tab=flat]");
        List<?> flatHeads = (List<?>) browser.eval("Array.from(document.querySelectorAll('#flat-table th'))"
                + ".map(function(h){return h.textContent;})");
        int flatP50 = flatHeads.indexOf("p50 per call");
        assertTrue(flatP50 > 0, flatHeads.toString());
        assertEquals(p50Text, browser.eval("Array.from(document.querySelectorAll('#flat-table tbody tr')).filter("
                + "function(r){return r.cells[0].textContent==='work';})[0].cells[" + flatP50 + "].textContent"));
        browser.click("button[data-tab=graph]");
        Map<?, ?> work = (Map<?, ?>) browser.eval("ppwReport.frameCenter('work')");
        browser.move(((Number) work.get("x")).doubleValue(), ((Number) work.get("y")).doubleValue());
        String tip = (String) browser.eval("document.getElementById('tooltip').textContent");
        assertTrue(tip.contains("p50 per call" + p50Text), tip);
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void theTimeChartDrawsItsSeriesHoversZoomsAndSelects() throws Exception {
        open("time.html", HtmlFixtures.overTime("work", "memory"));
        browser.click("button[data-tab=time]");
        assertEquals(List.of(), browser.errors());
        assertEquals(1, ((Number) browser.eval("document.querySelectorAll('#time-chart canvas').length")).intValue());
        // main is the only root: its time split by its callees, the rest its own time.
        assertEquals(List.of("work", "io", "main: own time and the other callees"),
                browser.eval("ppwReport.timeSeriesNames()"));
        assertEquals(3, ((Number) browser.eval("ppwReport.timeSeriesDrawn()")).intValue());
        Map<?, ?> bin2 = (Map<?, ?>) browser.eval("ppwReport.timePoint(2, 0.5)");
        browser.move(((Number) bin2.get("x")).doubleValue(), ((Number) bin2.get("y")).doubleValue());
        assertEquals("bin 3 of 4: 0.001000 s \u2013 0.001500 s",
                browser.eval("document.querySelector('#time-readout div').textContent"));
        assertEquals(List.of(List.of("work", "300.000 us", "60.00% of the bin"), List.of("io", "0 ns", "0.00% of the bin"),
                List.of("main: own time and the other callees", "200.000 us", "40.00% of the bin")),
                browser.eval("Array.from(document.querySelectorAll('#time-readout tr')).map(function(r){"
                        + "return Array.from(r.cells).map(function(c){return c.textContent;});})"));
        assertEquals(List.of(0.0, 0.002), numbers(browser.eval("ppwReport.timeRange()")));
        Map<?, ?> bin0 = (Map<?, ?>) browser.eval("ppwReport.timePoint(0, 0.5)");
        browser.drag(((Number) bin0.get("x")).doubleValue(), ((Number) bin0.get("y")).doubleValue(),
                ((Number) bin2.get("x")).doubleValue(), ((Number) bin2.get("y")).doubleValue());
        List<Double> zoomed = numbers(browser.eval("ppwReport.timeRange()"));
        assertTrue(zoomed.get(0) > 0.0002 && zoomed.get(0) < 0.0003 && zoomed.get(1) > 0.0012
                && zoomed.get(1) < 0.0013, "from the middle of bin 0 to that of bin 2: " + zoomed);
        browser.doubleClick(((Number) bin2.get("x")).doubleValue(), ((Number) bin2.get("y")).doubleValue());
        assertEquals(List.of(0.0, 0.002), numbers(browser.eval("ppwReport.timeRange()")), "zoomed out");
        // The bottom of bin 3 is work's band: a click there selects work.
        Map<?, ?> bottom = (Map<?, ?>) browser.eval("ppwReport.timePoint(3, 0.97)");
        browser.click(((Number) bottom.get("x")).doubleValue(), ((Number) bottom.get("y")).doubleValue());
        assertEquals("selected: main \u2192 work", browser.eval("document.getElementById('selection').textContent"));
        browser.click("#time input[value=exclusive]");
        assertEquals(List.of("work", "main", "io"), browser.eval("ppwReport.timeSeriesNames()"));
        assertEquals(1, ((Number) browser.eval("document.querySelectorAll('#time-counters canvas').length")).intValue(),
                "one chart of the counter memory");
        browser.click("#time input[value=heat]");
        assertEquals(1, ((Number) browser.eval("document.querySelectorAll('#time-chart canvas.heat').length")).intValue());
        // Lines of 14 px after 220 px of names, the bins across the rest (10 px short of the edge): work's line
        // (the first of the exclusive choice) in bin 3.
        Map<?, ?> cell = (Map<?, ?>) browser.eval("(function(){var r=document.querySelector('#time-chart canvas.heat')"
                + ".getBoundingClientRect();return {x:r.left+220+(r.width-230)*7/8,y:r.top+7};})()");
        browser.move(((Number) cell.get("x")).doubleValue(), ((Number) cell.get("y")).doubleValue());
        assertEquals("main \u2192 work: 400.000 us (80.00% of the bin)",
                browser.eval("document.querySelectorAll('#time-readout div')[1].textContent"));
        // A drag across the heat map from bin 1 to bin 2 shows those two; a double click all four again.
        String at = "(function(k){var r=document.querySelector('#time-chart canvas.heat').getBoundingClientRect();"
                + "return {x:r.left+220+(r.width-230)*(2*k+1)/8,y:r.top+7};})";
        Map<?, ?> from = (Map<?, ?>) browser.eval(at + "(1)");
        Map<?, ?> to = (Map<?, ?>) browser.eval(at + "(2)");
        browser.drag(((Number) from.get("x")).doubleValue(), ((Number) from.get("y")).doubleValue(),
                ((Number) to.get("x")).doubleValue(), ((Number) to.get("y")).doubleValue());
        assertEquals(List.of(1, 3), browser.eval("ppwReport.timeBinsShown()"));
        Map<?, ?> middle = (Map<?, ?>) browser.eval(at + "(1)");
        browser.doubleClick(((Number) middle.get("x")).doubleValue(), ((Number) middle.get("y")).doubleValue());
        assertEquals(List.of(0, 4), browser.eval("ppwReport.timeBinsShown()"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void binsOnTheTraceClockAreLabelledAfterAWholeSecond() throws Exception {
        // PerfFlowAspect's clock: microseconds since 1970, 1.795e18 ns (beyond a double's exact integers).
        Report report = HtmlFixtures.overTime("work", "memory");
        dev.ppw.model.TimeBins relative = report.timeBins().orElseThrow();
        dev.ppw.model.TimeBins absolute = new dev.ppw.model.TimeBins(true, 1_795_000_000_100_000_000L, 500_000, 4);
        for (int row : relative.rows()) {
            absolute.putRow(row, relative.inclusiveNanos(row), relative.exclusiveNanos(row), relative.calls(row));
        }
        open("time-absolute.html", report.withTimeBins(absolute));
        browser.click("button[data-tab=time]");
        assertEquals("s on the trace clock, after 1795000000 s", browser.eval("ppwReport.timeAxis().label"));
        List<?> ticks = (List<?>) browser.eval("ppwReport.timeAxis().ticks");
        assertTrue(ticks.contains("0.1") && ticks.contains("0.1015"), ticks.toString());
        Map<?, ?> bin1 = (Map<?, ?>) browser.eval("ppwReport.timePoint(1, 0.5)");
        browser.move(((Number) bin1.get("x")).doubleValue(), ((Number) bin1.get("y")).doubleValue());
        assertEquals("bin 2 of 4: 0.100500 s \u2013 0.101000 s after 1795000000 s",
                browser.eval("document.querySelector('#time-readout div').textContent"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void hostileNamesInTheTimeChartStayText() throws Exception {
        String row = HtmlFixtures.HOSTILE.get(1);
        String counter = HtmlFixtures.HOSTILE.get(0);
        open("time-hostile.html", HtmlFixtures.overTime(row, counter));
        browser.click("button[data-tab=time]");
        Map<?, ?> bin1 = (Map<?, ?>) browser.eval("ppwReport.timePoint(1, 0.5)");
        browser.move(((Number) bin1.get("x")).doubleValue(), ((Number) bin1.get("y")).doubleValue());
        assertTrue(((String) browser.eval("document.getElementById('time-legend').textContent")).contains(row));
        assertTrue(((String) browser.eval("document.getElementById('time-readout').textContent")).contains(row));
        assertTrue(((String) browser.eval("document.getElementById('time-counters').textContent")).contains(counter));
        browser.click("#time input[value=heat]");
        assertNull(browser.eval("window.pwned"));
        assertEquals(0, ((Number) browser.eval("document.querySelectorAll('img, svg, b, iframe').length")).intValue());
        assertEquals(3, ((Number) browser.eval("document.scripts.length")).intValue());
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void thePerNodeViewShowsTheChosenRowOverTimeOnEveryNode() throws Exception {
        open("nodes-time.html", HtmlFixtures.mergedOverTime(4));
        browser.click("button[data-tab=nodes]");
        browser.click("#worst-table tbody tr:nth-child(1)");
        assertEquals("main \u2192 work", browser.eval("document.getElementById('nodes-row').textContent"));
        assertEquals(false, browser.eval("document.getElementById('nodes-time').hidden"));
        assertEquals(1, ((Number) browser.eval("document.querySelectorAll('#nodes-time-chart canvas').length"))
                .intValue());
        Map<?, ?> box = (Map<?, ?>) browser.eval("(function(){var r=document.querySelector('#nodes-time-chart .u-over')"
                + ".getBoundingClientRect();return {x:r.left+r.width*5/6,y:r.top+r.height/2};})()");
        browser.move(((Number) box.get("x")).doubleValue(), ((Number) box.get("y")).doubleValue());
        // Bin 2 (the third): node n2 took 3 us there, the others nothing.
        assertEquals(List.of(List.of("n0", "0 ns"), List.of("n1", "0 ns"), List.of("n2", "3.000 us"),
                List.of("n3", "0 ns")), browser.eval("Array.from(document.querySelectorAll('#nodes-time-readout tr'))"
                + ".map(function(r){return [r.cells[0].textContent, r.cells[1].textContent];})"));
        assertEquals("n0n1n2n3", browser.eval("document.querySelector('#nodes-time-chart .legend').textContent"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void thePerNodeViewDrawsEachNodesPercentileOnRequest() throws Exception {
        open("nodes-percentiles.html", HtmlFixtures.mergedWithCallTimes(3));
        browser.click("button[data-tab=nodes]");
        browser.eval("(function(){var t=Array.from(document.querySelectorAll('#worst-table tbody tr')).filter("
                + "function(r){return r.cells[0].textContent==='main \u2192 work';})[0];t.click();})()");
        String stats = (String) browser.eval("document.getElementById('nodes-stats').textContent");
        assertTrue(stats.endsWith(" \u00b7 per call over every node's calls: p100 3.000 us"), stats);
        String readout = "document.querySelector('#nodes-chart p').textContent";
        // Inclusive time of work on the nodes: 1, 3 and 6 us; their largest calls: 1, 2 and 3 us.
        assertTrue(((String) browser.eval(readout)).startsWith("mean 3.333 us"));
        browser.eval("(function(){var s=document.getElementById('nodes-metric');s.value='p100_ns';"
                + "s.dispatchEvent(new Event('change'));})()");
        assertTrue(((String) browser.eval(readout)).startsWith("mean 2.000 us"), (String) browser.eval(readout));
        assertEquals(List.of(), browser.errors());
    }

    private static List<Double> numbers(Object list) {
        return ((List<?>) list).stream().map(v -> ((Number) v).doubleValue()).toList();
    }
}
