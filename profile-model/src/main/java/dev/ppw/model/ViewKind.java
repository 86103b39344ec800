package dev.ppw.model;

/** The views of SEMANTICS.md section 3; every one is derived from the calling-context tree. */
public enum ViewKind {
    /** The callsite profile: the CCT itself. */
    TREE,
    /** The path profile: nodes with the same path of region names merged, whatever their callsites. */
    CALLPATH,
    /** One row per region; inclusive time counted once under recursion. */
    FLAT,
    /** TAU callpath of depth N: one row per key of the last N region names joined by " => ". */
    TAU,
    /**
     * Not a view of the tree: the generic counter series (SEMANTICS.md "Counters"), one row per series.
     * The profile keeps its tree; reporters print the series instead of rows.
     */
    COUNTERS,
    /**
     * The callers of one region, bottom-up: the region is the one root, its callers its children, their callers
     * theirs, each row holding the region's time (inclusive counted once under recursion) reached through that
     * chain of callers (SEMANTICS.md "Callers, callees and the inverted tree").
     */
    CALLERS,
    /** The callees of one region: every context of the region merged into one tree rooted at it. */
    CALLEES,
    /** The bottom-up tree: each stack read from its innermost frame, whose self time the roots hold. */
    INVERTED;

    /** The lower-case name used on the command line and in outputs. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * True for the views whose rows form a tree (tree, callpath, callers, callees, inverted); flat and tau rows are
     * all roots.
     */
    public boolean isHierarchical() {
        return this == TREE || this == CALLPATH || isContextView();
    }

    /** True for the views of one region's contexts or of the stacks read bottom-up (callers, callees, inverted). */
    public boolean isContextView() {
        return this == CALLERS || this == CALLEES || this == INVERTED;
    }

    /** True for the views taken of one region, named with the view (callers, callees). */
    public boolean needsRegion() {
        return this == CALLERS || this == CALLEES;
    }
}
