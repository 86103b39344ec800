package dev.ppw.collect.jfr;

import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.SampleWeights;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a recording says of its own sampling ({@code jdk.ActiveSetting} events), gathered chunk by chunk before
 * the chunk's samples are read: the recorder writes its settings anywhere in a chunk, often after the samples
 * they govern.
 *
 * <p>A sample of {@code jdk.ExecutionSample} or {@code jdk.NativeMethodSample} weighs the sampling period in
 * effect for its event type at its time: the last {@code period} setting of that type at or before it (the
 * first one for a sample before every setting; the shorter period of two set at once, as the recorder itself
 * samples at the shortest period its recordings ask for). The JDK writes the period with its unit
 * ({@code 20 ms}); async-profiler writes {@code interval}, a number in nanoseconds for its time engines
 * ({@code cpu}, {@code itimer}, {@code ctimer}, {@code wall}, and when its {@code event} setting is absent) and in
 * events for a hardware or software counter ({@code event=cycles}), which then is a metric of its own named after
 * the event. A sample whose period is unknown (no setting, {@code 0}, {@code off}) weighs 1 of
 * {@code execution_samples} or {@code native_method_samples} (unit count): time is never made up from a count.
 * async-profiler's wall-clock interval is its setting {@code wall}, in nanoseconds.
 */
final class JfrSettings {
    private static final List<String> TIME_ENGINES = List.of("cpu", "itimer", "ctimer", "wall");

    /** A sample's weight: a metric and its amount. */
    record Weight(Metric metric, long amount) {
    }

    private record Period(long timeNanos, long period) {
    }

    /** Period settings by event type name, in time order once {@link #sorted} is true. */
    private final Map<String, List<Period>> periods = new HashMap<>();
    private boolean sorted = true;
    /** Event types whose period is async-profiler's {@code interval}: their values count events or ns. */
    private final Map<String, Boolean> intervals = new HashMap<>();
    private String engineEvent = "";
    private String pid = "";
    private long wallIntervalNanos = -1;
    private final Map<String, Weight> countWeights = new HashMap<>();
    /**
     * Counts the settings read. The last weight given out holds for samples of {@code lastType} from
     * {@code lastFrom} to before {@code lastUntil} while this count stays {@code lastChanges}.
     */
    private long changes;
    private long lastChanges = -1;
    private String lastType;
    private long lastFrom;
    private long lastUntil;
    private Weight lastWeight;

    /** One {@code jdk.ActiveSetting} of event type {@code typeName} (null when its id is no type) at {@code timeNanos}. */
    void setting(String typeName, long timeNanos, String name, String value) {
        if (name == null || value == null) {
            return;
        }
        changes++;
        switch (name) {
            case "period" -> add(typeName, timeNanos, parsePeriod(value));
            case "interval" -> {
                intervals.put(typeName, Boolean.TRUE);
                add(typeName, timeNanos, parseCount(value.strip()));
            }
            case "wall" -> {
                long wall = parseCount(value.strip());
                if (wall > 0) {
                    wallIntervalNanos = wall;
                }
            }
            case "event" -> engineEvent = value.strip();
            default -> {
                // Thresholds, stack depths and the like do not weigh samples.
            }
        }
    }

    private void add(String typeName, long timeNanos, long period) {
        if (typeName == null) {
            return;
        }
        List<Period> list = periods.computeIfAbsent(typeName, k -> new ArrayList<>());
        if (!list.isEmpty() && list.get(list.size() - 1).timeNanos > timeNanos) {
            sorted = false;
        }
        list.add(new Period(timeNanos, period));
    }

    /** The JVM's pid from {@code jdk.JVMInformation}; the first positive one is kept. */
    void pid(long p) {
        if (pid.isEmpty() && p > 0) {
            pid = Long.toString(p);
        }
    }

    /** The JVM's pid, {@code ""} when the recording does not say. */
    String pid() {
        return pid;
    }

    /** async-profiler's wall-clock sampling interval in nanoseconds, -1 when the recording does not say. */
    long wallIntervalNanos() {
        return wallIntervalNanos;
    }

