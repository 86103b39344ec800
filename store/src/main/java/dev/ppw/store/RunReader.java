package dev.ppw.store;

import dev.ppw.model.CounterSeries;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The store's queries: runs with their tags, one region's values across runs, a run's raw files and counters. */
final class RunReader {
    private static final String RUN_COLUMNS = "r.id, r.uuid, r.created_ms, r.label, s.name, r.view, r.tau_depth,"
            + " r.operator, r.missing, r.nodes, r.measure, r.measure_unit, r.total_inclusive, r.async_total_inclusive,"
            + " r.row_count, r.tool_version, r.git_commit, r.git_branch, r.status, r.exit_status, r.stderr_tail,"
            + " r.command_line, r.environment, r.settings";

    private final Connection connection;

    RunReader(Connection connection, Dialect dialect) {
        this.connection = connection;
    }

    /** The condition on runs {@code r} that {@code filter} sets (without its {@code last}), and its parameters. */
    private static String where(RunFilter filter, List<Object> parameters) {
        StringBuilder sql = new StringBuilder(" WHERE 1 = 1");
        filter.session().ifPresent(name -> {
            sql.append(" AND r.session_id = (SELECT id FROM sessions WHERE name = ?)");
            parameters.add(name);
        });
        filter.since().ifPresent(when -> {
            sql.append(" AND r.created_ms >= ?");
            parameters.add(when.toEpochMilli());
        });
        for (Map.Entry<String, String> t : new TreeMap<>(filter.tags()).entrySet()) {
            sql.append(" AND EXISTS (SELECT 1 FROM tags t WHERE t.run = r.id AND t.key = ? AND t.value = ?)");
            parameters.add(t.getKey());
            parameters.add(t.getValue());
        }
        return sql.toString();
    }

    private static void bind(PreparedStatement s, List<Object> parameters) throws SQLException {
        for (int i = 0; i < parameters.size(); i++) {
            Object p = parameters.get(i);
            if (p instanceof Long l) {
                s.setLong(i + 1, l);
            } else {
                s.setString(i + 1, (String) p);
            }
        }
    }

