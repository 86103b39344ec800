package dev.ppw.cli;

import dev.ppw.testing.browser.BrowserSession;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A browser test's page: {@code ppw-java report} of one trace, written once into its session's folder and opened
 * in the session's Chromium as often as a test needs a fresh page.
 */
final class ReportPage {
    private final BrowserSession session;
    private final Path trace;
    private final Path page;

    ReportPage(BrowserSession session, Path trace, String pageName) {
        this.session = session;
        this.trace = trace;
        this.page = session.folder.resolve(pageName);
    }

    /** Opens the page, writing it on first use; fails on a report that fails or a script error on the page. */
    void open() throws IOException, InterruptedException {
        if (!Files.exists(page)) {
            Cli r = Cli.run("report", trace.toString(), "-o", page.toString());
            assertEquals(0, r.exit(), r.toString());
        }
        session.browser.open(page);
        assertEquals(List.of(), session.browser.errors());
    }

    /** The text content of the page's element of id {@code id}. */
    String text(String id) throws IOException {
        return (String) session.browser.eval("document.getElementById('" + id + "').textContent");
    }
}
