package dev.ppw.model;

import java.util.Locale;
import java.util.Objects;

/**
 * How a report is laid out for people: what the text writer reads besides the numbers, and whether CSV guards
 * names that a spreadsheet would take for formulas. The other machine-readable writers (JSON, folded) ignore it.
 * The caller decides each choice (a command line from its options and the terminal); writers read no environment.
 *
 * @param style     the text layout
 * @param asciiOnly draw the tree with ASCII characters ({@code |- }, {@code `- }) instead of box-drawing
 *                  ones ({@code ├─ }, {@code └─ }), for outputs that cannot show them
 * @param verbose   list every input, node, process and thread in the header instead of counts and the
 *                  first few
 * @param colour    colour the table's rows by heat, their share of the total, with ANSI escape sequences: for
 *                  a terminal only (the caller decides, from {@code --color}, the terminal and
 *                  {@code NO_COLOR}); never set for a file
 * @param rawCsv    write CSV text cells as they are, even those a spreadsheet takes for a formula (starting with
 *                  {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return), which are otherwise
 *                  written as text, OWASP's way: a single quote before them, quoted (SEMANTICS.md section 5)
 */
public record Presentation(Style style, boolean asciiOnly, boolean verbose, boolean colour, boolean rawCsv) {
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

    /** CSV text cells guarded. */
    public Presentation(Style style, boolean asciiOnly, boolean verbose, boolean colour) {
        this(style, asciiOnly, verbose, colour, false);
    }

    /** Without colour, CSV text cells guarded. */
    public Presentation(Style style, boolean asciiOnly, boolean verbose) {
        this(style, asciiOnly, verbose, false, false);
    }

    /** One table, box-drawing characters, a short header, no colour, CSV text cells guarded. */
    public static Presentation defaults() {
        return new Presentation(Style.TABLE, false, false, false, false);
    }

    public Presentation withStyle(Style layout) {
        return new Presentation(layout, asciiOnly, verbose, colour, rawCsv);
    }

    public Presentation withAsciiOnly(boolean ascii) {
        return new Presentation(style, ascii, verbose, colour, rawCsv);
    }

    public Presentation withVerbose(boolean everything) {
        return new Presentation(style, asciiOnly, everything, colour, rawCsv);
    }

    public Presentation withColour(boolean heat) {
        return new Presentation(style, asciiOnly, verbose, heat, rawCsv);
    }

    public Presentation withRawCsv(boolean raw) {
        return new Presentation(style, asciiOnly, verbose, colour, raw);
    }
}
