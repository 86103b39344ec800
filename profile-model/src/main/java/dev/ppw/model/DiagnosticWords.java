package dev.ppw.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Diagnostic kinds in words, for what people read (the text header, the warnings on stderr): {@code phase_M 9}
 * becomes {@code 9 metadata events (process and thread names)}. Machine-readable outputs keep the kinds
 * ({@link Diagnostics}), which SEMANTICS.md defines.
 *
 * <p>The words come from the {@link DiagnosticKind declarations}: {@link #GENERIC}, the kinds the folder and the
 * engine raise whatever the format, and those the formats declare ({@link
 * dev.ppw.model.format.FormatRegistry#diagnosticWords()}). A kind is said with the phrase for one or for many that
 * follows its count; a kind of a declared family ({@code phase_*}) that has no declaration of its own is said as
 * the family says it; a kind nobody declares (a kind of a plug-in that does not declare it) is said as it is, never
 * dropped. Immutable and thread-safe.
 */
public final class DiagnosticWords {
    /**
     * The kinds of profile-model: those of SEMANTICS.md section 1 that the folder raises (readers raise some of
     * them too: {@code bad_event}, {@code truncated}, ...), and the engine's notes. Every other kind is declared by
     * the format that raises it.
     */
    public static final List<DiagnosticKind> GENERIC;

    static {
        List<DiagnosticKind> kinds = new ArrayList<>();
        kinds.add(DiagnosticKind.warning(Diagnostics.MISSING_TS, "event without a usable timestamp (dropped)",
                "events without a usable timestamp (dropped)"));
        kinds.add(DiagnosticKind.warning(Diagnostics.BAD_DURATION, "event with an unusable or negative duration (dropped)",
                "events with an unusable or negative duration (dropped)"));
        kinds.add(DiagnosticKind.warning(Diagnostics.OVERLAP, "frame cut short by an enclosing frame that ended first",
                "frames cut short by an enclosing frame that ended first"));
        kinds.add(DiagnosticKind.warning(Diagnostics.MISMATCHED_END, "end event named otherwise than the begin it closed",
                "end events named otherwise than the begin they closed"));
        kinds.add(DiagnosticKind.warning(Diagnostics.UNMATCHED_END, "end event with no open begin (dropped)",
                "end events with no open begin (dropped)"));
        kinds.add(DiagnosticKind.warning(Diagnostics.UNCLOSED_BEGIN, "begin never ended (closed at its track's last time)",
                "begins never ended (closed at their track's last time)"));
        kinds.add(DiagnosticKind.warning(Diagnostics.TRUNCATED, "input cut short or ending in zero bytes (read up to there)",
                "inputs cut short or ending in zero bytes (read up to there)"));
        kinds.add(DiagnosticKind.warning(Diagnostics.BAD_EVENT, "malformed event or line (skipped)",
                "malformed events or lines (skipped)"));
        kinds.add(DiagnosticKind.warning(Diagnostics.MISNAMED_INPUT,
                "input named as another format's file, read as its bytes say",
                "inputs named as another format's files, read as their bytes say"));
        kinds.add(DiagnosticKind.warning(Diagnostics.ARITHMETIC_OVERFLOW,
                "sum past the limit of a 64-bit integer (stopped at the limit)",
                "sums past the limit of a 64-bit integer (stopped at the limit)"));
        kinds.add(DiagnosticKind.note(Diagnostics.EMPTY_STACK, "sample with an empty stack",
                "samples with an empty stack"));
        kinds.add(DiagnosticKind.note(Diagnostics.COUNTER_OUTSIDE_REGION, "region counter sample outside its region",
                "region counter samples outside their region"));
        kinds.add(DiagnosticKind.note(Diagnostics.DISPLAY_TIME_UNIT_IGNORED, "displayTimeUnit not understood (ignored)",
                "displayTimeUnits not understood (ignored)"));
        kinds.add(DiagnosticKind.note(Diagnostics.DISPLAY_TIME_UNITS_DIFFER,
                "disagreement of the inputs' displayTimeUnits (ignored)",
                "disagreements of the inputs' displayTimeUnits (ignored)"));
        kinds.add(DiagnosticKind.note(Diagnostics.INPUT_NAMED_TWICE, "input named more than once (read once)",
                "inputs named more than once (read once each)"));
        kinds.add(DiagnosticKind.note(Diagnostics.FILE_SKIPPED, "file in a folder that no format reads (skipped)",
                "files in folders that no format reads (skipped)"));
        kinds.add(DiagnosticKind.note(Diagnostics.ASYNC_OFF, "async event left out (--async off)",
                "async events left out (--async off)"));
        kinds.add(DiagnosticKind.note(Diagnostics.UNFINISHED_EVENT, "unfinished last event of a followed input (left out)",
                "unfinished last events of followed inputs (left out)"));
        kinds.add(DiagnosticKind.warning(Diagnostics.SELECTION_ON_SAVED,
                "saved profile taken whole: its threads were added up when it was saved, so --pid, --tid,"
                        + " --thread-name and --threads cannot choose or split them",
                "saved profiles taken whole: their threads were added up when they were saved, so --pid, --tid,"
                        + " --thread-name and --threads cannot choose or split them"));
        GENERIC = List.copyOf(kinds);
    }

    private static final DiagnosticWords GENERIC_WORDS = new DiagnosticWords(GENERIC);

    private final List<DiagnosticKind> kinds;
    private final Map<String, DiagnosticKind> exact = new LinkedHashMap<>();
    /** Longest prefix first, so that the narrowest family says a kind. */
    private final List<DiagnosticKind> families = new ArrayList<>();

    private DiagnosticWords(Collection<? extends DiagnosticKind> declared) {
        List<DiagnosticKind> all = new ArrayList<>();
        for (DiagnosticKind k : declared) {
            DiagnosticKind before = exact.putIfAbsent(k.name(), k);
            if (before == null) {
                all.add(k);
                if (k.family()) {
                    families.add(k);
                }
            } else if (!before.equals(k)) {
                throw new IllegalArgumentException("diagnostic kind " + k.name() + " is declared twice, differently: "
                        + before + " and " + k);
            }
        }
        families.sort(Comparator.comparingInt((DiagnosticKind k) -> k.name().length()).reversed());
        kinds = List.copyOf(all);
    }

    /** The words of {@link #GENERIC} only. */
    public static DiagnosticWords generic() {
        return GENERIC_WORDS;
    }

    /**
     * The words of {@link #GENERIC} and of {@code declared}, in that order; a kind declared more than once with the
     * same declaration counts once.
     *
     * @throws IllegalArgumentException when two different declarations share a name
     */
    public static DiagnosticWords of(Collection<? extends DiagnosticKind> declared) {
        if (declared.isEmpty()) {
            return GENERIC_WORDS;
        }
        List<DiagnosticKind> all = new ArrayList<>(GENERIC);
        all.addAll(declared);
        return new DiagnosticWords(all);
    }

    /**
     * {@code count} events of {@code kind} in words: {@code 9 metadata events (process and thread names)},
     * {@code 1 begin never ended (closed at its track's last time)}.
     */
    public String counted(String kind, long count) {
        return count + " " + words(kind, count);
    }

    /** What {@link #counted} says after the count: the declaration's phrase for 1, else for many; else the kind itself. */
    public String words(String kind, long count) {
        return declaration(kind).map(k -> k.words(kind, count)).orElse(kind);
    }

    /** True when a declaration says {@code kind} in words: its own, or its family's. */
    public boolean known(String kind) {
        return declaration(kind).isPresent();
    }

    /** The declaration that says {@code kind}: its own, else the family of the longest prefix it has, else empty. */
    public Optional<DiagnosticKind> declaration(String kind) {
        DiagnosticKind k = exact.get(kind);
        if (k != null) {
            return Optional.of(k);
        }
        for (DiagnosticKind f : families) {
            if (f.covers(kind)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** Every declaration, each once: {@link #GENERIC}'s first, then the others in the order given. */
    public List<DiagnosticKind> kinds() {
        return kinds;
    }

    @Override
    public String toString() {
        return "words of " + kinds.size() + " diagnostic kinds";
    }
}
