package dev.ppw.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The fields of one interval line of {@code perf stat -I MS -x SEP}, in one place for the {@code perf-stat} reader
 * ({@code collectors}) and the workload runner ({@code workload}), which reads the same lines while a workload runs,
 * as {@link FoldedWeightLine} is for folded stacks. One line of {@code perf stat -I 100 -x ';'}:
 * <pre>{@code      0.109802594;45.93;msec;task-clock;45927965;100.00;0.459;CPUs utilized}</pre>
 * The interval's end (seconds), a CPU, core or thread column when perf prints one ({@code -A}: {@code CPU1};
 * {@code --per-core}: {@code S0-D0-C0} and its count of CPUs; {@code --per-thread}: {@code work-1754}), the count or
 * {@code <not counted>}/{@code <not supported>} (a missing value, never 0), its unit, the event, the time it was
 * counted (ns), the share of the interval counted, and perf's derived metric with its unit (SEMANTICS.md "Counters").
 * Stateless.
 */
public final class PerfStatFields {
    /** How perf starts a count it has not got: {@code <not counted>}, {@code <not supported>}. */
    public static final String NOT_COUNTED = "<not";
    /** The unit of a derived metric perf prints without one. */
    public static final String METRIC = "metric";
    private static final String RATE_PREFIXES = "KMG";
    private static final String PER_SECOND = "/sec";

    private PerfStatFields() {
    }

    /**
     * A derived metric in one unit: a rate perf scaled to its size ({@code 2.146 K/sec}) is events per second
     * ({@code 2146 /sec}), exactly.
     *
     * @param value the metric's value, as printed or scaled exactly
     * @param unit  its unit: {@code /sec} for every rate, {@link #METRIC} when perf printed none
     */
    public record Metric(BigDecimal value, String unit) {
    }

    /** {@code line} cut at every {@code separator}: the fields as perf wrote them, blanks kept. */
    public static List<String> split(String line, char separator) {
        List<String> fields = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == separator) {
                fields.add(line.substring(start, i));
                start = i + 1;
            }
        }
        fields.add(line.substring(start));
        return fields;
    }

    /**
     * Which of {@code fields} holds the count: 1, right after the time; 2, after a CPU or thread column; 3, after a
     * core column and its count of CPUs; -1 when none of them is a count.
     */
    public static int valueColumn(List<String> fields) {
        if (fields.size() > 1 && isCount(fields.get(1))) {
            return 1;
        }
        if (fields.size() > 3 && isDigits(fields.get(2).strip()) && isCount(fields.get(3))) {
            return 3;
        }
        return fields.size() > 2 && isCount(fields.get(2)) ? 2 : -1;
    }

    /** True for a count perf printed (a {@link #number}) or one it could not take ({@code <not ...>}). */
    public static boolean isCount(String field) {
        String s = field.strip();
        return s.startsWith(NOT_COUNTED) || number(s).isPresent();
    }

    /** Digits with an optional fraction ({@code 164}, {@code 29.83}, {@code .5}), as perf prints counts; else empty. */
    public static OptionalDouble number(String s) {
        int digits = 0;
        boolean dot = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.' && !dot) {
                dot = true;
            } else {
                return OptionalDouble.empty();
            }
        }
        return digits == 0 ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(s));
    }

    /** The derived metric of {@code value} (stripped) and {@code unit}; empty when {@code value} is no number. */
    public static Optional<Metric> metric(String value, String unit) {
        if (number(value).isEmpty()) {
            return Optional.empty();
        }
        BigDecimal m = new BigDecimal(value);
        String u = unit.isEmpty() ? METRIC : unit;
        int scale = RATE_PREFIXES.indexOf(u.charAt(0));
        if (scale >= 0 && u.length() == "K/sec".length() && u.endsWith(PER_SECOND)) {
            m = m.movePointRight(3 * (scale + 1));
            u = PER_SECOND;
        }
        return Optional.of(new Metric(m, u));
    }

    private static boolean isDigits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
