package dev.ppw.store;

import dev.ppw.engine.ViewSpec;
import dev.ppw.model.Profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the multi-process tests share: the runs they store, the processes that store them, the checks of a store. */
final class StoreChecks {
    private StoreChecks() {
    }

    /** The run the storing processes store for {@code seed}: a generated profile labelled with its seed. */
    static NewRun run(long seed, int rows) {
        return NewRun.of(Profiles.generated(seed, rows, Math.max(4, rows / 10), seed % 3 == 0))
                .withLabel("seed-" + seed).withTags(java.util.Map.of("rows", Integer.toString(rows)));
    }

    /** A JVM running {@link StoringLoop} with the test class path, its standard error to {@code log}. */
    static Process startLoop(StoreLocation location, Path rawFolder, long firstSeed, int count, int rows, Path log)
            throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", classPath,
                StoringLoop.class.getName(), location.jdbcUrl().startsWith("jdbc:sqlite:")
                ? location.file().toString() : location.jdbcUrl(), rawFolder.toString(), Long.toString(firstSeed),
                Integer.toString(count), Integer.toString(rows));
        builder.redirectError(log.toFile());
        return builder.start();
    }

    /** The seeds a loop said it stored, read until its output ends. */
    static List<Long> storedSeeds(Process loop) throws IOException {
        List<Long> seeds = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(loop.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("stored ")) {
                    seeds.add(Long.parseLong(line.split(" ")[1]));
                }
            }
        }
        return seeds;
    }

    /** Every run of the store equals the run its label's seed gives: its saved profile and its rows. */
    static void everyRunEqualsItsInput(RunStore store, int rows) {
        for (RunInfo run : store.list(RunFilter.all())) {
            long seed = Long.parseLong(run.label().substring("seed-".length()));
            Profile input = run(seed, rows).profile();
            assertEquals(Profiles.canonical(input), Profiles.canonical(Profiles.readBack(store, "run:" + run.id(),
                    ViewSpec.TREE)), "run " + run.id() + " (seed " + seed + ") reads back as stored");
            assertEquals(input.tree().size() - 1, run.rows(), "rows of run " + run.id());
            assertEquals(input.tree().size() - 1, valueRows(store, "context_values", run.id()),
                    "context rows of run " + run.id());
        }
    }

    static long valueRows(RunStore store, String table, long run) {
        try (Statement s = store.connection().createStatement();
             ResultSet r = s.executeQuery("SELECT COUNT(*) FROM " + table + " WHERE run = " + run)) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static String query(RunStore store, String sql) {
        try (Statement s = store.connection().createStatement(); ResultSet r = s.executeQuery(sql)) {
            StringBuilder out = new StringBuilder();
            while (r.next()) {
                out.append(r.getString(1)).append('\n');
            }
            return out.toString().strip();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
