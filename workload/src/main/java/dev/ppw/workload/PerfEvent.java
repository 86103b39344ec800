package dev.ppw.workload;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One event that {@code perf list} names ({@link PerfEvents}).
 *
 * @param name        the name {@code perf stat -e} and {@code perf record -e} take ({@code task-clock})
 * @param aliases     other names of it ({@code cs} for {@code context-switches}), maybe none
 * @param type        its kind as perf says it ({@code Software event}, {@code Kernel PMU event},
 *                    {@code Tracepoint event}), or {@code metric} for a metric of {@code perf stat -M}
 * @param topic       the group perf lists it under ({@code cache}, a metric group), {@code ""} when none
 * @param description what it counts, in perf's words; {@code ""} when perf says nothing (its software events, on older
 *                    perf)
 */
public record PerfEvent(String name, List<String> aliases, String type, String topic, String description) {
    /** The type of a metric ({@code perf stat -M NAME}), which {@code -e} does not take. */
    public static final String METRIC = "metric";

    public PerfEvent {
        Objects.requireNonNull(name, "name");
        aliases = List.copyOf(aliases);
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(description, "description");
    }

    /** True for a metric of {@code perf stat -M}, not an event. */
    public boolean metric() {
        return METRIC.equals(type);
    }

    /**
     * True when every word of {@code search} (split at spaces, any case) is in its name, an alias, its type, topic or
     * description: the seed's search box. A blank search matches everything.
     */
    public boolean matches(String search) {
        String all = (name + " " + String.join(" ", aliases) + " " + type + " " + topic + " " + description)
                .toLowerCase(Locale.ROOT);
        for (String word : search.toLowerCase(Locale.ROOT).strip().split("\\s+")) {
            if (!word.isEmpty() && !all.contains(word)) {
                return false;
            }
        }
        return true;
    }
}
