package dev.ppw.workload;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ReadingOptions;
import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.format.InputSource;
import dev.ppw.store.CounterPoint;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * What a workload left, folded by the engine once it ended: perf stat's counts through the {@code perf-stat} reader
 * (counter series), perf record's samples through {@code perf script} and the {@code perf-script} reader (the tree),
 * the traces it wrote merged as nodes. A step that cannot be folded is a note and makes the run failed; the rest is
 * kept.
 */
final class Folding {
    private static final String PERF_STAT_FORMAT = "perf-stat";
    private static final String PERF_SCRIPT_FORMAT = "perf-script";

    private final WorkloadSpec spec;
    private final Workloads.Options options;
    private final Path scratch;
    private final RunningWorkload.Told told;
    private final List<String> notes = new ArrayList<>();
    private final Map<String, Path> raw = new LinkedHashMap<>();
    private List<CounterPoint> points = List.of();
    private boolean stepFailed;
    private Engine engine;

    Folding(WorkloadSpec spec, Workloads.Options options, Path scratch, RunningWorkload.Told told) {
        this.spec = spec;
        this.options = options;
        this.scratch = scratch;
        this.told = told;
    }

    WorkloadResult fold(Instant started, long wallNanos, OptionalInt status, boolean cancelled, String stdoutTail,
                        String stderrTail, int intervals, TraceFiles traces) {
        boolean failed = cancelled || status.isEmpty() || status.getAsInt() != 0;
        if (failed && spec.tool() != WorkloadSpec.Tool.NONE) {
            Perf.refusal(stderrTail, options.paranoidFile()).ifPresent(notes::add);
        }
        Profile counters = spec.tool() == WorkloadSpec.Tool.STAT ? perfStat() : null;
        Profile samples = spec.tool() == WorkloadSpec.Tool.RECORD ? perfRecord() : null;
        Profile traced = traces(traces);
        Profile profile = samples != null ? samples : traced != null ? traced : empty();
        if (samples != null && traced != null) {
            notes.add("the traces written are kept as raw files; the run's profile is perf record's samples");
        }
        if (counters != null) {
            List<CounterSeries> series = new ArrayList<>(profile.counters());
            series.addAll(counters.counters());
            series.sort(CounterSeries.ORDER);
            profile = profile.withCounters(series, profile.displayTimeUnit());
        }
        return new WorkloadResult(spec, started, wallNanos, status, failed || stepFailed, cancelled, stdoutTail,
                stderrTail, intervals, profile, raw, notes, points);
    }

    private Engine engine() {
        if (engine == null) {
            engine = options.engine().orElseGet(Engine::fromClassPath);
        }
        return engine;
    }

    /** perf stat's counts as counter series, or null when it wrote none. */
    private Profile perfStat() {
        Path file = scratch.resolve(RunningWorkload.PERF_STAT_FILE);
        if (!hasInterval(file)) {
            notes.add("perf stat counted no interval");
            stepFailed = true;
            return null;
        }
        raw.put(RunningWorkload.PERF_STAT_FILE, file);
        told.call(l -> l.step("reading perf stat's counts"));
        points = counterPoints(file);
        try {
            AnalysisResult result = engine().analyze(Analysis.profile(engine().inputs(List.of(file.toString())))
                    .withReading(ReadingOptions.defaults().withInputFormat(PERF_STAT_FORMAT)));
            warnings("perf stat", result.diagnostics());
            return result.profile();
        } catch (BadInputException e) {
            notes.add("perf stat's counts: " + e.getMessage());
            stepFailed = true;
            return null;
        }
    }

