package dev.ppw.report;

/**
 * Heat colours for a terminal: a row's share of its part's total picks one of six ANSI 256-colour
 * foregrounds, from red (above 90%) through orange, yellow and greens to dark green (10% or less), in the
 * bands Hatchet's {@code tree()} uses (above 0.9, 0.7, 0.5, 0.3, 0.1, the rest). Text pads cells by their
 * visible width ({@link #visibleLength}), so coloured tables stay aligned. A diff colours its changes by sign
 * instead ({@link #ofChange}).
 */
final class Heat {
    static final char ESCAPE = '\u001b';
    static final String RESET = ESCAPE + "[0m";
    /** The lower bounds (exclusive) of the bands, hottest first; the last band takes the rest. */
    private static final double[] ABOVE = {0.9, 0.7, 0.5, 0.3, 0.1};
    private static final int[] COLOURS = {196, 208, 220, 46, 34, 22};
    private static final String[] LABELS = {">90%", ">70%", ">50%", ">30%", ">10%", "<=10%"};

    /** The colour of a diff's change where B is larger (slower, heavier): the hottest band's red. */
    static final String GROWTH = ESCAPE + "[38;5;196m";
    /** The colour of a diff's change where B is smaller: a green. */
    static final String SHRINK = ESCAPE + "[38;5;46m";

    private Heat() {
    }

    /** The colour of a change of sign {@code sign}: {@link #GROWTH}, {@link #SHRINK}, or none for no change. */
    static String ofChange(int sign) {
        return sign > 0 ? GROWTH : sign < 0 ? SHRINK : "";
    }

    /** The escape sequence that starts the colour of {@code part} out of {@code total}; empty when total is 0. */
    static String of(long part, long total) {
        if (total == 0) {
            return "";
        }
        double share = (double) part / total;
        int band = 0;
        while (band < ABOVE.length && !(share > ABOVE[band])) {
            band++;
        }
        return start(band);
    }

    /** {@code text} in the colour {@code escape} starts, or as it is when {@code escape} is empty. */
    static String paint(String escape, String text) {
        return escape.isEmpty() ? text : escape + text + RESET;
    }

    /** One line that names each band in its colour. */
    static String legend() {
        StringBuilder sb = new StringBuilder("heat (share of the total):");
        for (int band = 0; band < COLOURS.length; band++) {
            sb.append(' ').append(paint(start(band), LABELS[band]));
        }
        return sb.append('\n').toString();
    }

    private static String start(int band) {
        return ESCAPE + "[38;5;" + COLOURS[band] + "m";
    }

    /** The characters of {@code s} that a terminal shows: its length without its SGR escape sequences. */
    static int visibleLength(String s) {
        if (s.indexOf(ESCAPE) < 0) {
            return s.length();
        }
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == ESCAPE && i + 1 < s.length() && s.charAt(i + 1) == '[') {
                int end = s.indexOf('m', i + 2);
                if (end > 0) {
                    i = end;
                    continue;
                }
            }
            n++;
        }
        return n;
    }
}
