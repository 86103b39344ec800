package dev.ppw.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The store suite on PostgreSQL ({@link Backends}): skipped with its reason without a server, outside CI. */
class PostgresqlStoreTest extends StoreContract {
    @Override
    StoreLocation newLocation(Path folder) {
        return Backends.postgresql(folder);
    }

    @Override
    void drop(StoreLocation location) {
        Backends.dropSchema(location);
    }

    @Override
    AutoCloseable holdWriterLock(StoreLocation location) throws Exception {
        Connection c = DriverManager.getConnection(location.jdbcUrl());
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_lock(" + Dialect.WRITER_LOCK + ")");
        }
        return c::close;
    }

    @Override
    void checkConsistent(RunStore store) {
        // PostgreSQL keeps its own structures; the store's: every value row belongs to a run, every run has a profile
        assertEquals("0", StoreChecks.query(store,
                "SELECT COUNT(*) FROM context_values v WHERE NOT EXISTS (SELECT 1 FROM runs r WHERE r.id = v.run)"));
        assertEquals("0", StoreChecks.query(store,
                "SELECT COUNT(*) FROM runs r WHERE NOT EXISTS (SELECT 1 FROM run_profiles p WHERE p.run = r.id)"));
    }
}
