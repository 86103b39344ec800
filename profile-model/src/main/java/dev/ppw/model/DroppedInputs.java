package dev.ppw.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The inputs a profile leaves out because they could not be read (SEMANTICS.md section 4, "Inputs that
 * cannot be read"): how many, how many per reason, and the one-line messages of the first
 * {@link #EXAMPLES} of them. Memory stays small whatever the count: 9,000 dropped inputs are one count,
 * a few reasons and ten lines.
 *
 * <p>Reasons are short phrases taken from the messages ({@code not valid JSON}, {@code the input is empty});
 * they are listed most frequent first, then by name, so that the order does not depend on which input came
 * first. Examples are in input order. Immutable and thread-safe.
 */
public final class DroppedInputs {
    /** How many messages are kept: the first ones, in input order. */
    public static final int EXAMPLES = 10;

    /** Nothing dropped. */
    public static final DroppedInputs NONE = new DroppedInputs(0, Map.of(), List.of());

    private static final Comparator<Map.Entry<String, Long>> MOST_FIRST =
            Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey());

    private final long count;
    private final Map<String, Long> reasons;
    private final List<String> examples;

    /**
     * @param count    inputs dropped, at least the number of examples
     * @param reasons  reason to how many inputs it dropped; the counts add up to {@code count}
     * @param examples the first messages in input order, at most {@link #EXAMPLES} (more are cut)
     * @throws IllegalArgumentException when the counts do not add up or a count is not positive
     */
    public DroppedInputs(long count, Map<String, Long> reasons, List<String> examples) {
        Objects.requireNonNull(reasons, "reasons");
        Objects.requireNonNull(examples, "examples");
        long sum = 0;
        for (long n : reasons.values()) {
            if (n <= 0) {
                throw new IllegalArgumentException("a reason counts at least one input, got " + reasons);
            }
            sum += n;
        }
        if (sum != count) {
            throw new IllegalArgumentException(count + " dropped inputs, but the reasons count " + sum);
        }
        List<String> kept = examples.size() > EXAMPLES ? examples.subList(0, EXAMPLES) : examples;
        if (kept.size() > count) {
            throw new IllegalArgumentException(kept.size() + " messages for " + count + " dropped inputs");
        }
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(reasons.entrySet());
        sorted.sort(MOST_FIRST);
        Map<String, Long> ordered = new LinkedHashMap<>();
        sorted.forEach(e -> ordered.put(e.getKey(), e.getValue()));
        this.count = count;
        this.reasons = Collections.unmodifiableMap(ordered);
        this.examples = List.copyOf(kept);
    }

    /** How many inputs were dropped. */
    public long count() {
        return count;
    }

    /** True when nothing was dropped. */
    public boolean isEmpty() {
        return count == 0;
    }

    /** Reason to count, most frequent first, then by name. */
    public Map<String, Long> reasons() {
        return reasons;
    }

    /** The first dropped inputs' one-line messages ({@code file:line:column: problem}), in input order. */
    public List<String> examples() {
        return examples;
    }

    /** The reasons and counts on one line: {@code not valid JSON 2, the input is empty 1}. */
    public String reasonsText() {
        List<String> parts = new ArrayList<>(reasons.size());
        reasons.forEach((reason, n) -> parts.add(reason + " " + n));
        return String.join(", ", parts);
    }

    /**
     * These drops and then {@code later}'s, which come after them in input order: counts and reasons add up,
     * the examples are these then {@code later}'s, the first {@link #EXAMPLES} kept.
     */
    public DroppedInputs then(DroppedInputs later) {
        if (later.isEmpty()) {
            return this;
        }
        if (isEmpty()) {
            return later;
        }
        Map<String, Long> all = new LinkedHashMap<>(reasons);
        later.reasons.forEach((reason, n) -> all.merge(reason, n, Long::sum));
        List<String> first = new ArrayList<>(examples);
        first.addAll(later.examples);
        return new DroppedInputs(count + later.count, all, first);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DroppedInputs d && d.count == count && d.reasons.equals(reasons)
                && d.examples.equals(examples);
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, reasons, examples);
    }

    @Override
    public String toString() {
        return count + " dropped (" + reasonsText() + ")";
    }
}
