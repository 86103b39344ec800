package dev.ppw.report;

import java.util.Locale;

/** The output formats of {@link Reporters#forFormat}. */
public enum OutputFormat {
    /** An aligned table for people, with a short header. */
    TEXT,
    /** RFC 4180 CSV, one header row, every time column named with its unit. */
    CSV,
    /** One JSON object: {@code metadata} and {@code rows}. */
    JSON;

    /** The lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
