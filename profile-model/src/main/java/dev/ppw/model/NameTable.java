package dev.ppw.model;

import org.eclipse.collections.api.map.primitive.MutableObjectIntMap;
import org.eclipse.collections.impl.map.mutable.primitive.ObjectIntHashMap;

import java.util.ArrayList;
import java.util.List;

/**
 * Interns strings (region names, callsites, track keys) to dense ints, once, at the input boundary.
 *
 * <p>Invariants: id {@code 0} is always the empty string; ids are dense, assigned in first-seen order,
 * and never change; {@code name(intern(s)).equals(s)}. Not thread-safe: one table per folding thread.
 */
public final class NameTable {
    /** Id of the empty string, present in every table (used for "no callsite"). */
    public static final int EMPTY = 0;

    private final MutableObjectIntMap<String> ids = new ObjectIntHashMap<>();
    private final List<String> names = new ArrayList<>();

    public NameTable() {
        intern("");
    }

    /** Returns the id of {@code name}, assigning the next free id the first time it is seen. */
    public int intern(String name) {
        int id = ids.getIfAbsent(name, -1);
        if (id >= 0) {
            return id;
        }
        id = names.size();
        names.add(name);
        ids.put(name, id);
        return id;
    }

    /** Returns the id of {@code name}, or -1 when it was never interned. */
    public int find(String name) {
        return ids.getIfAbsent(name, -1);
    }

    /** Returns the string with id {@code id}; throws for an id this table never gave out. */
    public String name(int id) {
        return names.get(id);
    }

    /** Number of interned strings, the empty string included. */
    public int size() {
        return names.size();
    }
}
