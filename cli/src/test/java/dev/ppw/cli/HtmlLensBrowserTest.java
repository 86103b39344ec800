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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML page's hide box, its "hide (idle)" button and its sandwich panel in a real headless Chromium, on a V8 CPU
 * profile of Node.js whose (idle) is 306.946 ms of 717.774 ms: hiding it leaves 410.828 ms, which every share is then
 * taken of; a click on writeAndReadBack shows its callers and callees as {@code --view callers} and {@code --view
 * callees} give them. Skipped, with the reason, where Chromium is missing.
 */
class HtmlLensBrowserTest {
    private static final Path NODE = Path.of("src/test/resources/traces/nodejs/node-workload-A.cpuprofile");
    private static BrowserSession session;
    private static Chromium browser;
    private static ReportPage page;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        session = BrowserSession.start("ppw-html-lens");
        browser = session.browser;
        page = new ReportPage(session, NODE, "node.html");
    }

    @AfterAll
    static void stop() throws IOException {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void idleIsOneClickAwayAndSharesAreOfWhatIsLeft() throws Exception {
        page.open();
        assertNotNull(browser.eval("ppwReport.frameCenter('(idle)')"));
        assertEquals(false, browser.eval("document.getElementById('hide-idle').hidden"));
        browser.click("#hide-idle");
        assertEquals(List.of(), browser.errors());
        assertNull(browser.eval("ppwReport.frameCenter('(idle)')"), "(idle) is not drawn");
        assertEquals("1 rows hidden \u00b7 total now 410.828 ms", page.text("hide-result"));
        // A regular expression: the garbage collector too.
        browser.eval("(function(){var h=document.getElementById('hide');h.value='/^\\\\((idle|garbage collector)\\\\)$/';"
                + "h.dispatchEvent(new Event('change'));})()");
        assertEquals("2 rows hidden \u00b7 total now 357.259 ms", page.text("hide-result"));
        browser.eval("(function(){var h=document.getElementById('hide');h.value='';"
                + "h.dispatchEvent(new Event('change'));})()");
        assertEquals("", page.text("hide-result"));
        assertNotNull(browser.eval("ppwReport.frameCenter('(idle)')"));
    }

    @Test
    void aClickOnAFrameOpensItsCallersAndCallees() throws Exception {
        page.open();
        assertEquals(true, browser.eval("document.getElementById('sandwich').hidden"));
        // A V8 function's region is its name and place (SEMANTICS.md "V8 CPU profiles").
        Map<?, ?> frame = (Map<?, ?>) browser.eval("ppwReport.frameCenter('zlibBufferSync node:zlib:164:24')");
        browser.click(((Number) frame.get("x")).doubleValue(), ((Number) frame.get("y")).doubleValue());
        assertEquals(List.of(), browser.errors());
        assertEquals(false, browser.eval("document.getElementById('sandwich').hidden"));
        assertEquals("zlibBufferSync node:zlib:164:24", page.text("sandwich-title"));
        // ppw-java profile node-workload-A.cpuprofile --view callers zlibBufferSync --max-depth 4 (and callees):
        // three levels below the region, each path under its prefix.
        assertEquals(List.of(List.of("syncBufferWrapper node:zlib:766:38", "132.067 ms", "100.00%"),
                        List.of("writeAndReadBack file:///work/steering/datagen/node_workload_a.js:25:32", "132.067 ms",
                                "100.00%")),
                rows("callers-table"));
        assertEquals(List.of(List.of("processChunkSync node:zlib:393:26", "132.067 ms", "100.00%"),
                        List.of("slice node:buffer:1177:40", "1.127 ms", "0.85%"),
                        List.of("subarray node:buffer:1169:46", "1.127 ms", "0.85%"),
                        List.of("allocUnsafe node:buffer:404:42", "1.125 ms", "0.85%"),
                        List.of("allocate node:buffer:429:18", "1.125 ms", "0.85%")),
                rows("callees-table"));
        assertTrue(page.text("sandwich-note").startsWith("132.067 ms in every context (18.40% of the total)"),
                page.text("sandwich-note"));
        // For a reader of the build: what the panel looks like (target/, never src/).
        Files.write(Path.of("target/html-lens-sandwich.png"), browser.screenshot(1400, 700));
    }

    private static List<?> rows(String table) throws IOException {
        return (List<?>) browser.eval("Array.from(document.querySelectorAll('#" + table + " tbody tr')).map("
                + "function(r){return Array.from(r.cells).map(function(c){return c.textContent;});})");
    }
}
