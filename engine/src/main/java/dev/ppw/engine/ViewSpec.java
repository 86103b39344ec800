package dev.ppw.engine;

import dev.ppw.model.ViewKind;

import java.util.Objects;

/**
 * Which view of a profile to derive (SEMANTICS.md section 3).
 *
 * @param view     tree, callpath, flat, tau or counters
 * @param tauDepth the N of a {@link ViewKind#TAU} view, at least 1; 0 for every other view
 */
public record ViewSpec(ViewKind view, int tauDepth) {
    /** The calling-context tree itself. */
    public static final ViewSpec TREE = new ViewSpec(ViewKind.TREE, 0);
    /** One row per region. */
    public static final ViewSpec FLAT = new ViewSpec(ViewKind.FLAT, 0);
    /** Paths of region names, callsites merged. */
    public static final ViewSpec CALLPATH = new ViewSpec(ViewKind.CALLPATH, 0);

    public ViewSpec {
        Objects.requireNonNull(view, "view");
        if (view == ViewKind.TAU ? tauDepth < 1 : tauDepth != 0) {
            throw new IllegalArgumentException(view == ViewKind.TAU
                    ? "the tau view needs a depth of at least 1, got " + tauDepth + " (depth 1 is the flat view)"
                    : "only the tau view has a depth, not " + view.label());
        }
    }

    /** TAU callpaths of the last {@code depth} region names. */
    public static ViewSpec tau(int depth) {
        return new ViewSpec(ViewKind.TAU, depth);
    }

    /** The view {@code view}, with {@code depth} as its depth when it is tau (ignored otherwise). */
    public static ViewSpec of(ViewKind view, int depth) {
        return new ViewSpec(view, view == ViewKind.TAU ? depth : 0);
    }

    /** The view in words: {@code flat}, {@code tau depth 2}. */
    public String label() {
        return view.label() + (view == ViewKind.TAU ? " depth " + tauDepth : "");
    }
}
