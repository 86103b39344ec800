package dev.ppw.workload;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What to run and how to measure it: the seed's benchmark screen as a value. Immutable; {@link #of} gives a command
 * run on its own, the {@code with} methods a copy with one thing changed. {@link #toSettings()} keeps it in a stored
 * run's settings and {@link #fromSettings} reads it back ("run again").
 *
 * @param tool           perf stat (counters every {@code intervalMillis}), perf record (samples at
 *                       {@code frequencyHz}), or none (the command alone, its traces collected from {@code traceDir})
 * @param events         perf event names as {@code -e} takes them ({@code task-clock}, {@code page-faults}); empty:
 *                       perf's default set (stat) or {@code cpu-clock} sampling (record)
 * @param intervalMillis perf stat's {@code -I}: milliseconds between two interval counts, at least 1 (perf itself
 *                       refuses less than 10 on some versions)
 * @param frequencyHz    perf record's {@code -F}: samples per second, at least 1
 * @param callGraph      perf record's {@code -g}: each sample's call chain, not only its function
 * @param command        the workload's argument vector, run directly (no shell: {@code sh -c '...'} for one); not empty
 * @param environment    variables added to (or replacing) those ppw-java itself runs with, in order
 * @param workingFolder  where the workload runs; empty: where ppw-java does
 * @param traceDir       a folder the workload writes PerfFlowAspect traces ({@code .pfw}) into: those written while it
 *                       runs are collected and merged as nodes; empty: none
 */
