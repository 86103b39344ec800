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
    COUNTERS;

    /** The lower-case name used on the command line and in outputs. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** True for the views whose rows form a tree (tree, callpath); flat and tau rows are all roots. */
    public boolean isHierarchical() {
        return this == TREE || this == CALLPATH;
    }
}
