package dev.ppw.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Named counters of what a read or a fold skipped, repaired or ignored, each with its first few examples
 * ({@link #examplesPerKind()} of them: 3 unless the caller asks for more, to list every warning).
 *
 * <p>Two severities: a <em>warning</em> is an anomaly in the input (a bad event, a clipped frame, a cut
 * file) that {@code --strict} turns into an error; a <em>note</em> is never an error: it counts what the
 * format carries but the profile has no use for (instant events, flows, ...), or an input named more than
 * once and read once ({@link #INPUT_NAMED_TWICE}). Kinds are short snake_case names as in SEMANTICS.md
 * ({@code missing_ts}, {@code overlap}, ...): those the folder and the engine raise are constants here, each
 * format's own are {@link DiagnosticKind} constants of its package, which it declares
 * ({@link dev.ppw.model.format.InputFormat#diagnosticKinds()}).
 *
 * <p>A kind is counted by its declaration ({@code note(ZERO_COUNT)}: the severity is checked, and the counts
 * learn how to say it) or by its name ({@code warn("bad_event", ...)}, for the constants here, a family's kinds
 * such as {@code phase_M}, and kinds declared elsewhere). {@link #words()} says every kind counted in words, by
 * the declarations met or {@link #declare declared}. Counts only grow. Not thread-safe; parallel readers keep one
 * each and {@link #addAll} them.
 */
public final class Diagnostics {
    /** How many examples are kept per kind unless told otherwise. */
    public static final int EXAMPLES_PER_KIND = 3;

    // Warning kinds of SEMANTICS.md section 1.
    public static final String MISSING_TS = "missing_ts";
    public static final String BAD_DURATION = "bad_duration";
    public static final String OVERLAP = "overlap";
    public static final String MISMATCHED_END = "mismatched_end";
    public static final String UNMATCHED_END = "unmatched_end";
    public static final String UNCLOSED_BEGIN = "unclosed_begin";
    public static final String TRUNCATED = "truncated";
    /** Warning: one event (or folded line) a reader could not use: a bad {@code ph}, an object-valued key, ... */
    public static final String BAD_EVENT = "bad_event";

    // Note kinds the folder and the engine raise; a format's own kinds are declared in its package.
    /**
     * The note of an input named more than once (two spellings of one file, a glob and a folder that both reach
     * it, a link to it): it is read once, and the example says which file and how it was named.
     */
    public static final String INPUT_NAMED_TWICE = "input_named_twice";
    /**
     * The note of the files of a folder named as an input that no format claims, by ending, name or content: they
     * are skipped, counted one each; an example per folder says how many and which.
     */
    public static final String FILE_SKIPPED = "file_skipped";
    /** A stack sample without any frame. */
    public static final String EMPTY_STACK = "empty_stack";
    /** A region counter sample with no open frame of its region on its track. */
    public static final String COUNTER_OUTSIDE_REGION = "counter_outside_region";
    /** A displayTimeUnit that is not a unit ppw-java prints, ignored. */
    public static final String DISPLAY_TIME_UNIT_IGNORED = "display_time_unit_ignored";
    /** Inputs gave different displayTimeUnit values; text keeps its readable default. */
    public static final String DISPLAY_TIME_UNITS_DIFFER = "display_time_units_differ";
    /** One async {@code b}/{@code e} event (or async row of a saved profile) left out as {@code --async off} asks. */
    public static final String ASYNC_OFF = "async_off";
    /**
     * A saved profile given with {@code --pid}, {@code --tid}, {@code --thread-name} or (to merge) {@code --threads
     * split} or {@code by-name}: its rows are every thread's added up, so it is taken whole (SEMANTICS.md "Filters").
     */
    public static final String SELECTION_ON_SAVED = "selection_on_saved_profile";
    /**
     * Note: the input was followed while written ({@code profile --follow}) and the follow stopped (Ctrl-C, idle
     * time, the end of standard input) inside an event or line its writer had not finished: that last event was
     * left out, which is no error.
     */
    public static final String UNFINISHED_EVENT = "unfinished_event";
    /**
     * Warning: an input whose file name is another format's (a TAU run's {@code profile.N.C.T}) and whose bytes are
     * of the format that read it: it was read as its bytes say, which its name hides from whoever lists the folder.
     */
    public static final String MISNAMED_INPUT = "misnamed_input";
    /**
     * Warning: a sum of times, counts or weights (in the fold, a view, a merge, a diff, a time bin) went past the
     * limit of a 64-bit integer and stopped there (SEMANTICS.md section 5, "Limits"); the example names the row, the
     * column and the inputs.
     */
    public static final String ARITHMETIC_OVERFLOW = "arithmetic_overflow";

    private final int examplesPerKind;
    private final Map<String, Entry> warnings = new LinkedHashMap<>();
    private final Map<String, Entry> notes = new LinkedHashMap<>();
    /** The declarations met or declared, other than {@link DiagnosticWords#GENERIC}'s, by name. */
    private final Map<String, DiagnosticKind> declared = new LinkedHashMap<>();

    /** Counts keeping the first {@link #EXAMPLES_PER_KIND} examples of each kind. */
    public Diagnostics() {
        this(EXAMPLES_PER_KIND);
    }

    /**
     * Counts keeping the first {@code examplesPerKind} examples of each kind (at least 0): memory grows with
     * this bound, never with the count.
     */
    public Diagnostics(int examplesPerKind) {
        if (examplesPerKind < 0) {
            throw new IllegalArgumentException("examples per kind must be at least 0, got " + examplesPerKind);
        }
        this.examplesPerKind = examplesPerKind;
    }

    /** How many examples of each kind this keeps. */
    public int examplesPerKind() {
        return examplesPerKind;
    }

    /** One kind's count and first examples ("where: what"). */
    public static final class Entry {
        private long count;
        private final List<String> examples = new ArrayList<>();
        private final int kept;

        Entry(int kept) {
            this.kept = kept;
        }

        public long count() {
            return count;
        }

        public List<String> examples() {
            return Collections.unmodifiableList(examples);
        }

        void add(long n, String example) {
            count += n;
            if (example != null && examples.size() < kept) {
                examples.add(example);
            }
        }
    }

    /**
     * Counts one warning of {@code kind} by its name; {@code example} (may be null) says where and what, e.g.
     * "t.json:3:1: E 'f' with no open B". For the constants here and kinds declared elsewhere; a format's own
     * kinds are counted by their declaration ({@link #warn(DiagnosticKind, String)}).
     */
    public void warn(String kind, String example) {
        warnings.computeIfAbsent(kind, k -> entry()).add(1, example);
    }

    /** Counts one note of {@code kind}: something ignored on purpose, never an error. */
    public void note(String kind) {
        notes.computeIfAbsent(kind, k -> entry()).add(1, null);
    }

    /**
     * Counts {@code count} warnings of {@code kind} at once, with their first examples (at most
     * {@link #examplesPerKind()} are kept): for code that keeps counts elsewhere and rebuilds them here.
     */
    public void warn(String kind, long count, List<String> examples) {
        if (count < examples.size()) {
            throw new IllegalArgumentException(kind + ": " + examples.size() + " examples of " + count + " warnings");
        }
        Entry e = warnings.computeIfAbsent(kind, k -> entry());
        for (String example : examples) {
            e.add(1, example);
        }
        e.add(count - examples.size(), null);
    }

    /** Counts one note of {@code kind}; {@code example} (may be null) says which input or event and how. */
    public void note(String kind, String example) {
        notes.computeIfAbsent(kind, k -> entry()).add(1, example);
    }

    /** Counts {@code count} notes of {@code kind} at once, {@code example} (may be null) saying what they are. */
    public void note(String kind, long count, String example) {
        notes.computeIfAbsent(kind, k -> entry()).add(count, example);
    }

    /** Counts {@code count} notes of {@code kind} at once. */
    public void note(String kind, long count) {
        notes.computeIfAbsent(kind, k -> entry()).add(count, null);
    }

    /**
     * Counts one warning of the declared {@code kind}; {@code example} (may be null) says where and what.
     *
     * @throws IllegalArgumentException when {@code kind} is a note kind or a family (name one of its kinds)
     */
    public void warn(DiagnosticKind kind, String example) {
        counted(warnings, kind, DiagnosticKind.Severity.WARNING).add(1, example);
    }

    /** Counts {@code count} warnings of the declared {@code kind} at once, as {@link #warn(String, long, List)}. */
    public void warn(DiagnosticKind kind, long count, List<String> examples) {
        counted(warnings, kind, DiagnosticKind.Severity.WARNING);
        warn(kind.name(), count, examples);
    }

    /**
     * Counts one note of the declared {@code kind}.
     *
     * @throws IllegalArgumentException when {@code kind} is a warning kind or a family (name one of its kinds)
     */
    public void note(DiagnosticKind kind) {
        counted(notes, kind, DiagnosticKind.Severity.NOTE).add(1, null);
    }

    /** Counts one note of the declared {@code kind}; {@code example} (may be null) says which input or event and how. */
    public void note(DiagnosticKind kind, String example) {
        counted(notes, kind, DiagnosticKind.Severity.NOTE).add(1, example);
    }

    /** Counts {@code count} notes of the declared {@code kind} at once. */
    public void note(DiagnosticKind kind, long count) {
        counted(notes, kind, DiagnosticKind.Severity.NOTE).add(count, null);
    }

    /** Counts {@code count} notes of the declared {@code kind} at once, {@code example} (may be null) saying what they are. */
    public void note(DiagnosticKind kind, long count, String example) {
        counted(notes, kind, DiagnosticKind.Severity.NOTE).add(count, example);
    }

    /** The entry of {@code kind} among {@code counts}, made when it is the first, after checking its severity. */
    private Entry counted(Map<String, Entry> counts, DiagnosticKind kind, DiagnosticKind.Severity severity) {
        if (kind.severity() != severity || kind.family()) {
            throw new IllegalArgumentException(kind.family()
                    ? kind.name() + " is a family of kinds: count one of them, kind(rest)"
                    : kind.name() + " is declared a " + kind.severity().name().toLowerCase(Locale.ROOT)
                    + ", not a " + severity.name().toLowerCase(Locale.ROOT));
        }
        Entry e = counts.get(kind.name());
        if (e == null) {
            e = entry();
            counts.put(kind.name(), e);
            learn(kind);
        }
        return e;
    }

    /**
     * Makes these counts say the kinds of {@code kinds} in words ({@link #words()}), counted already or later: what
     * the engine does with the kinds its formats declare, since counts rebuilt from names (a merge, a saved profile)
     * keep no declaration. A kind already known keeps its first declaration; {@link DiagnosticWords#GENERIC}'s are
     * always known.
     */
    public void declare(Collection<DiagnosticKind> kinds) {
        kinds.forEach(this::learn);
    }

    private void learn(DiagnosticKind kind) {
        if (!declared.containsKey(kind.name()) && !DiagnosticWords.generic().known(kind.name())) {
            declared.put(kind.name(), kind);
        }
    }

    /** The words of every kind these counts know: {@link DiagnosticWords#GENERIC} and those met or declared. */
    public DiagnosticWords words() {
        return DiagnosticWords.of(declared.values());
    }

    /** The warnings counted of the declared {@code kind}. */
    public long warningCount(DiagnosticKind kind) {
        return warningCount(kind.name());
    }

    /** The notes counted of the declared {@code kind}. */
    public long noteCount(DiagnosticKind kind) {
        return noteCount(kind.name());
    }

    private Entry entry() {
        return new Entry(examplesPerKind);
    }

    /** Adds every count and example of {@code other} to this one (as many examples as this keeps). */
    public void addAll(Diagnostics other) {
        other.declared.values().forEach(this::learn);
        other.warnings.forEach((k, e) -> {
            Entry mine = warnings.computeIfAbsent(k, x -> entry());
            mine.count += e.count;
            for (String ex : e.examples) {
                if (mine.examples.size() < examplesPerKind) {
                    mine.examples.add(ex);
                }
            }
        });
        other.notes.forEach((k, e) -> {
            Entry mine = notes.computeIfAbsent(k, x -> entry());
            mine.count += e.count;
            for (String ex : e.examples) {
                if (mine.examples.size() < examplesPerKind) {
                    mine.examples.add(ex);
                }
            }
        });
    }

    /** Warning kinds in first-seen order with their entries. */
    public Map<String, Entry> warnings() {
        return Collections.unmodifiableMap(warnings);
    }

    /** Note kinds in first-seen order with their entries. */
    public Map<String, Entry> notes() {
        return Collections.unmodifiableMap(notes);
    }

    public long warningCount() {
        long total = 0;
        for (Entry e : warnings.values()) {
            total += e.count;
        }
        return total;
    }

    public long warningCount(String kind) {
        Entry e = warnings.get(kind);
        return e == null ? 0 : e.count;
    }

    public long noteCount(String kind) {
        Entry e = notes.get(kind);
        return e == null ? 0 : e.count;
    }

    public boolean hasWarnings() {
        return !warnings.isEmpty();
    }
}
