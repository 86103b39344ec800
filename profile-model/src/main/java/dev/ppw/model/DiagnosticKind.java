package dev.ppw.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One kind of diagnostic, declared once where it is raised: its name (what machine-readable outputs and
 * {@code --strict} summaries show, snake_case as SEMANTICS.md writes kinds), whether it is a warning or a note
 * ({@link Diagnostics} says what each means), and how people read a count of it. A format declares its own kinds
 * as constants of its package and lists them in {@link dev.ppw.model.format.InputFormat#diagnosticKinds()}; the
 * kinds the folder and the engine raise are {@link DiagnosticWords#GENERIC}.
 *
 * <pre>{@code
 * public static final DiagnosticKind ZERO_COUNT = DiagnosticKind.note("zero_count",
 *         "folded line with a count of 0", "folded lines with a count of 0");
 * ...
 * sink.diagnostics().note(ZERO_COUNT);
 * }</pre>
 *
 * <p>A <em>family</em> is one declaration for every kind whose name starts alike: its name ends in {@code *}
 * ({@code phase_*} covers {@code phase_M}, {@code phase_Q}, ...), and a {@code *} in its phrases stands for what
 * follows the prefix ({@code events of phase '*'}). An exact declaration of a kind of the family says it better
 * than the family. Immutable.
 *
 * @param name     the kind ({@code bad_event}, {@code phase_M}), or a family's prefix followed by {@code *}
 * @param severity a warning (an anomaly of the input, an error under {@code --strict}) or a note (never one)
 * @param one      what follows a count of 1 ({@code 1 malformed event or line (skipped)})
 * @param many     what follows any other count ({@code 2 malformed events or lines (skipped)})
 */
public record DiagnosticKind(String name, Severity severity, String one, String many) {
    /** How serious a kind is. */
    public enum Severity {
        /** An anomaly of the input, counted and skipped or repaired; {@code --strict} makes it an error. */
        WARNING,
        /** What the input carries and the profile has no use for, or a remark on the request; never an error. */
        NOTE
    }

    /** What ends a family's name, and stands in its phrases for the rest of a kind's name. */
    public static final String ANY = "*";

    private static final Pattern NAME = Pattern.compile("[a-z][^\\s*]*");
    private static final Pattern FAMILY = Pattern.compile("[a-z][^\\s*]* ?\\*");

    /**
     * @throws IllegalArgumentException when the name does not start with a lower-case letter or holds whitespace or
     *     a {@code *}, unless it is a family's prefix and a final {@code *} (the prefix may end in one space:
     *     {@code lttng_event *}); or when a phrase is blank
     */
    public DiagnosticKind {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(one, "one");
        Objects.requireNonNull(many, "many");
        if (!NAME.matcher(name).matches() && !FAMILY.matcher(name).matches()) {
            throw new IllegalArgumentException("a diagnostic kind is snake_case (bad_event, phase_M), or a family's"
                    + " prefix and * (phase_*), got '" + name + "'");
        }
        if (one.isBlank() || many.isBlank()) {
            throw new IllegalArgumentException(name + ": a diagnostic kind is said in words, for one and for many");
        }
    }

    /** A warning kind: an anomaly of the input that {@code --strict} turns into an error. */
    public static DiagnosticKind warning(String name, String one, String many) {
        return new DiagnosticKind(name, Severity.WARNING, one, many);
    }

    /** A note kind: something the profile has no use for, never an error. */
    public static DiagnosticKind note(String name, String one, String many) {
        return new DiagnosticKind(name, Severity.NOTE, one, many);
    }

    /**
     * A note kind said by its name alone ({@code 3 pprof_labels_ignored}): for a kind that was printed so before
     * it had words, where giving it words would change what ppw-java prints. A family's {@code *} is then the rest of
     * the kind's name: {@code lttng_event *} says {@code 2 lttng_event python:line}.
     */
    public static DiagnosticKind note(String name) {
        return note(name, name, name);
    }

    /** True for a family of kinds ({@code phase_*}). */
    public boolean family() {
        return name.endsWith(ANY);
    }

    /** True when this declaration is of {@code kind}: its name, or for a family, its prefix and at least one more character. */
    public boolean covers(String kind) {
        if (!family()) {
            return name.equals(kind);
        }
        String prefix = prefix();
        return kind.length() > prefix.length() && kind.startsWith(prefix);
    }

    /** The kind of this family named by {@code rest} after the prefix ({@code phase_*} and {@code M}: {@code phase_M}); this kind's name when it is no family. */
    public String kind(String rest) {
        return family() ? prefix() + rest : name;
    }

    /**
     * What follows a count of {@code count} of {@code kind} (one this declaration {@link #covers}): the phrase
     * for one or for many, a family's {@code *} replaced by the rest of the kind's name.
     */
    public String words(String kind, long count) {
        String phrase = count == 1 ? one : many;
        return family() ? phrase.replace(ANY, kind.substring(prefix().length())) : phrase;
    }

    private String prefix() {
        return name.substring(0, name.length() - ANY.length());
    }
}
