package dev.ppw.workload;

import dev.ppw.model.PerfStatFields;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code perf stat -I MS -x SEP} output, a line at a time: what the runner tells its listener while the workload runs,
 * and what reads a kept {@code perf-stat.csv} back into intervals. One line of {@code perf stat -I 100 -x ';'}:
 * <pre>{@code      0.109802594;45.93;msec;task-clock;45927965;100.00;0.459;CPUs utilized}</pre>
 * Fields: the interval's end (seconds since perf started, exact to the nanosecond), a CPU, core or thread column when
 * perf prints one ({@code -A}, {@code --per-core} with its core count, {@code --per-thread}), the count or
 * {@code <not counted>}/{@code <not supported>}, its unit, the event, the time it was counted (ns), the share of the
 * interval counted, and perf's derived metric with its unit. The separator is the character after the first time.
 * The stored run's counter series come from the same text through the engine's {@code perf-stat} reader, which reads
 * these fields by the same rules, {@link PerfStatFields} (SEMANTICS.md "Counters"). Stateless; thread-safe.
 */
public final class PerfStatCsv {
    /** The separator the runner asks perf for ({@code -x ';'}): perf's event names may hold commas, never this. */
    public static final char SEPARATOR = ';';

    private static final int MAX_FRACTION_DIGITS = 9;

    private PerfStatCsv() {
    }

    /**
     * One interval line's time and count.
     *
     * @param endNanos when its interval ended, ns since perf started
     * @param value    the event's count
     */
    public record Line(long endNanos, CounterValue value) {
    }

    /**
     * The interval line {@code text} holds, or empty for a line that is none of perf's intervals: blank, a comment
     * ({@code # started on ...}), or anything else perf prints beside them.
     */
    public static Optional<Line> parseLine(String text) {
        String t = text.strip();
        if (t.isEmpty() || t.startsWith("#")) {
            return Optional.empty();
        }
        int end = 0;
        while (end < t.length() && (Character.isDigit(t.charAt(end)) || t.charAt(end) == '.')) {
            end++;
        }
        if (end == t.length() || end == 0) {
            return Optional.empty();
        }
        long ns = nanos(t.substring(0, end));
        if (ns < 0) {
            return Optional.empty();
        }
        List<String> f = PerfStatFields.split(t, t.charAt(end));
        int v = PerfStatFields.valueColumn(f);
        if (v < 0 || f.size() < v + 3 || f.get(v + 2).isBlank()) {
            return Optional.empty();
        }
        String id = v > 1 ? f.get(1).strip() : "";
        String count = f.get(v).strip();
        String unit = f.get(v + 1).strip();
        OptionalDouble value = count.startsWith(PerfStatFields.NOT_COUNTED) ? OptionalDouble.empty()
                : PerfStatFields.number(count);
        OptionalDouble counted = f.size() > v + 4 ? PerfStatFields.number(f.get(v + 4).strip()) : OptionalDouble.empty();
        Optional<PerfStatFields.Metric> metric = f.size() > v + 6
                ? PerfStatFields.metric(f.get(v + 5).strip(), f.get(v + 6).strip()) : Optional.empty();
        return Optional.of(new Line(ns, new CounterValue(f.get(v + 2).strip(), id, unit.isEmpty() ? "count" : unit,
                value, counted, metric.map(m -> OptionalDouble.of(m.value().doubleValue())).orElse(OptionalDouble.empty()),
                metric.map(PerfStatFields.Metric::unit).orElse(""))));
    }

    /**
     * Every interval of a whole output (a kept {@code perf-stat.csv}), in order: consecutive lines of one time are
     * one interval. Lines that are no interval are skipped.
     */
    public static List<CounterInterval> parse(Reader in) throws IOException {
        List<CounterInterval> intervals = new ArrayList<>();
        Grouping grouping = new Grouping(intervals::add);
        BufferedReader lines = in instanceof BufferedReader b ? b : new BufferedReader(in);
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            parseLine(line).ifPresent(grouping::add);
        }
        grouping.flush();
        return intervals;
    }

    /** Lines into intervals: an interval ends when a line of another time comes, or when told. Not thread-safe. */
    static final class Grouping {
        private final java.util.function.Consumer<CounterInterval> sink;
        private final List<CounterValue> values = new ArrayList<>();
        private long endNanos = -1;
        private int emitted;

        Grouping(java.util.function.Consumer<CounterInterval> sink) {
            this.sink = sink;
        }

        void add(Line line) {
            if (line.endNanos() != endNanos) {
                flush();
                endNanos = line.endNanos();
            }
            values.add(line.value());
        }

        /** Ends the interval being gathered, if any. */
        void flush() {
            if (!values.isEmpty()) {
                emitted++;
                sink.accept(new CounterInterval(endNanos, values));
                values.clear();
            }
        }

        int emitted() {
            return emitted;
        }
    }

    /** {@code seconds.fraction} in exact nanoseconds, or -1 when it is no such time. */
    static long nanos(String s) {
        int dot = s.indexOf('.');
        if (dot <= 0 || dot == s.length() - 1 || s.length() - dot - 1 > MAX_FRACTION_DIGITS
                || !isDigits(s.substring(0, dot)) || !isDigits(s.substring(dot + 1)) || dot > 9) {
            return -1;
        }
        long fraction = Long.parseLong(s.substring(dot + 1));
        for (int i = s.length() - dot - 1; i < MAX_FRACTION_DIGITS; i++) {
            fraction *= 10;
        }
        return Long.parseLong(s.substring(0, dot)) * 1_000_000_000L + fraction;
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}
