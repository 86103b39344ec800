package dev.ppw.model.output;

/**
 * What a {@link dev.ppw.model.Report} holds, as far as a writer cares: a writer says in
 * {@link OutputWriter#accepts()} which of these it can print, so that a caller can refuse a combination
 * (a format that cannot show a diff) before computing anything.
 */
public enum Content {
    /** One profile: its rows, totals and diagnostics. */
    PROFILE,
    /** An aggregate of node profiles, with its per-node breakdown and the list of nodes. */
    MERGED,
    /** Two profiles compared row by row. */
    DIFF
}