    /**
     * Each interval's counts as points of the series the {@code perf-stat} reader makes of the same lines (SEMANTICS.md
     * "Counters": the count in its unit, perf's metric in its unit); a count perf did not take is no point.
     */
    private List<CounterPoint> counterPoints(Path file) {
        List<CounterPoint> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (CounterInterval interval : PerfStatCsv.parse(r)) {
                for (CounterValue v : interval.values()) {
                    v.value().ifPresent(x -> add(out, v, v.unit(), interval.endNanos(), x));
                    v.metricValue().ifPresent(x -> add(out, v, v.metricUnit(), interval.endNanos(), x));
                }
            }
        } catch (IOException | RuntimeException e) {
            notes.add("perf stat's counts over time: " + e.getMessage());
            return List.of();
        }
        return out;
    }

    private static void add(List<CounterPoint> out, CounterValue v, String series, long atNanos, double value) {
        if (Double.isFinite(value)) {
            out.add(new CounterPoint("", v.event(), v.id(), series, atNanos, value));
        }
    }

    private static boolean hasInterval(Path file) {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (PerfStatCsv.parseLine(line).isPresent()) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** perf record's samples through perf script, folded, or null when there are none. */
    private Profile perfRecord() {
        Path data = scratch.resolve(RunningWorkload.PERF_DATA_FILE);
        try {
            if (!Files.isRegularFile(data) || Files.size(data) == 0) {
                notes.add("perf record wrote no perf.data");
                stepFailed = true;
                return null;
            }
        } catch (IOException e) {
            notes.add("perf record's perf.data cannot be read: " + e.getMessage());
            stepFailed = true;
            return null;
        }
        raw.put(RunningWorkload.PERF_DATA_FILE, data);
        told.call(l -> l.step("perf script"));
        Path errors = scratch.resolve("perf-script.err");
        Process script;
        try {
            script = new ProcessBuilder(options.perf(), "script", "-i", data.toString())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectError(errors.toFile()).start();
        } catch (IOException e) {
            notes.add(Perf.missing(options.perf(), e).getMessage());
            stepFailed = true;
            return null;
        }
        Profile profile = null;
        try (InputSource source = InputSource.once(RunningWorkload.PERF_DATA_FILE, script.getInputStream())) {
            AnalysisResult result = engine().analyze(Analysis.profile(List.of(source))
                    .withReading(ReadingOptions.defaults().withInputFormat(PERF_SCRIPT_FORMAT)));
            warnings("perf script", result.diagnostics());
            profile = result.profile();
        } catch (BadInputException e) {
            notes.add("perf script's samples: " + e.getMessage());
            stepFailed = true;
        } catch (IOException e) {
            notes.add("perf script's samples: " + e.getMessage());
            stepFailed = true;
        } finally {
            script.destroy();
        }
        try {
            int status = script.waitFor();
            if (status != 0) {
                notes.add("perf script failed (exit " + status + "): " + Perf.firstLine(Files.readString(errors)));
                stepFailed = true;
                return null;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // its messages are gone; its exit status said what matters
        }
        return profile;
    }

    /** The traces written while it ran, merged as nodes, or null when none was. */
    private Profile traces(TraceFiles traces) {
        List<Path> written;
        try {
            written = traces.written();
        } catch (IOException e) {
            notes.add("cannot list the trace folder " + traces.folder() + ": " + e.getMessage());
            stepFailed = true;
            return null;
        }
        if (written.isEmpty()) {
            if (traces.folder() != null) {
                notes.add("no PerfFlowAspect trace (.pfw) was written in " + traces.folder());
            }
            return null;
        }
        for (Path file : written) {
            raw.put(rawName(traces.folder(), file), file);
        }
        told.call(l -> l.step("merging " + written.size() + " trace" + (written.size() == 1 ? "" : "s")));
        try {
            AnalysisResult result = engine().analyze(Analysis.merge(engine().inputs(written.stream()
                    .map(Path::toString).toList()), MergeOp.SUM));
            warnings("traces", result.diagnostics());
            return result.profile();
        } catch (BadInputException e) {
            notes.add("the traces: " + e.getMessage());
            stepFailed = true;
            return null;
        }
    }

    /** A trace's raw-file name: its path below the trace folder, folders joined by '_'. */
    private static String rawName(Path folder, Path file) {
        return folder.relativize(file).toString().replace('/', '_').replace('\\', '_');
    }

    private void warnings(String what, Diagnostics diagnostics) {
        diagnostics.warnings().forEach((kind, entry) -> notes.add(what + ": " + entry.count() + " " + kind
                + (entry.examples().isEmpty() ? "" : " (" + entry.examples().get(0) + ")")));
    }

    /** A profile of nothing: the workload left nothing to fold, or nothing could be. */
    private Profile empty() {
        return Profile.single(new CallTree(new FrameTable(new NameTable())), List.of(spec.command().get(0)), Map.of(),
                Map.of());
    }

    /** Removes {@code folder} and everything below it, as far as it can. */
    static void deleteTree(Path folder) {
        if (folder == null || !Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a scratch file left in the temporary folder is the system's to clean
        }
    }
}
