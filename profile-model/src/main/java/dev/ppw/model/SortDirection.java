package dev.ppw.model;

/** Which way a {@link SortKey} sorts. */
public enum SortDirection {
    /** Smallest first; names in {@link String#compareTo} order. */
    ASCENDING,
    /** Largest first; names in reverse order. */
    DESCENDING
}
