package dev.ppw.aggregate;

import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MetricGroup;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The mergeable accumulator of node profiles (SEMANTICS.md section 4, docs/merge.md): {@link #add} one
 * input's node profiles, {@link #combine} accumulators filled apart (on threads, on a cluster's executors),
 * and take the merged {@link #result}. Memory is the union of the rows, not the sum of the inputs.
 *
 * <p><b>Nodes and positions.</b> An input (a trace, a saved profile) gives zero or more nodes, each a
 * profile already in the merged view; nodes are ordered by (the input's index in the input list, the
 * node's index within the input), their <em>position</em>. Indices need not be contiguous, but one input
 * index is added once, to one accumulator of a merge.
 *
 * <p><b>How values combine.</b> Per row key (the parent's key, region, callsite; a root's part, region,
 * callsite; the row's part and text in flat and tau views: parts merge apart, a node without a part's rows
 * missing them as any other rows): {@code inclusive} and {@code exclusive} nanoseconds by the {@link MergeOp} and
 * {@link MissingRule}; {@code calls} and {@code subcalls} summed; min of per-call minima and max of
 * per-call maxima over the nodes having the row. Declared metrics ({@code Metric}): a VALUE metric by its
 * own {@code combine} whatever the operator (non-integral sums exactly, rounded once at the end), a WEIGHT
 * metric (bytes, events) by the operator and missing rule exactly as times, in its own unit. Generic
 * counter series: samples and sums added (sums exactly), min of mins, max of maxes, last from the latest
 * last sample. Process and thread names: the first node naming an id names it. The inputs' display unit
 * hint is kept when all nodes that give one agree, else dropped with the note
 * {@link Folder#DISPLAY_TIME_UNITS_DIFFER}. Warnings and notes of the readings add up, in input order.
 *
 * <p><b>Associativity.</b> Any grouping of {@link #combine}s over any split of the inputs, and adding in
 * any order, gives exactly (bit for bit) the result of adding the inputs one by one in index order:
 * every sum is an exact integer or an exact binary fraction, and every choice between nodes goes by
 * position, never by arrival. Ties: the node holding a row's maximum inclusive time is the lowest position
 * among equals; a counter series' last value is the later position's on a tie of time; a process or
 * thread name is the lowest position's; rows come in the order adding one by one in position order
 * creates them; node infos and inputs are listed by position; warning and note kinds in first-seen order
 * with the first examples by position.
 *
 * <p><b>Inputs that cannot be read</b> are {@link #drop dropped}: counted per reason, their first
 * {@link DroppedInputs#EXAMPLES} messages kept by position, nothing else; a saved aggregate's own dropped
 * inputs are counted too, so that a merge of merges says how many inputs it lacks (in
 * {@link Profile#droppedInputs()}, while {@link Merged#droppedInputs()} says what this merge dropped).
 *
 * <p><b>Rejects</b> (with an {@link IllegalArgumentException} naming both sides): a node of another view
 * than the merge's; an input index added twice; combining accumulators of other settings (operator,
 * missing rule, breakdown, view) or sharing an input; nodes declaring one metric name differently.
 *
 * <p><b>Breakdown</b> (when kept): per row, the nodes' inclusive times as exact integer count, sum and sum
 * of squares (128 bits), absent nodes costing nothing; see {@link Merged#breakdown()}.
 *
 * <p>{@link #toBytes()} writes the whole state in a versioned binary form that {@link #fromBytes} reads
 * back into an accumulator that combines and results exactly like this one (to ship between a cluster
 * job's executors). Not thread-safe: one thread fills an accumulator; threads fill one each and combine.
 */
public final class MergeAccumulator {
    /** "PPWM": the first four bytes of {@link #toBytes()}. */
    private static final int MAGIC = 0x5050574d;
    /**
     * The version of {@link #toBytes()}'s form this class writes and reads (2: the dropped inputs; 3: rows
     * carry their part; 4: rows may carry call-time sketches; 5: sums are 128-bit, sums of squares 192-bit; 6:
     * whether every node's calls were timed whole).
     */
    public static final int FORM_VERSION = 6;

    private final MergeOp op;
    private final MissingRule missing;
    private final boolean keepBreakdown;
    private final int warningExamples;
    private final ViewKind view;
    private final int tauDepth;

    private final TreeMap<Integer, String> inputs = new TreeMap<>();
    private final TreeMap<Long, NodeInfo> nodes = new TreeMap<>();
    private final MergeRows rows;
    private final Map<String, Named> processNames = new HashMap<>();
    private final Map<String, Named> threadNames = new HashMap<>();
    /**
     * Each display unit hint met, with the lowest position of a node giving it; {@link #NO_UNIT} for the nodes
     * that ask for none, so that the state's form says whether every node asked.
     */
    private final Map<String, Long> displayUnits = new HashMap<>();
    private static final String NO_UNIT = "";
    private final Map<String, Series> counters = new HashMap<>();
    private final Map<String, Kind> warnings = new HashMap<>();
    private final Map<String, Kind> notes = new HashMap<>();
    /** The inputs this merge dropped, and those its saved inputs had dropped before. */
    private final Drops dropped = new Drops();
    private final Drops droppedBefore = new Drops();
    /**
     * Whether every node added so far says its calls were each timed whole ({@link CallTree#callsTimedWhole()}:
     * TAU's timers), true while none is: a merged row's calls and times are then sums of whole calls, so the merged
     * tree says so too and a sum keeps its time per call (SEMANTICS.md "Per call").
     */
    private boolean callsTimedWhole = true;

    /**
     * The merged profile, the breakdown when kept, and the readings' warnings and notes (with
     * {@link Folder#DISPLAY_TIME_UNITS_DIFFER} when the nodes' display unit hints differ).
     *
     * @param droppedInputs the inputs this merge {@link #drop dropped}; the profile's
     *                      {@link Profile#droppedInputs()} adds those its saved inputs had dropped
     * @param breakdown per row of {@code profile.tree()}, the statistics of the nodes' inclusive times in
     *                  nanoseconds (absent nodes count as 0 under {@link MissingRule#ZERO}): exact min and
     *                  max; mean and sample variance as exact quotients of integer sums, each rounded once
     *                  to the nearest double, and the standard deviation its square root; empty unless kept
     */
    public record Merged(Profile profile, Optional<Breakdown> breakdown, Diagnostics diagnostics,
                         DroppedInputs droppedInputs) {
    }

    /**
     * @param keepBreakdown also keep, per row, what {@link Merged#breakdown()} needs (three numbers more)
     * @param view          the view every node is in
     * @param tauDepth      N of a {@link ViewKind#TAU} view (at least 1), else ignored
     */
    public MergeAccumulator(MergeOp op, MissingRule missing, boolean keepBreakdown, ViewKind view, int tauDepth) {
        this(op, missing, keepBreakdown, view, tauDepth, Diagnostics.EXAMPLES_PER_KIND);
    }

    /**
     * As {@link #MergeAccumulator(MergeOp, MissingRule, boolean, ViewKind, int)}, keeping the first
     * {@code warningExamples} examples of each warning kind (by position) instead of
     * {@link Diagnostics#EXAMPLES_PER_KIND}: a bound of this accumulator's memory, not a setting of the merge
     * (accumulators keeping different numbers combine; each keeps its own).
     */
    public MergeAccumulator(MergeOp op, MissingRule missing, boolean keepBreakdown, ViewKind view, int tauDepth,
                            int warningExamples) {
        if (warningExamples < 0) {
            throw new IllegalArgumentException("warning examples must be at least 0, got " + warningExamples);
        }
        this.warningExamples = warningExamples;
        this.op = Objects.requireNonNull(op, "op");
        this.missing = Objects.requireNonNull(missing, "missing");
        this.view = Objects.requireNonNull(view, "view");
        if (view == ViewKind.TAU && tauDepth < 1) {
            throw new IllegalArgumentException("tau depth must be at least 1, got " + tauDepth);
        }
        this.keepBreakdown = keepBreakdown;
        this.tauDepth = view == ViewKind.TAU ? tauDepth : 0;
        this.rows = new MergeRows(op, missing, keepBreakdown);
    }

    /** Number of nodes added so far, here and in the accumulators combined into this one. */
    public int nodeCount() {
        return nodes.size();
    }

    /** Number of inputs added so far (dropped ones aside), here and in the accumulators combined into this one. */
    public int inputCount() {
        return inputs.size();
    }

    /**
     * Leaves out an input that cannot be read: it adds no node and is not listed among the inputs, but is
     * counted under {@code reason} with its one-line {@code message} (kept while among the first
     * {@link DroppedInputs#EXAMPLES} by position). Nothing else of it is kept, so memory does not grow with
     * the number of inputs dropped.
     *
     * @param inputIndex the input's index in the input list, >= 0, neither added nor dropped before (an index
     *                   dropped twice is not detected)
     * @throws IllegalArgumentException when the index is negative or was added
     */
    public void drop(int inputIndex, String message, String reason) {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(reason, "reason");
        if (inputIndex < 0) {
            throw new IllegalArgumentException("an input index is >= 0, got " + inputIndex);
        }
        if (inputs.containsKey(inputIndex)) {
            throw new IllegalArgumentException("input " + inputIndex + " (" + inputs.get(inputIndex)
                    + ") was added, so it cannot be dropped");
        }
        dropped.add((long) inputIndex << 32, new DroppedInputs(1, Map.of(reason, 1L), List.of(message)));
    }

    /** The inputs dropped so far, here and in the accumulators combined into this one. */
    public DroppedInputs droppedInputs() {
        return dropped.toInputs();
    }

    /** One input of one node: {@link #add(int, String, List, List, Diagnostics)} with single lists. */
    public void add(int inputIndex, String inputName, NodeInfo info, Profile nodeView, Diagnostics reading) {
        add(inputIndex, inputName, List.of(info), List.of(nodeView), reading);
    }

    /**
     * Adds one input: its nodes (their infos and profiles, index for index, in the input's order) and the
     * warnings and notes met reading it. An input may have no node (a trace split by pid with no timed
     * event) and still count as an input. The profiles are only read.
     *
     * @param inputIndex the input's index in the input list, >= 0, not added before
     * @param inputName  how the input is named in outputs (its path as given)
     * @throws IllegalArgumentException when a profile is of another view than the merge's, the index was
     *                                  added, the lists differ in length, or a profile declares a metric
     *                                  name otherwise than the nodes before; nothing is added then
     */
    public void add(int inputIndex, String inputName, List<NodeInfo> infos, List<Profile> nodeViews,
                    Diagnostics reading) {
        Objects.requireNonNull(inputName, "inputName");
        if (inputIndex < 0) {
            throw new IllegalArgumentException("an input index is >= 0, got " + inputIndex);
        }
        if (inputs.containsKey(inputIndex)) {
            throw new IllegalArgumentException("input " + inputIndex + " (" + inputName + ") was added already, as "
                    + inputs.get(inputIndex));
        }
        if (infos.size() != nodeViews.size()) {
            throw new IllegalArgumentException(inputName + ": " + infos.size() + " node infos for "
                    + nodeViews.size() + " node profiles");
        }
        List<MetricGroup> declared = new ArrayList<>();
        for (int i = 0; i < nodeViews.size(); i++) {
            Profile p = nodeViews.get(i);
            declared.addAll(p.tree().metricGroups());
            if (p.view() != view || view == ViewKind.TAU && p.tauDepth() != tauDepth) {
                String first = nodes.isEmpty() ? "" : " (as node " + nodes.firstEntry().getValue().label() + " is)";
                throw new IllegalArgumentException("cannot merge node " + infos.get(i).label() + ", a "
                        + viewText(p.view(), p.tauDepth()) + " profile, into a merge of "
                        + viewText(view, tauDepth) + " profiles" + first);
            }
        }
        rows.requireCompatible(declared);
        inputs.put(inputIndex, inputName);
        long examplePosition = (long) inputIndex << 32;
        for (int i = 0; i < nodeViews.size(); i++) {
            long position = ((long) inputIndex << 32) | i;
            DroppedInputs before = nodeViews.get(i).droppedInputs();
            droppedBefore.add(examplePosition, before);
            examplePosition += before.examples().size();
            NodeInfo info = infos.get(i);
            Profile p = nodeViews.get(i);
            nodes.put(position, info);
            rows.add(position, p.tree());
            callsTimedWhole &= p.tree().callsTimedWhole();
            info.processNames().forEach((id, name) -> processNames.merge(id, new Named(name, position), Named::first));
            info.threadNames().forEach((id, name) -> threadNames.merge(id, new Named(name, position), Named::first));
            displayUnits.merge(p.displayTimeUnit() == null ? NO_UNIT : p.displayTimeUnit(), position, Math::min);
            for (CounterSeries c : p.counters()) {
                counters.merge(c.key(), Series.of(c, position), Series::plus);
            }
        }
        long at = readingPosition(inputIndex);
        reading = withOverflows(inputName, nodeViews, reading);
        addKinds(warnings, at, reading.warnings(), true);
        addKinds(notes, at, reading.notes(), false);
    }

    /**
     * {@code reading} and, when a node's tree holds sums that stopped at the limit of a long, the warning
     * {@link Diagnostics#ARITHMETIC_OVERFLOW} naming the first row and the input.
     */
    private static Diagnostics withOverflows(String inputName, List<Profile> nodeViews, Diagnostics reading) {
        long count = 0;
        String first = null;
        for (Profile p : nodeViews) {
            count += p.tree().overflows();
            if (first == null && p.tree().overflows() > 0) {
                first = p.tree().firstOverflow().orElse("");
            }
        }
        if (count == 0) {
            return reading;
        }
        Diagnostics d = new Diagnostics(Math.max(1, reading.examplesPerKind()));
        d.addAll(reading);
        d.warn(Diagnostics.ARITHMETIC_OVERFLOW, count, List.of(inputName + ": " + first));
        return d;
    }

    private static String viewText(ViewKind v, int depth) {
        return v.label() + (v == ViewKind.TAU ? " depth " + depth : "");
    }

    /** Where an input's reading diagnostics go among all: after the input's own note, before the next input. */
    private static long readingPosition(int inputIndex) {
        return ((long) inputIndex << 1) | 1;
    }

    /** Where the display units note goes: before the reading diagnostics of the input whose node caused it. */
    private static long notePosition(long nodePosition) {
        return (nodePosition >>> 32) << 1;
    }

    private void addKinds(Map<String, Kind> into, long at, Map<String, Diagnostics.Entry> kinds,
                          boolean withExamples) {
        int index = 0;
        for (Map.Entry<String, Diagnostics.Entry> e : kinds.entrySet()) {
            List<Example> examples = new ArrayList<>();
            if (withExamples) {
                List<String> texts = e.getValue().examples();
                for (int i = 0; i < texts.size(); i++) {
                    examples.add(new Example(at, i, texts.get(i)));
                }
            }
            into.merge(e.getKey(), new Kind(e.getValue().count(), at, index++, examples), this::plus);
        }
    }

    /**
     * Adds everything {@code other} holds, as if its inputs had been added here; {@code other} is not
     * changed and shares nothing with this one afterwards.
     *
     * @throws IllegalArgumentException when the two differ in operator, missing rule, breakdown or view,
     *                                  share an input index, or declare a metric name two ways (or
     *                                  {@code other} is this one); nothing is added then
     */
    public void combine(MergeAccumulator other) {
        if (other == this) {
            throw new IllegalArgumentException("an accumulator cannot be combined with itself");
        }
        if (other.op != op || other.missing != missing || other.keepBreakdown != keepBreakdown
                || other.view != view || other.tauDepth != tauDepth) {
            throw new IllegalArgumentException("cannot combine a merge of " + settings() + " with one of "
                    + other.settings());
        }
        for (Map.Entry<Integer, String> e : other.inputs.entrySet()) {
            if (inputs.containsKey(e.getKey())) {
                throw new IllegalArgumentException("input " + e.getKey() + " is in both accumulators: "
                        + inputs.get(e.getKey()) + " and " + e.getValue());
            }
        }
        rows.requireCompatible(other.rows.groups());
        inputs.putAll(other.inputs);
        nodes.putAll(other.nodes);
        rows.combine(other.rows);
        other.processNames.forEach((id, n) -> processNames.merge(id, n, Named::first));
        other.threadNames.forEach((id, n) -> threadNames.merge(id, n, Named::first));
        other.displayUnits.forEach((unit, position) -> displayUnits.merge(unit, position, Math::min));
        other.counters.forEach((key, s) -> counters.merge(key, s, Series::plus));
        other.warnings.forEach((kind, k) -> warnings.merge(kind, k, this::plus));
        other.notes.forEach((kind, k) -> notes.merge(kind, k, this::plus));
        dropped.plus(other.dropped);
        droppedBefore.plus(other.droppedBefore);
        callsTimedWhole &= other.callsTimedWhole;
    }

    private String settings() {
        return op.label() + " (missing " + missing.label() + ", " + (keepBreakdown ? "with" : "without")
                + " breakdown) of " + viewText(view, tauDepth) + " profiles";
    }

    /**
     * The merged profile, breakdown and diagnostics of everything added so far. The accumulator is not
     * changed: more may be added and combined afterwards.
     *
     * @param recomputeInclusive rebuild inclusive values (times and weights) bottom-up as
     *                           {@code exclusive + sum(children's inclusive)} (meaningful for tree and
     *                           callpath views only)
     */
    public Merged result(boolean recomputeInclusive) {
        int[] order = rows.order();
        CallTree tree = rows.tree(order, recomputeInclusive);
        if (callsTimedWhole && !nodes.isEmpty()) {
            tree.markCallsTimedWhole();
        }
        List<String> units = displayUnitsInOrder();
        Profile profile = new Profile(tree, view, tauDepth, op, missing, nodes.size(),
                List.copyOf(inputs.values()), names(processNames), names(threadNames),
                List.copyOf(nodes.values()), counterSeries(), displayUnit(units));
        Drops all = new Drops();
        all.plus(droppedBefore);
        all.plus(dropped);
        profile = profile.withDroppedInputs(all.toInputs());
        Optional<Breakdown> breakdown = keepBreakdown
                ? Optional.of(rows.breakdown(order, position -> nodes.get(position).label()))
                : Optional.empty();
        return new Merged(profile, breakdown, diagnostics(), dropped.toInputs());
    }

    /**
     * SEMANTICS.md section 1, as the folder takes it of inputs: the unit every node asks for, none when none asks,
     * else ms, the Trace Event Format's default, so that one node's hint never decides how the others' times read.
     */
    private String displayUnit(List<String> units) {
        if (units.isEmpty()) {
            return null;
        }
        return units.size() == 1 && !displayUnits.containsKey(NO_UNIT) ? units.get(0) : "ms";
    }

    /** The units asked for, in the order of the first node asking each ({@link #NO_UNIT} left out). */
    private List<String> displayUnitsInOrder() {
        List<String> units = new ArrayList<>(displayUnits.keySet());
        units.remove(NO_UNIT);
        units.sort(Comparator.<String>comparingLong(displayUnits::get).thenComparing(Comparator.naturalOrder()));
        return units;
    }

    /** Id to name, ordered by the position of the node naming it, then by id. */
    private static Map<String, String> names(Map<String, Named> named) {
        List<Map.Entry<String, Named>> entries = new ArrayList<>(named.entrySet());
        entries.sort(Comparator.<Map.Entry<String, Named>>comparingLong(e -> e.getValue().position())
                .thenComparing(Map.Entry::getKey));
        Map<String, String> out = new LinkedHashMap<>();
        entries.forEach(e -> out.put(e.getKey(), e.getValue().name()));
        return out;
    }

    private List<CounterSeries> counterSeries() {
        List<CounterSeries> list = new ArrayList<>();
        counters.values().forEach(s -> list.add(s.toSeries()));
        list.sort(CounterSeries.ORDER);
        return list;
    }

    /** The warnings and notes so far, as adding the inputs' one by one in index order would count them. */
    public Diagnostics diagnostics() {
        Map<String, Kind> allNotes = new HashMap<>(notes);
        List<String> units = displayUnitsInOrder();
        if (units.size() >= 2) {
            // As a merge met them: noted when the second distinct hint appears, before that input's own.
            long at = notePosition(displayUnits.get(units.get(1)));
            allNotes.merge(Folder.DISPLAY_TIME_UNITS_DIFFER, new Kind(1, at, 0, List.of()), this::plus);
        }
        Diagnostics d = new Diagnostics(warningExamples);
        inFirstSeenOrder(warnings).forEach(e -> d.warn(e.getKey(), e.getValue().count(), e.getValue().texts()));
        inFirstSeenOrder(allNotes).forEach(e -> d.note(e.getKey(), e.getValue().count()));
        return d;
    }

    private Kind plus(Kind a, Kind b) {
        return a.plus(b, warningExamples);
    }

    private static List<Map.Entry<String, Kind>> inFirstSeenOrder(Map<String, Kind> kinds) {
        List<Map.Entry<String, Kind>> entries = new ArrayList<>(kinds.entrySet());
        entries.sort(Comparator.comparing(Map.Entry::getValue, Kind.ORDER));
        return entries;
    }

    /**
     * The whole state in a binary form (big-endian, as {@link DataOutputStream} writes), version
     * {@link #FORM_VERSION}: the four bytes {@code PPWM}, the version (int), the settings (operator, missing
     * rule, view as their lower-case labels, tau depth, breakdown), the inputs (index, name), the nodes
     * (position, label, file, pid, host, process and thread names), the rows (see {@code MergeRows.write}:
     * declared metric groups, then per row its key, sums, extremes and metric values, rows in output
     * order), the names with the position that set them, the display unit hints, the counter series, and
     * the warning and note kinds with their order and examples, then the inputs dropped here and those the
     * saved inputs had dropped (each: count, reasons with counts, examples with their positions), and whether
     * every node's calls were timed whole (a boolean). Texts are
     * a length and UTF-8 bytes; maps are written in key order, so equal states give equal bytes.
     */
    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            writeTo(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /**
     * Writes {@link #toBytes()}'s form to {@code stream} as it goes, without holding it whole (a state of more than
     * an array's 2 GB); {@code stream} stays open. {@link #readFrom} reads it back.
     */
    public void writeTo(OutputStream stream) throws IOException {
        DataOutputStream out = new DataOutputStream(stream);
        out.writeInt(MAGIC);
        out.writeInt(FORM_VERSION);
        MergeCodec.writeString(out, op.label());
        MergeCodec.writeString(out, missing.label());
        MergeCodec.writeString(out, view.label());
        out.writeInt(tauDepth);
        out.writeBoolean(keepBreakdown);
        out.writeInt(inputs.size());
        for (Map.Entry<Integer, String> e : inputs.entrySet()) {
            out.writeInt(e.getKey());
            MergeCodec.writeString(out, e.getValue());
        }
        out.writeInt(nodes.size());
        for (Map.Entry<Long, NodeInfo> e : nodes.entrySet()) {
            out.writeLong(e.getKey());
            NodeInfo info = e.getValue();
            MergeCodec.writeString(out, info.label());
            MergeCodec.writeString(out, info.file());
            MergeCodec.writeString(out, info.pid());
            MergeCodec.writeString(out, info.host());
            MergeCodec.writeMap(out, info.processNames());
            MergeCodec.writeMap(out, info.threadNames());
        }
        rows.write(out);
        writeNames(out, processNames);
        writeNames(out, threadNames);
        out.writeInt(displayUnits.size());
        for (Map.Entry<String, Long> e : new TreeMap<>(displayUnits).entrySet()) {
            MergeCodec.writeString(out, e.getKey());
            out.writeLong(e.getValue());
        }
        out.writeInt(counters.size());
        for (Series s : new TreeMap<>(counters).values()) {
            s.write(out);
        }
        writeKinds(out, warnings);
        writeKinds(out, notes);
        dropped.write(out);
        droppedBefore.write(out);
        out.writeBoolean(callsTimedWhole);
        out.flush();
    }

    /**
     * An accumulator holding the state {@code bytes} (from {@link #toBytes()}) describe.
     *
     * @throws IllegalArgumentException when the bytes are not such a state, of this version, or are cut
     */
    public static MergeAccumulator fromBytes(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            MergeAccumulator acc = readFrom(in);
            if (in.read() != -1) {
                throw new IllegalArgumentException("merge state: bytes after its end");
            }
            return acc;
        } catch (IOException e) {
            throw new IllegalArgumentException("merge state cut short or damaged: " + e, e);
        }
    }

    /**
     * Reads one state in {@link #writeTo}'s form from {@code stream}, up to its end and no further (more may follow).
     *
     * @throws IllegalArgumentException when the bytes are not such a state, or of another version
     * @throws IOException              when {@code stream} fails or ends within the state
     *                                  ({@link java.io.EOFException})
     */
    public static MergeAccumulator readFrom(InputStream stream) throws IOException {
        DataInputStream in = stream instanceof DataInputStream d ? d : new DataInputStream(stream);
        if (in.readInt() != MAGIC) {
            throw new IllegalArgumentException("not a merge state (no PPWM at its start)");
        }
        int version = in.readInt();
        if (version != FORM_VERSION) {
            throw new IllegalArgumentException("merge state of version " + version + ": this version reads "
                    + FORM_VERSION + " only");
        }
        MergeOp op = MergeOp.parse(MergeCodec.readString(in));
        MissingRule missing = MissingRule.valueOf(MergeCodec.readString(in).toUpperCase(java.util.Locale.ROOT));
        ViewKind view = viewOf(MergeCodec.readString(in));
        int depth = in.readInt();
        MergeAccumulator acc = new MergeAccumulator(op, missing, in.readBoolean(), view, depth);
        int inputCount = MergeCodec.length(in);
        for (int i = 0; i < inputCount; i++) {
            acc.inputs.put(in.readInt(), MergeCodec.readString(in));
        }
        int nodeCount = MergeCodec.length(in);
        for (int i = 0; i < nodeCount; i++) {
            long position = in.readLong();
            acc.nodes.put(position, new NodeInfo(MergeCodec.readString(in), MergeCodec.readString(in),
                    MergeCodec.readString(in), MergeCodec.readString(in), MergeCodec.readMap(in),
                    MergeCodec.readMap(in)));
        }
        acc.rows.read(in);
        readNames(in, acc.processNames);
        readNames(in, acc.threadNames);
        int unitCount = MergeCodec.length(in);
        for (int i = 0; i < unitCount; i++) {
            acc.displayUnits.put(MergeCodec.readString(in), in.readLong());
        }
        int seriesCount = MergeCodec.length(in);
        for (int i = 0; i < seriesCount; i++) {
            Series s = Series.read(in);
            acc.counters.put(s.key(), s);
        }
        readKinds(in, acc.warnings);
        readKinds(in, acc.notes);
        acc.dropped.read(in);
        acc.droppedBefore.read(in);
        acc.callsTimedWhole = in.readBoolean();
        return acc;
    }

    private static ViewKind viewOf(String label) {
        for (ViewKind v : ViewKind.values()) {
            if (v.label().equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("merge state: unknown view " + label);
    }

    private static void writeNames(DataOutput out, Map<String, Named> names) throws IOException {
        out.writeInt(names.size());
        for (Map.Entry<String, Named> e : new TreeMap<>(names).entrySet()) {
            MergeCodec.writeString(out, e.getKey());
            MergeCodec.writeString(out, e.getValue().name());
            out.writeLong(e.getValue().position());
        }
    }

    private static void readNames(DataInputStream in, Map<String, Named> into) throws IOException {
        int n = MergeCodec.length(in);
        for (int i = 0; i < n; i++) {
            into.put(MergeCodec.readString(in), new Named(MergeCodec.readString(in), in.readLong()));
        }
    }

    private static void writeKinds(DataOutput out, Map<String, Kind> kinds) throws IOException {
        out.writeInt(kinds.size());
        for (Map.Entry<String, Kind> e : new TreeMap<>(kinds).entrySet()) {
            MergeCodec.writeString(out, e.getKey());
            Kind k = e.getValue();
            out.writeLong(k.count());
            out.writeLong(k.position());
            out.writeInt(k.index());
            out.writeInt(k.examples().size());
            for (Example x : k.examples()) {
                out.writeLong(x.position());
                out.writeInt(x.index());
                MergeCodec.writeString(out, x.text());
            }
        }
    }

    private static void readKinds(DataInputStream in, Map<String, Kind> into) throws IOException {
        int n = MergeCodec.length(in);
        for (int i = 0; i < n; i++) {
            String kind = MergeCodec.readString(in);
            long count = in.readLong();
            long position = in.readLong();
            int index = in.readInt();
            int exampleCount = MergeCodec.length(in);
            List<Example> examples = new ArrayList<>();
            for (int e = 0; e < exampleCount; e++) {
                examples.add(new Example(in.readLong(), in.readInt(), MergeCodec.readString(in)));
            }
            into.put(kind, new Kind(count, position, index, examples));
        }
    }

    /**
     * Dropped inputs over the accumulators of a merge: the count, the count per reason, and the first
     * {@link DroppedInputs#EXAMPLES} messages by position (so that any grouping keeps the same ones).
     */
    private static final class Drops {
        private long count;
        private final TreeMap<String, Long> reasons = new TreeMap<>();
        private final TreeMap<Long, String> examples = new TreeMap<>();

        /** Adds {@code d}, its examples at positions {@code from}, {@code from + 1}, ... */
        void add(long from, DroppedInputs d) {
            count += d.count();
            d.reasons().forEach((reason, n) -> reasons.merge(reason, n, Long::sum));
            long position = from;
            for (String example : d.examples()) {
                keep(position++, example);
            }
        }

        void plus(Drops other) {
            count += other.count;
            other.reasons.forEach((reason, n) -> reasons.merge(reason, n, Long::sum));
            other.examples.forEach(this::keep);
        }

        private void keep(long position, String example) {
            examples.put(position, example);
            if (examples.size() > DroppedInputs.EXAMPLES) {
                examples.pollLastEntry();
            }
        }

        DroppedInputs toInputs() {
            return count == 0 ? DroppedInputs.NONE
                    : new DroppedInputs(count, reasons, List.copyOf(examples.values()));
        }

        void write(DataOutput out) throws IOException {
            out.writeLong(count);
            out.writeInt(reasons.size());
            for (Map.Entry<String, Long> e : reasons.entrySet()) {
                MergeCodec.writeString(out, e.getKey());
                out.writeLong(e.getValue());
            }
            out.writeInt(examples.size());
            for (Map.Entry<Long, String> e : examples.entrySet()) {
                out.writeLong(e.getKey());
                MergeCodec.writeString(out, e.getValue());
            }
        }

        void read(DataInputStream in) throws IOException {
            count = in.readLong();
            int n = MergeCodec.length(in);
            for (int i = 0; i < n; i++) {
                reasons.put(MergeCodec.readString(in), in.readLong());
            }
            int m = MergeCodec.length(in);
            for (int i = 0; i < m; i++) {
                examples.put(in.readLong(), MergeCodec.readString(in));
            }
            toInputs(); // a damaged state whose counts do not add up is refused here
        }
    }

    /** A process or thread name and the position of the node that gave it. */
    private record Named(String name, long position) {
        static Named first(Named a, Named b) {
            return b.position < a.position ? b : a;
        }
    }

    /** One example of a warning kind: where it came from (reading position, index there) and its text. */
    private record Example(long position, int index, String text) {
        static final Comparator<Example> ORDER = Comparator.comparingLong(Example::position)
                .thenComparingInt(Example::index);
    }

    /**
     * One warning or note kind over the inputs: its count, where it was first seen (the reading position
     * and its index among that reading's kinds) and its first examples by position.
     */
    private record Kind(long count, long position, int index, List<Example> examples) {
        static final Comparator<Kind> ORDER = Comparator.comparingLong(Kind::position).thenComparingInt(Kind::index);

        Kind {
            examples = List.copyOf(examples);
        }

        /** Both kinds as one, keeping the first {@code kept} examples by position. */
        Kind plus(Kind other, int kept) {
            List<Example> all = new ArrayList<>(examples);
            all.addAll(other.examples);
            all.sort(Example.ORDER);
            Kind first = ORDER.compare(this, other) <= 0 ? this : other;
            return new Kind(count + other.count, first.position, first.index,
                    all.subList(0, Math.min(all.size(), kept)));
        }

        List<String> texts() {
            return examples.stream().map(Example::text).toList();
        }
    }

    /**
     * One generic counter series over the nodes: as {@link CounterSeries}, with its sum exact and the
     * position of the node that gave its last value.
     */
    private record Series(String pid, String counter, String id, String series, long samples, double min,
                          double max, ExactSum sum, long lastNanos, double last, long lastPosition) {
        static Series of(CounterSeries c, long position) {
            return new Series(c.pid(), c.counter(), c.id(), c.series(), c.samples(), c.min(), c.max(),
                    ExactSum.ZERO.plus(c.sum()), c.lastNanos(), c.last(), position);
        }

        /** The key of {@link CounterSeries#key()}. */
        String key() {
            return pid + '\u0000' + counter + '\u0000' + id + '\u0000' + series;
        }

        Series plus(Series other) {
            boolean theirs = other.lastNanos > lastNanos || other.lastNanos == lastNanos && other.lastPosition > lastPosition;
            Series lastOf = theirs ? other : this;
            return new Series(pid, counter, id, series, CallTree.saturated(samples, other.samples), Math.min(min, other.min),
                    Math.max(max, other.max), sum.plus(other.sum), lastOf.lastNanos, lastOf.last, lastOf.lastPosition);
        }

        CounterSeries toSeries() {
            return new CounterSeries(pid, counter, id, series, samples, min, max, sum.doubleValue(), lastNanos, last);
        }

        void write(DataOutput out) throws IOException {
            MergeCodec.writeString(out, pid);
            MergeCodec.writeString(out, counter);
            MergeCodec.writeString(out, id);
            MergeCodec.writeString(out, series);
            out.writeLong(samples);
            out.writeDouble(min);
            out.writeDouble(max);
            sum.write(out);
            out.writeLong(lastNanos);
            out.writeDouble(last);
            out.writeLong(lastPosition);
        }

        static Series read(DataInputStream in) throws IOException {
            return new Series(MergeCodec.readString(in), MergeCodec.readString(in), MergeCodec.readString(in),
                    MergeCodec.readString(in), in.readLong(), in.readDouble(), in.readDouble(), ExactSum.read(in),
                    in.readLong(), in.readDouble(), in.readLong());
        }
    }
}
