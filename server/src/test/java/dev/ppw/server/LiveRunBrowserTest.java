package dev.ppw.server;

import dev.ppw.store.RunStore;
import dev.ppw.testing.browser.BrowserSession;
import dev.ppw.testing.browser.Chromium;
import dev.ppw.workload.WorkloadException;
import dev.ppw.workload.WorkloadSpec;
import dev.ppw.workload.Workloads;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The new-run form in a real headless Chromium: submitted, its run is followed live (the intervals drawn by uPlot, the
 * workload's lines shown) until the link to the stored run appears, with no error logged and no request elsewhere.
 * Skipped, with the reason, where Chromium is missing or perf cannot count (not under CI=true).
 */
class LiveRunBrowserTest {
    @TempDir
    Path folder;

    @Test
    void theFormRunsAWorkloadPlotsItsIntervalsAndLinksToTheStoredRun() throws Exception {
        try {
            Workloads.checkPerf(WorkloadSpec.Tool.STAT, Workloads.Options.defaults());
        } catch (WorkloadException e) {
            if ("true".equals(System.getenv("CI"))) {
                throw e;
            }
            Assumptions.abort("perf cannot count here: " + e.getMessage());
        }
        try (BrowserSession session = BrowserSession.start("ppw-live");
             Served served = Served.start(folder, true)) {
            Chromium browser = session.browser;
            String base = "http://127.0.0.1:" + served.port();
            browser.open(URI.create(base + "/runs/new?token=" + Served.TOKEN));
            browser.eval("document.querySelector('textarea[name=command]').value ="
                    + " 'sh\\n-c\\nfor i in 1 2 3 4 5; do echo tick $i; sleep 0.1; done'");
            browser.eval("document.querySelector('input[name=interval_ms]').value = '100'");
            browser.eval("document.querySelector('input[name=label]').value = '<img src=x>'");
            browser.click("#run-form button[type=submit]");
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!Boolean.TRUE.equals(browser.eval("document.querySelector('#live-state a') !== null"))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("never stored: " + browser.eval(
                            "document.getElementById('live-state').textContent + ' / '"
                                    + " + document.getElementById('run-status').textContent"));
                }
                Thread.sleep(50);
            }
            assertEquals("/runs/9", browser.eval("document.querySelector('#live-state a').getAttribute('href')"));
            assertEquals(true, browser.eval("document.querySelector('#live-chart canvas') !== null"));
            assertEquals(true, browser.eval("document.getElementById('live-output').textContent"
                    + ".indexOf('tick 5') >= 0"));
            assertEquals(true, browser.eval("document.getElementById('live-cancel').hidden"), "no Cancel once ended");
            // the stored run's page draws the same counters from its points
            browser.open(URI.create(base + "/runs/9?token=" + Served.TOKEN));
            assertEquals(true, browser.eval("document.querySelector('#counters-chart canvas') !== null"));
            // task-clock's series: its count in msec, and perf's metric (CPUs utilized) where perf printed one
            assertEquals(true, browser.eval("Number(document.getElementById('counters-chart')"
                    + ".getAttribute('data-series')) === JSON.parse(document.getElementById('counters-data').textContent).series.length"
                    + " && JSON.parse(document.getElementById('counters-data').textContent).series"
                    + ".some(function (s) { return s.counter === 'task-clock' && s.series === 'msec'; })"));
            assertEquals(true, browser.eval("Number(document.getElementById('counters-chart')"
                    + ".getAttribute('data-times')) >= 3"));
            assertEquals(List.of(), browser.errors());
            for (String url : browser.requests()) {
                assertTrue(url.startsWith(base + "/") || url.startsWith("data:"), "a request elsewhere: " + url);
            }
        }
    }

    @Test
    void theFormsCancelButtonStopsTheWorkloadWhichIsStoredCancelled() throws Exception {
        try (BrowserSession session = BrowserSession.start("ppw-live-cancel");
             Served served = Served.start(folder, true)) {
            Chromium browser = session.browser;
            String base = "http://127.0.0.1:" + served.port();
            browser.open(URI.create(base + "/runs/new?token=" + Served.TOKEN));
            browser.eval("document.querySelector('input[name=tool][value=none]').checked = true");
            browser.eval("document.querySelector('textarea[name=command]').value = 'sleep\\n30'");
            browser.click("#run-form button[type=submit]");
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!Boolean.TRUE.equals(browser.eval("document.getElementById('live-state').textContent"
                    + ".indexOf('running: sleep 30') === 0"))) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("never started: " + browser.eval(
                            "document.getElementById('live-state').textContent"));
                }
                Thread.sleep(50);
            }
            assertEquals(false, browser.eval("document.getElementById('live-cancel').hidden"));
            long clicked = System.nanoTime();
            browser.click("#live-cancel");
            while (!Boolean.TRUE.equals(browser.eval("document.querySelector('#live-state a') !== null"))) {
                if (System.nanoTime() > clicked + 20_000_000_000L) {
                    throw new AssertionError("never stored: " + browser.eval(
                            "document.getElementById('live-state').textContent"));
                }
                Thread.sleep(50);
            }
            assertEquals("/runs/9", browser.eval("document.querySelector('#live-state a').getAttribute('href')"));
            assertTrue(browser.eval("document.getElementById('live-output').textContent").toString().isEmpty());
            assertEquals(List.of(), browser.errors());
            try (RunStore store = RunStore.open(served.location, RunStore.Options.defaults())) {
                assertTrue(store.run(9).orElseThrow().outcome().failed(), "stored as a failed, cancelled run");
            }
        }
    }
}
