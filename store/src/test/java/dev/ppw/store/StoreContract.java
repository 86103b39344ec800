package dev.ppw.store;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The store's behaviour, the same on every back end: each subclass gives the stores. */
abstract class StoreContract {
    /** main calls f, which calls itself; then g. Counter samples of 'mem'. Times in microseconds. */
    static final String RECURSIVE_TRACE = """
            {"traceEvents":[
            {"name":"main","ph":"X","ts":0,"dur":100,"pid":1,"tid":1},
            {"name":"f","ph":"X","ts":10,"dur":50,"pid":1,"tid":1},
            {"name":"f","ph":"X","ts":20,"dur":20,"pid":1,"tid":1},
            {"name":"g","ph":"X","ts":70,"dur":10,"pid":1,"tid":1},
            {"name":"mem","ph":"C","ts":5,"pid":1,"args":{"bytes":100}},
            {"name":"mem","ph":"C","ts":50,"pid":1,"args":{"bytes":300}}
            ]}""";

    @TempDir
    Path dir;

    private final List<StoreLocation> made = new ArrayList<>();

    /** A new, empty store of this back end whose raw files go below {@code folder}. */
    abstract StoreLocation newLocation(Path folder);

    /** Drops what {@link #newLocation} made outside the test's folder. */
    abstract void drop(StoreLocation location);

    StoreLocation location() {
        StoreLocation location = newLocation(dir);
        made.add(location);
        return location;
    }

    RunStore open(StoreLocation location) {
        return RunStore.open(location, RunStore.Options.defaults());
    }

    @AfterEach
    void dropStores() {
        made.forEach(this::drop);
    }

    @Test
    void aRunReadsBackAsItWasStoredInEveryView() {
        try (RunStore store = open(location())) {
            Profile input = Profiles.generated(7, 400, 40, true);
            long id = store.put(NewRun.of(input).withLabel("first"), Profiles.ENGINE);
            assertEquals(1, id);
            assertEquals(Profiles.canonical(input),
                    Profiles.canonical(Profiles.readBack(store, "run:1", ViewSpec.TREE)));
            for (ViewSpec view : List.of(ViewSpec.FLAT, ViewSpec.of(dev.ppw.model.ViewKind.CALLPATH, 2),
                    ViewSpec.of(dev.ppw.model.ViewKind.TAU, 3))) {
                assertEquals(Profiles.canonical(Profiles.ENGINE.view(input, view)),
                        Profiles.canonical(Profiles.readBack(store, "run:first", view)), view.label());
            }
        }
    }

    @Test
    void aRegionAcrossRunsIsItsTreeOrFlatRowInEachRun() {
        try (RunStore store = open(location())) {
            Profile tree = Profiles.ofTrace("rec.json", RECURSIVE_TRACE, ViewSpec.TREE);
            store.put(NewRun.of(tree).withLabel("a"), Profiles.ENGINE);
            store.put(NewRun.of(tree).withLabel("b"), Profiles.ENGINE);
            List<HistoryPoint> path = store.history(ContextName.parse("main => f", false, Part.THREAD),
                    HistoryMetric.INCLUSIVE, RunFilter.all());
            assertEquals(List.of(50_000L, 50_000L), path.stream().map(HistoryPoint::value).toList());
            assertEquals(List.of(1L, 2L), path.stream().map(HistoryPoint::run).toList());
            assertEquals("ns", path.get(0).unit());
            assertEquals(List.of(20_000L, 20_000L), values(store, "main => f => f", HistoryMetric.INCLUSIVE));
            // flat inclusive counts the recursion once; flat exclusive sums both levels' self time
            assertEquals(List.of(50_000L, 50_000L), values(store, "f", HistoryMetric.INCLUSIVE));
            assertEquals(List.of(50_000L, 50_000L), values(store, "f", HistoryMetric.EXCLUSIVE));
            assertEquals(List.of(2L, 2L), values(store, "f", HistoryMetric.CALLS));
            assertEquals(List.of(10_000L, 10_000L), values(store, "main => g", HistoryMetric.MAX));
            assertEquals(List.of(), values(store, "main => nothing", HistoryMetric.INCLUSIVE));
            assertEquals(List.of(), values(store, "nothing", HistoryMetric.INCLUSIVE));
            assertEquals(tree.counters(), store.counters(1));
            assertFalse(store.counters(1).isEmpty(), "the trace's counter series are stored");
        }
    }

