package dev.ppw.report;

import dev.ppw.testing.browser.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Takes the screenshots of docs/html-report.md with the browser tests' DevTools client: a page written by
 * {@code ppw-java report}, one of its tabs, as headless Chromium draws it. Runs only when asked:
 * <pre>
 * ./ppw-java report --time-bins 60 examples/... -o /tmp/page.html
 * ./mvnw -o test -pl report -am -Dtest=HtmlScreenshot -Dppw.screenshot.page=/tmp/page.html \
 *     -Dppw.screenshot.tab=time -Dppw.screenshot.out=$PWD/docs/html-report-time.png
 * </pre>
 * {@code ppw.screenshot.script} (optional) is JavaScript run in the page before the picture, to hover or
 * select something; {@code ppw.screenshot.size} is the window, {@code 1200x900} unless given.
 */
class HtmlScreenshot {
    @Test
    @EnabledIfSystemProperty(named = "ppw.screenshot.page", matches = ".+")
    void screenshot() throws Exception {
        Path page = Path.of(System.getProperty("ppw.screenshot.page"));
        Path out = Path.of(System.getProperty("ppw.screenshot.out", "screenshot.png"));
        String[] size = System.getProperty("ppw.screenshot.size", "1200x900").split("x");
        int width = Integer.parseInt(size[0]);
        int height = Integer.parseInt(size[1]);
        try (Chromium browser = Chromium.start()) {
            browser.screenshot(width, height);
            browser.open(page);
            String tab = System.getProperty("ppw.screenshot.tab", "graph");
            browser.click("button[data-tab=" + tab + "]");
            String script = System.getProperty("ppw.screenshot.script", "");
            if (!script.isEmpty()) {
                browser.eval(script);
            }
            String hover = System.getProperty("ppw.screenshot.hover", "");
            if (!hover.isEmpty()) {
                String[] at = hover.split(",");
                browser.move(Double.parseDouble(at[0]), Double.parseDouble(at[1]));
            }
            Files.write(out, browser.screenshot(width, height));
            assertEquals(List.of(), browser.errors());
        }
    }
}
