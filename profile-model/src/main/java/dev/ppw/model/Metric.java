package dev.ppw.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One metric of a profile beside the fixed ones ({@code calls}, {@code subcalls}, inclusive and exclusive
 * time, per-call min and max: SEMANTICS.md section 2): its name, its unit, how its values combine, and
 * where it is printed. A metric is declared once, as a constant of the code that produces it, and the tree
 * ({@link CallTree}), the views, the merge, the saved-profile reader and every writer handle it from this
 * declaration alone. Metrics come in {@link MetricGroup}s: what outputs show as one block.
 *
 * <p>Kinds:
 * <ul>
 *   <li>{@link Kind#VALUE}: a value attached to the node where it was recorded (a region counter sample):
 *       values combine by {@link #combine()} when they fold into a node, when views merge nodes (recursion
 *       included: each value counts once, where it attached), and when node profiles are aggregated,
 *       whatever the aggregation operator (these are not times).</li>
 *   <li>{@link Kind#WEIGHT}: a sample weight in another unit than time (bytes of allocation samples,
 *       events of a perf counter): like time, a sample adds its weight to the inclusive value of every node
 *       on its stack and to the exclusive value of its leaf; views count inclusive values once under
 *       recursion, as they do times, and node profiles combine by the aggregation operator, as times do.
 *       Always integral.</li>
 *   <li>{@link Kind#RATIO}: {@link #numerator()} / {@link #denominator()}, two VALUE metrics of the same
 *       group, computed when printed and never stored (a mean). No value when the denominator is 0 or
 *       either side has none.</li>
 * </ul>
 *
 * <p>Missing values: an integral VALUE metric reads 0 where nothing was recorded (so it may only combine by
 * {@link Combine#SUM} or {@link Combine#MAX} of values >= 0); a non-integral one reads NaN, printed as an
 * empty CSV field, JSON {@code null} and a blank in text.
 *
 * @param name        the column name in CSV and JSON, lower snake case ({@code memory_usage_peak}); for a
 *                    WEIGHT metric the columns are {@code <name>_inclusive_<unit>} and {@code <name>_exclusive_<unit>}
 * @param unit        the unit of the values
 * @param kind        see above
 * @param combine     how two values become one (VALUE); {@link Combine#SUM} for the others
 * @param shown       where the metric is printed
 * @param textLabel   the column heading in text ({@code memory peak})
 * @param numerator   for a RATIO, the name of the numerator metric; else null
 * @param denominator for a RATIO, the name of the denominator metric; else null
 * @param description one line saying what the values are, for help texts and docs
 */
public record Metric(String name, MetricUnit unit, Kind kind, Combine combine, Shown shown, String textLabel,
                     String numerator, String denominator, String description) {
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

    /** What kind of values a metric holds: see the class comment. */
    public enum Kind { VALUE, WEIGHT, RATIO }

    /** Where a metric is printed. Saved profiles (JSON) keep every stored metric whatever this says. */
    public enum Shown {
        /** In text, CSV and JSON. */
        EVERYWHERE,
        /** In CSV and JSON, not in the text table. */
        MACHINE,
        /** Only in JSON, the saved-profile format: what merges need to stay exact (a sum behind a mean). */
        SAVED
    }

    public Metric {
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(combine, "combine");
        Objects.requireNonNull(shown, "shown");
        Objects.requireNonNull(textLabel, "textLabel");
        Objects.requireNonNull(description, "description");
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a metric name is lower snake case, got " + name);
        }
        if ((kind == Kind.RATIO) != (numerator != null && denominator != null)) {
            throw new IllegalArgumentException(name + ": a ratio, and only a ratio, names its numerator and denominator");
        }
        if (kind == Kind.WEIGHT && (!unit.integral() || combine != Combine.SUM)) {
            throw new IllegalArgumentException(name + ": a sample weight is integral and adds up");
        }
        if (kind == Kind.VALUE && unit.integral() && combine == Combine.MIN) {
            throw new IllegalArgumentException(name + ": an integral value reads 0 where absent, so it cannot combine by min");
        }
    }

    /** A value attached to the node where it was recorded, combined by {@code combine} everywhere. */
    public static Metric value(String name, MetricUnit unit, Combine combine, Shown shown, String textLabel,
                               String description) {
        return new Metric(name, unit, Kind.VALUE, combine, shown, textLabel, null, null, description);
    }

    /** A sample weight in {@code unit} (not time: time weights are the profile's own inclusive and exclusive time). */
    public static Metric weight(String name, MetricUnit unit, String textLabel, String description) {
        return new Metric(name, unit, Kind.WEIGHT, Combine.SUM, Shown.EVERYWHERE, textLabel, null, null, description);
    }

    /** {@code numerator / denominator}, two VALUE metrics of the same group, computed when printed. */
    public static Metric ratio(String name, MetricUnit unit, Metric numerator, Metric denominator, Shown shown,
                               String textLabel, String description) {
        return new Metric(name, unit, Kind.RATIO, Combine.SUM, shown, textLabel, numerator.name(), denominator.name(),
                description);
    }

    /** True when the tree stores values of this metric (every kind but {@link Kind#RATIO}). */
    public boolean stored() {
        return kind != Kind.RATIO;
    }

    /** True when values are {@code long} (integral units, and every WEIGHT). */
    public boolean integral() {
        return unit.integral();
    }

    /** True when the metric is printed in {@code where}: text shows only {@link Shown#EVERYWHERE}, CSV also MACHINE. */
    public boolean shownIn(Shown where) {
        return shown.ordinal() <= where.ordinal();
    }
}
