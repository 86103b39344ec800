package dev.ppw.store;

import dev.ppw.engine.Engine;
import dev.ppw.model.format.InputSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * A store of runs (docs/store.md): every run's profile kept whole, its rows kept by calling context so that one
 * region's values across many runs are one range read, in an SQLite file or a PostgreSQL database with one schema.
 *
 * <pre>{@code
 * try (RunStore store = RunStore.open(StoreLocation.parse("runs.db", Path.of("")), RunStore.Options.defaults())) {
 *     long id = store.put(NewRun.of(result.profile()).withLabel("nightly").withTags(Map.of("branch", "main")), engine);
 *     List<HistoryPoint> solve = store.history(ContextName.parse("main => solve", false, Part.THREAD),
 *             HistoryMetric.INCLUSIVE, RunFilter.all().withLast(30));
 *     InputSource again = store.input("run:" + id).orElseThrow();   // any command reads it
 * }
 * }</pre>
 *
 * <p>Writes: each {@link #put} is one transaction, and writers of a store take turns (SQLite: WAL and
 * {@code BEGIN IMMEDIATE} with a busy timeout; PostgreSQL: a transaction-scoped advisory lock), so several processes
 * store at once; a process killed while storing loses that run only. Readers never wait for writers.
 *
 * <p>Errors: every problem with the store itself (not a store, a newer schema, locked past the timeout, unknown run,
 * on a network file system, a server that cannot be reached) is a {@link StoreException} whose one-line message names
 * the store; the call that throws it changed nothing. Not thread-safe: one store object per thread.
 */
public final class RunStore implements AutoCloseable {
    /** How {@link #open} treats a store that does not exist yet. */
    public enum Mode {
        /** Make it (and its folder) when it does not exist: commands that store runs. */
        CREATE,
        /** Refuse a store that does not exist, leaving no file behind: commands that only read or edit runs. */
        EXISTING
    }

    /**
     * How to open a store.
     *
     * @param mode        whether a missing store is made
     * @param lockTimeout how long a writer waits for the others before giving up with "locked"
     */
    public record Options(Mode mode, Duration lockTimeout) {
        public Options {
            Objects.requireNonNull(mode, "mode");
            if (lockTimeout.isNegative()) {
                throw new IllegalArgumentException("lock timeout must be >= 0, got " + lockTimeout);
            }
        }

        /** Made on first use; writers wait up to 30 s for each other. */
        public static Options defaults() {
            return new Options(Mode.CREATE, Duration.ofSeconds(30));
        }

        public Options withMode(Mode how) {
            return new Options(how, lockTimeout);
        }

        public Options withLockTimeout(Duration wait) {
            return new Options(mode, wait);
        }
    }

    /** The page size of a new SQLite store (SQLite's default is 4096). */
    private static final int SQLITE_PAGE_BYTES = 1024;

    private static final byte[] SQLITE_HEADER =
            "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final StoreLocation location;
    private final Dialect dialect;
    private final Connection connection;
    private final Options options;

    private RunStore(StoreLocation location, Dialect dialect, Connection connection, Options options) {
        this.location = location;
        this.dialect = dialect;
        this.connection = connection;
        this.options = options;
    }

    /**
     * Opens the store at {@code location}, making it when {@link Mode#CREATE} and it does not exist, and bringing an
     * older schema up to this ppw-java's.
     *
     * @throws StoreException when the store cannot be opened (class Javadoc)
     */
    public static RunStore open(StoreLocation location, Options options) {
        return location.kind() == StoreLocation.Kind.SQLITE ? openSqlite(location, options)
                : openPostgresql(location, options);
    }

    /** {@link #open(StoreLocation, Options)} of {@code location} as {@link StoreLocation#parse} reads it. */
    public static RunStore open(String location) {
        return open(StoreLocation.parse(location, Path.of("")), Options.defaults());
    }