    /** The weight of a sample of event type {@code typeName} at {@code timeNanos}. */
    Weight weight(String typeName, long timeNanos) {
        // Samples of one type follow one another in time, and a setting holds from its time to the next one's:
        // the last weight serves them until the settings change or a sample falls outside its setting's span.
        if (lastChanges == changes && typeName.equals(lastType) && timeNanos >= lastFrom && timeNanos < lastUntil) {
            return lastWeight;
        }
        List<Period> list = periods.get(typeName);
        long period = -1;
        long from = Long.MIN_VALUE;
        long until = Long.MAX_VALUE;
        if (list != null) {
            if (!sorted) {
                for (List<Period> l : periods.values()) {
                    l.sort((a, b) -> a.timeNanos != b.timeNanos ? Long.compare(a.timeNanos, b.timeNanos)
                            : Long.compare(b.period, a.period));
                }
                sorted = true;
            }
            // The last setting at or before the sample (of two at once, the shorter: sorted last); the first for
            // a sample before every setting.
            int lo = 0;
            int hi = list.size() - 1;
            int found = 0;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (list.get(mid).timeNanos <= timeNanos) {
                    found = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            period = list.get(found).period;
            from = found == 0 ? Long.MIN_VALUE : list.get(found).timeNanos;
            until = found + 1 < list.size() ? list.get(found + 1).timeNanos : Long.MAX_VALUE;
        }
        Weight w = period <= 0 ? countWeights.computeIfAbsent(typeName, JfrSettings::countWeight)
                : weightOf(typeName, period);
        lastWeight = w;
        lastChanges = changes;
        lastType = typeName;
        lastFrom = from;
        lastUntil = until;
        return w;
    }

    private Weight weightOf(String typeName, long period) {
        if (intervals.containsKey(typeName) && !engineEvent.isEmpty() && !TIME_ENGINES.contains(engineEvent)) {
            String metric = metricName(engineEvent);
            return new Weight(Metric.weight(metric, MetricUnit.EVENTS, engineEvent, "async-profiler's "
                    + engineEvent + " event: the sampling interval (events counted between samples)"), period);
        }
        return new Weight(SampleWeights.TIME, period);
    }

    private static Weight countWeight(String typeName) {
        boolean execution = typeName.equals(JfrReader.Kind.EXECUTION.typeName);
        String name = execution ? "execution_samples" : "native_method_samples";
        return new Weight(Metric.weight(name, MetricUnit.COUNT, execution ? "execution samples"
                : "native method samples", typeName + " samples of a recording that does not say its sampling"
                + " period: one each"), 1);
    }

    /**
     * A JDK period ({@code 20 ms}, {@code 1 s}, {@code 500 us}) in nanoseconds; -1 for what is no time
     * ({@code off}, {@code everyChunk}, garbage) or overflows.
     */
    static long parsePeriod(String text) {
        String t = text.strip();
        int i = 0;
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            i++;
        }
        if (i == 0 || i > 18) {
            return -1;
        }
        long n = Long.parseLong(t.substring(0, i));
        long unit = switch (t.substring(i).strip().toLowerCase(Locale.ROOT)) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            case "d" -> 86_400_000_000_000L;
            default -> -1L;
        };
        if (unit < 0 || n > Long.MAX_VALUE / unit) {
            return -1;
        }
        return n * unit;
    }

    private static long parseCount(String text) {
        if (text.isEmpty() || text.length() > 18) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return -1;
            }
        }
        return Long.parseLong(text);
    }

    /** {@code event} in lower snake case, starting with a letter. */
    static String metricName(String event) {
        StringBuilder b = new StringBuilder();
        for (char c : event.toLowerCase(Locale.ROOT).toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                b.append(c);
            } else if (!b.isEmpty() && b.charAt(b.length() - 1) != '_') {
                b.append('_');
            }
        }
        while (!b.isEmpty() && b.charAt(b.length() - 1) == '_') {
            b.setLength(b.length() - 1);
        }
        if (b.isEmpty() || !(b.charAt(0) >= 'a' && b.charAt(0) <= 'z')) {
            b.insert(0, "event_");
        }
        return b.toString();
    }
}
