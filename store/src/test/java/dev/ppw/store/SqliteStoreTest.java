package dev.ppw.store;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The store suite on SQLite, and what only an SQLite file can be: not a store, missing, on a network mount. */
class SqliteStoreTest extends StoreContract {
    @Override
    StoreLocation newLocation(Path folder) {
        return Backends.sqlite(folder);
    }

    @Override
    void drop(StoreLocation location) {
        // the file is in the test's folder
    }

    @Override
    AutoCloseable holdWriterLock(StoreLocation location) throws Exception {
        Connection c = DriverManager.getConnection(location.jdbcUrl());
        try (Statement s = c.createStatement()) {
            s.execute("BEGIN IMMEDIATE");
        }
        return c::close;
    }

    @Override
    void checkConsistent(RunStore store) {
        assertEquals("ok", StoreChecks.query(store, "PRAGMA integrity_check"));
        assertEquals("wal", StoreChecks.query(store, "PRAGMA journal_mode"));
        assertEquals("1024", StoreChecks.query(store, "PRAGMA page_size"));
    }

    @Test
    void aFileThatIsNotAStoreIsRefusedAndLeftAsItWas() throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "these are notes, not a database\n");
        byte[] before = Files.readAllBytes(text);
        StoreException e = assertThrows(StoreException.class, () -> open(StoreLocation.parse(text.toString(), dir)));
        assertEquals(text + " is not a ppw-java store: not an SQLite database", e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(text));
        assertEquals(List.of("notes.txt"), names(dir));
    }

    @Test
    void anotherProgramsDatabaseIsRefusedAndLeftAsItWas() throws Exception {
        Path other = dir.resolve("other.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + other); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT)");
        }
        byte[] before = Files.readAllBytes(other);
        StoreException e = assertThrows(StoreException.class, () -> open(StoreLocation.parse(other.toString(), dir)));
        assertEquals(other + " is not a ppw-java store: a database with other tables", e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(other));
        assertEquals(List.of("other.db"), names(dir));
    }

    @Test
    void aMissingStoreIsMadeOnlyWhenRunsAreStored() {
        StoreLocation location = StoreLocation.parse(dir.resolve("deep/er/runs.db").toString(), dir);
        StoreException e = assertThrows(StoreException.class, () -> RunStore.open(location,
                RunStore.Options.defaults().withMode(RunStore.Mode.EXISTING)));
        assertEquals("no store at " + location + ": it is made when the first run is stored (ppw-java runs add INPUT"
                + " --store " + location + ")", e.getMessage());
        assertFalse(Files.exists(dir.resolve("deep")), "nothing made");
        try (RunStore store = open(location)) {
            assertEquals(0, store.count());
        }
        assertEquals(true, Files.isRegularFile(dir.resolve("deep/er/runs.db")));
    }

    private static List<String> names(Path folder) throws Exception {
        try (var list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
