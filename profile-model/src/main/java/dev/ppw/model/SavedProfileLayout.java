package dev.ppw.model;

import java.util.List;
import java.util.Locale;

/**
 * What the writer and the reader of saved profiles agree on, in one place: the ppw-profile JSON format of
 * docs/profile-json.md (the format name, its version, every member and column name). The JSON writer
 * ({@code report}) and the saved-profile reader ({@code collectors}) both name things through here, so that
 * neither can drift from the other.
 *
 * <p>A document is one object: the metadata members of {@link Member}, then {@link Member#METRIC_GROUPS}
 * (only when the tree declares metric groups), {@link Member#COLUMNS} and {@link Member#ROWS} last. Every
 * row is an array with one value per column: the {@link #PART_COLUMN} when the profile has an async part,
 * the fixed {@link Column}s, then per declared group, per metric, the metric's {@link #metricColumns columns}.
 */
public final class SavedProfileLayout {
    /** The value of {@link Member#FORMAT}. */
    public static final String FORMAT = "ppw-profile";
    /**
     * The newest version read. Version 2 added the {@link #PART_COLUMN} for profiles with an async part
     * ({@link Part}), which a reader of version 1 would skip, adding async spans into thread time; version 3
     * the {@link #CALL_TIMES_COLUMN}.
     */
    public static final int VERSION = 3;
    /**
     * The version written for a profile whose tree keeps call-time sketches ({@link CallTree#keepCallTimes}):
     * its rows end with the {@link #CALL_TIMES_COLUMN}. Version 3 is version 2 with that column; files of
     * versions 1 and 2 still read, their rows without sketches.
     */
    public static final int VERSION_WITH_CALL_TIMES = 3;
    /** The version of a file with an async part and no call-time sketches. */
    public static final int VERSION_WITH_PARTS = 2;
    /**
     * The version written for a profile without async part: such a file is exactly what version 1 was, so
     * that the readers of version 1 still read it.
     */
    public static final int VERSION_WITHOUT_PARTS = 1;
    /**
     * The column of each row's {@link Part} ({@link Part#label()}: {@code thread} or {@code async}), first of
     * the columns, only in a file of a profile with an async part (version 2); a file without it is thread
     * time only.
     */
    public static final String PART_COLUMN = "part";

    /**
     * The column of each row's call-time sketch ({@link CallTimeSketch#encode()}), last of the columns, only
     * in a file whose tree keeps sketches (version 3); null for a row without timed calls.
     */
    public static final String CALL_TIMES_COLUMN = "call_times";

    private SavedProfileLayout() {
    }

    /** Top-level members, in the order the writer puts them. */
    public static final class Member {
        public static final String FORMAT = "format";
        public static final String VERSION = "version";
        /** The writing tool and its version: information only. */
        public static final String TOOL = "tool";
        public static final String VIEW = "view";
        /** Only for the tau view: region names per key. */
        public static final String TAU_DEPTH = "tau_depth";
        /** The unit of every time column: s, ms, us or ns. */
        public static final String UNIT = "unit";
        /** An object of {@link AggregationMember}s, and one member per metric group naming its combine rule. */
        public static final String AGGREGATION = "aggregation";
        /**
         * An object of {@link DroppedMember}s: the inputs left out because they could not be read; only when
         * there are any.
         */
        public static final String DROPPED = "dropped";
        public static final String INPUTS = "inputs";
        /** An array of objects of {@link NodeInfoMember}s. */
        public static final String NODE_INFO = "node_info";
        public static final String PROCESS_NAMES = "process_names";
        public static final String THREAD_NAMES = "thread_names";
        /** The inputs' one {@code displayTimeUnit} (s, ms, us or ns), when they gave one: a display hint only. */
        public static final String DISPLAY_TIME_UNIT = "display_time_unit";
        /** Followed by the unit's label ({@code total_inclusive_ns}): the thread part's total. */
        public static final String TOTAL_INCLUSIVE_PREFIX = "total_inclusive_";
        /**
         * Followed by the unit's label ({@code async_total_inclusive_ns}): the async part's total, a sum of
         * span durations; only with an async part. Information only, as the other total.
         */
        public static final String ASYNC_TOTAL_INCLUSIVE_PREFIX = "async_total_inclusive_";
        /** The sampled part's total, when the profile has one and a thread or async part beside it. */
        public static final String SAMPLES_TOTAL_INCLUSIVE_PREFIX = "samples_total_inclusive_";
        /** Present only in a report of the rows of largest imbalance, which is no saved profile. */
        public static final String TOP_IMBALANCE = "top_imbalance";
        /** An object of {@link DiagnosticsMember}s: information only. */
        public static final String DIAGNOSTICS = "diagnostics";
        /** An array of generic counter series, objects of {@link CounterMember}s, when there are any. */
        public static final String COUNTERS = "counters";
        /** An array of metric groups, objects of {@link MetricGroupMember}s, when the tree declares any. */
        public static final String METRIC_GROUPS = "metric_groups";
        /** The column names, an array of strings; before {@link #ROWS}. */
        public static final String COLUMNS = "columns";
        /** The rows, parents before children; the last member. */
        public static final String ROWS = "rows";

