package dev.ppw.testing.browser;

import java.util.List;

/**
 * Names that would run script if a page took them for markup: the HTML report's tests put them in region names, and
 * the server's tests in every name a run has (label, session, tags, regions, command line).
 */
public final class HostileNames {
    /** Each sets {@code window.pwned} when run; an escaped page leaves it undefined. */
    public static final List<String> ALL = List.of("<img src=x onerror=window.pwned=1>",
            "</script><script>window.pwned=2</script>", "<!-- <script>window.pwned=3</script>",
            "\u2028a & b \"q\" 'r' <b>bold</b>", "<svg onload=window.pwned=4>");

    private HostileNames() {
    }
}
