package dev.ppw.testing.browser;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a browser test class shares: one headless {@link Chromium} and a scratch folder for the pages it writes,
 * both gone when closed. Started in {@code @BeforeAll}; where Chromium is missing, the class is skipped with the
 * reason.
 */
public final class BrowserSession implements AutoCloseable {
    public final Chromium browser;
    public final Path folder;

    private BrowserSession(Chromium browser, Path folder) {
        this.browser = browser;
        this.folder = folder;
    }

    /** A browser and an empty folder named {@code prefix...}; skips the calling test class without Chromium. */
    public static BrowserSession start(String prefix) throws IOException, InterruptedException {
        String missing = Chromium.unavailable();
        Assumptions.assumeTrue(missing == null, missing);
        Chromium browser = Chromium.start();
        try {
            return new BrowserSession(browser, Files.createTempDirectory(prefix));
        } catch (IOException e) {
            browser.close();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        browser.close();
        try (var files = Files.list(folder)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Files.delete(folder);
    }
}
