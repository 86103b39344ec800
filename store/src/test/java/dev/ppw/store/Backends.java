package dev.ppw.store;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The back ends the store suite runs on: an SQLite file in a test's folder, and a PostgreSQL database named by the
 * environment variable {@value #POSTGRES_URL} (a JDBC or postgresql:// URL with user and password in its query), each
 * test in a schema of its own. Without the variable the PostgreSQL tests are skipped with that reason, except in CI
 * ({@code CI=true}), where its absence fails them: .ci/run starts a server and sets it.
 */
final class Backends {
    static final String POSTGRES_URL = "PPW_TEST_POSTGRES_URL";
    private static final AtomicInteger SCHEMAS = new AtomicInteger();

    private Backends() {
    }

    static StoreLocation sqlite(Path folder) {
        return StoreLocation.parse(folder.resolve("runs.db").toString(), folder);
    }

    /** The server's JDBC URL, or the test skipped (outside CI) or failed (in CI) when none is set. */
    static String postgresUrl() {
        String url = System.getenv(POSTGRES_URL);
        if (url == null || url.isBlank()) {
            if ("true".equals(System.getenv("CI"))) {
                fail(POSTGRES_URL + " is not set in CI: .ci/run starts PostgreSQL and sets it");
            }
            Assumptions.abort(POSTGRES_URL + " is not set: no PostgreSQL server to test the store on");
        }
        return url.startsWith("jdbc:") ? url : "jdbc:" + url;
    }

    /** A new empty schema on the server, as a store location whose raw files go to {@code folder}. */
    static StoreLocation postgresql(Path folder) {
        String url = postgresUrl();
        String schema = "ppw_test_" + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet() + "_"
                + Long.toHexString(System.nanoTime());
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA " + schema);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot make a schema on " + url + ": " + e.getMessage(), e);
        }
        String withSchema = url + (url.contains("?") ? "&" : "?") + "currentSchema=" + schema;
        return StoreLocation.parse(withSchema, folder).withRawFolder(folder.resolve("raw"));
    }

    /** Drops a schema {@link #postgresql} made. */
    static void dropSchema(StoreLocation location) {
        String url = location.jdbcUrl();
        String schema = url.replaceAll(".*currentSchema=([A-Za-z0-9_]+).*", "$1");
        try (Connection c = DriverManager.getConnection(url.replaceAll("[?&]currentSchema=[A-Za-z0-9_]+", ""));
             Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
