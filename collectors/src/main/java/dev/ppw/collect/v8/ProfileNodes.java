package dev.ppw.collect.v8;

import dev.ppw.model.FrameTable;
import org.eclipse.collections.impl.map.mutable.primitive.IntIntHashMap;

import java.util.Arrays;

/**
 * The call tree of one V8 CPU profile: its nodes by id, each with its parent, its region ({@link #region}: its
 * function's name and place) and its place ({@code url:line:column}, 1-based), and the stack of frames a sample
 * of a node stands for. Memory grows
 * with the nodes, never with the samples. Not thread-safe.
 *
 * <p>A node's frame is its region called from its parent's place: the callsite of a frame is the caller's
 * {@code url:line:column} (empty when the caller has no url, and for a node without a parent). A node
 * without a parent named {@code (root)} is V8's synthetic root and is left out of every stack, as Chrome
 * DevTools and speedscope leave it out.
 */
final class ProfileNodes {
    /** A parent not known (yet): the node is a root until a parent is given. */
    static final int NO_PARENT = Integer.MIN_VALUE;
    /** What {@link #stack} returns for a node id the profile does not define. */
    static final int UNKNOWN_NODE = -1;
    /** What {@link #stack} returns when the parents of a node loop. */
    static final int PARENT_LOOP = -2;

    static final String ROOT = "(root)";
    private static final String ANONYMOUS = "(anonymous)";

    private final IntIntHashMap indexById = new IntIntHashMap();
    private int[] parentIds = new int[64];
    private String[] regions = new String[64];
    private String[] places = new String[64];
    /**
     * Frame id per node in {@link #framesOfIds}, or -1 until a sample needs it (a parent may still be set until
     * then). A Chrome reader that passes over what was delivered already interns into a table of its own: the
     * ids are then made again for the table of the moment.
     */
    private int[] frameIds = new int[64];
    private FrameTable framesOfIds;
    private int size;

    private int[] scratch = new int[64];
    /**
     * Changes whenever a stack may change: a node added or adopted, the nodes forgotten, another frame table. A
     * profile's samples are mostly runs of a few nodes, so each node's stack is kept ({@link #stacks}) with the
     * epoch it was made in, and the last id looked up with its index.
     */
    private long epoch;
    private int[][] stacks = new int[64][];
    private long[] stackEpochs = new long[64];
    private static final int[] LOOP = new int[0];
    private int lastId;
    private int lastIndex = -1;
    private long lastEpoch = -1;

    int size() {
        return size;
    }

    boolean contains(int id) {
        return indexOf(id) >= 0;
    }

    /** The index of node {@code id}, -1 when there is none. */
    private int indexOf(int id) {
        if (id == lastId && lastEpoch == epoch) {
            return lastIndex;
        }
        int index = indexById.getIfAbsent(id, -1);
        lastId = id;
        lastIndex = index;
        lastEpoch = epoch;
        return index;
    }

    /**
     * Adds node {@code id}; false when the profile already has a node of that id (the node is then not added).
     * {@code functionName} empty is {@code (anonymous)}; {@code lineNumber} and {@code columnNumber} are V8's,
     * 0-based, negative when unknown.
     */
    boolean add(int id, String functionName, String url, long lineNumber, long columnNumber, int parentId) {
        if (indexById.containsKey(id)) {
            return false;
        }
        String place = url.isEmpty() ? "" : place(url, lineNumber, columnNumber);
        addNamed(id, region(functionName, place), place, parentId);
        return true;
    }

    /**
     * A frame's region: its function as DevTools and speedscope tell functions apart, by name and place, so that
     * the {@code (anonymous)} functions of different scripts (or of one script, at different places) stay apart
     * in every view and merge: {@code functionName url:line:column}, {@code (anonymous)} for an empty name, the
     * name alone without a url ({@code (program)}, {@code (idle)}, native code).
     */
    static String region(String functionName, String place) {
        String name = functionName.isEmpty() ? ANONYMOUS : functionName;
        return place.isEmpty() ? name : name + " " + place;
    }

    /** {@code url:line:column}, 1-based as editors and DevTools show them; an unknown line or column is left out. */
    static String place(String url, long lineNumber, long columnNumber) {
        if (lineNumber < 0) {
            return url;
        }
        return columnNumber < 0 ? url + ":" + (lineNumber + 1) : url + ":" + (lineNumber + 1) + ":" + (columnNumber + 1);
    }