public record WorkloadSpec(Tool tool, List<String> events, long intervalMillis, int frequencyHz, boolean callGraph,
                           List<String> command, Map<String, String> environment, Optional<Path> workingFolder,
                           Optional<Path> traceDir) {

    /** Which perf tool measures the workload. */
    public enum Tool {
        /** {@code perf stat -I MS -x,}: counts per interval, counter series of the run. */
        STAT("stat"),
        /** {@code perf record -F HZ [-g]}, then {@code perf script}: samples folded into the profile. */
        RECORD("record"),
        /** No perf: the workload alone, its own traces collected. */
        NONE("none");

        private final String label;

        Tool(String label) {
            this.label = label;
        }

        /** How the command line and the settings spell it: stat, record, none. */
        public String label() {
            return label;
        }

        /**
         * The tool spelled {@code label} (any case).
         *
         * @throws IllegalArgumentException for any other word
         */
        public static Tool of(String label) {
            for (Tool t : values()) {
                if (t.label.equals(label.strip().toLowerCase(Locale.ROOT))) {
                    return t;
                }
            }
            throw new IllegalArgumentException("unknown perf tool '" + label + "': expected stat, record or none");
        }
    }

    /** perf stat's interval when none is given: one second, as the seed's streaming plot. */
    public static final long DEFAULT_INTERVAL_MILLIS = 1000;
    /** perf record's frequency when none is given: 99 Hz, off the beat of periodic timers. */
    public static final int DEFAULT_FREQUENCY_HZ = 99;

    /** The prefix of every settings key this spec writes ({@link #toSettings()}). */
    public static final String SETTINGS_PREFIX = "workload.";

    public WorkloadSpec {
        Objects.requireNonNull(tool, "tool");
        events = List.copyOf(events);
        for (String e : events) {
            if (e.isBlank() || e.chars().anyMatch(c -> c == ',' || Character.isWhitespace(c))) {
                throw new IllegalArgumentException("an event is one perf event name without ',' or spaces, got '"
                        + e + "'");
            }
        }
        if (intervalMillis < 1) {
            throw new IllegalArgumentException("the interval must be at least 1 ms, got " + intervalMillis);
        }
        if (frequencyHz < 1) {
            throw new IllegalArgumentException("the frequency must be at least 1 Hz, got " + frequencyHz);
        }
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("a workload needs a command to run");
        }
        for (String key : environment.keySet()) {
            if (key.isEmpty() || key.indexOf('=') >= 0 || key.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("an environment variable's name is a word without '=', got '"
                        + key + "'");
            }
        }
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        Objects.requireNonNull(workingFolder, "workingFolder");
        Objects.requireNonNull(traceDir, "traceDir");
    }

    /** {@code command} run on its own: no perf, no traces, the default interval and frequency. */
    public static WorkloadSpec of(List<String> command) {
        return new WorkloadSpec(Tool.NONE, List.of(), DEFAULT_INTERVAL_MILLIS, DEFAULT_FREQUENCY_HZ, false, command,
                Map.of(), Optional.empty(), Optional.empty());
    }

    public WorkloadSpec withTool(Tool perf) {
        return new WorkloadSpec(perf, events, intervalMillis, frequencyHz, callGraph, command, environment,
                workingFolder, traceDir);
    }

    public WorkloadSpec withEvents(List<String> names) {
        return new WorkloadSpec(tool, names, intervalMillis, frequencyHz, callGraph, command, environment,
                workingFolder, traceDir);
    }

    public WorkloadSpec withIntervalMillis(long millis) {
        return new WorkloadSpec(tool, events, millis, frequencyHz, callGraph, command, environment, workingFolder,
                traceDir);
    }

    public WorkloadSpec withFrequencyHz(int hz) {
        return new WorkloadSpec(tool, events, intervalMillis, hz, callGraph, command, environment, workingFolder,
                traceDir);
    }

    public WorkloadSpec withCallGraph(boolean chains) {
        return new WorkloadSpec(tool, events, intervalMillis, frequencyHz, chains, command, environment,
                workingFolder, traceDir);
    }

    public WorkloadSpec withCommand(List<String> argv) {
        return new WorkloadSpec(tool, events, intervalMillis, frequencyHz, callGraph, argv, environment,
                workingFolder, traceDir);
    }

    public WorkloadSpec withEnvironment(Map<String, String> additions) {
        return new WorkloadSpec(tool, events, intervalMillis, frequencyHz, callGraph, command, additions,
                workingFolder, traceDir);
    }

    /** This spec run in {@code folder} (null: where ppw-java runs). */
    public WorkloadSpec withWorkingFolder(Path folder) {
        return new WorkloadSpec(tool, events, intervalMillis, frequencyHz, callGraph, command, environment,
                Optional.ofNullable(folder), traceDir);
    }

    /** This spec with its traces collected from {@code folder} (null: none). */
    public WorkloadSpec withTraceDir(Path folder) {
        return new WorkloadSpec(tool, events, intervalMillis, frequencyHz, callGraph, command, environment,
                workingFolder, Optional.ofNullable(folder));
    }

    /**
     * This spec as a stored run's settings, every key starting with {@value #SETTINGS_PREFIX}: {@code tool},
     * {@code events} (comma-separated), {@code interval_ms}, {@code frequency_hz}, {@code call_graph}
     * ({@code true}/{@code false}), {@code command} (a JSON array of strings), {@code env.NAME} per variable,
     * {@code working_folder} and {@code trace_dir} when set.
     */
    public Map<String, String> toSettings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(SETTINGS_PREFIX + "tool", tool.label());
        s.put(SETTINGS_PREFIX + "events", String.join(",", events));
        s.put(SETTINGS_PREFIX + "interval_ms", Long.toString(intervalMillis));
        s.put(SETTINGS_PREFIX + "frequency_hz", Integer.toString(frequencyHz));
        s.put(SETTINGS_PREFIX + "call_graph", Boolean.toString(callGraph));
        s.put(SETTINGS_PREFIX + "command", jsonArray(command));
        environment.forEach((k, v) -> s.put(SETTINGS_PREFIX + "env." + k, v));
        workingFolder.ifPresent(f -> s.put(SETTINGS_PREFIX + "working_folder", f.toString()));
        traceDir.ifPresent(f -> s.put(SETTINGS_PREFIX + "trace_dir", f.toString()));
        return s;
    }

    /**
     * The spec a stored run's settings hold ({@link #toSettings()}; other keys are ignored), or empty when they hold
     * none (a run stored by {@code profile}, say).
     *
     * @throws IllegalArgumentException when the settings hold a spec that cannot be read back, naming the key
     */
    public static Optional<WorkloadSpec> fromSettings(Map<String, String> settings) {
        String commandText = settings.get(SETTINGS_PREFIX + "command");
        if (commandText == null) {
            return Optional.empty();
        }
        Map<String, String> env = new LinkedHashMap<>();
        String envPrefix = SETTINGS_PREFIX + "env.";
        settings.forEach((k, v) -> {
            if (k.startsWith(envPrefix)) {
                env.put(k.substring(envPrefix.length()), v);
            }
        });
        String events = settings.getOrDefault(SETTINGS_PREFIX + "events", "");
        return Optional.of(new WorkloadSpec(Tool.of(settings.getOrDefault(SETTINGS_PREFIX + "tool", "none")),
                events.isEmpty() ? List.of() : List.of(events.split(",")),
                number(settings, "interval_ms", DEFAULT_INTERVAL_MILLIS),
                (int) number(settings, "frequency_hz", DEFAULT_FREQUENCY_HZ),
                Boolean.parseBoolean(settings.getOrDefault(SETTINGS_PREFIX + "call_graph", "false")),
                parseArray(commandText), env,
                Optional.ofNullable(settings.get(SETTINGS_PREFIX + "working_folder")).map(Path::of),
                Optional.ofNullable(settings.get(SETTINGS_PREFIX + "trace_dir")).map(Path::of)));
    }

    private static long number(Map<String, String> settings, String key, long otherwise) {
        String text = settings.get(SETTINGS_PREFIX + key);
        if (text == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("setting " + SETTINGS_PREFIX + key + " is no whole number: '" + text
                    + "'");
        }
    }

    private static final JsonFactory JSON = new JsonFactory();

    static String jsonArray(List<String> values) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartArray();
            for (String v : values) {
                g.writeString(v);
            }
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    static List<String> parseArray(String text) {
        List<String> values = new ArrayList<>();
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IllegalArgumentException("setting " + SETTINGS_PREFIX + "command is no JSON array of"
                        + " strings: " + text);
            }
            for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
                if (t != JsonToken.VALUE_STRING) {
                    throw new IllegalArgumentException("setting " + SETTINGS_PREFIX + "command is no JSON array of"
                            + " strings: " + text);
                }
                values.add(p.getText());
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("setting " + SETTINGS_PREFIX + "command is no JSON array of strings: "
                    + text, e);
        }
        return values;
    }
}
