package dev.ppw.store;

/** What differs between the back ends, beyond the schema's types: where migrations are, how a writer is alone. */
enum Dialect {
    SQLITE("sqlite"),
    POSTGRESQL("postgresql");

    /**
     * The key of the PostgreSQL advisory lock that every writer of a store takes for its transaction: writers of one
     * store take turns, as SQLite's BEGIN IMMEDIATE makes them, so ids are given out by one writer at a time and two
     * writers never deadlock on the contexts they both add.
     */
    static final long WRITER_LOCK = 0x7070772d72756e73L; // "ppw-runs"

    private final String folder;

    Dialect(String folder) {
        this.folder = folder;
    }

    /** The migrations' folder of this dialect's own statements. */
    String folder() {
        return folder;
    }
}
