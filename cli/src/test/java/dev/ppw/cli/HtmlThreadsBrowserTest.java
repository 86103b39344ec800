package dev.ppw.cli;

import dev.ppw.testing.browser.BrowserSession;
import dev.ppw.testing.browser.Chromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML page's selector of processes and threads, hiding that merges namesake siblings, and the sandwich panel's
 * levels, in a real headless Chromium, on a trace of two processes: Browser's thread main (100 us, (idle) 30 us
 * holding work 20 us, and work 20 us beside it) and Renderer's two threads both named worker (30 us and 20 us of
 * task), each process also shown whole.
 * Skipped, with the reason, where Chromium is missing.
 */
class HtmlThreadsBrowserTest {
    private static final Path TRACE = Path.of("src/test/resources/traces/threads-idle.json");
    private static BrowserSession session;
    private static Chromium browser;
    private static ReportPage page;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        session = BrowserSession.start("ppw-html-threads");
        browser = session.browser;
        page = new ReportPage(session, TRACE, "threads.html");
    }

    @AfterAll
    static void stop() throws IOException {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void theSelectorListsProcessesAndThreadsWithTheirTotalsAndShowsOne() throws Exception {
        page.open();
        assertEquals(false, browser.eval("document.getElementById('thread-bar').hidden"));
        assertEquals(List.of("process Browser (pid 1) \u00b7 100.000 us thread time",
                        "process Renderer (pid 2) \u00b7 50.000 us thread time"),
                browser.eval("Array.from(document.querySelectorAll('#thread optgroup')).map(function(g){return g.label;})"));
        assertEquals(List.of("all threads (150.000 us thread time)",
                        "the whole process (100.000 us thread time)", "main (100.000 us)",
                        "the whole process (50.000 us thread time)",
                        "worker (pid 2 tid 2) (30.000 us)", "worker (pid 2 tid 3) (20.000 us)"),
                browser.eval("Array.from(document.querySelectorAll('#thread option')).map(function(o){return o.textContent;})"));
        browser.eval("(function(){var s=document.getElementById('thread');s.value='2';"
                + "s.dispatchEvent(new Event('change'));})()");
        assertEquals(List.of(), browser.errors());
        assertEquals(2L, ((Number) browser.eval("ppwReport.thread()")).longValue());
        assertTrue(page.text("summary").contains("total 20.000 us"), page.text("summary"));
        assertEquals("thread worker (pid 2 tid 3) of process Renderer \u00b7 20.000 us thread time",
                page.text("thread-note"));
        assertEquals(List.of(20000L), weights("task"));
        Files.write(Path.of("target/html-threads-selector.png"), browser.screenshot(1400, 500));
        browser.eval("ppwReport.showThread(-1)");
        assertTrue(page.text("summary").contains("total 150.000 us"), page.text("summary"));
    }

    @Test
    void aProcessIsShownWholeAllItsThreadsAtOnceWithItsTotal() throws Exception {
        page.open();
        browser.eval("(function(){var s=document.getElementById('thread');s.value='p1';"
                + "s.dispatchEvent(new Event('change'));})()");
        assertEquals(List.of(), browser.errors());
        assertEquals(1L, ((Number) browser.eval("ppwReport.process()")).longValue());
        assertEquals(-1L, ((Number) browser.eval("ppwReport.thread()")).longValue());
        assertTrue(page.text("summary").contains("total 50.000 us"), page.text("summary"));
        assertEquals("the 2 threads of process Renderer (pid 2) \u00b7 50.000 us thread time", page.text("thread-note"));
        // Both workers' task, 30 us and 20 us, is one frame of the process's tree.
        assertEquals(List.of(50000L), weights("task"));
        assertEquals(List.of(), weights("main"));
        Files.write(Path.of("target/html-threads-process.png"), browser.screenshot(1400, 500));
        browser.eval("ppwReport.showProcess(0)");
        assertTrue(page.text("summary").contains("total 100.000 us"), page.text("summary"));
        assertEquals(List.of(), weights("task"));
        browser.eval("ppwReport.showThread(-1)");
        assertEquals(-1L, ((Number) browser.eval("ppwReport.process()")).longValue());
        assertTrue(page.text("summary").contains("total 150.000 us"), page.text("summary"));
    }

    @Test
    void hidingIdleMergesTheWorkThatBecomesItsCallersTwice() throws Exception {
        page.open();
        assertEquals(List.of(20000L, 20000L), weights("work"));
        browser.click("#hide-idle");
        assertEquals(List.of(), browser.errors());
        assertEquals("1 rows hidden, 2 merged with a namesake sibling \u00b7 total now 150.000 us",
                page.text("hide-result"));
        assertEquals(List.of(40000L), weights("work"));
        assertEquals(List.of(10000L), weights("hash"));
        Map<?, ?> frame = (Map<?, ?>) browser.eval("ppwReport.frameCenter('work')");
        browser.click(((Number) frame.get("x")).doubleValue(), ((Number) frame.get("y")).doubleValue());
        // work's callers: main, a root; its callees: hash, both merged.
        assertEquals(List.of(List.of("main", "40.000 us", "100.00%")), rows("callers-table"));
        assertEquals(List.of(List.of("hash", "10.000 us", "25.00%")), rows("callees-table"));
        Files.write(Path.of("target/html-hide-merged.png"), browser.screenshot(1400, 600));
        browser.eval("(function(){var h=document.getElementById('hide');h.value='';"
                + "h.dispatchEvent(new Event('change'));})()");
        assertEquals(List.of(20000L, 20000L), weights("work"));
    }

    private static List<Long> weights(String name) throws IOException {
        return ((List<?>) browser.eval("ppwReport.frameWeights('" + name + "')")).stream()
                .map(v -> ((Number) v).longValue()).toList();
    }

    private static List<?> rows(String table) throws IOException {
        return (List<?>) browser.eval("Array.from(document.querySelectorAll('#" + table + " tbody tr')).map("
                + "function(r){return Array.from(r.cells).map(function(c){return c.textContent;});})");
    }
}
