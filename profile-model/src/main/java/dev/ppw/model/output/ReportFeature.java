package dev.ppw.model.output;

import dev.ppw.model.Presentation;
import dev.ppw.model.Report;

/**
 * What a {@link Report} may hold or ask for beyond its rows, each asked for by an option of the command line: a writer
 * says which it shows ({@link OutputWriter#features()}), so that a caller warns about an option the chosen writer
 * does not use (its output is then what it would be without it) and does not compute what no one prints. Each
 * constant names the part of the report it is.
 */
public enum ReportFeature {
    /** {@link Report#unit()}: the time unit asked for ({@code --unit}). */
    UNIT,
    /** {@link Presentation#style()}: a layout of text, TAU's pprof or a table ({@code --style}). */
    STYLE,
    /** {@link Presentation#asciiOnly()}: a tree drawn with ASCII lines ({@code --ascii}). */
    ASCII,
    /** {@link Presentation#verbose()}: every input, node, process and thread listed ({@code --verbose}). */
    VERBOSE,
    /** {@link Presentation#colour()}: rows coloured by heat on a terminal ({@code --color}). */
    COLOUR,
    /** {@link Report#timeBins()}: the rows' values over time ({@code --time-bins}, {@code --bin-width}). */
    TIME_BINS,
    /** {@link Report#phases()}: a report per phase after the whole ({@code --phase-by}, {@code --window}). */
    PHASES,
    /** {@link Report#breakdown()}: the per-node statistics of a merge's rows ({@code --breakdown}). */
    BREAKDOWN,
    /** {@link Report#imbalanceRows()}: the rows of largest imbalance, worst first ({@code --top-imbalance}). */
    IMBALANCE_ROWS,
    /** {@link Report#percentiles()}: percentile columns of the per-call time ({@code --percentiles}). */
    PERCENTILES,
    /** The counter series a counters view lists instead of rows ({@code --view counters}). */
    COUNTER_SERIES
}
