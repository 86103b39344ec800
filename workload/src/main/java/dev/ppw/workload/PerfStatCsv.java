package dev.ppw.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
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
 * these fields the same way (SEMANTICS.md "Counters"). Stateless; thread-safe.
 */
public final class PerfStatCsv {
    /** The separator the runner asks perf for ({@code -x ';'}): perf's event names may hold commas, never this. */
    public static final char SEPARATOR = ';';

    private static final int MAX_FRACTION_DIGITS = 9;
    private static final String NOT = "<not";
    private static final String RATE_PREFIXES = "KMG";

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
        List<String> f = split(t, t.charAt(end));
        int v = valueColumn(f);
        if (v < 0 || f.size() < v + 3 || f.get(v + 2).isBlank()) {
            return Optional.empty();
        }
        String id = v > 1 ? f.get(1).strip() : "";
        String count = f.get(v).strip();
        String unit = f.get(v + 1).strip();
        OptionalDouble value = count.startsWith(NOT) ? OptionalDouble.empty() : number(count);
        OptionalDouble counted = f.size() > v + 4 ? number(f.get(v + 4).strip()) : OptionalDouble.empty();
        OptionalDouble metric = OptionalDouble.empty();
        String metricUnit = "";
        if (f.size() > v + 6 && number(f.get(v + 5).strip()).isPresent()) {
            BigDecimal m = new BigDecimal(f.get(v + 5).strip());
            metricUnit = f.get(v + 6).strip();
            int scale = metricUnit.isEmpty() ? -1 : RATE_PREFIXES.indexOf(metricUnit.charAt(0));
            if (scale >= 0 && metricUnit.length() == "K/sec".length() && metricUnit.endsWith("/sec")) {
                // perf scales a rate to its size: one unit, events per second, whatever size it printed
                m = m.movePointRight(3 * (scale + 1));
                metricUnit = "/sec";
            }
            metric = OptionalDouble.of(m.doubleValue());
            if (metricUnit.isEmpty()) {
                metricUnit = "metric";
            }
        }
        return Optional.of(new Line(ns, new CounterValue(f.get(v + 2).strip(), id, unit.isEmpty() ? "count" : unit,
                value, counted, metric, metricUnit)));
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

    /** Which field holds the count: after the time, and after a column naming a CPU, core or thread if any. */
    private static int valueColumn(List<String> f) {
        if (f.size() > 1 && isCount(f.get(1))) {
            return 1;
        }
        if (f.size() > 3 && isDigits(f.get(2).strip()) && isCount(f.get(3))) {
            return 3;
        }
        return f.size() > 2 && isCount(f.get(2)) ? 2 : -1;
    }

    private static boolean isCount(String field) {
        String s = field.strip();
        return s.startsWith(NOT) || number(s).isPresent();
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /** Digits with an optional fraction, as perf prints counts; else empty. */
    private static OptionalDouble number(String s) {
        int dot = s.indexOf('.');
        String whole = dot < 0 ? s : s.substring(0, dot);
        String fraction = dot < 0 ? "" : s.substring(dot + 1);
        if ((whole.isEmpty() && fraction.isEmpty()) || !(whole.isEmpty() || isDigits(whole))
                || !(fraction.isEmpty() || isDigits(fraction))) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Double.parseDouble(s));
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

    private static List<String> split(String text, char sep) {
        List<String> fields = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == sep) {
                fields.add(text.substring(start, i));
                start = i + 1;
            }
        }
        fields.add(text.substring(start));
        return fields;
    }
}
