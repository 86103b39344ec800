package dev.ppw.store;

import dev.ppw.engine.Engine;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Metric;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.ViewKind;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.zip.GZIPOutputStream;

/**
 * One run into the store, inside the caller's transaction, which holds the store's writer lock: its names and
 * calling contexts interned (new ids given out as the one writer), its row, its saved profile, tags, values, flat
 * rows, counter series and raw files' references.
 */
final class RunWriter {
    /** Placeholders per IN list: well below SQLite's and PostgreSQL's limits on bound parameters. */
    static final int BATCH = 500;

    private final Connection connection;

    RunWriter(Connection connection) {
        this.connection = connection;
    }

    /** What is computed before the transaction: the saved profile's bytes and the rows, so the lock is held briefly. */
    record Prepared(NewRun run, byte[] savedGzip, String sha256, Profile flat, Metric measure) {
    }

    /**
     * The run's saved profile (gzipped ppw-profile JSON, every row, times in ns) and its flat view, when it has one.
     */
    static Prepared prepare(NewRun run, Engine engine) {
        Profile profile = run.profile();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 * 1024);
        try (GZIPOutputStream gzip = new GZIPOutputStream(bytes, 64 * 1024)) {
            engine.write(everyRow(profile), "json", gzip);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] saved = bytes.toByteArray();
        Profile flat = run.flat().orElse(null);
        if (flat == null && profile.view() == ViewKind.FLAT) {
            flat = profile;
        } else if (flat == null && profile.view() == ViewKind.TREE && profile.aggregation() == MergeOp.SUM) {
            flat = engine.view(profile, ViewSpec.FLAT);
        }
        if (flat != null && flat.view() != ViewKind.FLAT) {
            throw new IllegalArgumentException("the run's flat profile is in the " + flat.view().label() + " view");
        }
        return new Prepared(run, saved, sha256(saved), flat, profile.tree().measure());
    }

    /**
     * A report of every row of {@code profile}, for its saved profile: the tree's nodes depth first (parents before
     * children, as the saved-profile format wants them), the thread part's roots before the async part's, times in
     * ns. The engine's reports choose and cut rows for people; a stored profile needs all of them and no order.
     */
    static Report everyRow(Profile profile) {
        CallTree tree = profile.tree();
        int[] order = new int[tree.size() - 1];
        int next = 0;
        int[] stack = new int[Math.max(16, tree.size())];
        for (Part part : Part.values()) {
            for (int root = tree.firstChild(CallTree.ROOT); root != CallTree.NONE; root = tree.nextSibling(root)) {
                if (tree.part(root) != part) {
                    continue;
                }
                int top = 0;
                stack[top++] = root;
                while (top > 0) {
                    int node = stack[--top];
                    order[next++] = node;
                    // children pushed last first, so that they come out in their own order
                    int count = 0;
                    for (int c = tree.firstChild(node); c != CallTree.NONE; c = tree.nextSibling(c)) {
                        count++;
                    }
                    int at = top + count;
                    for (int c = tree.firstChild(node); c != CallTree.NONE; c = tree.nextSibling(c)) {
                        stack[--at] = c;
                    }
                    top += count;
                }
            }
        }
        return new Report(profile, order, profile.total(SampleWeights.TIME), Optional.of(DisplayUnit.NS));
    }

    /** Writes the prepared run; returns its id. */
    long write(Prepared prepared, StoreLocation location) throws SQLException {
        NewRun run = prepared.run();
        Profile profile = run.profile();
        boolean hierarchical = profile.view() == ViewKind.TREE || profile.view() == ViewKind.CALLPATH;
        Names names = new Names();
        CallTree tree = profile.tree();
        int[] regionIds = new int[tree.size()];
        int[] callsiteIds = new int[tree.size()];
        if (hierarchical) {
            for (int n = 1; n < tree.size(); n++) {
                regionIds[n] = names.want(tree.regionName(n));
                callsiteIds[n] = names.want(tree.callsiteName(n));
            }
        }
        Profile flat = prepared.flat();
        int[] flatRegion = flat == null ? new int[0] : new int[flat.tree().size()];
        if (flat != null) {
            for (int n = 1; n < flat.tree().size(); n++) {
                flatRegion[n] = names.want(flat.tree().regionName(n));
            }
        }
        long[] nameIds = names.resolve();

        long runId = nextRunId();
        String uuid = UUID.randomUUID().toString();
        long sessionId = run.session().isEmpty() ? 0 : session(run.session());
        insertRun(prepared, runId, uuid, sessionId);
        try (PreparedStatement s = connection.prepareStatement(
                "INSERT INTO run_profiles (run, format, sha256, profile) VALUES (?, ?, ?, ?)")) {
            s.setLong(1, runId);
            s.setString(2, "ppw-profile+gzip");
            s.setString(3, prepared.sha256());
            s.setBytes(4, prepared.savedGzip());
            s.executeUpdate();
        }
        if (!run.tags().isEmpty()) {
            try (PreparedStatement s = connection.prepareStatement(
                    "INSERT INTO tags (run, key, value) VALUES (?, ?, ?)")) {
                for (Map.Entry<String, String> t : new java.util.TreeMap<>(run.tags()).entrySet()) {
                    s.setLong(1, runId);
                    s.setString(2, t.getKey());
                    s.setString(3, t.getValue());
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
        if (hierarchical) {
            long[] contexts = contexts(tree, regionIds, callsiteIds, nameIds);
            insertValues("INSERT INTO context_values (ctx, run, calls, subcalls, inclusive, exclusive, min_inclusive,"
                    + " max_inclusive) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", tree, prepared.measure(), runId, n -> {
                return new long[] {contexts[n]};
            });
        }
        if (flat != null) {
            CallTree flatTree = flat.tree();
            insertValues("INSERT INTO flat_values (region, part, run, calls, subcalls, inclusive, exclusive,"
                    + " min_inclusive, max_inclusive) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", flatTree, flatTree.measure(),
                    runId, n -> new long[] {nameIds[flatRegion[n]], flatTree.part(n).ordinal()});
        }
        insertCounters(profile.counters(), runId);
        insertCounterPoints(run.counterPoints(), runId);
        insertRawFiles(run, runId, uuid, location);
        return runId;
    }

    private long nextRunId() throws SQLException {
        long last;
        try (PreparedStatement s = connection.prepareStatement(
                "SELECT value FROM store_meta WHERE key = 'last_run_id'");
             ResultSet r = s.executeQuery()) {
            last = r.next() ? Long.parseLong(r.getString(1)) : 0;
        }
        try (PreparedStatement s = connection.prepareStatement(
                "UPDATE store_meta SET value = ? WHERE key = 'last_run_id'")) {
            s.setString(1, Long.toString(last + 1));
            s.executeUpdate();
        }
        return last + 1;
    }

    private long session(String name) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("SELECT id FROM sessions WHERE name = ?")) {
            s.setString(1, name);
            try (ResultSet r = s.executeQuery()) {
                if (r.next()) {
                    return r.getLong(1);
                }
            }
        }
        long id = maxId("sessions") + 1;
        try (PreparedStatement s = connection.prepareStatement(
                "INSERT INTO sessions (id, uuid, name, created_ms) VALUES (?, ?, ?, ?)")) {
            s.setLong(1, id);
            s.setString(2, UUID.randomUUID().toString());
            s.setString(3, name);
            s.setLong(4, System.currentTimeMillis());
            s.executeUpdate();
        }
        return id;
    }

    private long maxId(String table) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("SELECT COALESCE(MAX(id), 0) FROM " + table);
             ResultSet r = s.executeQuery()) {
            r.next();
            return r.getLong(1);
        }
    }

    private void insertRun(Prepared prepared, long runId, String uuid, long sessionId) throws SQLException {
        NewRun run = prepared.run();
        Profile profile = run.profile();
        Metric measure = prepared.measure();
        CallTree tree = profile.tree();
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO runs (id, uuid, created_ms, label,"
                + " session_id, command_line, environment, settings, view, tau_depth, operator, missing, nodes,"
                + " measure, measure_unit, total_inclusive, async_total_inclusive, row_count, tool_version, git_commit,"
                + " git_branch, status, exit_status, stderr_tail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                + " ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            int i = 0;
            s.setLong(++i, runId);
            s.setString(++i, uuid);
            s.setLong(++i, (run.created() == null ? Instant.now() : run.created()).toEpochMilli());
            setText(s, ++i, run.label());
            if (sessionId == 0) {
                s.setNull(++i, Types.BIGINT);
            } else {
                s.setLong(++i, sessionId);
            }
            s.setString(++i, JsonText.of(run.commandLine()));
            s.setString(++i, JsonText.of(run.environment()));
            s.setString(++i, JsonText.of(run.settings()));
            s.setString(++i, profile.view().label());
            s.setInt(++i, profile.tauDepth());
            s.setString(++i, profile.aggregation().label());
            s.setString(++i, profile.missing().label());
            s.setInt(++i, profile.nodes());
            s.setString(++i, SampleWeights.isTime(measure) ? "time" : measure.name());
            s.setString(++i, measure.unit().label());
            s.setLong(++i, profile.total(measure));
            if (tree.hasAsyncPart()) {
                s.setLong(++i, profile.total(measure, Part.ASYNC));
            } else {
                s.setNull(++i, Types.BIGINT);
            }
            s.setLong(++i, tree.size() - 1);
            s.setString(++i, run.tool());
            setText(s, ++i, run.git().map(GitInfo::commit).orElse(""));
            setText(s, ++i, run.git().map(GitInfo::branch).orElse(""));
            s.setString(++i, run.outcome().failed() ? "failed" : "ok");
            if (run.outcome().exitStatus() == null) {
                s.setNull(++i, Types.BIGINT);
            } else {
                s.setLong(++i, run.outcome().exitStatus());
            }
            setText(s, ++i, run.outcome().stderrTail());
            s.executeUpdate();
        }
    }

    private static void setText(PreparedStatement s, int index, String text) throws SQLException {
        if (text.isEmpty()) {
            s.setNull(index, Types.VARCHAR);
        } else {
            s.setString(index, text);
        }
    }

    /** The key columns of row {@code node}, ahead of the run and its values. */
    private interface Key {
        long[] of(int node);
    }

    private void insertValues(String sql, CallTree tree, Metric measure, long runId, Key key) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            int pending = 0;
            for (int n = 1; n < tree.size(); n++) {
                int i = 0;
                for (long k : key.of(n)) {
                    s.setLong(++i, k);
                }
                s.setLong(++i, runId);
                s.setLong(++i, tree.calls(n));
                s.setLong(++i, tree.subcalls(n));
                s.setLong(++i, tree.inclusiveOf(n, measure));
                s.setLong(++i, tree.exclusiveOf(n, measure));
                setOptional(s, ++i, tree.minInclusiveNanos(n));
                setOptional(s, ++i, tree.maxInclusiveNanos(n));
                s.addBatch();
                if (++pending == 2000) {
                    s.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                s.executeBatch();
            }
        }
    }

    private static void setOptional(PreparedStatement s, int index, long nanos) throws SQLException {
        if (nanos == CallTree.UNSET) {
            s.setNull(index, Types.BIGINT);
        } else {
            s.setLong(index, nanos);
        }
    }

    /**
     * The context id of every node of {@code tree}: (parent's context, part, region, callsite) looked up level by
     * level (a node's index is above its parent's), the children of many parents per query; those not found are
     * added with new ids, and their own children need no look-up.
     */
    private long[] contexts(CallTree tree, int[] regionIds, int[] callsiteIds, long[] nameIds) throws SQLException {
        int size = tree.size();
        long[] ctx = new long[size];
        boolean[] fresh = new boolean[size];
        long next = maxId("contexts");
        List<long[]> added = new ArrayList<>();
        // Nodes grouped by depth: a level's parents all have their contexts when it is looked up.
        Map<Integer, List<Integer>> byDepth = new HashMap<>();
        for (int n = 1; n < size; n++) {
            byDepth.computeIfAbsent(tree.depth(n), d -> new ArrayList<>()).add(n);
        }
        for (int depth = 0; byDepth.containsKey(depth); depth++) {
            List<Integer> level = byDepth.get(depth);
            List<Long> parents = new ArrayList<>();
            java.util.Set<Long> seen = new java.util.HashSet<>();
            for (int n : level) {
                int p = tree.parent(n);
                if (p == CallTree.ROOT || !fresh[p]) {
                    long parentCtx = p == CallTree.ROOT ? 0 : ctx[p];
                    if (seen.add(parentCtx)) {
                        parents.add(parentCtx);
                    }
                }
            }
            Map<ContextKey, Long> known = children(parents);
            for (int n : level) {
                int p = tree.parent(n);
                ContextKey key = new ContextKey(p == CallTree.ROOT ? 0 : ctx[p], tree.part(n).ordinal(),
                        nameIds[regionIds[n]], nameIds[callsiteIds[n]]);
                Long id = (p != CallTree.ROOT && fresh[p]) ? null : known.get(key);
                if (id == null) {
                    id = ++next;
                    fresh[n] = true;
                    added.add(new long[] {id, key.parent(), key.part(), key.region(), key.callsite()});
                    known.put(key, id);
                }
                ctx[n] = id;
            }
        }
        if (!added.isEmpty()) {
            try (PreparedStatement s = connection.prepareStatement(
                    "INSERT INTO contexts (id, parent, part, region, callsite) VALUES (?, ?, ?, ?, ?)")) {
                for (long[] row : added) {
                    for (int i = 0; i < row.length; i++) {
                        s.setLong(i + 1, row[i]);
                    }
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
        return ctx;
    }

    private record ContextKey(long parent, int part, long region, long callsite) {
    }

    /** The contexts whose parent is one of {@code parents}, by key. */
    private Map<ContextKey, Long> children(List<Long> parents) throws SQLException {
        Map<ContextKey, Long> known = new HashMap<>();
        for (int from = 0; from < parents.size(); from += BATCH) {
            List<Long> batch = parents.subList(from, Math.min(parents.size(), from + BATCH));
            try (PreparedStatement s = connection.prepareStatement("SELECT id, parent, part, region, callsite"
                    + " FROM contexts WHERE parent IN (" + placeholders(batch.size()) + ")")) {
                for (int i = 0; i < batch.size(); i++) {
                    s.setLong(i + 1, batch.get(i));
                }
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        known.put(new ContextKey(r.getLong(2), r.getInt(3), r.getLong(4), r.getLong(5)), r.getLong(1));
                    }
                }
            }
        }
        return known;
    }

    static String placeholders(int count) {
        return "?" + ", ?".repeat(count - 1);
    }

    private void insertCounterPoints(List<CounterPoint> points, long runId) throws SQLException {
        if (points.isEmpty()) {
            return;
        }
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO counter_points (run, seq, pid, counter,"
                + " series_id, series, at_ns, value) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            int seq = 0;
            for (CounterPoint p : points) {
                int i = 0;
                s.setLong(++i, runId);
                s.setInt(++i, seq++);
                s.setString(++i, p.pid());
                s.setString(++i, p.counter());
                s.setString(++i, p.id());
                s.setString(++i, p.series());
                s.setLong(++i, p.atNanos());
                s.setDouble(++i, p.value());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private void insertCounters(List<CounterSeries> counters, long runId) throws SQLException {
        if (counters.isEmpty()) {
            return;
        }
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO counter_series (run, seq, pid, counter,"
                + " series_id, series, samples, min_value, max_value, sum_value, last_ns, last_value)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            int seq = 0;
            for (CounterSeries c : counters) {
                int i = 0;
                s.setLong(++i, runId);
                s.setInt(++i, seq++);
                s.setString(++i, c.pid());
                s.setString(++i, c.counter());
                s.setString(++i, c.id());
                s.setString(++i, c.series());
                s.setLong(++i, c.samples());
                s.setDouble(++i, c.min());
                s.setDouble(++i, c.max());
                s.setDouble(++i, c.sum());
                s.setLong(++i, c.lastNanos());
                s.setDouble(++i, c.last());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /**
     * Copies each raw file into the store's raw folder, {@code RUN-UUID/NAME}, through a temporary name and a move,
     * and references it by that relative path and its SHA-256. A run whose transaction does not commit leaves its
     * folder without reference, for {@code gc} to remove.
     */
    private void insertRawFiles(NewRun run, long runId, String uuid, StoreLocation location) throws SQLException {
        if (run.rawFiles().isEmpty()) {
            return;
        }
        if (location.rawFolder() == null) {
            throw new StoreException("store " + location + " has no folder for raw files: give one");
        }
        Path folder = location.rawFolder().resolve(uuid);
        try (PreparedStatement s = connection.prepareStatement(
                "INSERT INTO raw_files (run, name, path, sha256, bytes) VALUES (?, ?, ?, ?, ?)")) {
            Files.createDirectories(folder);
            for (Map.Entry<String, Path> f : run.rawFiles().entrySet()) {
                Path target = folder.resolve(f.getKey());
                Path partial = folder.resolve(f.getKey() + ".partial");
                Files.copy(f.getValue(), partial, StandardCopyOption.REPLACE_EXISTING);
                String sha = sha256(partial);
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                s.setLong(1, runId);
                s.setString(2, f.getKey());
                s.setString(3, uuid + "/" + f.getKey());
                s.setString(4, sha);
                s.setLong(5, Files.size(target));
                s.addBatch();
            }
            s.executeBatch();
        } catch (IOException e) {
            throw new StoreException("cannot keep a raw file of the run in " + folder + ": " + e.getMessage(), e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int read; (read = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, read);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The run's distinct names, interned into the store's names table in batches. */
    private final class Names {
        private final Map<String, Integer> local = new LinkedHashMap<>();

        /** The local index of {@code name}; {@link #resolve} gives each its store id. */
        int want(String name) {
            return local.computeIfAbsent(name, k -> local.size());
        }

        long[] resolve() throws SQLException {
            List<String> all = new ArrayList<>(local.keySet());
            long[] ids = new long[all.size()];
            Map<String, Long> found = new HashMap<>();
            for (int from = 0; from < all.size(); from += BATCH) {
                List<String> batch = all.subList(from, Math.min(all.size(), from + BATCH));
                try (PreparedStatement s = connection.prepareStatement(
                        "SELECT id, name FROM names WHERE name IN (" + placeholders(batch.size()) + ")")) {
                    for (int i = 0; i < batch.size(); i++) {
                        s.setString(i + 1, batch.get(i));
                    }
                    try (ResultSet r = s.executeQuery()) {
                        while (r.next()) {
                            found.put(r.getString(2), r.getLong(1));
                        }
                    }
                }
            }
            long next = maxId("names");
            try (PreparedStatement s = connection.prepareStatement("INSERT INTO names (id, name) VALUES (?, ?)")) {
                boolean any = false;
                for (int i = 0; i < all.size(); i++) {
                    Long id = found.get(all.get(i));
                    if (id == null) {
                        id = ++next;
                        s.setLong(1, id);
                        s.setString(2, all.get(i));
                        s.addBatch();
                        any = true;
                    }
                    ids[i] = id;
                }
                if (any) {
                    s.executeBatch();
                }
            }
            return ids;
        }
    }

    static Optional<Long> optionalLong(ResultSet r, int column) throws SQLException {
        long value = r.getLong(column);
        return r.wasNull() ? Optional.empty() : Optional.of(value);
    }
}