        private Member() {
        }
    }

    /** Members of {@link Member#AGGREGATION}. */
    public static final class AggregationMember {
        /** sum, min, max or avg. */
        public static final String OP = "op";
        /** zero or present. */
        public static final String MISSING = "missing";
        /** How many node profiles were combined (1 for a single profile). */
        public static final String NODES = "nodes";

        private AggregationMember() {
        }
    }

    /** Members of {@link Member#DROPPED}: a {@link DroppedInputs}. */
    public static final class DroppedMember {
        /** How many inputs were left out. */
        public static final String INPUTS = "inputs";
        /** An object of reason to count, most frequent first. */
        public static final String REASONS = "reasons";
        /** An array of the first one-line messages, in input order. */
        public static final String EXAMPLES = "examples";

        private DroppedMember() {
        }
    }

    /** Members of each {@link Member#NODE_INFO} object. */
    public static final class NodeInfoMember {
        public static final String LABEL = "label";
        public static final String FILE = "file";
        public static final String PID = "pid";
        public static final String HOST = "host";
        public static final String PROCESS_NAMES = "process_names";
        public static final String THREAD_NAMES = "thread_names";

        private NodeInfoMember() {
        }
    }

    /** Members of {@link Member#DIAGNOSTICS}: objects of kind to count. */
    public static final class DiagnosticsMember {
        public static final String WARNINGS = "warnings";
        public static final String NOTES = "notes";

        private DiagnosticsMember() {
        }
    }

    /** Members of each {@link Member#COUNTERS} object (one counter series). */
    public static final class CounterMember {
        public static final String PID = "pid";
        public static final String COUNTER = "counter";
        public static final String ID = "id";
        public static final String SERIES = "series";
        public static final String SAMPLES = "samples";
        public static final String MIN = "min";
        public static final String MAX = "max";
        /** Derived from the sum and the samples, for people: a reader ignores it. */
        public static final String MEAN = "mean";
        public static final String SUM = "sum";
        public static final String LAST = "last";
        /** The time of the last sample, in integer nanoseconds of the trace's clock. */
        public static final String LAST_TS_NS = "last_ts_ns";

        private CounterMember() {
        }
    }

    /** Members of each {@link Member#METRIC_GROUPS} object: a {@link MetricGroup}. */
    public static final class MetricGroupMember {
        public static final String NAME = "name";
        public static final String COMBINE_RULE = "combine_rule";
        /** An array of objects of {@link MetricMember}s, in column order. */
        public static final String METRICS = "metrics";

        private MetricGroupMember() {
        }
    }