    static List<Long> values(RunStore store, String context, HistoryMetric metric) {
        return store.history(ContextName.parse(context, false, Part.THREAD), metric, RunFilter.all()).stream()
                .map(HistoryPoint::value).toList();
    }

    @Test
    void aContextHasOneIdInEveryRun() {
        try (RunStore store = open(location())) {
            Profile a = Profiles.generated(11, 300, 30, false);
            store.put(NewRun.of(a), Profiles.ENGINE);
            String afterOne = StoreChecks.query(store, "SELECT COUNT(*) FROM contexts");
            store.put(NewRun.of(a), Profiles.ENGINE);
            store.put(NewRun.of(Profiles.generated(11, 300, 30, false)), Profiles.ENGINE);
            assertEquals(Long.toString(a.tree().size() - 1), afterOne, "one context per row");
            assertEquals(afterOne, StoreChecks.query(store, "SELECT COUNT(*) FROM contexts"),
                    "the same rows add no context");
            assertEquals("3", StoreChecks.query(store,
                    "SELECT COUNT(DISTINCT run) FROM context_values WHERE ctx = (SELECT MIN(id) FROM contexts)"));
            store.put(NewRun.of(Profiles.generated(12, 300, 30, false)), Profiles.ENGINE);
            assertTrue(Long.parseLong(StoreChecks.query(store, "SELECT COUNT(*) FROM contexts"))
                    > Long.parseLong(afterOne), "another tree adds its own contexts");
        }
    }

    @Test
    void aMergeKeepsItsOperatorAndItsOwnFlatRows() throws IOException {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        Files.writeString(a, RECURSIVE_TRACE);
        Files.writeString(b, RECURSIVE_TRACE.replace("\"dur\":50", "\"dur\":60"));
        List<String> both = List.of(a.toString(), b.toString());
        Profile tree = Profiles.ENGINE.analyze(Analysis.merge(Profiles.ENGINE.inputs(both), MergeOp.MAX)).profile();
        Profile flat = Profiles.ENGINE.analyze(Analysis.merge(Profiles.ENGINE.inputs(both), MergeOp.MAX)
                .withView(ViewSpec.FLAT)).profile();
        try (RunStore store = open(location())) {
            store.put(NewRun.of(tree), Profiles.ENGINE);
            store.put(NewRun.of(tree).withFlat(flat), Profiles.ENGINE);
            RunInfo run = store.run(2).orElseThrow();
            assertEquals("max", run.operator());
            assertEquals(2, run.nodes());
            assertEquals(MergeOp.MAX, Profiles.readBack(store, "run:1", ViewSpec.TREE).aggregation());
            assertEquals(0, StoreChecks.valueRows(store, "flat_values", 1), "no flat rows derived from a max tree");
            assertEquals(List.of(60_000L), values(store, "f", HistoryMetric.INCLUSIVE));
            assertEquals(List.of(60_000L, 60_000L), values(store, "main => f", HistoryMetric.INCLUSIVE));
        }
    }

    @Test
    void runsAreListedByTagSessionTimeAndNewest() {
        try (RunStore store = open(location())) {
            Profile p = Profiles.generated(3, 20, 5, false);
            Instant t0 = Instant.parse("2024-01-01T00:00:00Z");
            store.put(NewRun.of(p).withCreated(t0).withTags(Map.of("branch", "main", "host", "a")).withSession("s1"),
                    Profiles.ENGINE);
            store.put(NewRun.of(p).withCreated(t0.plusSeconds(60)).withTags(Map.of("branch", "dev")).withSession("s1"),
                    Profiles.ENGINE);
            store.put(NewRun.of(p).withCreated(t0.plusSeconds(120)).withTags(Map.of("branch", "main"))
                    .withSession("s2").withLabel("third").withCommandLine(List.of("runs", "add", "x"))
                    .withSettings(Map.of("view", "tree")).withGit(java.util.Optional.of(new GitInfo("a".repeat(40),
                            "main"))), Profiles.ENGINE);
            assertEquals(List.of(1L, 3L), ids(store.list(RunFilter.all().withTag("branch", "main"))));
            assertEquals(List.of(1L), ids(store.list(RunFilter.all().withTag("branch", "main").withTag("host", "a"))));
            assertEquals(List.of(1L, 2L), ids(store.list(RunFilter.all().withSession("s1"))));
            assertEquals(List.of(2L, 3L), ids(store.list(RunFilter.all().withSince(t0.plusSeconds(30)))));
            assertEquals(List.of(2L, 3L), ids(store.list(RunFilter.all().withLast(2))));
            assertEquals(List.of(), ids(store.list(RunFilter.all().withSession("none"))));
            RunInfo third = store.run(3).orElseThrow();
            assertEquals("third", third.label());
            assertEquals("s2", third.session());
            assertEquals(t0.plusSeconds(120), third.created());
            assertEquals(List.of("runs", "add", "x"), third.commandLine());
            assertEquals(Map.of("view", "tree"), third.settings());
            assertEquals("a".repeat(40), third.gitCommit());
            assertEquals("main", third.gitBranch());
            assertEquals(p.total(p.tree().measure()), third.totalInclusive());
            assertEquals(20, third.rows());
        }
    }

