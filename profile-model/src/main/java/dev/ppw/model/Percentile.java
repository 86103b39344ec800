package dev.ppw.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One percentile column asked for ({@code --percentiles 50,90,99.9}): its label as written and the
 * quantile it stands for (the label / 100). The column is named {@code p} and the label, a decimal point
 * written {@code _} ({@code p50}, {@code p99_9}); SEMANTICS.md "Percentiles" says what its values mean.
 *
 * @param label    the percentile as a plain decimal, greater than 0 and at most 100, without trailing zeros
 * @param quantile {@code label / 100}, the double nearest to it
 */
public record Percentile(String label, double quantile) {
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    public Percentile {
        Objects.requireNonNull(label, "label");
        if (!(quantile > 0 && quantile <= 1)) {
            throw new IllegalArgumentException("a percentile is above 0 and at most 100, got " + label);
        }
    }

    /**
     * The percentile written as {@code text}: a plain decimal above 0 and at most 100 ({@code 50}, {@code 99.9}).
     *
     * @throws IllegalArgumentException saying what is wrong, quoting {@code text}
     */
    public static Percentile parse(String text) {
        BigDecimal value;
        try {
            value = new BigDecimal(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("percentile '" + text + "' is not a number");
        }
        if (value.signum() <= 0 || value.compareTo(HUNDRED) > 0 || text.strip().matches(".*[eE].*")) {
            throw new IllegalArgumentException("percentile '" + text + "' is not a plain number above 0 and at most 100");
        }
        BigDecimal plain = value.stripTrailingZeros();
        return new Percentile(plain.toPlainString(), plain.movePointLeft(2).doubleValue());
    }

    /**
     * The percentiles of a comma-separated list, in its order, each once.
     *
     * @throws IllegalArgumentException when the list is empty or an item is not a percentile
     */
    public static List<Percentile> parseList(String text) {
        List<Percentile> out = new ArrayList<>();
        for (String item : text.split(",", -1)) {
            Percentile p = parse(item);
            if (out.stream().noneMatch(q -> q.label.equals(p.label))) {
                out.add(p);
            }
        }
        return List.copyOf(out);
    }

    /** The column name: {@code p} and the label, {@code .} as {@code _}. */
    public String columnName() {
        return "p" + label.replace('.', '_');
    }
}
