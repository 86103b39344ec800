package dev.ppw.report;

/** Chooses the reporter of a format: the one switch over {@link OutputFormat}. */
public final class Reporters {
    private Reporters() {
    }

    public static Reporter forFormat(OutputFormat format) {
        return switch (format) {
            case TEXT -> new TextReporter();
            case CSV -> new CsvReporter();
            case JSON -> new JsonReporter();
        };
    }
}
