package dev.ppw.server;

/**
 * The server's own pages, written as text: every value that is not the page's own markup goes through
 * {@link #text} (element content and quoted attribute values alike), so a name holding markup stays text. A page
 * has no inline script or style: its Content-Security-Policy ({@link #POLICY}) runs only the server's own files.
 */
final class Html {
    /**
     * The server's pages: scripts, styles and fetches from this server only; frames of this server only (a run's
     * report); nothing may frame them but this server; forms post here only.
     */
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

    /**
     * A report page of the HTML writer: its own policy (inline script and style, no request of any kind), framed by
     * this server's run page only.
     */
    static final String REPORT_POLICY = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
            + "img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

    private Html() {
    }

    /** {@code value} as element text or a quoted attribute's value: {@code & < > " '} escaped. */
    static String text(String value) {
        StringBuilder sb = null;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            String escape = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (escape != null && sb == null) {
                sb = new StringBuilder(value.length() + 16).append(value, 0, i);
            }
            if (sb != null) {
                if (escape != null) {
                    sb.append(escape);
                } else {
                    sb.append(c);
                }
            }
        }
        return sb == null ? value : sb.toString();
    }

    /**
     * The start of a page: its title, the server's style (and {@code extraStyles}), the bar of links, and
     * {@code <main>}.
     */
    static StringBuilder start(String title, boolean allowRun, String... extraStyles) {
        StringBuilder page = new StringBuilder(8192);
        page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(text(title)).append("</title>\n")
                // no icon: the browser would ask for /favicon.ico, a 404
                .append("<link rel=\"icon\" href=\"data:,\">\n");
        for (String style : extraStyles) {
            page.append("<link rel=\"stylesheet\" href=\"/assets/").append(style).append("\">\n");
        }
        page.append("<link rel=\"stylesheet\" href=\"/assets/ppw.css\">\n</head>\n<body>\n<nav class=\"bar\">")
                .append("<a href=\"/\" class=\"home\">ppw-java</a> <a href=\"/\">runs</a> ")
                .append("<a href=\"/history\">history</a>");
        if (allowRun) {
            page.append(" <a href=\"/runs/new\">new run</a>");
        }
        page.append("</nav>\n<main>\n");
        return page;
    }

    /** The end of a page: {@code </main>}, then the server's scripts {@code scripts}, in order. */
    static String end(StringBuilder page, String... scripts) {
        page.append("</main>\n");
        for (String script : scripts) {
            page.append("<script src=\"/assets/").append(script).append("\"></script>\n");
        }
        return page.append("</body>\n</html>\n").toString();
    }

    /**
     * A data element holding {@code json} (written by {@link Json}, whose escapes keep it inert) for the page's
     * scripts: {@code <script type="application/json" id="ID">}, never run.
     */
    static void data(StringBuilder page, String id, String json) {
        page.append("<script type=\"application/json\" id=\"").append(id).append("\">").append(json)
                .append("</script>\n");
    }
}
