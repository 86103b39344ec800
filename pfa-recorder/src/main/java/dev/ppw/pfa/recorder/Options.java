package dev.ppw.pfa.recorder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * PerfFlowAspect's options ({@code PERFFLOW_OPTIONS="key=value:key=value"}), with its keys, defaults and
 * accepted spellings, plus ppw-java's {@code ppw-mode} and {@code ppw-store}.
 *
 * <table>
 *   <caption>keys</caption>
 *   <tr><th>key</th><th>default</th><th>values</th></tr>
 *   <tr><td>name</td><td>generic</td><td>any</td></tr>
 *   <tr><td>log-filename-include</td><td>hostname,pid</td><td>name, instance-path, hostname, pid</td></tr>
 *   <tr><td>log-dir</td><td>./</td><td>a folder, created when missing</td></tr>
 *   <tr><td>log-enable</td><td>True</td><td>True, False (also all lower or upper case)</td></tr>
 *   <tr><td>cpu-mem-usage</td><td>False</td><td>True, False</td></tr>
 *   <tr><td>log-event</td><td>Verbose</td><td>Verbose, Compact</td></tr>
 *   <tr><td>log-format</td><td>Array</td><td>Array, Object</td></tr>
 *   <tr><td>caliper-enable</td><td>False</td><td>True, False (True is not supported in Java: a warning)</td></tr>
 *   <tr><td>ppw-mode</td><td>trace</td><td>trace, fold</td></tr>
 *   <tr><td>ppw-store</td><td>(none)</td><td>fold mode: an SQLite run store's path, where the run is stored at exit</td></tr>
 * </table>
 *
 * <p>Problems are said in one stderr line each, in PerfFlowAspect's words where it has some: an entry without
 * exactly one {@code =} is {@code Ill-formed option: ENTRY} and skipped, an unknown key or
 * {@code log-filename-include} part {@code perfflow warning: unknown option param=KEY} and skipped; a bad
 * value of a known key is {@code perfflow invalid option: KEY=[A|B] ...} and turns tracing off
 * ({@link #enabled()} false), where PerfFlowAspect raises an exception.
 */
public final class Options {
    /** The environment variable PerfFlowAspect reads. */
    public static final String ENV = "PERFFLOW_OPTIONS";
    /** The system property that, when set, is read instead of {@link #ENV}. */
    public static final String PROPERTY = "perfflow.options";

    /** Where each region is recorded. */
    public enum Mode { TRACE, FOLD }

    private static final List<String> KEYS = List.of("name", "log-filename-include", "log-dir", "log-enable",
            "cpu-mem-usage", "log-event", "log-format", "caliper-enable", "ppw-mode", "ppw-store");
    private static final List<String> INCLUDES = List.of("name", "instance-path", "hostname", "pid");

    private final String name;
    private final List<String> filenameInclude;
    private final String logDir;
    private final boolean enabled;
    private final boolean cpuMemUsage;
    private final boolean compact;
    private final boolean arrayFormat;
    private final Mode mode;
    private final String store;

    private Options(Map<String, String> given, Consumer<String> err) {
        this.name = given.getOrDefault("name", "generic");
        List<String> include = new ArrayList<>();
        for (String part : given.getOrDefault("log-filename-include", "hostname,pid").split(",", -1)) {
            if (INCLUDES.contains(part)) {
                include.add(part);
            } else {
                err.accept("perfflow warning: unknown option param=" + part);
            }
        }
        this.filenameInclude = List.copyOf(include);
        this.logDir = given.getOrDefault("log-dir", "./");
        Boolean on = bool(given.getOrDefault("log-enable", "True"));
        Boolean usage = bool(given.getOrDefault("cpu-mem-usage", "False"));
        Boolean caliper = bool(given.getOrDefault("caliper-enable", "False"));
        String event = given.getOrDefault("log-event", "Verbose");
        String format = given.getOrDefault("log-format", "Array");
        String modeText = given.getOrDefault("ppw-mode", "trace");
        boolean ok = true;
        if (on == null) {
            ok = invalid(err, "log-enable", "[True|False]", given.get("log-enable"));
        }
        if (usage == null) {
            ok = invalid(err, "cpu-mem-usage", "[True|False]", given.get("cpu-mem-usage"));
        }
        if (caliper == null) {
            ok = invalid(err, "caliper-enable", "[True|False]", given.get("caliper-enable"));
        }
        boolean isCompact = spelled(event, "Compact");
        if (!isCompact && !spelled(event, "Verbose")) {
            ok = invalid(err, "log-event", "[Compact|Verbose]", event);
        }
        boolean isArray = spelled(format, "Array");
        if (!isArray && !spelled(format, "Object")) {
            ok = invalid(err, "log-format", "[Array|Object]", format);
        }
        Mode m = switch (modeText) {
            case "trace" -> Mode.TRACE;
            case "fold" -> Mode.FOLD;
            default -> null;
        };
        if (m == null) {
            ok = invalid(err, "ppw-mode", "[trace|fold]", modeText);
            m = Mode.TRACE;
        }
        if (ok && Boolean.TRUE.equals(caliper)) {
            err.accept("perfflow warning: caliper-enable=True is not supported in Java; ignored");
        }
        this.enabled = ok && Boolean.TRUE.equals(on);
        this.cpuMemUsage = Boolean.TRUE.equals(usage);
        this.compact = isCompact;
        this.arrayFormat = isArray || !spelled(format, "Object");
        this.mode = m;
        this.store = given.get("ppw-store");
    }

    /**
     * Options from the text of {@code PERFFLOW_OPTIONS} ({@code null}: none given), each problem said to
     * {@code err} in one line.
     */
    public static Options parse(String text, Consumer<String> err) {
        Map<String, String> given = new LinkedHashMap<>();
        if (text != null) {
            for (String entry : text.split(":", -1)) {
                if (entry.isEmpty()) {
                    continue; // "a=b:" or an empty variable: nothing was meant
                }
                String[] kv = entry.split("=", -1);
                if (kv.length != 2) {
                    err.accept("Ill-formed option: " + entry);
                } else if (!KEYS.contains(kv[0])) {
                    err.accept("perfflow warning: unknown option param=" + kv[0]);
                } else {
                    given.put(kv[0], kv[1]);
                }
            }
        }
        return new Options(given, err);
    }

    /** PerfFlowAspect's three spellings of a boolean; null for anything else. */
    private static Boolean bool(String value) {
        if (spelled(value, "True")) {
            return Boolean.TRUE;
        }
        return spelled(value, "False") ? Boolean.FALSE : null;
    }

    /** {@code Word}, {@code word} or {@code WORD}, the spellings PerfFlowAspect accepts. */
    private static boolean spelled(String value, String word) {
        return value.equals(word) || value.equals(word.toLowerCase(java.util.Locale.ROOT))
                || value.equals(word.toUpperCase(java.util.Locale.ROOT));
    }

    private static boolean invalid(Consumer<String> err, String key, String accepted, String got) {
        err.accept("perfflow invalid option: " + key + "=" + accepted + " (got '" + got + "'); tracing is off");
        return false;
    }

    public String name() {
        return name;
    }

    /** The parts of the file name, in the order given, unknown ones left out. */
    public List<String> filenameInclude() {
        return filenameInclude;
    }

    public String logDir() {
        return logDir;
    }

    /** False with {@code log-enable=False} or any bad value: nothing is recorded. */
    public boolean enabled() {
        return enabled;
    }

    public boolean cpuMemUsage() {
        return cpuMemUsage;
    }

    /** {@code log-event=Compact}: one {@code X} per region instead of {@code B} and {@code E}. */
    public boolean compact() {
        return compact;
    }

    /** {@code log-format=Array} (the default): a {@code [} line, then events; else the object form. */
    public boolean arrayFormat() {
        return arrayFormat;
    }

    public Mode mode() {
        return mode;
    }

    /** The run store named by {@code ppw-store}, or null. */
    public String store() {
        return store;
    }
}
