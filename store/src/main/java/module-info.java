/**
 * The run store (docs/store.md) on the engine's API. Its JDBC drivers (sqlite-jdbc, PostgreSQL's) are found by
 * {@code java.sql.DriverManager} as services, never named in its code.
 */
module dev.ppw.store {
    requires transitive dev.ppw.engine;
    requires com.fasterxml.jackson.core;
    requires java.sql;

    exports dev.ppw.store;
}
