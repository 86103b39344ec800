package dev.ppw.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A profile: one {@link CallTree} of a given view, with what a report needs to say about it.
 *
 * <p>For {@link ViewKind#TREE} and {@link ViewKind#CALLPATH} the tree's nodes are the rows; for
 * {@link ViewKind#FLAT} and {@link ViewKind#TAU} every row is a root whose region name is the row's key
 * (the region, or the depth-N path joined by {@code " => "}). Aggregation metadata says how the numbers
 * were combined: the {@link MergeOp} and the {@link MissingRule};
 * {@code nodes} is how many input profiles were combined (1 for a single profile), and
 * {@link #droppedInputs()} the inputs left out because they could not be read (none unless asked to skip
 * them).
 */
public final class Profile {
    private final CallTree tree;
    private final ViewKind view;
    private final int tauDepth;
    private final MergeOp aggregation;
    private final MissingRule missing;
    private final int nodes;
    private final List<String> inputs;
    private final Map<String, String> processNames;
    private final Map<String, String> threadNames;
    private final List<NodeInfo> nodeInfos;
    private final List<CounterSeries> counters;
    private final String displayTimeUnit;
    private final DroppedInputs droppedInputs;

    /**
     * @param tauDepth the depth N of a {@link ViewKind#TAU} view, 0 for the other views
     * @param processNames pid to process name, from the inputs' metadata (may be empty)
     * @param threadNames "pid/tid" to thread name (may be empty)
     */
    public Profile(CallTree tree, ViewKind view, int tauDepth, MergeOp aggregation, MissingRule missing, int nodes,
                   List<String> inputs, Map<String, String> processNames, Map<String, String> threadNames) {
        this(tree, view, tauDepth, aggregation, missing, nodes, inputs, processNames, threadNames, List.of());
    }

    /** @param nodeInfos who each combined node was, in the order combined (may be empty when unknown) */
    public Profile(CallTree tree, ViewKind view, int tauDepth, MergeOp aggregation, MissingRule missing, int nodes,
                   List<String> inputs, Map<String, String> processNames, Map<String, String> threadNames,
                   List<NodeInfo> nodeInfos) {
        this(tree, view, tauDepth, aggregation, missing, nodes, inputs, processNames, threadNames, nodeInfos,
                List.of(), null);
    }

    /**
     * @param counters the generic counter series, in {@link CounterSeries#ORDER}
     * @param displayTimeUnit the inputs' {@code displayTimeUnit} ({@code ms} or {@code ns}), null when none or
     *                        when inputs disagree
     */
    public Profile(CallTree tree, ViewKind view, int tauDepth, MergeOp aggregation, MissingRule missing, int nodes,
                   List<String> inputs, Map<String, String> processNames, Map<String, String> threadNames,
                   List<NodeInfo> nodeInfos, List<CounterSeries> counters, String displayTimeUnit) {
        this(tree, view, tauDepth, aggregation, missing, nodes, inputs, processNames, threadNames, nodeInfos,
                counters, displayTimeUnit, DroppedInputs.NONE);
    }

    private Profile(CallTree tree, ViewKind view, int tauDepth, MergeOp aggregation, MissingRule missing, int nodes,
                    List<String> inputs, Map<String, String> processNames, Map<String, String> threadNames,
                    List<NodeInfo> nodeInfos, List<CounterSeries> counters, String displayTimeUnit,
                    DroppedInputs droppedInputs) {
        this.droppedInputs = Objects.requireNonNull(droppedInputs, "droppedInputs");
        this.counters = List.copyOf(counters);
        this.displayTimeUnit = displayTimeUnit;
        this.tree = tree;
        this.view = view;
        this.tauDepth = tauDepth;
        this.aggregation = aggregation;
        this.missing = missing;
        this.nodes = nodes;
        this.inputs = Collections.unmodifiableList(new ArrayList<>(inputs));
        this.processNames = Collections.unmodifiableMap(new LinkedHashMap<>(processNames));
        this.threadNames = Collections.unmodifiableMap(new LinkedHashMap<>(threadNames));
        this.nodeInfos = List.copyOf(nodeInfos);
    }

    /** A single, unaggregated tree profile of the given inputs. */
    public static Profile single(CallTree tree, List<String> inputs, Map<String, String> processNames,
                                 Map<String, String> threadNames) {
        return new Profile(tree, ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, 1, inputs, processNames, threadNames);
    }

    /** The same metadata over another tree of another view. */
    public Profile withView(CallTree viewTree, ViewKind viewKind, int depth) {
        return new Profile(viewTree, viewKind, depth, aggregation, missing, nodes, inputs, processNames,
                threadNames, nodeInfos, counters, displayTimeUnit, droppedInputs);
    }

    /** The same profile with these generic counter series and display unit hint. */
    public Profile withCounters(List<CounterSeries> counterSeries, String unitHint) {
        return new Profile(tree, view, tauDepth, aggregation, missing, nodes, inputs, processNames, threadNames,
                nodeInfos, counterSeries, unitHint, droppedInputs);
    }

    /** The same profile, its inputs named {@code names} (a phase of them, say), everything else kept. */
    public Profile withInputs(List<String> names) {
        return new Profile(tree, view, tauDepth, aggregation, missing, nodes, names, processNames, threadNames,
                nodeInfos, counters, displayTimeUnit, droppedInputs);
    }

    /** The same profile, leaving out {@code dropped} (inputs that could not be read) instead of what it said. */
    public Profile withDroppedInputs(DroppedInputs dropped) {
        return new Profile(tree, view, tauDepth, aggregation, missing, nodes, inputs, processNames, threadNames,
                nodeInfos, counters, displayTimeUnit, dropped);
    }

    /**
     * The inputs this profile leaves out because they could not be read, counting those its own saved
     * inputs left out; {@link DroppedInputs#NONE} when every input is in it. Not counted in {@link #nodes()}.
     */
    public DroppedInputs droppedInputs() {
        return droppedInputs;
    }

    /**
     * The total of {@code measure} of the main part ({@link CallTree#mainPart()}, {@link #total(Metric, Part)}):
     * the profile's total, the 100% of every percentage of a row of that part.
     */
    public long total(Metric measure) {
        return total(measure, tree.mainPart());
    }

    /**
     * The total of {@code measure} (time in nanoseconds, or a sample weight) over the rows of {@code part},
     * the 100% of their percentages: for tree and callpath the sum of the part's roots' inclusive values; for
     * flat and TAU, whose rows overlap (a caller's row includes its callees'), the sum of the part's rows'
     * exclusive values, which equals the source tree's total of that part (SEMANTICS.md section 3: the views
     * keep the sum of exclusive). The async part's total is a sum of span durations, which overlap: it may
     * exceed the time the trace spans (SEMANTICS.md section 2, "Parts"). A total past the limit of a long stops
     * there (SEMANTICS.md section 5, "Limits").
     */
    public long total(Metric measure, Part part) {
        long total = 0;
        for (int row = tree.firstChild(CallTree.ROOT); row != CallTree.NONE; row = tree.nextSibling(row)) {
            if (tree.part(row) == part) {
                total = CallTree.saturated(total,
                        view.isHierarchical() ? tree.inclusiveOf(row, measure) : tree.exclusiveOf(row, measure));
            }
        }
        return total;
    }

    /** The generic counter series (SEMANTICS.md "Counters"), sorted; empty when none. */
    public List<CounterSeries> counters() {
        return counters;
    }

    /** The inputs' {@code displayTimeUnit} ({@code ms} or {@code ns}), or null. */
    public String displayTimeUnit() {
        return displayTimeUnit;
    }

    public CallTree tree() {
        return tree;
    }

    public ViewKind view() {
        return view;
    }

    public int tauDepth() {
        return tauDepth;
    }

    /** How the combined nodes' times were combined ({@link MergeOp#SUM} for a single profile). */
    public MergeOp aggregation() {
        return aggregation;
    }

    /** What a key absent from a combined node counted as. */
    public MissingRule missing() {
        return missing;
    }

    public int nodes() {
        return nodes;
    }

    public List<String> inputs() {
        return inputs;
    }

    public Map<String, String> processNames() {
        return processNames;
    }

    public Map<String, String> threadNames() {
        return threadNames;
    }

    /** Who each combined node was, in the order combined; empty when not recorded. */
    public List<NodeInfo> nodeInfos() {
        return nodeInfos;
    }
}
