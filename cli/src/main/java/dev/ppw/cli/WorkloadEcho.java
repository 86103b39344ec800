package dev.ppw.cli;

import dev.ppw.workload.CounterInterval;
import dev.ppw.workload.CounterValue;
import dev.ppw.workload.WorkloadListener;
import dev.ppw.workload.WorkloadOutput;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * What {@code record} says on stderr while its workload runs: the workload's own lines as they come, each perf stat
 * interval as one line ({@code ppw-java: [0.215 s]  task-clock 29.52 msec  page-faults 0}, a count perf could not
 * take as {@code -}), and the steps after it ends.
 */
final class WorkloadEcho implements WorkloadListener {
    private final PrintStream err;

    WorkloadEcho(PrintStream err) {
        this.err = err;
    }

    @Override
    public void interval(CounterInterval interval) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%s[%d.%03d s]", Main.PREFIX,
                interval.endNanos() / 1_000_000_000L, interval.endNanos() / 1_000_000 % 1000));
        for (CounterValue v : interval.values()) {
            line.append("  ").append(v.event()).append(v.id().isEmpty() ? "" : "/" + v.id()).append(' ')
                    .append(v.value().isPresent() ? count(v.value().getAsDouble()) : "-")
                    .append(v.unit().equals("count") ? "" : " " + v.unit());
        }
        err.println(line);
    }

    @Override
    public void output(WorkloadOutput stream, String line) {
        err.println(line);
    }

    @Override
    public void step(String what) {
        err.println(Main.PREFIX + what);
    }

    /** A count as perf printed it: a whole number without a fraction, else its shortest digits. */
    static String count(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
                : BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
