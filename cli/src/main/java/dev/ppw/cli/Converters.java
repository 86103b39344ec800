package dev.ppw.cli;

import dev.ppw.engine.Combine;
import dev.ppw.model.AsyncMode;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Percentile;
import dev.ppw.model.Presentation;
import dev.ppw.model.SortKey;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.output.WriterRegistry;
import dev.ppw.workload.WorkloadSpec;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Option values as the command line spells them (lower case), with messages that list the accepted ones. */
final class Converters {
    /** The output writers registered for ServiceLoader: what {@code --format} accepts and its help lists. */
    static final WriterRegistry WRITERS = WriterRegistry.load(Converters.class.getClassLoader());

    private Converters() {
    }

    /**
     * The writer registered as the default for {@code choice} ({@link OutputWriter#defaultFor()}): text when nothing
     * chose a format, HTML for {@code report}.
     *
     * @throws IllegalStateException when no registered writer is (the jar lacks the report module)
     */
    static OutputWriter defaultWriter(OutputWriter.Default choice) {
        return WRITERS.defaultFor(choice).orElseThrow(() -> new IllegalStateException("no registered writer is the"
                + " default for " + choice + ": writers " + WRITERS.names()));
    }

    private static <E extends Enum<E>> E byLabel(String text, E[] values, Function<E, String> label, String what) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        for (E v : values) {
            if (label.apply(v).equals(wanted)) {
                return v;
            }
        }
        throw new TypeConversionException("unknown " + what + " '" + text + "': expected one of "
                + Arrays.stream(values).map(label).collect(Collectors.joining(", ")));
    }

    /**
     * A time span as nanoseconds: a decimal number and a unit, {@code ns}, {@code us}, {@code ms}, {@code s},
     * {@code m} or {@code h} ({@code 500ms}, {@code 1.5s}, {@code 30s}); a bare number is seconds. It must be a
     * whole number of nanoseconds and above zero.
     */
    static final class Period implements ITypeConverter<Long> {
        private static final String[] UNITS = {"ns", "us", "ms", "s", "m", "h"};
        private static final long[] NANOS = {1L, 1_000L, 1_000_000L, 1_000_000_000L, 60_000_000_000L,
                3_600_000_000_000L};

        @Override
        public Long convert(String value) {
            String text = value.trim().toLowerCase(Locale.ROOT);
            int split = text.length();
            while (split > 0 && Character.isLetter(text.charAt(split - 1))) {
                split--;
            }
            String unit = text.substring(split).isEmpty() ? "s" : text.substring(split);
            int u = Arrays.asList(UNITS).indexOf(unit);
            if (u < 0) {
                throw new TypeConversionException("unknown time unit in '" + value + "': expected a number and one of "
                        + String.join(", ", UNITS) + " (30s, 500ms)");
            }
            java.math.BigDecimal nanos;
            try {
                nanos = new java.math.BigDecimal(text.substring(0, split)).multiply(java.math.BigDecimal.valueOf(NANOS[u]));
            } catch (NumberFormatException e) {
                throw new TypeConversionException("not a time: '" + value + "': expected a number and one of "
                        + String.join(", ", UNITS) + " (30s, 500ms)");
            }
            if (nanos.signum() <= 0) {
                throw new TypeConversionException("a time must be above zero, got '" + value + "'");
            }
            try {
                return nanos.longValueExact();
            } catch (ArithmeticException e) {
                throw new TypeConversionException("'" + value + "' is not a whole number of nanoseconds, or too long");
            }
        }
    }

    static final class Async implements ITypeConverter<AsyncMode> {
        @Override
        public AsyncMode convert(String value) {
            return byLabel(value, AsyncMode.values(), AsyncMode::label, "async mode");
        }
    }

    /** One item of {@code --percentiles}: a plain number above 0 and at most 100. */
    static final class PercentileValue implements ITypeConverter<Percentile> {
        @Override
        public Percentile convert(String value) {
            try {
                return Percentile.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class View implements ITypeConverter<ViewKind> {
        @Override
        public ViewKind convert(String value) {
            return byLabel(value, ViewKind.values(), ViewKind::label, "view");
        }
    }

    /**
     * The registered writer whose file ending {@code file}'s name has (the longest ending when several match), or
     * null. An ending is matched against the whole name and against the name without a final {@code .gz}, so that
     * {@code t.csv.gz} is CSV (gzipped when written) and {@code cpu.pb.gz}, pprof's own name, is pprof: an ending
     * that holds {@code .gz} itself only matches the whole name.
     */
    static OutputWriter byEnding(Path file) {
        Path name = file.getFileName();
        if (name == null) {
            return null;
        }
        String whole = name.toString().toLowerCase(Locale.ROOT);
        String bare = whole.endsWith(".gz") ? whole.substring(0, whole.length() - 3) : whole;
        OutputWriter best = null;
        int bestLength = 0;
        for (OutputWriter w : WRITERS.writers()) {
            for (String ending : w.fileExtensions()) {
                String e = ending.toLowerCase(Locale.ROOT);
                if ((whole.endsWith(e) || bare.endsWith(e)) && e.length() > bestLength) {
                    best = w;
                    bestLength = e.length();
                }
            }
        }
        return best;
    }

    static final class Format implements ITypeConverter<OutputWriter> {
        @Override
        public OutputWriter convert(String value) {
            return WRITERS.byName(value.trim().toLowerCase(Locale.ROOT)).orElseThrow(() -> new TypeConversionException(
                    "unknown format '" + value + "': expected one of " + String.join(", ", WRITERS.names())));
        }
    }

    /** The registered format names, for {@code ${COMPLETION-CANDIDATES}} in {@code --format}'s help. */
    static final class FormatNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return WRITERS.names().iterator();
        }
    }

    static final class Unit implements ITypeConverter<DisplayUnit> {
        @Override
        public DisplayUnit convert(String value) {
            return byLabel(value, DisplayUnit.values(), DisplayUnit::label, "unit");
        }
    }

    static final class Style implements ITypeConverter<Presentation.Style> {
        @Override
        public Presentation.Style convert(String value) {
            return byLabel(value, Presentation.Style.values(), Presentation.Style::label, "style");
        }
    }

    static final class ColourWhen implements ITypeConverter<Colour.When> {
        @Override
        public Colour.When convert(String value) {
            return byLabel(value, Colour.When.values(), Colour.When::label, "colour mode");
        }
    }

    static final class Warnings implements ITypeConverter<WarningSummary.Listing> {
        @Override
        public WarningSummary.Listing convert(String value) {
            return byLabel(value, WarningSummary.Listing.values(), WarningSummary.Listing::label, "warnings listing");
        }
    }

    static final class Sort implements ITypeConverter<SortKey> {
        @Override
        public SortKey convert(String value) {
            return byLabel(value, SortKey.values(), SortKey::label, "sort key");
        }
    }

    static final class Agg implements ITypeConverter<MergeOp> {
        @Override
        public MergeOp convert(String value) {
            return byLabel(value, MergeOp.values(), MergeOp::label, "aggregation");
        }
    }

    /** What {@code --node-by} splits inputs into. */
    static final class NodeBy implements ITypeConverter<Combine.NodeKey> {
        @Override
        public Combine.NodeKey convert(String value) {
            return byLabel(value, Combine.NodeKey.values(), Combine.NodeKey::label, "node key");
        }
    }

    /** {@code record --perf}: stat or record; none is no {@code --perf} at all. */
    static final class PerfTool implements ITypeConverter<WorkloadSpec.Tool> {
        @Override
        public WorkloadSpec.Tool convert(String value) {
            WorkloadSpec.Tool t;
            try {
                t = WorkloadSpec.Tool.of(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("unknown perf tool '" + value
                        + "': expected stat or record");
            }
            if (t == WorkloadSpec.Tool.NONE) {
                throw new TypeConversionException("--perf takes stat or record; without --perf"
                        + " the workload runs on its own");
            }
            return t;
        }
    }
}
