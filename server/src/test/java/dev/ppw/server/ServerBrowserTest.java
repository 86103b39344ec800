package dev.ppw.server;

import dev.ppw.testing.browser.BrowserSession;
import dev.ppw.testing.browser.Chromium;
import dev.ppw.testing.browser.HostileNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server's pages in a real headless Chromium: the run list opens with the token in the URL and then goes on with
 * the cookie, two checked runs open their diff, the history chart draws a point per run and a click on one opens
 * that run, hostile names run nothing, and no page asks anything of another server or logs an error. Skipped, with
 * the reason, where Chromium is missing.
 */
class ServerBrowserTest {
    @TempDir
    static Path folder;

    private static Served served;
    private static BrowserSession session;
    private static Chromium browser;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        session = BrowserSession.start("ppw-serve");
        browser = session.browser;
        served = Served.start(folder);
    }

    @AfterAll
    static void stop() throws IOException {
        if (served != null) {
            served.close();
        }
        if (session != null) {
            session.close();
        }
    }

    private static String base() {
        return "http://127.0.0.1:" + served.port();
    }

    private static void open(String target) throws IOException, InterruptedException {
        browser.open(URI.create(base() + target));
        for (String url : browser.requests()) {
            assertTrue(url.startsWith(base() + "/") || url.startsWith("data:"), "a request elsewhere: " + url);
        }
    }

    private static void waitFor(String expression) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!Boolean.TRUE.equals(browser.eval(expression))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never true: " + expression);
            }
            Thread.sleep(20);
        }
    }

    @Test
    void theRunListOpensWithTheTokenAndTwoCheckedRunsOpenTheirDiff() throws Exception {
        open("/?token=" + Served.TOKEN);
        assertEquals(List.of(), browser.errors());
        assertEquals(8, browser.eval("document.querySelectorAll('#runs tbody tr').length"));
        assertEquals(true, browser.eval("document.getElementById('compare-button').disabled"));
        browser.click("input[name=run][value='5']");
        browser.click("input[name=run][value='2']");
        assertEquals(false, browser.eval("document.getElementById('compare-button').disabled"));
        assertEquals("Compare run 5 against the baseline run 2.",
                browser.eval("document.getElementById('compare-note').textContent"));
        // a third check leaves the first one's box: two stay checked
        browser.click("input[name=run][value='7']");
        assertEquals(List.of("7", "2"), browser.eval("Array.from(document.querySelectorAll('input[name=run]:checked'))"
                + ".map(function(b){return b.value;})"));
        browser.click("#compare-button");
        waitFor("location.pathname === '/diff' && document.readyState === 'complete'");
        // the diff page came with the cookie alone: the token is not in its URL
        assertEquals("?run=7&run=2", browser.eval("location.search"));
        assertTrue(((String) browser.eval("document.title")).length() > 0);
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void theHistoryChartDrawsAPointPerRunAndAClickOpensItsRun() throws Exception {
        open("/history?context=main+%3D%3E+solve&token=" + Served.TOKEN);
        assertEquals(List.of(), browser.errors());
        assertEquals("7", browser.eval("document.getElementById('chart').getAttribute('data-points')"));
        assertEquals(1, browser.eval("document.querySelectorAll('#chart canvas').length"));
        Map<?, ?> at = (Map<?, ?>) browser.eval("ppwHistory.pointOf(8)");
        browser.click(((Number) at.get("x")).doubleValue(), ((Number) at.get("y")).doubleValue());
        waitFor("location.pathname === '/runs/8' && document.readyState === 'complete'");
        assertEquals("Run 8 plain 8", browser.eval("document.querySelector('h1').textContent"));
        assertEquals(List.of(), browser.errors());
    }

    @Test
    void hostileNamesRunNothingInAnyPage() throws Exception {
        for (String target : List.of("/?token=" + Served.TOKEN, "/runs/1", "/runs/1/report", "/diff?a=1&b=2",
                "/history?region=main&region=" + Query.encode(HostileNames.ALL.get(0)),
                "/?session=" + Query.encode(HostileNames.ALL.get(1)))) {
            open(target);
            assertNull(browser.eval("window.pwned"), target);
            assertEquals(List.of(), browser.errors(), target);
        }
        // the run page frames its report: nothing ran in the frame either
        open("/runs/1");
        waitFor("document.getElementById('report').contentDocument !== null"
                + " && document.getElementById('report').contentDocument.readyState === 'complete'");
        assertNull(browser.eval("document.getElementById('report').contentWindow.pwned"));
        assertEquals(HostileNames.ALL.get(0), browser.eval("document.querySelector('#runs, h1 .name').textContent"));
    }
}
