package dev.ppw.engine;

import java.util.Objects;
import java.util.Optional;

/**
 * Two analyses compared row by row (SEMANTICS.md "Diff"): profile B against the baseline A, each read as its
 * {@link Analysis} says (a profile of its inputs, or a merge of them), both in A's view; or one phase of each against
 * the other when they are split into phases ({@link Analysis#split()}), or two phases of A alone. Immutable.
 *
 * @param a       the baseline
 * @param b       the profile compared with it; empty when two phases of {@code a} are compared
 * @param phaseA  the phase of {@code a} compared; empty for the whole
 * @param phaseB  the phase of {@code b} (or of {@code a}, without {@code b}) compared; empty for the whole
 * @param options how rows are compared and which are shown
 */
public record Comparison(Analysis a, Optional<Analysis> b, Optional<String> phaseA, Optional<String> phaseB,
                         DiffOptions options) {
    public Comparison {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(phaseA, "phaseA");
        Objects.requireNonNull(phaseB, "phaseB");
        Objects.requireNonNull(options, "options");
        if (b.isEmpty() && (phaseA.isEmpty() || phaseB.isEmpty())) {
            throw new IllegalArgumentException("comparing an analysis with itself needs two of its phases");
        }
        if ((phaseA.isPresent() || phaseB.isPresent()) && (a.split().isEmpty()
                || b.isPresent() && b.get().split().isEmpty())) {
            throw new IllegalArgumentException("phases are compared of analyses split into phases");
        }
    }

    /** B against the baseline A, whole. */
    public static Comparison of(Analysis a, Analysis b) {
        return new Comparison(a, Optional.of(b), Optional.empty(), Optional.empty(), DiffOptions.defaults());
    }

    /** Phase {@code phaseB} of B against phase {@code phaseA} of A. */
    public static Comparison ofPhases(Analysis a, String phaseA, Analysis b, String phaseB) {
        return new Comparison(a, Optional.of(b), Optional.of(phaseA), Optional.of(phaseB), DiffOptions.defaults());
    }

    /** Phase {@code second} of {@code a} against its phase {@code first}. */
    public static Comparison ofPhases(Analysis a, String first, String second) {
        return new Comparison(a, Optional.empty(), Optional.of(first), Optional.of(second), DiffOptions.defaults());
    }

    /** This comparison with {@code other} options. */
    public Comparison withOptions(DiffOptions other) {
        return new Comparison(a, b, phaseA, phaseB, other);
    }
}