    static List<Long> ids(List<RunInfo> runs) {
        return runs.stream().map(RunInfo::id).toList();
    }

    @Test
    void tagsChangeAndRemovedRunsGoWithTheirRowsAndFiles() throws IOException {
        Path raw = dir.resolve("perf.data");
        Files.writeString(raw, "raw bytes");
        try (RunStore store = open(location())) {
            Profile p = Profiles.generated(5, 50, 10, false);
            store.put(NewRun.of(p).withTags(Map.of("k", "v", "gone", "x")).withRawFile("perf.data", raw),
                    Profiles.ENGINE);
            store.put(NewRun.of(Profiles.generated(6, 50, 10, false)), Profiles.ENGINE);
            store.tag(1, Map.of("k", "w", "new", "1"), List.of("gone"));
            assertEquals(Map.of("k", "w", "new", "1"), store.run(1).orElseThrow().tags());
            List<RawFile> files = store.rawFiles(1);
            assertEquals(1, files.size());
            assertEquals("raw bytes", Files.readString(files.get(0).file()));
            assertEquals(RunWriter.sha256("raw bytes".getBytes(StandardCharsets.UTF_8)), files.get(0).sha256());
            StoreException unknown = assertThrows(StoreException.class, () -> store.remove(List.of(1L, 99L)));
            assertTrue(unknown.getMessage().contains("no run run:99"), unknown.getMessage());
            assertEquals(2, store.count(), "nothing removed");
            store.remove(List.of(1L));
            assertEquals(List.of(2L), ids(store.list(RunFilter.all())));
            assertFalse(Files.exists(files.get(0).file()), "its raw file is gone");
            assertEquals(0, StoreChecks.valueRows(store, "context_values", 1));
            assertEquals(0, StoreChecks.valueRows(store, "tags", 1));
            Files.createDirectories(store.location().rawFolder().resolve("never-committed"));
            RunStore.Collected gc = store.gc();
            assertTrue(gc.contexts() > 0, "run 1's own contexts are collected: " + gc);
            assertEquals(1, gc.rawFolders());
            assertEquals(Profiles.canonical(Profiles.generated(6, 50, 10, false)),
                    Profiles.canonical(Profiles.readBack(store, "run:2", ViewSpec.TREE)), "run 2 as it was");
            assertEquals(3, store.put(NewRun.of(p), Profiles.ENGINE), "a removed run's id is never given again");
        }
    }

    @Test
    void runNamesFindTheRunOrSayWhatThereIs() {
        try (RunStore store = open(location())) {
            StoreException empty = assertThrows(StoreException.class, () -> store.input("run:last"));
            assertTrue(empty.getMessage().contains("holds no run"), empty.getMessage());
            Profile p = Profiles.generated(1, 10, 5, false);
            store.put(NewRun.of(p).withLabel("nightly"), Profiles.ENGINE);
            store.put(NewRun.of(p).withLabel("nightly"), Profiles.ENGINE);
            store.put(NewRun.of(p).withLabel("other"), Profiles.ENGINE);
            assertEquals(2, store.resolve("run:nightly").id());
            assertEquals(3, store.resolve("run:last").id());
            assertEquals(1, store.resolve("1").id());
            assertTrue(store.input("trace.json").isEmpty(), "not a run's name");
            InputSource input = store.input("run:2").orElseThrow();
            assertEquals("run:2", input.name());
            StoreException unknown = assertThrows(StoreException.class, () -> store.input("run:99"));
            assertEquals("store " + store.location() + " has no run run:99: its runs are 1 to 3 (ppw-java runs list)",
                    unknown.getMessage());
            assertThrows(StoreException.class, () -> store.input("run:nobody"));
        }
    }

