package dev.ppw.cli;

import dev.ppw.engine.WindowSpec;
import dev.ppw.model.Presentation;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.ReportFeature;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** The options that split a profile over time: time bins or phases. Shared by {@code profile} and {@code merge}. */
final class WindowOptions {
    @Option(names = "--time-bins", paramLabel = "N",
            description = {"Per row, its time in each of N bins of one width over the longest node's span (at most "
                    + WindowSpec.MAX_BINS + "): text adds a sparkline, csv and json list the bins in long form."})
    Integer timeBins;

    @Option(names = "--bin-width", paramLabel = "W", converter = Nanos.class,
            description = "As --time-bins, bins of W each (10ms, 500us, 1s) from each node's start.")
    Long binWidthNanos;

    @Option(names = "--absolute-time",
            description = "Bins and --window times on the trace's own clock, bins aligned on multiples of W, instead"
                    + " of relative to each node's first event.")
    boolean absoluteTime;

    @Option(names = "--phase-by", paramLabel = "NAME",
            description = "Split into phases at the regions or instant events named NAME (repeatable): a region is "
                    + "its phase's time, an instant lasts until the next marker; each phase a profile of its "
                    + "own.")
    List<String> phaseBy = new ArrayList<>();

    @Option(names = "--window", paramLabel = "START:END", converter = Window.class,
            description = "A phase of its own from START to END after each node's first event (1.5s:2s; repeatable).")
    List<WindowSpec.TimeWindow> windows = new ArrayList<>();

    /** True when any of these options asks for a split. */
    boolean asked() {
        return timeBins != null || binWidthNanos != null || !phaseBy.isEmpty() || !windows.isEmpty();
    }

    /**
     * True when the split asked for shows in the output: not with {@code --view counters}, time bins or phases with
     * a writer that shows none ({@link ReportFeature#TIME_BINS}, {@link ReportFeature#PHASES}), or TAU's text
     * layout ({@link IgnoredOptions#time} says so), where reading the inputs twice for it would be wasted.
     */
    boolean applies(ReportOptions options) {
        Set<ReportFeature> shown = Output.chosen(options).features();
        return asked() && options.view != ViewKind.COUNTERS
                && !(bins() && !shown.contains(ReportFeature.TIME_BINS))
                && !(!bins() && !shown.contains(ReportFeature.PHASES))
                && !(shown.contains(ReportFeature.STYLE) && options.style == Presentation.Style.TAU);
    }

    /** True when time bins are asked. */
    boolean bins() {
        return timeBins != null || binWidthNanos != null;
    }

    /**
     * The split asked for, checked before any input is read.
     *
     * @throws picocli.CommandLine.ParameterException (exit 2) for values that make no sense or options that
     *                                                contradict each other
     */
    Optional<WindowSpec> spec(CommandSpec spec) {
        if (timeBins != null && binWidthNanos != null) {
            throw ReportOptions.usage(spec, "--time-bins and --bin-width both set the bins: give one");
        }
        if (bins() && (!phaseBy.isEmpty() || !windows.isEmpty())) {
            throw ReportOptions.usage(spec, "time bins (--time-bins, --bin-width) and phases (--phase-by, --window)"
                    + " split a profile two ways: give one");
        }
        if (timeBins != null) {
            if (timeBins < 1 || timeBins > WindowSpec.MAX_BINS) {
                throw ReportOptions.usage(spec, "--time-bins must be from 1 to " + WindowSpec.MAX_BINS + ", got "
                        + timeBins);
            }
            return Optional.of(WindowSpec.Bins.ofCount(timeBins, absoluteTime));
        }
        if (binWidthNanos != null) {
            if (binWidthNanos < 1) {
                throw ReportOptions.usage(spec, "--bin-width must be at least 1ns, got 0");
            }
            return Optional.of(WindowSpec.Bins.ofWidth(binWidthNanos, absoluteTime));
        }
        for (String name : phaseBy) {
            if (name.isEmpty()) {
                throw ReportOptions.usage(spec, "--phase-by needs a region or instant name, got ''");
            }
        }
        if (!phaseBy.isEmpty() || !windows.isEmpty()) {
            return Optional.of(new WindowSpec.Phases(phaseBy, windows, absoluteTime));
        }
        return Optional.empty();
    }

    /** A duration with its unit, as integer nanoseconds: {@code 10ms}, {@code 1.5s}, {@code 500us}, {@code 20ns}. */
    static long parseNanos(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long per;
        String number;
        if (t.endsWith("ns")) {
            per = 1;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("us") || t.endsWith("\u00b5s")) {
            per = 1_000;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("ms")) {
            per = 1_000_000;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            per = 1_000_000_000;
            number = t.substring(0, t.length() - 1);
        } else if (t.matches("0+(\\.0*)?")) {
            return 0;
        } else {
            throw new TypeConversionException("'" + text + "' needs a unit: s, ms, us or ns (e.g. 10ms)");
        }
        BigDecimal nanos;
        try {
            nanos = new BigDecimal(number.trim()).multiply(BigDecimal.valueOf(per));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a duration: a number and a unit (e.g. 10ms)");
        }
        if (nanos.signum() < 0) {
            throw new TypeConversionException("'" + text + "' is negative: durations are 0 or more");
        }
        try {
            return nanos.longValueExact();
        } catch (ArithmeticException e) {
            throw new TypeConversionException("'" + text + "' is not a whole number of nanoseconds, or too large");
        }
    }

    /** {@code --bin-width}: a duration with its unit. */
    static final class Nanos implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parseNanos(value);
        }
    }

    /** {@code --window START:END}: two durations, the end after the start. */
    static final class Window implements ITypeConverter<WindowSpec.TimeWindow> {
        private static final java.util.regex.Pattern PLAIN = java.util.regex.Pattern.compile("[0-9]+(\\.[0-9]*)?");

        @Override
        public WindowSpec.TimeWindow convert(String value) {
            int colon = value.indexOf(':');
            if (colon < 0 || value.indexOf(':', colon + 1) >= 0) {
                throw new TypeConversionException("'" + value + "' is not START:END (e.g. 1.5s:2s)");
            }
            String startText = value.substring(0, colon).trim();
            String endText = value.substring(colon + 1).trim();
            if (PLAIN.matcher(startText).matches() && PLAIN.matcher(endText).matches()
                    && new BigDecimal(endText).compareTo(new BigDecimal(startText)) <= 0) {
                // Units missing too, but the order is the larger mistake: say that first.
                throw new TypeConversionException("'" + value + "' ends at or before its start: give START:END with"
                        + " END after START, each with a unit (e.g. 1.5s:2s)");
            }
            long start = parseNanos(startText);
            long end = parseNanos(endText);
            if (end <= start) {
                throw new TypeConversionException("'" + value + "' ends at or before its start: give START:END with"
                        + " END after START");
            }
            return new WindowSpec.TimeWindow(start, end, value.trim());
        }
    }
}
