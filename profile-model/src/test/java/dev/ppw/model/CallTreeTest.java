package dev.ppw.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CallTreeTest {

    /** A chain and a fan of {@code n} nodes each, with a call on every node. */
    private static CallTree build(CallTree t, int n) {
        int a = t.frames().intern("a");
        int node = CallTree.ROOT;
        for (int i = 0; i < n; i++) {
            node = t.child(node, a);
            t.addCall(node, i);
        }
        for (int i = 0; i < n; i++) {
            int fan = t.child(CallTree.ROOT, t.frames().intern("f" + i));
            t.addCall(fan, i);
        }
        return t;
    }

    @Test
    void expectedSizeChangesNothingButCapacity() {
        for (int expected : new int[] {0, 1, 15, 16, 17, 1000, 5000}) {
            CallTree small = build(new CallTree(new FrameTable(new NameTable())), 1000);
            CallTree sized = build(new CallTree(new FrameTable(new NameTable()), expected), 1000);
            assertEquals(small.size(), sized.size());
            for (int n = 0; n < small.size(); n++) {
                assertEquals(small.parent(n), sized.parent(n));
                assertEquals(small.depth(n), sized.depth(n));
                assertEquals(small.firstChild(n), sized.firstChild(n));
                assertEquals(small.nextSibling(n), sized.nextSibling(n));
                assertEquals(small.calls(n), sized.calls(n));
                assertEquals(small.inclusiveNanos(n), sized.inclusiveNanos(n));
                assertEquals(small.exclusiveNanos(n), sized.exclusiveNanos(n));
                assertEquals(small.minInclusiveNanos(n), sized.minInclusiveNanos(n));
                assertEquals(small.maxInclusiveNanos(n), sized.maxInclusiveNanos(n));
                assertEquals(small.path(n, "/"), sized.path(n, "/"));
            }
        }
    }

    @Test
    void nodesBeyondTheSizeDoNotExistWhateverTheCapacity() {
        CallTree t = new CallTree(new FrameTable(new NameTable()), 100);
        int a = t.child(CallTree.ROOT, t.frames().intern("a"));
        assertEquals(2, t.size());
        assertThrows(IndexOutOfBoundsException.class, () -> t.calls(a + 1));
        assertThrows(IndexOutOfBoundsException.class, () -> t.child(a + 1, 0));
        assertThrows(IndexOutOfBoundsException.class, () -> t.setMetrics(a + 1, 1, 0, 1, 1, 1, 1));
        assertEquals(CallTree.NONE, t.findChild(a + 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new CallTree(t.frames(), -1));
    }
}
