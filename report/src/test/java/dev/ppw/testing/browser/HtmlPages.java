package dev.ppw.testing.browser;

/**
 * The data elements of a page the HTML writer wrote ({@code ppw-data}, {@code ppw-phase-N}: docs/html-report.md), for
 * the tests of the report module and of the command line.
 */
public final class HtmlPages {
    private HtmlPages() {
    }

    /** The JSON of the page's data element. */
    public static String data(String page) {
        String open = "<script type=\"application/json\" id=\"ppw-data\">";
        int start = page.indexOf(open) + open.length();
        return page.substring(start, page.indexOf("</script>", start));
    }

    /** The JSON of the data element of phase {@code index} (from 0). */
    public static String phaseData(String page, int index) {
        String open = "<script type=\"application/json\" id=\"ppw-phase-" + index + "\">";
        int start = page.indexOf(open);
        if (start < 0) {
            throw new AssertionError("no data element of phase " + index);
        }
        start += open.length();
        return page.substring(start, page.indexOf("</script>", start));
    }
}