    /** The runs of {@code filter} (only those of {@code ids} when not empty), oldest first. */
    List<RunInfo> list(RunFilter filter, List<Long> ids) throws SQLException {
        List<Object> parameters = new ArrayList<>();
        StringBuilder sql = new StringBuilder("SELECT " + RUN_COLUMNS
                + " FROM runs r LEFT JOIN sessions s ON s.id = r.session_id" + where(filter, parameters));
        if (!ids.isEmpty()) {
            sql.append(" AND r.id IN (").append(RunWriter.placeholders(ids.size())).append(")");
            ids.forEach(parameters::add);
        }
        sql.append(" ORDER BY r.id DESC");
        if (filter.last() > 0) {
            sql.append(" LIMIT ").append(filter.last());
        }
        List<Row> rows = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement(sql.toString())) {
            bind(s, parameters);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(Row.of(r));
                }
            }
        }
        Collections.reverse(rows);
        Map<Long, Map<String, String>> tags = tags(rows);
        List<RunInfo> runs = new ArrayList<>(rows.size());
        for (Row row : rows) {
            runs.add(row.info(tags.getOrDefault(row.id, Map.of())));
        }
        return runs;
    }

    /** A run's row as read, before its tags join it. */
    private record Row(long id, String uuid, long createdMs, String label, String session, String view, int tauDepth,
                       String operator, String missing, int nodes, String measure, String measureUnit, long total,
                       Optional<Long> asyncTotal, long rows, String tool, String commit, String branch, String status,
                       Integer exitStatus, String stderrTail, String commandLine, String environment,
                       String settings) {
        static Row of(ResultSet r) throws SQLException {
            Optional<Long> exit = RunWriter.optionalLong(r, 20);
            return new Row(r.getLong(1), r.getString(2), r.getLong(3), text(r, 4), text(r, 5), r.getString(6),
                    r.getInt(7), r.getString(8), r.getString(9), r.getInt(10), r.getString(11), r.getString(12),
                    r.getLong(13), RunWriter.optionalLong(r, 14), r.getLong(15), r.getString(16), text(r, 17),
                    text(r, 18), r.getString(19), exit.map(Long::intValue).orElse(null), text(r, 21), r.getString(22),
                    r.getString(23), r.getString(24));
        }

        RunInfo info(Map<String, String> tags) {
            return new RunInfo(id, uuid, Instant.ofEpochMilli(createdMs), label, session, tags, view, tauDepth,
                    operator, missing, nodes, measure, measureUnit, total, asyncTotal, rows, tool, commit, branch,
                    new NewRun.Outcome("failed".equals(status), exitStatus, stderrTail), JsonText.list(commandLine),
                    JsonText.map(environment), JsonText.map(settings));
        }
    }

    private static String text(ResultSet r, int column) throws SQLException {
        String s = r.getString(column);
        return s == null ? "" : s;
    }

    private Map<Long, Map<String, String>> tags(List<Row> rows) throws SQLException {
        Map<Long, Map<String, String>> tags = new HashMap<>();
        if (rows.isEmpty()) {
            return tags;
        }
        long min = rows.get(0).id;
        long max = rows.get(rows.size() - 1).id;
        // One range of run ids: a listing is usually every run, or the newest ones.
        try (PreparedStatement s = connection.prepareStatement(
                "SELECT run, key, value FROM tags WHERE run BETWEEN ? AND ? ORDER BY run, key")) {
            s.setLong(1, min);
            s.setLong(2, max);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    tags.computeIfAbsent(r.getLong(1), k -> new TreeMap<>()).put(r.getString(2), r.getString(3));
                }
            }
        }
        return tags;
    }

    /** The run {@code ref} names (a number, {@code last} or a label), when one does. */
    Optional<Long> idOf(String ref) throws SQLException {
        if (RunNames.isId(ref)) {
            return Optional.of(Long.parseLong(ref));
        }
        String sql = RunNames.LAST.equals(ref) ? "SELECT MAX(id) FROM runs"
                : "SELECT MAX(id) FROM runs WHERE label = ?";
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            if (!RunNames.LAST.equals(ref)) {
                s.setString(1, ref);
            }
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? RunWriter.optionalLong(r, 1) : Optional.empty();
            }
        }
    }

    long count() throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery("SELECT COUNT(*) FROM runs")) {
            r.next();
            return r.getLong(1);
        }
    }

    long count(long id) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("SELECT COUNT(*) FROM runs WHERE id = ?")) {
            s.setLong(1, id);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                return r.getLong(1);
            }
        }
    }

    long lastId() throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery("SELECT MAX(id) FROM runs")) {
            r.next();
            return r.getLong(1);
        }
    }

    List<RawFile> rawFiles(long run, Path rawFolder) throws SQLException {
        List<RawFile> files = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement(
                "SELECT name, path, sha256, bytes FROM raw_files WHERE run = ? ORDER BY name")) {
            s.setLong(1, run);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    Path file = rawFolder == null ? Path.of(r.getString(2)) : rawFolder.resolve(r.getString(2));
                    files.add(new RawFile(r.getString(1), file, r.getString(3), r.getLong(4)));
                }
            }
        }
        return files;
    }

    List<CounterSeries> counters(long run) throws SQLException {
        List<CounterSeries> series = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT pid, counter, series_id, series, samples,"
                + " min_value, max_value, sum_value, last_ns, last_value FROM counter_series WHERE run = ?"
                + " ORDER BY seq")) {
            s.setLong(1, run);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    series.add(new CounterSeries(r.getString(1), r.getString(2), r.getString(3), r.getString(4),
                            r.getLong(5), r.getDouble(6), r.getDouble(7), r.getDouble(8), r.getLong(9),
                            r.getDouble(10)));
                }
            }
        }
        return series;
    }

    List<CounterPoint> counterPoints(long run) throws SQLException {
        List<CounterPoint> points = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT pid, counter, series_id, series, at_ns, value"
                + " FROM counter_points WHERE run = ? ORDER BY seq")) {
            s.setLong(1, run);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    points.add(new CounterPoint(r.getString(1), r.getString(2), r.getString(3), r.getString(4),
                            r.getLong(5), r.getDouble(6)));
                }
            }
        }
        return points;
    }

    /**
     * One region's values across runs: the contexts of a path found level by level (any callsite), then their values
     * read by context (the key's first column) and summed per run; or a flat row's values by (region, part).
     */
    List<HistoryPoint> history(ContextName context, HistoryMetric metric, RunFilter filter) throws SQLException {
        List<Long> regions = new ArrayList<>();
        for (String name : context.path()) {
            Optional<Long> id = nameId(name);
            if (id.isEmpty()) {
                return List.of();
            }
            regions.add(id.get());
        }
        List<Object> parameters = new ArrayList<>();
        String value = metric.aggregate() + "(v." + metric.column() + ")";
        String from;
        if (context.flat()) {
            from = " FROM flat_values v JOIN runs r ON r.id = v.run WHERE v.region = ? AND v.part = ?";
            parameters.add(regions.get(0));
            parameters.add((long) context.part().ordinal());
        } else {
            List<Long> contexts = contexts(regions, context.part().ordinal());
            if (contexts.isEmpty()) {
                return List.of();
            }
            from = " FROM context_values v JOIN runs r ON r.id = v.run WHERE v.ctx IN ("
                    + RunWriter.placeholders(contexts.size()) + ")";
            parameters.addAll(contexts);
        }
        String filtered = where(filter, parameters).replaceFirst("^ WHERE 1 = 1", "");
        String sql = "SELECT v.run, r.created_ms, r.label, r.measure_unit, " + value + from + filtered
                + " GROUP BY v.run, r.created_ms, r.label, r.measure_unit HAVING " + value + " IS NOT NULL"
                + " ORDER BY v.run DESC" + (filter.last() > 0 ? " LIMIT " + filter.last() : "");
        List<HistoryPoint> points = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            bind(s, parameters);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    String unit = metric.counts() ? "calls" : r.getString(4);
                    points.add(new HistoryPoint(r.getLong(1), Instant.ofEpochMilli(r.getLong(2)), text(r, 3),
                            r.getLong(5), unit));
                }
            }
        }
        Collections.reverse(points);
        return points;
    }

    private Optional<Long> nameId(String name) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("SELECT id FROM names WHERE name = ?")) {
            s.setString(1, name);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.of(r.getLong(1)) : Optional.empty();
            }
        }
    }

    /** The contexts of the path {@code regions} in {@code part}, whatever their callsites. */
    private List<Long> contexts(List<Long> regions, int part) throws SQLException {
        List<Long> level = List.of(0L);
        for (long region : regions) {
            List<Long> next = new ArrayList<>();
            for (int from = 0; from < level.size(); from += RunWriter.BATCH) {
                List<Long> batch = level.subList(from, Math.min(level.size(), from + RunWriter.BATCH));
                try (PreparedStatement s = connection.prepareStatement("SELECT id FROM contexts WHERE parent IN ("
                        + RunWriter.placeholders(batch.size()) + ") AND part = ? AND region = ?")) {
                    int i = 0;
                    for (long p : batch) {
                        s.setLong(++i, p);
                    }
                    s.setInt(++i, part);
                    s.setLong(++i, region);
                    try (ResultSet r = s.executeQuery()) {
                        while (r.next()) {
                            next.add(r.getLong(1));
                        }
                    }
                }
            }
            if (next.isEmpty()) {
                return List.of();
            }
            level = next;
        }
        return level;
    }
}
