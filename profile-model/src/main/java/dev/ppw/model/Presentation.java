package dev.ppw.model;

import java.util.Locale;
import java.util.Objects;

/**
 * How a report is laid out for people: what the text writer reads besides the numbers. Machine-readable
 * writers (CSV, JSON, folded) ignore it. The caller decides each choice (a command line from its options
 * and the terminal); writers read no environment.
 *
 * @param style     the text layout
 * @param asciiOnly draw the tree with ASCII characters ({@code |- }, {@code `- }) instead of box-drawing
 *                  ones ({@code ├─ }, {@code └─ }), for outputs that cannot show them
 * @param verbose   list every input, node, process and thread in the header instead of counts and the
 *                  first few
 * @param colour    colour the table's rows by heat, their share of the total, with ANSI escape sequences: for
 *                  a terminal only (the caller decides, from {@code --color}, the terminal and
 *                  {@code NO_COLOR}); never set for a file
 */
public record Presentation(Style style, boolean asciiOnly, boolean verbose, boolean colour) {
    /** The text layouts. */
    public enum Style {
        /** One table: % of total, times, calls, times per call, the name (indented as a tree in tree views). */
        TABLE,
        /**
         * TAU's pprof: the report's {@link Report#sections() sections} (a thread or a node each), then the
         * whole profile as FUNCTION SUMMARY (total) and (mean), columns in pprof's order.
         */
        TAU;

        /** The lower-case name used on the command line. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public Presentation {
        Objects.requireNonNull(style, "style");
    }

    /** Without colour. */
    public Presentation(Style style, boolean asciiOnly, boolean verbose) {
        this(style, asciiOnly, verbose, false);
    }

    /** One table, box-drawing characters, a short header, no colour. */
    public static Presentation defaults() {
        return new Presentation(Style.TABLE, false, false, false);
    }

    public Presentation withStyle(Style layout) {
        return new Presentation(layout, asciiOnly, verbose, colour);
    }

    public Presentation withAsciiOnly(boolean ascii) {
        return new Presentation(style, ascii, verbose, colour);
    }

    public Presentation withVerbose(boolean everything) {
        return new Presentation(style, asciiOnly, everything, colour);
    }

    public Presentation withColour(boolean heat) {
        return new Presentation(style, asciiOnly, verbose, heat);
    }
}
