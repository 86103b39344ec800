package dev.ppw.report;

/**
 * A row's inclusive time over the time bins as one line of block characters, for text: one character per bin,
 * or per group of consecutive bins when there are more than {@link #MAX_CHARS} (each group's times added), each
 * scaled to the row's own largest character: {@code ▁} the least time, {@code █} the largest, a blank none.
 */
final class Sparkline {
    /** The most characters a sparkline takes. */
    static final int MAX_CHARS = 60;
    private static final char[] LEVELS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588".toCharArray();

    private Sparkline() {
    }

    /** How many consecutive bins each character stands for. */
    static int binsPerChar(int bins) {
        return (bins + MAX_CHARS - 1) / MAX_CHARS;
    }

    /** The sparkline of {@code nanosPerBin}. */
    static String of(long[] nanosPerBin) {
        int group = binsPerChar(nanosPerBin.length);
        int chars = (nanosPerBin.length + group - 1) / group;
        long[] sums = new long[chars];
        long max = 0;
        for (int i = 0; i < nanosPerBin.length; i++) {
            sums[i / group] += nanosPerBin[i];
        }
        for (long s : sums) {
            max = Math.max(max, s);
        }
        StringBuilder line = new StringBuilder(chars);
        for (long s : sums) {
            if (s <= 0) {
                line.append(' ');
            } else {
                // The largest is the top block; anything above nothing is at least the lowest.
                int level = (int) Math.ceil((double) LEVELS.length * s / max) - 1;
                line.append(LEVELS[Math.max(0, Math.min(LEVELS.length - 1, level))]);
            }
        }
        return line.toString();
    }
}
