package dev.ppw.model;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

class LongIntOpenMapTest {

    /** One operation on the map: 0 put, 1 getIfAbsentPut, 2 get, 3 containsKey, 4 clear (rarely: one in 41). */
    private record Op(int kind, long key, int value) {
    }

    /**
     * Keys as the tree makes them (small ints packed in pairs, so many collide in their low bits), plus
     * the special key 0, negative keys and keys anywhere in the long range.
     */
    private static Gen<Long> keys() {
        Gen<Long> packed = integers().between(0, 40).zip(integers().between(-1, 40),
                (hi, lo) -> ((long) hi << 32) | (lo & 0xffffffffL));
        return packed.mix(longs().between(-3, 3), 30).mix(longs().all(), 20);
    }

    private static Gen<Op> ops() {
        return integers().between(0, 40).zip(keys(), integers().all(),
                (kind, key, value) -> new Op(kind == 40 ? 4 : kind % 4, key, value));
    }

    @Test
    void behavesLikeHashMap() {
        qt().forAll(integers().between(0, 100), lists().of(ops()).ofSizeBetween(0, 600))
                .checkAssert((expected, ops) -> replay(new LongIntOpenMap(expected), ops));
    }

    private static void replay(LongIntOpenMap map, List<Op> ops) {
        Map<Long, Integer> model = new HashMap<>();
        for (Op op : ops) {
            switch (op.kind()) {
                case 0 -> {
                    map.put(op.key(), op.value());
                    model.put(op.key(), op.value());
                }
                case 1 -> assertEquals((int) model.computeIfAbsent(op.key(), k -> op.value()),
                        map.getIfAbsentPut(op.key(), op.value()), op::toString);
                case 2 -> assertEquals((int) model.getOrDefault(op.key(), op.value()), map.get(op.key(), op.value()),
                        op::toString);
                case 3 -> assertEquals(model.containsKey(op.key()), map.containsKey(op.key()), op::toString);
                default -> {
                    map.clear();
                    model.clear();
                }
            }
            assertEquals(model.size(), map.size());
        }
        model.forEach((key, value) -> assertEquals((int) value, map.get(key, ~value), () -> "key " + key));
    }

    @Test
    void growsPastItsExpectedSizeAndKeepsEveryEntry() {
        LongIntOpenMap map = new LongIntOpenMap(2);
        for (int parent = 0; parent < 300; parent++) {
            for (int frame = 0; frame < 100; frame++) {
                long key = ((long) parent << 32) | frame;
                assertEquals(parent * 100 + frame, map.getIfAbsentPut(key, parent * 100 + frame));
            }
        }
        assertEquals(30_000, map.size());
        for (int parent = 0; parent < 300; parent++) {
            for (int frame = 0; frame < 100; frame++) {
                assertEquals(parent * 100 + frame, map.get(((long) parent << 32) | frame, -1));
            }
        }
        assertEquals(-1, map.get(300L << 32, -1));
    }

    @Test
    void keyZeroAndValueZeroAreOrdinary() {
        LongIntOpenMap map = new LongIntOpenMap();
        assertFalse(map.containsKey(0));
        assertEquals(-1, map.get(0, -1));
        assertEquals(0, map.getIfAbsentPut(0, 0));
        assertEquals(0, map.getIfAbsentPut(0, 5));
        assertTrue(map.containsKey(0));
        map.put(7, 0);
        assertEquals(0, map.get(7, -1));
        assertEquals(2, map.size());
    }

    @Test
    void refusesANegativeExpectedSize() {
        assertThrows(IllegalArgumentException.class, () -> new LongIntOpenMap(-1));
    }
}
