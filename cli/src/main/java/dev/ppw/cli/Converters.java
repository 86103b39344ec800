package dev.ppw.cli;

import dev.ppw.model.MergeOp;
import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.ViewKind;
import dev.ppw.model.DisplayUnit;
import dev.ppw.report.OutputFormat;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Option values as the command line spells them (lower case), with messages that list the accepted ones. */
final class Converters {
    private Converters() {
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

    static final class View implements ITypeConverter<ViewKind> {
        @Override
        public ViewKind convert(String value) {
            return byLabel(value, ViewKind.values(), ViewKind::label, "view");
        }
    }

    static final class Format implements ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            return byLabel(value, OutputFormat.values(), OutputFormat::label, "format");
        }
    }

    static final class Unit implements ITypeConverter<DisplayUnit> {
        @Override
        public DisplayUnit convert(String value) {
            return byLabel(value, DisplayUnit.values(), DisplayUnit::label, "unit");
        }
    }

    static final class Sort implements ITypeConverter<RowOrder.SortKey> {
        @Override
        public RowOrder.SortKey convert(String value) {
            return byLabel(value, RowOrder.SortKey.values(), RowOrder.SortKey::label, "sort key");
        }
    }

    static final class Agg implements ITypeConverter<MergeOp> {
        @Override
        public MergeOp convert(String value) {
            return byLabel(value, MergeOp.values(), MergeOp::label, "aggregation");
        }
    }

    /** What {@code --node-by} splits inputs into. */
    enum NodeKey {
        FILE, PID;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final class NodeBy implements ITypeConverter<NodeKey> {
        @Override
        public NodeKey convert(String value) {
            return byLabel(value, NodeKey.values(), NodeKey::label, "node key");
        }
    }
}
