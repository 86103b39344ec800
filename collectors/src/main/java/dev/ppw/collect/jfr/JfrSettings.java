package dev.ppw.collect.jfr;

import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.SampleWeights;
import jdk.jfr.consumer.EventStream;
import jdk.jfr.consumer.RecordedEvent;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a recording says of its own sampling, read in a pass of its own before the samples: the recorder writes
 * its settings ({@code jdk.ActiveSetting}) anywhere in a chunk, often after the samples they govern.
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
 */
final class JfrSettings {
    private static final List<String> TIME_ENGINES = List.of("cpu", "itimer", "ctimer", "wall");

    /** A sample's weight: a metric and its amount. */
    record Weight(Metric metric, long amount) {
    }

    private record Period(long timeNanos, long period) {
    }

    /** Period settings by event type id, in file order. */
    private final Map<Long, List<Period>> periods = new HashMap<>();
    /** Settings named {@code interval} (async-profiler's) by event type id: their values count events or ns. */
    private final Map<Long, Boolean> intervals = new HashMap<>();
    private String engineEvent = "";
    private String pid = "";

    private JfrSettings() {
    }

    /** The settings of the recording {@code path}. */
    static JfrSettings read(Path path) throws IOException {
        JfrSettings s = new JfrSettings();
        try (EventStream stream = EventStream.openFile(path)) {
            stream.setOrdered(false);
            stream.onEvent("jdk.ActiveSetting", s::setting);
            stream.onEvent("jdk.JVMInformation", s::jvm);
            stream.start();
        }
        for (List<Period> list : s.periods.values()) {
            list.sort((a, b) -> a.timeNanos != b.timeNanos ? Long.compare(a.timeNanos, b.timeNanos)
                    : Long.compare(b.period, a.period));
        }
        return s;
    }

    private void setting(RecordedEvent e) {
        if (!e.hasField("name") || !e.hasField("value") || !e.hasField("id")) {
            return;
        }
        String name = e.getString("name");
        String value = e.getString("value");
        if (name == null || value == null) {
            return;
        }
        long id = e.getLong("id");
        switch (name) {
            case "period" -> add(id, JfrReader.nanos(e.getStartTime()), parsePeriod(value));
            case "interval" -> {
                intervals.put(id, Boolean.TRUE);
                add(id, JfrReader.nanos(e.getStartTime()), parseCount(value.strip()));
            }
            case "event" -> engineEvent = value.strip();
            default -> {
                // Thresholds, stack depths and the like do not weigh samples.
            }
        }
    }

    private void add(long typeId, long timeNanos, long period) {
        periods.computeIfAbsent(typeId, k -> new ArrayList<>()).add(new Period(timeNanos, period));
    }

    private void jvm(RecordedEvent e) {
        if (pid.isEmpty() && e.hasField("pid")) {
            long p = e.getLong("pid");
            if (p > 0) {
                pid = Long.toString(p);
            }
        }
    }

    /** The JVM's pid, {@code ""} when the recording does not say. */
    String pid() {
        return pid;
    }

    /** The weight of a sample of event type {@code typeId} ({@code typeName}) at {@code timeNanos}. */
    Weight weight(long typeId, String typeName, long timeNanos) {
        List<Period> list = periods.get(typeId);
        long period = -1;
        if (list != null) {
            period = list.get(0).period;
            for (Period p : list) {
                if (p.timeNanos > timeNanos) {
                    break;
                }
                period = p.period;
            }
        }
        if (period <= 0) {
            return new Weight(countMetric(typeName), 1);
        }
        if (intervals.containsKey(typeId) && !engineEvent.isEmpty() && !TIME_ENGINES.contains(engineEvent)) {
            String metric = metricName(engineEvent);
            return new Weight(Metric.weight(metric, MetricUnit.EVENTS, engineEvent, "async-profiler's "
                    + engineEvent + " event: the sampling interval (events counted between samples)"), period);
        }
        return new Weight(SampleWeights.TIME, period);
    }

    private static Metric countMetric(String typeName) {
        boolean execution = typeName.equals(JfrReader.EXECUTION_SAMPLE);
        String name = execution ? "execution_samples" : "native_method_samples";
        return Metric.weight(name, MetricUnit.COUNT, execution ? "execution samples" : "native method samples",
                typeName + " samples of a recording that does not say its sampling period: one each");
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
