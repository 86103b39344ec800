package dev.ppw.engine;

import dev.ppw.aggregate.StackFiltering;
import dev.ppw.aggregate.Views;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Profile;
import dev.ppw.model.Part;
import dev.ppw.model.StackFilters;
import dev.ppw.model.ViewKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which view of a profile to derive (SEMANTICS.md section 3), through which filters ("Filters"): every front end's
 * way of looking at a tree, applied in one place ({@link #derive}) wherever the engine derives a view: a profile, each
 * node of a merge before it is combined, each thread, phase and side of a diff.
 *
 * @param view     tree, callpath, flat, tau, counters, callers, callees or inverted
 * @param tauDepth the N of a {@link ViewKind#TAU} view, at least 1; 0 for every other view
 * @param region   the region name whose callers or callees are shown ({@link ViewKind#needsRegion()}); empty for
 *                 every other view
 * @param filters  the stacks and frames kept, before the view is derived ({@link StackFilters#NONE}: all)
 * @param parts    the parts shown ({@code --parts}, SEMANTICS.md section 2), the others' roots left out of the view;
 *                 empty for every part
 */
public record ViewSpec(ViewKind view, int tauDepth, String region, StackFilters filters, Set<Part> parts) {
    /** The calling-context tree itself. */
    public static final ViewSpec TREE = new ViewSpec(ViewKind.TREE, 0);
    /** One row per region. */
    public static final ViewSpec FLAT = new ViewSpec(ViewKind.FLAT, 0);
    /** Paths of region names, callsites merged. */
    public static final ViewSpec CALLPATH = new ViewSpec(ViewKind.CALLPATH, 0);
    /** The bottom-up tree: roots are the regions with their self time, children their callers. */
    public static final ViewSpec INVERTED = new ViewSpec(ViewKind.INVERTED, 0);

    public ViewSpec {
        Objects.requireNonNull(view, "view");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(filters, "filters");
        parts = parts.isEmpty() || parts.size() == Part.values().length ? Set.of() : Set.copyOf(parts);
        if (view == ViewKind.TAU ? tauDepth < 1 : tauDepth != 0) {
            throw new IllegalArgumentException(view == ViewKind.TAU
                    ? "the tau view needs a depth of at least 1, got " + tauDepth + " (depth 1 is the flat view)"
                    : "only the tau view has a depth, not " + view.label());
        }
        if (view.needsRegion() == region.isEmpty()) {
            throw new IllegalArgumentException(view.needsRegion()
                    ? "the " + view.label() + " view is of one region: name it (--view " + view.label() + " NAME)"
                    : "only the callers and callees views are of one region, not " + view.label());
        }
    }

    /** The view {@code view}, unfiltered, of every part. */
    public ViewSpec(ViewKind view, int tauDepth, String region, StackFilters filters) {
        this(view, tauDepth, region, filters, Set.of());
    }

    /** The view {@code view} (not of one region), unfiltered. */
    public ViewSpec(ViewKind view, int tauDepth) {
        this(view, tauDepth, "", StackFilters.NONE);
    }

    /** TAU callpaths of the last {@code depth} region names. */
    public static ViewSpec tau(int depth) {
        return new ViewSpec(ViewKind.TAU, depth);
    }

    /** The callers of region {@code region}, bottom-up from it. */
    public static ViewSpec callers(String region) {
        return new ViewSpec(ViewKind.CALLERS, 0, region, StackFilters.NONE);
    }

    /** The callees of region {@code region}: every context of it merged under one root. */
    public static ViewSpec callees(String region) {
        return new ViewSpec(ViewKind.CALLEES, 0, region, StackFilters.NONE);
    }

    /** The view {@code view}, with {@code depth} as its depth when it is tau (ignored otherwise). */
    public static ViewSpec of(ViewKind view, int depth) {
        return new ViewSpec(view, view == ViewKind.TAU ? depth : 0);
    }

    /**
     * The view {@code view}, with {@code depth} as its depth when it is tau and {@code region} as its region when it
     * is of one (each ignored otherwise).
     */
    public static ViewSpec of(ViewKind view, int depth, String region) {
        return new ViewSpec(view, view == ViewKind.TAU ? depth : 0, view.needsRegion() ? region : "",
                StackFilters.NONE);
    }

    /** This view through {@code stackFilters}. */
    public ViewSpec withFilters(StackFilters stackFilters) {
        return new ViewSpec(view, tauDepth, region, stackFilters, parts);
    }

    /** This view of the parts {@code shown} only (empty: every part). */
    public ViewSpec withParts(Set<Part> shown) {
        return new ViewSpec(view, tauDepth, region, filters, shown);
    }

    /** {@code profile} in this view: itself when it {@link #holds} it (of the parts asked), else {@link #derive}d. */
    Profile shown(Profile profile) {
        return holds(profile) ? ofParts(profile) : derive(profile);
    }

    private Profile ofParts(Profile shown) {
        return parts.isEmpty() ? shown
                : shown.withView(Views.ofParts(shown.tree(), parts), shown.view(), shown.tauDepth());
    }

    /** The view in words: {@code flat}, {@code tau depth 2}, {@code callers of 'parse'}, filters after it. */
    public String label() {
        String words = view.label() + (view == ViewKind.TAU ? " depth " + tauDepth : "")
                + (view.needsRegion() ? " of '" + region + "'" : "");
        String parted = parts.isEmpty() ? words : words + " --parts " + String.join(",",
                parts.stream().sorted().map(Part::label).toList());
        return filters.isNone() ? parted : parted + " " + filters.label();
    }

    /**
     * True when {@code profile} is already what {@link #derive} gives: in this view (and depth), and unfiltered or
     * in a view filtered when it was derived (a tree profile with filters still has them to go through).
     */
    boolean holds(Profile profile) {
        return profile.view() == view && (view != ViewKind.TAU || profile.tauDepth() == tauDepth)
                && (filters.isNone() || view != ViewKind.TREE);
    }

    /** Note: a filter's pattern found in no region name of the profile (pprof warns so too): it filtered nothing. */
    static final DiagnosticKind FILTER_MATCHED_NOTHING = DiagnosticKind.note("filter_matched_nothing",
            "filter whose pattern matched no region name", "filters whose pattern matched no region name");

    /**
     * Counts in {@code diagnostics} each filter whose pattern is found in no region name of {@code frames} (a
     * profile's frame table, holding every region its reading met), as {@link #FILTER_MATCHED_NOTHING}.
     */
    void noteUnmatched(FrameTable frames, Diagnostics diagnostics) {
        if (filters.isNone()) {
            return;
        }
        List<String> regions = new ArrayList<>(frames.size());
        for (int f = 0; f < frames.size(); f++) {
            regions.add(frames.regionName(f));
        }
        check(filters.focus(), "--focus", regions, diagnostics);
        check(filters.ignore(), "--ignore", regions, diagnostics);
        check(filters.hide(), "--hide", regions, diagnostics);
        check(filters.show(), "--show", regions, diagnostics);
        check(filters.showFrom(), "--show-from", regions, diagnostics);
    }

    private static void check(Optional<Pattern> pattern, String option, List<String> regions, Diagnostics diagnostics) {
        if (pattern.isPresent() && regions.stream().noneMatch(r -> pattern.get().matcher(r).find())) {
            diagnostics.note(FILTER_MATCHED_NOTHING, option + " '" + pattern.get().pattern() + "' matched no region");
        }
    }

    /**
     * {@code treeProfile}, a tree profile, through the filters and then in this view: the one step of every front
     * end's way of looking at a tree.
     *
     * @throws IllegalArgumentException as {@link Views#derive} does, and when filters are asked of a min, max or avg
     *                                  aggregate (its stacks are no node's: filter the nodes, then merge)
     */
    Profile derive(Profile treeProfile) {
        Profile filtered = treeProfile;
        if (!filters.isNone() && treeProfile.view() == ViewKind.TREE) {
            if (treeProfile.nodes() > 1 && treeProfile.aggregation() != MergeOp.SUM) {
                throw new IllegalArgumentException("cannot filter the stacks of a " + treeProfile.aggregation().label()
                        + " aggregate (" + filters.label() + "): its rows are no node's stacks; filter the nodes'"
                        + " own profiles as they are merged");
            }
            filtered = treeProfile.withView(StackFiltering.apply(treeProfile.tree(), filters), ViewKind.TREE, 0);
        }
        return ofParts(Views.derive(filtered, view, tauDepth, region));
    }
}