    @Test
    void aRunsCounterPointsReadBackSeriesBySeriesInTimeAndGoWithTheRun() {
        try (RunStore store = open(location())) {
            Profile tree = Profiles.ofTrace("rec.json", RECURSIVE_TRACE, ViewSpec.TREE);
            List<CounterPoint> points = List.of(
                    new CounterPoint("", "task-clock", "", "msec", 200_000_000L, 99.5),
                    new CounterPoint("", "task-clock", "", "msec", 100_000_000L, 101.25),
                    new CounterPoint("", "page-faults", "CPU0", "count", 100_000_000L, 7),
                    new CounterPoint("1", "mem </script>", "", "bytes", 5_000, -1e300));
            assertEquals(1, store.put(NewRun.of(tree).withCounterPoints(points), Profiles.ENGINE));
            assertEquals(2, store.put(NewRun.of(tree), Profiles.ENGINE));
            assertEquals(List.of(points.get(2), points.get(1), points.get(0), points.get(3)), store.counterPoints(1));
            assertEquals(List.of(), store.counterPoints(2), "a run given none has none");
            assertEquals(tree.counters(), store.counters(1), "the summaries are kept as before");
            store.remove(List.of(1L));
            assertEquals(0, StoreChecks.valueRows(store, "counter_points", 1));
            assertThrows(IllegalArgumentException.class,
                    () -> new CounterPoint("", "c", "", "count", 1, Double.NaN));
        }
    }

    @Test
    void aStoreOfSchemaVersionOneIsMigratedAndKeepsItsRuns() {
        StoreLocation location = location();
        Profile first = Profiles.generated(1, 10, 5, false);
        try (RunStore store = open(location)) {
            store.put(NewRun.of(first), Profiles.ENGINE);
            // the store as version 1 left it: no counter_points
            try (var s = store.connection().createStatement()) {
                s.execute("DROP TABLE counter_points");
                s.executeUpdate("UPDATE store_meta SET value = '1' WHERE key = 'schema_version'");
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        }
        try (RunStore store = open(location)) {
            assertEquals(Integer.toString(RunStore.schemaVersion()),
                    StoreChecks.query(store, "SELECT value FROM store_meta WHERE key = 'schema_version'"));
            CounterPoint point = new CounterPoint("", "task-clock", "", "msec", 100_000_000L, 12.5);
            long id = store.put(NewRun.of(first).withCounterPoints(List.of(point)), Profiles.ENGINE);
            assertEquals(List.of(point), store.counterPoints(id));
            assertEquals(List.of(), store.counterPoints(1));
            assertEquals(Profiles.canonical(first), Profiles.canonical(Profiles.readBack(store, "run:1", ViewSpec.TREE)));
        }
    }

    @Test
    void aStoreOfANewerSchemaIsRefusedUnchanged() {
        StoreLocation location = location();
        try (RunStore store = open(location)) {
            store.put(NewRun.of(Profiles.generated(1, 10, 5, false)), Profiles.ENGINE);
            StoreChecks.query(store, "SELECT 1");
            try (var s = store.connection().createStatement()) {
                s.executeUpdate("UPDATE store_meta SET value = '99' WHERE key = 'schema_version'");
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        }
        StoreException newer = assertThrows(StoreException.class, () -> open(location));
        assertEquals("store " + location + " has schema version 99, newer than this ppw-java's ("
                + RunStore.schemaVersion() + "): use a newer ppw-java", newer.getMessage());
    }

    @Test
    void aWriterWaitsForAnotherThenGivesUpLockedWithNothingChanged() throws Exception {
        StoreLocation location = location();
        try (RunStore first = open(location)) {
            first.put(NewRun.of(Profiles.generated(1, 10, 5, false)), Profiles.ENGINE);
        }
        try (AutoCloseable held = holdWriterLock(location);
             RunStore waiting = RunStore.open(location,
                     RunStore.Options.defaults().withLockTimeout(Duration.ofMillis(300)))) {
            long start = System.nanoTime();
            StoreException locked = assertThrows(StoreException.class,
                    () -> waiting.put(NewRun.of(Profiles.generated(2, 10, 5, false)), Profiles.ENGINE));
            assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(250), "it waited");
            assertEquals("store " + location + " is locked by another process: gave up after 0.3 s",
                    locked.getMessage());
        }
        try (RunStore store = open(location)) {
            assertEquals(1, store.count());
            assertEquals(2, store.put(NewRun.of(Profiles.generated(2, 10, 5, false)), Profiles.ENGINE),
                    "the lock is free again");
        }
    }

    /** Holds the store's writer lock, as a writer in the middle of a run would, until closed. */
    abstract AutoCloseable holdWriterLock(StoreLocation location) throws Exception;

    @Test
    void eightProcessesStoreAtOnceWithNoErrorAndNoLoss() throws Exception {
        StoreLocation location = location();
        try (RunStore store = open(location)) {
            assertEquals(0, store.count());
        }
        List<Process> loops = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            loops.add(StoreChecks.startLoop(location, dir.resolve("raw"), 100L * p, 3, 200,
                    dir.resolve("loop" + p + ".log")));
        }
        List<Long> stored = new ArrayList<>();
        for (int p = 0; p < loops.size(); p++) {
            stored.addAll(StoreChecks.storedSeeds(loops.get(p)));
            assertTrue(loops.get(p).waitFor(300, TimeUnit.SECONDS), "loop " + p + " ends");
            assertEquals(0, loops.get(p).exitValue(),
                    "loop " + p + ": " + Files.readString(dir.resolve("loop" + p + ".log")));
        }
        assertEquals(24, stored.size(), "every process stored its 3 runs");
        try (RunStore store = open(location)) {
            assertEquals(24, store.count());
            assertEquals(Set.copyOf(stored), Set.copyOf(store.list(RunFilter.all()).stream()
                    .map(r -> Long.parseLong(r.label().substring(5))).toList()));
            StoreChecks.everyRunEqualsItsInput(store, 200);
            checkConsistent(store);
        }
    }

