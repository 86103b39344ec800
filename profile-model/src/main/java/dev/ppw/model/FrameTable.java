package dev.ppw.model;

import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;

/**
 * Interns frames: a frame is a (region, callsite) pair of {@link NameTable} ids. A CCT node is keyed by
 * (parent node, frame), so two calls of one region from different callsites are different nodes.
 *
 * <p>The callsite is {@link NameTable#EMPTY} when the format does not record one (Chrome traces never
 * do). Frame ids are dense, in first-seen order. Not thread-safe.
 */
public final class FrameTable {
    private final NameTable names;
    private final LongIntOpenMap ids = new LongIntOpenMap();
    private final MutableIntList regions = new IntArrayList();
    private final MutableIntList callsites = new IntArrayList();

    public FrameTable(NameTable names) {
        this.names = names;
    }

    /** The name table that region and callsite ids refer to. */
    public NameTable names() {
        return names;
    }

    /** Frame id of (region, callsite), both {@link NameTable} ids. */
    public int intern(int regionId, int callsiteId) {
        long key = ((long) regionId << 32) | (callsiteId & 0xffffffffL);
        int next = regions.size();
        int id = ids.getIfAbsentPut(key, next);
        if (id == next) {
            regions.add(regionId);
            callsites.add(callsiteId);
        }
        return id;
    }

    /** Frame id of a region name with no callsite. */
    public int intern(String region) {
        return intern(names.intern(region), NameTable.EMPTY);
    }

    /** Frame id of a region name and a callsite text ({@code ""} for none). */
    public int intern(String region, String callsite) {
        return intern(names.intern(region), names.intern(callsite));
    }

    /** Region name id of a frame. */
    public int region(int frameId) {
        return regions.get(frameId);
    }

    /** Callsite name id of a frame ({@link NameTable#EMPTY} for none). */
    public int callsite(int frameId) {
        return callsites.get(frameId);
    }

    public String regionName(int frameId) {
        return names.name(regions.get(frameId));
    }

    public String callsiteName(int frameId) {
        return names.name(callsites.get(frameId));
    }

    public int size() {
        return regions.size();
    }
}