    /** Members of each metric object of a group: a {@link Metric}, enums by {@link #label(Enum)}. */
    public static final class MetricMember {
        public static final String NAME = "name";
        /** {@link MetricUnit#label()}: empty for {@link MetricUnit#AS_WRITTEN}. */
        public static final String UNIT = "unit";
        /** value, weight or ratio. */
        public static final String KIND = "kind";
        /** Only for a ratio. */
        public static final String NUMERATOR = "numerator";
        /** Only for a ratio. */
        public static final String DENOMINATOR = "denominator";
        /** sum, min or max. */
        public static final String COMBINE = "combine";
        /** everywhere, machine or saved. */
        public static final String SHOWN = "shown";
        /** {@link Metric#textLabel()}. */
        public static final String LABEL = "label";
        public static final String DESCRIPTION = "description";

        private MetricMember() {
        }
    }

    /**
     * The column of a profile with a samples part, after {@code subcalls}: a sampled row's count of samples (its
     * {@code calls}, whose column is then null on that row, as {@code subcalls} is, SEMANTICS.md section 2); null on
     * traced rows. A reader takes a sampled row's calls from it, and its subcalls as the sum of its children's.
     */
    public static final String SAMPLES_COLUMN = "samples";

    /** The fixed columns of every row, in this order; time columns are named with the unit. */
    public enum Column {
        /** The row's id, an int unique in the file (the node's index in the writer's tree). */
        ID(false),
        /** The parent row's id; null for a root. */
        PARENT_ID(false),
        /** 0 for a root, the parent's plus one otherwise. */
        DEPTH(false),
        NAME(false),
        /** Where the parent called the region; empty when the input recorded none. */
        CALLSITE(false),
        CALLS(false),
        SUBCALLS(false),
        INCLUSIVE(true),
        EXCLUSIVE(true),
        /** Per-call minimum; null when unset. */
        MIN_INCLUSIVE(true),
        /** Per-call maximum; null when unset. */
        MAX_INCLUSIVE(true);

        private final boolean time;

        Column(boolean time) {
            this.time = time;
        }

        /** True for the time columns, named with their unit and holding decimal numbers of that unit. */
        public boolean isTime() {
            return time;
        }

        /** The column's name: lower snake case, a time column suffixed with {@code unit}'s label ({@code inclusive_us}). */
        public String columnName(DisplayUnit unit) {
            String base = name().toLowerCase(Locale.ROOT);
            return time ? base + "_" + unit.label() : base;
        }
    }

    /**
     * Time columns written after the {@link Column}s, derived from them for whoever reads the file
     * ({@link PerCall}): a reader ignores them, as it ignores every column it does not know.
     */
    public enum DerivedColumn {
        /** Inclusive time per call; null where {@link PerCall#defined} is false. */
        INCLUSIVE_PER_CALL,
        /** Exclusive time per call; null where {@link PerCall#defined} is false. */
        EXCLUSIVE_PER_CALL;

        /** The column's name, suffixed with {@code unit}'s label ({@code inclusive_per_call_us}). */
        public String columnName(DisplayUnit unit) {
            return name().toLowerCase(Locale.ROOT) + "_" + unit.label();
        }
    }

    /**
     * The row columns of metric {@code m}: its name for a VALUE or RATIO metric; for a WEIGHT metric two,
     * {@code <name>_inclusive_<unit>} and {@code <name>_exclusive_<unit>}. A reader ignores ratio columns
     * (they are written for people).
     */
    public static List<String> metricColumns(Metric m) {
        if (m.kind() == Metric.Kind.WEIGHT) {
            return List.of(m.name() + "_inclusive_" + m.unit().label(), m.name() + "_exclusive_" + m.unit().label());
        }
        return List.of(m.name());
    }

    /** How enum values ({@link Metric.Kind}, {@link Combine}, {@link Metric.Shown}) are written: the constant's name in lower case. */
    public static String label(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }
}
