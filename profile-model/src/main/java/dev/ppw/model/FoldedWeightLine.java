package dev.ppw.model;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The first line of a folded-stacks file that says what its numbers weigh, in one place for the folded writer
 * ({@code report}) and the folded reader ({@code collectors}), as {@link SavedProfileLayout} is for saved
 * profiles. Folded stacks have no unit: flame-graph tools take every number for a count of samples, so a
 * profile of time exported as folded stacks and read back would count nanoseconds as samples
 * ({@code calls 190190190}). The writer states the weight whenever it is not a count of samples:
 * <pre>{@code # ppw-java folded stacks: each value is nanoseconds of time}</pre>
 * {@code # ppw-java folded stacks: each value is bytes of alloc_space} for a weight in another unit. A
 * comment to a reader that knows it; flame-graph tools skip it as a line without a count (its last field is
 * no number). Stateless.
 *
 * @param metric the weight's name: {@code time}, or a sample-weight metric's name
 * @param unit   its unit
 */
public record FoldedWeightLine(String metric, MetricUnit unit) {
    /** Every such line starts so. */
    public static final String PREFIX = "# ppw-java folded stacks: each value is ";
    private static final String OF = " of ";

    /** The line (without its line end) for values of {@code weight}. */
    public static String of(Metric weight) {
        return PREFIX + word(weight.unit()) + OF + weight.name();
    }

    /** True when values of {@code weight} need the line: they are not a count of samples. */
    public static boolean needed(Metric weight) {
        return weight.unit() != MetricUnit.COUNT;
    }

    /**
     * The weight {@code b[0 .. length-1]} states (a line without its line end, a {@code \r} at its end allowed),
     * or null when it is no such line: another comment, a stack, or a unit this does not know.
     */
    public static FoldedWeightLine read(byte[] b, int length) {
        byte[] prefix = PREFIX.getBytes(StandardCharsets.US_ASCII);
        if (length < prefix.length || !java.util.Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length)) {
            return null;
        }
        String rest = new String(b, prefix.length, length - prefix.length, StandardCharsets.UTF_8).strip();
        int of = rest.indexOf(OF);
        if (of < 0) {
            return null;
        }
        MetricUnit unit = unit(rest.substring(0, of));
        String metric = rest.substring(of + OF.length());
        return unit == null || metric.isEmpty() ? null : new FoldedWeightLine(metric, unit);
    }

    /** The unit in words, as the line says it. */
    private static String word(MetricUnit unit) {
        return switch (unit) {
            case NANOSECONDS -> "nanoseconds";
            case COUNT -> "count";
            case EVENTS -> "events";
            case BYTES -> "bytes";
            case PERCENT -> "percent";
            case AS_WRITTEN -> "units";
        };
    }

    private static MetricUnit unit(String word) {
        for (MetricUnit u : MetricUnit.values()) {
            if (word(u).equals(word.toLowerCase(Locale.ROOT))) {
                return u;
            }
        }
        return null;
    }
}