    private static RunStore openSqlite(StoreLocation location, Options options) {
        Path file = location.file();
        Optional<String> network = NetworkFileSystems.typeOf(file);
        if (network.isPresent()) {
            throw new StoreException("cannot keep store " + location + " on a network file system (" + network.get()
                    + "): SQLite's locks do not hold there; give a local path, or a server: --store"
                    + " postgresql://host/db");
        }
        boolean exists = Files.exists(file);
        if (!exists && options.mode() == Mode.EXISTING) {
            throw new StoreException("no store at " + location + ": it is made when the first run is stored"
                    + " (ppw-java runs add INPUT --store " + location + ")");
        }
        if (exists) {
            checkSqliteHeader(location);
        } else {
            try {
                Files.createDirectories(file.toAbsolutePath().getParent());
            } catch (IOException e) {
                throw new StoreException("cannot make store " + location + ": " + e.getMessage(), e);
            }
        }
        Properties properties = new Properties();
        properties.setProperty("busy_timeout", Long.toString(options.lockTimeout().toMillis()));
        // Each transaction that writes starts with BEGIN IMMEDIATE: it takes the write lock first (waiting up to the
        // busy timeout), so a writer never finds the store changed under its reads and has to start over.
        properties.setProperty("transaction_mode", "IMMEDIATE");
        Connection connection = null;
        try {
            connection = DriverManager.getConnection(location.jdbcUrl(), properties);
            RunStore store = new RunStore(location, Dialect.SQLITE, connection, options);
            boolean empty = !store.checkIdentity();
            try (Statement s = connection.createStatement()) {
                if (empty) {
                    // A run adds a row to the key range of each of its contexts, so it writes one page per context:
                    // small pages write a quarter of what the default 4 KiB ones do (docs/performance.md).
                    s.execute("PRAGMA page_size=" + SQLITE_PAGE_BYTES);
                }
                // WAL: readers never wait for the writer, and a writer killed mid-transaction leaves the database as
                // it was (its frames are never committed). NORMAL: a committed run survives the process being
                // killed; a power cut may take the last runs committed before it, never the store's consistency.
                s.execute("PRAGMA journal_mode=WAL");
                s.execute("PRAGMA synchronous=NORMAL");
                // Pages a run rewrote are copied back into the file once per 8 MiB of log, not at every commit.
                s.execute("PRAGMA wal_autocheckpoint=" + (8 << 20) / SQLITE_PAGE_BYTES);
            }
            store.migrate();
            return store;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw store(location, options, e);
        } catch (RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    private static void checkSqliteHeader(StoreLocation location) {
        Path file = location.file();
        if (Files.isDirectory(file)) {
            throw new StoreException("store " + location + " is a folder: give a file, new or a ppw-java store");
        }
        byte[] head = new byte[SQLITE_HEADER.length];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            throw new StoreException("cannot read store " + location + ": " + e.getMessage(), e);
        }
        if (read > 0 && (read < head.length || !java.util.Arrays.equals(head, SQLITE_HEADER))) {
            throw new StoreException(location + " is not a ppw-java store: not an SQLite database");
        }
    }

    private static RunStore openPostgresql(StoreLocation location, Options options) {
        Properties properties = new Properties();
        // Batches of inserts go as multi-row INSERTs: one round trip per batch, not per row.
        properties.setProperty("reWriteBatchedInserts", "true");
        properties.setProperty("connectTimeout", "10");
        properties.setProperty("ApplicationName", "ppw-java");
        Connection connection = null;
        try {
            connection = DriverManager.getConnection(location.jdbcUrl(), properties);
            RunStore store = new RunStore(location, Dialect.POSTGRESQL, connection, options);
            store.checkIdentity();
            store.migrate();
            return store;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw store(location, options, e);
        } catch (RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    /**
     * Refuses a database that holds tables but not a store's, before anything is written to it: it is someone
     * else's. A new, empty one is made a store. True when the database has tables.
     */
    private boolean checkIdentity() throws SQLException {
        String tables = dialect == Dialect.SQLITE
                ? "SELECT name FROM sqlite_master WHERE type = 'table'"
                : "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()";
        boolean any = false;
        boolean meta = false;
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery(tables)) {
            while (r.next()) {
                any = true;
                meta |= "store_meta".equalsIgnoreCase(r.getString(1));
            }
        }
        if (any && !meta) {
            throw new StoreException(location + " is not a ppw-java store: a database with other tables");
        }
        if (meta) {
            checkVersion(version());
        }
        return any;
    }

    private void checkVersion(int version) {
        if (version > Migrations.CURRENT) {
            throw new StoreException("store " + location + " has schema version " + version + ", newer than this"
                    + " ppw-java's (" + Migrations.CURRENT + "): use a newer ppw-java");
        }
    }

    /** The store's schema version, 0 when it has no store_meta table yet. */
    private int version() throws SQLException {
        try (Statement s = connection.createStatement();
             ResultSet r = s.executeQuery("SELECT value FROM store_meta WHERE key = 'schema_version'")) {
            return r.next() ? Integer.parseInt(r.getString(1)) : 0;
        } catch (NumberFormatException e) {
            throw new StoreException("store " + location + " has a schema version that is not a number");
        }
    }

    private boolean hasMeta() throws SQLException {
        String sql = dialect == Dialect.SQLITE
                ? "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'store_meta'"
                : "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema()"
                + " AND table_name = 'store_meta'";
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery(sql)) {
            return r.next();
        }
    }

    /** Brings the schema to {@link Migrations#CURRENT} in one writer's transaction (several may open it at once). */
    private void migrate() throws SQLException {
        if (hasMeta() && version() == Migrations.CURRENT) {
            return;
        }
        inTransaction(() -> {
            int from = hasMeta() ? version() : 0;
            checkVersion(from);
            if (from == Migrations.CURRENT) {
                return null;
            }
            Migrations.apply(connection, dialect, from);
            try (Statement s = connection.createStatement()) {
                if (from == 0) {
                    s.execute("INSERT INTO store_meta (key, value) VALUES ('schema_version', '0')");
                    s.execute("INSERT INTO store_meta (key, value) VALUES ('last_run_id', '0')");
                    s.execute("INSERT INTO store_meta (key, value) VALUES ('created_ms', '"
                            + System.currentTimeMillis() + "')");
                    // Name 0 is the empty name (a frame without callsite); context 0 the virtual root, never stored.
                    s.execute("INSERT INTO names (id, name) VALUES (0, '')");
                }
                s.execute("UPDATE store_meta SET value = '" + Migrations.CURRENT + "' WHERE key = 'schema_version'");
            }
            return null;
        });
    }

    /** Work done inside one transaction holding the store's writer lock. */
    private interface Work<T> {
        T run() throws SQLException;
    }

    private <T> T inTransaction(Work<T> work) throws SQLException {
        connection.setAutoCommit(false);
        boolean done = false;
        try {
            if (dialect == Dialect.POSTGRESQL) {
                try (Statement s = connection.createStatement()) {
                    s.execute("SET LOCAL lock_timeout = " + Math.max(1, options.lockTimeout().toMillis()));
                    s.execute("SELECT pg_advisory_xact_lock(" + Dialect.WRITER_LOCK + ")");
                }
            }
            T result = work.run();
            connection.commit();
            done = true;
            return result;
        } finally {
            if (!done) {
                try {
                    connection.rollback();
                } catch (SQLException ignored) {
                    // The connection is broken; its transaction ends with it, and the first failure says why.
                }
            }
            connection.setAutoCommit(true);
        }
    }

    /** A failure of the database as one line naming the store: "locked" for a writer that waited too long. */
    private static StoreException store(StoreLocation location, Options options, SQLException e) {
        String message = String.valueOf(e.getMessage());
        boolean locked = e.getErrorCode() == 5 || e.getErrorCode() == 6 || message.contains("SQLITE_BUSY")
                || "55P03".equals(e.getSQLState());
        if (locked) {
            return new StoreException("store " + location + " is locked by another process: gave up after "
                    + seconds(options.lockTimeout()) + " s", e);
        }
        if (message.contains("SQLITE_NOTADB")) {
            return new StoreException(location + " is not a ppw-java store: not an SQLite database", e);
        }
        if (e.getSQLState() != null && e.getSQLState().startsWith("08")) {
            return new StoreException("cannot reach store " + location + ": " + firstLine(message), e);
        }
        return new StoreException("store " + location + ": " + firstLine(message), e);
    }

    private static String seconds(Duration d) {
        return java.math.BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString();
    }

    private static String firstLine(String message) {
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    private StoreException failure(SQLException e) {
        return store(location, options, e);
    }

    /** Where the store is. */
    public StoreLocation location() {
        return location;
    }

    /** The schema version this ppw-java writes and the newest it opens. */
    public static int schemaVersion() {
        return Migrations.CURRENT;
    }

    /**
     * Stores {@code run} in one transaction and returns its id. Its saved profile and rows are made before the
     * store's writer lock is taken; its raw files are copied beside the store inside the transaction.
     *
     * @param engine writes the saved profile (its {@code json} writer) and derives the flat view; the engine whose
     *               formats will read the run back ({@code ppw-profile}) is any with the same modules
     *
     * @throws StoreException when the store is locked past the timeout, or a raw file cannot be copied; the store is
     *                        then as it was
     */
    public long put(NewRun run, Engine engine) {
        RunWriter.Prepared prepared = RunWriter.prepare(run, engine);
        try {
            return inTransaction(() -> new RunWriter(connection).write(prepared, location));
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The runs {@code filter} takes, oldest first. */
    public List<RunInfo> list(RunFilter filter) {
        try {
            return new RunReader(connection, dialect).list(filter, List.of());
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The run {@code id}, or empty when there is none. */
    public Optional<RunInfo> run(long id) {
        try {
            List<RunInfo> one = new RunReader(connection, dialect).list(RunFilter.all(), List.of(id));
            return one.isEmpty() ? Optional.empty() : Optional.of(one.get(0));
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /**
     * The run a name gives: {@code run:ID}, {@code run:last} (the newest run), {@code run:LABEL} (the newest run with
     * that label), or the same without {@code run:}.
     *
     * @throws StoreException when no run has that id or label (the message names the store and says what there is)
     */
    public RunInfo resolve(String name) {
        String ref = RunNames.withoutPrefix(name);
        try {
            RunReader reader = new RunReader(connection, dialect);
            Optional<Long> id = reader.idOf(ref);
            if (id.isPresent()) {
                Optional<RunInfo> run = run(id.get());
                if (run.isPresent()) {
                    return run.get();
                }
            }
            long count = reader.count();
            throw new StoreException("store " + location + " has no run " + RunNames.PREFIX + ref
                    + (count == 0 ? ": it holds no run" : ": its runs are 1 to " + reader.lastId()
                    + " (ppw-java runs list)"));
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /**
     * The input named {@code name} when it is a run ({@link RunNames#isRunName}): its saved profile, which every
     * command reads as a ppw-profile input, named as given; empty for any other name.
     *
     * @throws StoreException when the name is a run's and no run answers to it
     */
    public Optional<InputSource> input(String name) {
        if (!RunNames.isRunName(name)) {
            return Optional.empty();
        }
        RunInfo run = resolve(name);
        return Optional.of(InputSource.of(name, savedProfile(run.id())));
    }

    /** The saved profile of run {@code id}: gzipped ppw-profile JSON (docs/profile-json.md), times in ns. */
    public byte[] savedProfile(long id) {
        try (PreparedStatement s = connection.prepareStatement("SELECT profile FROM run_profiles WHERE run = ?")) {
            s.setLong(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    throw new StoreException("store " + location + " has no run " + RunNames.PREFIX + id);
                }
                return r.getBytes(1);
            }
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The raw files kept with run {@code id}, by name. */
    public List<RawFile> rawFiles(long id) {
        try {
            return new RunReader(connection, dialect).rawFiles(id, location.rawFolder());
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The counter series stored with run {@code id}, as its profile has them. */
    public List<dev.ppw.model.CounterSeries> counters(long id) {
        try {
            return new RunReader(connection, dialect).counters(id);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /**
     * The points of run {@code id}'s counter series over time ({@link NewRun#counterPoints()}), series by series and
     * each in time; empty when it has none (a run that is not perf stat's, or stored before they were kept).
     */
    public List<CounterPoint> counterPoints(long id) {
        try {
            return new RunReader(connection, dialect).counterPoints(id);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /**
     * One region's {@code metric} in each run of {@code filter} that has it, oldest first (the {@code last} newest of
     * those that have it when the filter says so). Runs without the region have no point.
     */
    public List<HistoryPoint> history(ContextName context, HistoryMetric metric, RunFilter filter) {
        try {
            return new RunReader(connection, dialect).history(context, metric, filter);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /**
     * Sets the tags {@code set} (a key's value replaced) and removes the keys {@code remove} of run {@code id}.
     *
     * @throws StoreException when there is no such run
     */
    public void tag(long id, Map<String, String> set, Collection<String> remove) {
        set.keySet().forEach(NewRun::checkTagKey);
        try {
            inTransaction(() -> {
                if (new RunReader(connection, dialect).count(id) == 0) {
                    throw new StoreException("store " + location + " has no run " + RunNames.PREFIX + id);
                }
                try (PreparedStatement delete = connection.prepareStatement(
                        "DELETE FROM tags WHERE run = ? AND key = ?");
                     PreparedStatement insert = connection.prepareStatement(
                             "INSERT INTO tags (run, key, value) VALUES (?, ?, ?)")) {
                    for (String key : concat(set.keySet(), remove)) {
                        delete.setLong(1, id);
                        delete.setString(2, key);
                        delete.executeUpdate();
                    }
                    for (Map.Entry<String, String> t : set.entrySet()) {
                        insert.setLong(1, id);
                        insert.setString(2, t.getKey());
                        insert.setString(3, t.getValue());
                        insert.executeUpdate();
                    }
                }
                return null;
            });
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    private static List<String> concat(Collection<String> a, Collection<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /**
     * Removes the runs {@code ids}: their rows, tags, profiles and raw files, in one transaction (the raw files after
     * it commits). Contexts and names stay for {@link #gc}.
     *
     * @throws StoreException when one of them is not a run of the store: then none is removed
     */
    public void remove(Collection<Long> ids) {
        List<Path> rawFolders = new ArrayList<>();
        try {
            inTransaction(() -> {
                RunReader reader = new RunReader(connection, dialect);
                for (long id : ids) {
                    if (reader.count(id) == 0) {
                        throw new StoreException("store " + location + " has no run " + RunNames.PREFIX + id
                                + ": nothing removed");
                    }
                    reader.rawFiles(id, location.rawFolder()).forEach(f -> rawFolders.add(f.file().getParent()));
                }
                for (long id : ids) {
                    for (String table : List.of("context_values", "flat_values", "counter_series", "counter_points",
                            "tags", "raw_files", "run_profiles")) {
                        try (PreparedStatement s = connection.prepareStatement(
                                "DELETE FROM " + table + " WHERE run = ?")) {
                            s.setLong(1, id);
                            s.executeUpdate();
                        }
                    }
                    try (PreparedStatement s = connection.prepareStatement("DELETE FROM runs WHERE id = ?")) {
                        s.setLong(1, id);
                        s.executeUpdate();
                    }
                }
                return null;
            });
        } catch (SQLException e) {
            throw failure(e);
        }
        for (Path folder : rawFolders) {
            RawFiles.deleteTree(folder);
        }
    }

    /**
     * What {@link #gc} removed.
     *
     * @param contexts   calling contexts no run has any more
     * @param names      names no context or flat row uses any more
     * @param rawFolders raw files' folders of runs that are not in the store (a run removed, or never committed)
     * @param bytesBefore the store's size before (the SQLite file with its WAL; a PostgreSQL database's)
     * @param bytesAfter  and after compacting it
     */
    public record Collected(long contexts, long names, long rawFolders, long bytesBefore, long bytesAfter) {
    }

    /**
     * Removes what no run uses (contexts, names, raw files of runs not in the store) and compacts the store
     * (VACUUM). Contexts that a run still uses keep their ids.
     */
    public Collected gc() {
        try {
            long before = sizeBytes();
            long[] removed = inTransaction(() -> {
                long contexts;
                long names;
                try (Statement s = connection.createStatement()) {
                    contexts = s.executeUpdate("DELETE FROM contexts WHERE id NOT IN (WITH RECURSIVE keep(id) AS"
                            + " (SELECT DISTINCT ctx FROM context_values UNION SELECT c.parent FROM contexts c"
                            + " JOIN keep k ON c.id = k.id WHERE c.parent <> 0) SELECT id FROM keep)");
                    names = s.executeUpdate("DELETE FROM names WHERE id <> 0"
                            + " AND id NOT IN (SELECT region FROM contexts)"
                            + " AND id NOT IN (SELECT callsite FROM contexts)"
                            + " AND id NOT IN (SELECT region FROM flat_values)");
                }
                return new long[] {contexts, names};
            });
            long folders = RawFiles.removeOrphans(connection, location.rawFolder());
            try (Statement s = connection.createStatement()) {
                s.execute("VACUUM");
            }
            if (dialect == Dialect.SQLITE) {
                try (Statement s = connection.createStatement()) {
                    s.execute("PRAGMA wal_checkpoint(TRUNCATE)");
                }
            }
            return new Collected(removed[0], removed[1], folders, before, sizeBytes());
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The store's size on disk: the SQLite file and its WAL, or the PostgreSQL database. */
    public long sizeBytes() {
        if (dialect == Dialect.SQLITE) {
            long size = 0;
            for (String suffix : List.of("", "-wal")) {
                Path f = location.file().resolveSibling(location.file().getFileName() + suffix);
                try {
                    size += Files.exists(f) ? Files.size(f) : 0;
                } catch (IOException e) {
                    // gone between the look and the size: counts as nothing
                }
            }
            return size;
        }
        try (Statement s = connection.createStatement();
             ResultSet r = s.executeQuery("SELECT pg_database_size(current_database())")) {
            r.next();
            return r.getLong(1);
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The runs in the store. */
    public long count() {
        try {
            return new RunReader(connection, dialect).count();
        } catch (SQLException e) {
            throw failure(e);
        }
    }

    /** The connection, for the tests' checks of the store's own consistency (integrity_check). */
    Connection connection() {
        return connection;
    }

    @Override
    public void close() {
        closeQuietly(connection);
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // closing is the last thing done with it: nothing was left to lose
            }
        }
    }

    /** When the run was made, for {@link RunFilter#since()}: {@code created} as milliseconds since the epoch. */
    static long millis(Instant created) {
        return created.toEpochMilli();
    }
}
