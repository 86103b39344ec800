package dev.ppw.collect.perf;

import dev.ppw.collect.folded.FoldedFormat;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.SampleWeights;

import java.util.List;
import java.util.Locale;

/**
 * What a sample of each perf event weighs, as data: the time events (whose period perf counts in
 * nanoseconds) add to the profile's own time; every other event is a weight of its own in
 * {@link MetricUnit#EVENTS}. A sample printed without its period weighs 1 of its event's metric, "one sample
 * each", or, for a time event, 1 of {@code <event>_samples} in {@link MetricUnit#COUNT}: time cannot be made
 * up from a sample count. A sample printed with neither its event nor its period is one of folded stacks'
 * {@link FoldedFormat#SAMPLES}, so such text folds exactly as its folded form does.
 */
final class PerfEvents {
    /** Software events whose sampling period perf counts in nanoseconds of CPU time. */
    static final List<String> TIME_EVENTS = List.of("cpu-clock", "task-clock");

    /** Events perf lists by name, with how its output spells them; anything else is read the same way. */
    static final List<String> COUNT_EVENTS = List.of("cycles", "cpu-cycles", "instructions", "cache-references",
            "cache-misses", "branch-instructions", "branches", "branch-misses", "bus-cycles", "ref-cycles",
            "stalled-cycles-frontend", "stalled-cycles-backend", "page-faults", "faults", "minor-faults",
            "major-faults", "context-switches", "cs", "cpu-migrations", "migrations", "alignment-faults",
            "emulation-faults");

    /** The weight of samples printed with their period but not their event: events of an unnamed event. */
    static final Metric PERIODS = Metric.weight("events", MetricUnit.EVENTS, "events",
            "the sample periods of an event perf script did not print (-F without event)");

    private static final String MODIFIERS = "ukhIGHpPSDWe";

    private PerfEvents() {
    }

    /**
     * The event an event field names, without what perf adds to it: the colon that ends the field, modifiers
     * ({@code cycles:u}, {@code cpu-clock:ppp}) and config terms ({@code page-faults/period=20/},
     * {@code cpu/cycles/}). Tracepoints ({@code sched:sched_switch}) keep their system.
     */
    static String baseName(String field) {
        String e = field.endsWith(":") ? field.substring(0, field.length() - 1) : field;
        int colon = e.lastIndexOf(':');
        if (colon > 0 && colon < e.length() - 1 && onlyModifiers(e, colon + 1)) {
            e = e.substring(0, colon);
        }
        int slash = e.indexOf('/');
        int last = e.lastIndexOf('/');
        if (slash > 0 && last > slash) {
            String terms = e.substring(slash + 1, last);
            e = terms.isEmpty() || terms.contains("=") || terms.contains(",") ? e.substring(0, slash) : terms;
        }
        return e;
    }

    private static boolean onlyModifiers(String e, int from) {
        for (int i = from; i < e.length(); i++) {
            if (MODIFIERS.indexOf(e.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    static boolean isTime(String baseName) {
        return TIME_EVENTS.contains(baseName);
    }

    /**
     * The weight of a sample of {@code baseName}: {@link SampleWeights#TIME} for a time event with its period
     * printed, else a metric named after the event (lower snake case).
     */
    static Metric weight(String baseName, boolean periodPrinted) {
        if (baseName.isEmpty()) {
            return periodPrinted ? PERIODS : FoldedFormat.SAMPLES;
        }
        if (isTime(baseName)) {
            if (periodPrinted) {
                return SampleWeights.TIME;
            }
            return Metric.weight(metricName(baseName) + "_samples", MetricUnit.COUNT, baseName + " samples",
                    "samples of perf's " + baseName + " event printed without their period: one each");
        }
        String kind = COUNT_EVENTS.contains(baseName) ? "perf event " : "perf event (not one perf lists) ";
        return Metric.weight(metricName(baseName), MetricUnit.EVENTS, baseName, kind + baseName
                + ": the sample periods (events counted between samples), 1 per sample printed without one");
    }

    /** {@code baseName} in lower snake case: every run of other characters than letters and digits is one {@code _}. */
    static String metricName(String baseName) {
        StringBuilder b = new StringBuilder();
        for (char c : baseName.toLowerCase(Locale.ROOT).toCharArray()) {
            boolean keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (keep) {
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