    /** The back end's own check of the store's structure (SQLite's integrity_check), when it has one. */
    abstract void checkConsistent(RunStore store);

    @Test
    void aWriterKilledAtAnyMomentLosesAtMostTheRunItWasStoring() throws Exception {
        StoreLocation location = location();
        try (RunStore store = open(location)) {
            assertEquals(0, store.count());
        }
        java.util.Random random = new java.util.Random(20240527L);
        List<Long> announced = new ArrayList<>();
        long seed = 1;
        for (int kill = 0; kill < 20; kill++) {
            Process loop = StoreChecks.startLoop(location, dir.resolve("raw"), seed, 1000, 1500,
                    dir.resolve("kill" + kill + ".log"));
            seed += 1000;
            // Lines are read on a thread of their own: killing the process closes its streams under a reader.
            java.util.concurrent.BlockingDeque<String> lines = new java.util.concurrent.LinkedBlockingDeque<>();
            Thread reader = new Thread(() -> {
                try (java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(
                        loop.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = out.readLine()) != null; ) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    // closed by the kill: the lines read before it are what the loop said
                }
            });
            reader.start();
            int index = kill;
            assertEquals("open", lines.poll(120, TimeUnit.SECONDS),
                    () -> "the loop opened the store: " + log(dir.resolve("kill" + index + ".log")));
            // killed at a random moment of its storing: while preparing, inside a transaction, or between two; every
            // other loop only once it has stored a run, so that kills also land in a store the loop has written to
            if (kill % 2 == 1) {
                String line = lines.poll(120, TimeUnit.SECONDS);
                assertTrue(line != null && line.startsWith("stored "), "the loop stored a run: " + line);
                lines.addFirst(line);
            }
            Thread.sleep(50 + random.nextInt(700));
            loop.destroyForcibly();
            assertTrue(loop.waitFor(30, TimeUnit.SECONDS));
            reader.join(10_000);
            for (String line : lines) {
                if (line.startsWith("stored ")) {
                    announced.add(Long.parseLong(line.split(" ")[1]));
                }
            }
        }
        try (RunStore store = open(location)) {
            checkConsistent(store);
            List<Long> kept = store.list(RunFilter.all()).stream().map(r -> Long.parseLong(r.label().substring(5)))
                    .toList();
            assertTrue(announced.size() >= 10, "runs were stored between the kills: " + announced);
            assertTrue(kept.containsAll(announced), "every run said stored is there: " + announced + " " + kept);
            assertTrue(kept.size() <= announced.size() + 20, "at most the run being stored at each kill more");
            assertEquals(kept.size(), store.count());
            StoreChecks.everyRunEqualsItsInput(store, 1500);
            store.put(NewRun.of(Profiles.generated(1, 10, 5, false)), Profiles.ENGINE);
        }
    }

    private static String log(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(no log)";
        }
    }

}