    /** Forgets every node. */
    void clear() {
        indexById.clear();
        size = 0;
        epoch++;
    }

    /**
     * Adds every node of this table to {@code into}, keeping their parents; null when done, else why not (a
     * node {@code into} already has: then none is added).
     */
    String moveInto(ProfileNodes into) {
        int[] ids = new int[size];
        indexById.forEachKeyValue((id, index) -> ids[index] = id);
        for (int k = 0; k < size; k++) {
            if (into.contains(ids[k])) {
                return "node " + ids[k] + " is defined a second time";
            }
        }
        for (int k = 0; k < size; k++) {
            into.addNamed(ids[k], regions[k], places[k], parentIds[k]);
        }
        return null;
    }

    private void addNamed(int id, String region, String place, int parentId) {
        if (size == regions.length) {
            int capacity = 2 * size;
            parentIds = Arrays.copyOf(parentIds, capacity);
            regions = Arrays.copyOf(regions, capacity);
            places = Arrays.copyOf(places, capacity);
            frameIds = Arrays.copyOf(frameIds, capacity);
            stacks = Arrays.copyOf(stacks, capacity);
            stackEpochs = Arrays.copyOf(stackEpochs, capacity);
        }
        epoch++;
        indexById.put(id, size);
        parentIds[size] = parentId;
        regions[size] = region;
        places[size] = place;
        frameIds[size] = -1;
        size++;
    }

    /**
     * Makes node {@code parentId} the parent of node {@code childId} (a {@code children} list); null when done,
     * else why not: the child is unknown, or already has another parent.
     */
    String adopt(int parentId, int childId) {
        int child = indexById.getIfAbsent(childId, -1);
        if (child < 0) {
            return "node " + parentId + " lists child " + childId + ", which the profile does not define";
        }
        if (parentIds[child] != NO_PARENT && parentIds[child] != parentId) {
            return "node " + childId + " is a child of both node " + parentIds[child] + " and node " + parentId;
        }
        parentIds[child] = parentId;
        epoch++;
        return null;
    }

    /**
     * Writes the frames of a sample of node {@code id}, interned in {@code frames}, into {@link #frames()},
     * outermost first, and returns their number; {@link #UNKNOWN_NODE} or {@link #PARENT_LOOP} when there is no
     * such stack. A parent id that names no node ends the stack there, as a root.
     */
    int stack(int id, FrameTable frames) {
        if (frames != framesOfIds) {
            Arrays.fill(frameIds, -1);
            framesOfIds = frames;
            epoch++;
        }
        int index = indexOf(id);
        if (index < 0) {
            return UNKNOWN_NODE;
        }
        int[] known = stacks[index];
        if (known != null && stackEpochs[index] == epoch) {
            if (known == LOOP) {
                return PARENT_LOOP;
            }
            if (known.length > scratch.length) {
                scratch = new int[known.length];
            }
            System.arraycopy(known, 0, scratch, 0, known.length);
            return known.length;
        }
        int of = index;
        int depth = 0;
        while (index >= 0) {
            if (depth == size) {
                stacks[of] = LOOP;
                stackEpochs[of] = epoch;
                return PARENT_LOOP;
            }
            int parent = parentIds[index] == NO_PARENT ? -1 : indexById.getIfAbsent(parentIds[index], -1);
            if (parent >= 0 || !ROOT.equals(regions[index])) {
                if (depth == scratch.length) {
                    scratch = Arrays.copyOf(scratch, 2 * depth);
                }
                scratch[depth++] = frame(index, parent);
            }
            index = parent;
        }
        for (int i = 0, j = depth - 1; i < j; i++, j--) {
            int t = scratch[i];
            scratch[i] = scratch[j];
            scratch[j] = t;
        }
        stacks[of] = Arrays.copyOf(scratch, depth);
        stackEpochs[of] = epoch;
        return depth;
    }

    /** The frames {@link #stack} wrote, outermost first. */
    int[] frames() {
        return scratch;
    }

    private int frame(int index, int parent) {
        int id = frameIds[index];
        if (id < 0) {
            id = framesOfIds.intern(regions[index], parent < 0 ? "" : places[parent]);
            frameIds[index] = id;
        }
        return id;
    }
}
