package dev.ppw.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void rootsAreKeyedByPartAndTheirSubtreesInheritIt() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int a = t.frames().intern("a");
        int threadA = t.child(CallTree.ROOT, a);
        int asyncA = t.child(CallTree.ROOT, a, Part.ASYNC);
        assertNotEquals(threadA, asyncA, "one frame, two parts: two roots");
        assertEquals(threadA, t.child(CallTree.ROOT, a, Part.THREAD));
        assertEquals(asyncA, t.child(CallTree.ROOT, a, Part.ASYNC));
        int below = t.child(asyncA, a);
        assertEquals(Part.ASYNC, t.part(below));
        assertEquals(below, t.child(asyncA, a, Part.ASYNC));
        assertEquals(Part.THREAD, t.part(t.child(threadA, a)));
        assertEquals(threadA, t.findChild(CallTree.ROOT, a));
        assertThrows(IllegalArgumentException.class, () -> t.child(asyncA, a, Part.THREAD));
        assertTrue(t.hasAsyncPart());
        t.addCall(below, 3);
        t.addCall(asyncA, 10);
        t.addCall(threadA, 4);
        assertEquals(4, t.totalInclusiveNanos(Part.THREAD));
        assertEquals(10, t.totalInclusiveNanos(Part.ASYNC));
        assertEquals(14, t.totalInclusiveNanos());
        assertEquals(1, t.subcalls(asyncA), "a call of the async child is the async root's subcall");
        assertEquals(7, t.exclusiveNanos(asyncA));
    }

    @Test
    void aTreeWithoutAsyncRootsHasNoAsyncPart() {
        CallTree t = build(new CallTree(new FrameTable(new NameTable())), 5);
        assertFalse(t.hasAsyncPart());
        for (int n = 0; n < t.size(); n++) {
            assertEquals(Part.THREAD, t.part(n));
        }
    }
}
