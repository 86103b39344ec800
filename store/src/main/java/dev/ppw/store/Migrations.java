package dev.ppw.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The numbered SQL migrations that build a store's schema, as resources {@code migrations/DIALECT/Vn__what.sql}
 * (a dialect's own) or {@code migrations/common/Vn__what.sql} (one text for both back ends); the store's
 * {@code store_meta} row {@code schema_version} says how many have run. A migration runs inside the transaction
 * that records its number, so a store is at one version or the next, never between.
 */
final class Migrations {
    /** Every migration, in order: migration n is {@code V(n)__NAME.sql}. */
    private static final List<String> NAMES = List.of("V1__runs", "V2__counter_points");

    /** The schema version this ppw-java writes and the newest it reads. */
    static final int CURRENT = NAMES.size();

    private Migrations() {
    }

    /** Runs migrations {@code from + 1 .. CURRENT} on {@code connection}, inside the caller's transaction. */
    static void apply(Connection connection, Dialect dialect, int from) throws SQLException {
        for (int n = from + 1; n <= CURRENT; n++) {
            try (Statement statement = connection.createStatement()) {
                for (String sql : statements(text(dialect, NAMES.get(n - 1)))) {
                    statement.execute(sql);
                }
            }
        }
    }

    private static String text(Dialect dialect, String name) {
        for (String folder : List.of(dialect.folder(), "common")) {
            try (InputStream in = Migrations.class.getResourceAsStream("migrations/" + folder + "/" + name + ".sql")) {
                if (in != null) {
                    return new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("migration " + name + " is missing for " + dialect.folder());
    }

    /** The statements of a migration: its text without comment lines, split at each {@code ;} ending a line. */
    static List<String> statements(String text) {
        StringBuilder kept = new StringBuilder();
        for (String line : text.split("\n")) {
            if (!line.strip().startsWith("--")) {
                kept.append(line).append('\n');
            }
        }
        List<String> statements = new ArrayList<>();
        for (String s : kept.toString().split(";\\s*\n")) {
            if (!s.isBlank()) {
                statements.add(s.strip());
            }
        }
        return statements;
    }
}
