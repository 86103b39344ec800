package dev.ppw.workload;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One event's count in one interval of {@code perf stat -I}, as perf printed it: a line of its CSV output
 * ({@link PerfStatCsv}). The same line gives the stored run's counter series (SEMANTICS.md "Counters"): series
 * ({@code event}, {@code id}, {@code unit}) with {@code value}, and series ({@code event}, {@code id},
 * {@code metricUnit}) with {@code metricValue}.
 *
 * @param event          the event as perf names it ({@code task-clock}, {@code cpu/event=0x3c/})
 * @param id             the CPU, core or thread column of {@code -A}, {@code --per-core}, {@code --per-thread};
 *                       {@code ""} without one (a workload's own counts)
 * @param unit           the count's unit as perf printed it ({@code msec}), {@code count} for a bare count
 * @param value          the count in {@code unit}; empty when perf printed {@code <not counted>} (the workload was not
 *                       running in that interval) or {@code <not supported>}: a missing value, never 0
 * @param countedPercent the share of the interval the event was counted, in percent (below 100 when perf multiplexed
 *                       counters and scaled the count); empty when perf printed none
 * @param metricValue    perf's derived metric ({@code CPUs utilized}, a rate); empty when it printed none. Rates are
 *                       in events per second: perf's {@code K/sec} and {@code M/sec} are scaled exactly
 * @param metricUnit     its unit ({@code CPUs utilized}, {@code /sec}); {@code ""} when there is no metric
 */
public record CounterValue(String event, String id, String unit, OptionalDouble value, OptionalDouble countedPercent,
                           OptionalDouble metricValue, String metricUnit) {
    public CounterValue {
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(countedPercent, "countedPercent");
        Objects.requireNonNull(metricValue, "metricValue");
        Objects.requireNonNull(metricUnit, "metricUnit");
    }

    /** True when perf counted the event in the interval. */
    public boolean counted() {
        return value.isPresent();
    }
}
