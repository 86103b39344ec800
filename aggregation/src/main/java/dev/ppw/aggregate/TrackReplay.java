package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;

import java.util.Arrays;

/**
 * Replays one track's events as one stack of open frames into the tree, exactly as SEMANTICS.md section 1
 * says. For each time {@code t}, in increasing order:
 * <ol>
 *   <li>every open {@code X} whose end is before {@code t} closes at its own end, earliest end first
 *       (innermost first at equal ends);</li>
 *   <li>the begins and ends at {@code t} in file order, each preceded by closing the {@code X} frames that
 *       end at {@code t} and are on top of the stack;</li>
 *   <li>every {@code X} still open and ending at {@code t} closes, innermost first;</li>
 *   <li>the {@code X} events starting at {@code t} open, longest first; a zero-length one closes at once.</li>
 * </ol>
 * A frame that closes while frames above it are open clips them at the same time ({@code overlap}).
 *
 * <p>To find the earliest-ending open {@code X} in O(1), each stack slot keeps the minimum end over the
 * slots at or below it and where that minimum is (the innermost on ties); each slot also keeps the
 * position of the nearest begin at or below it, which is what an end closes. Both stay valid when the
 * stack is cut, so every frame is pushed and popped once.
 */
final class TrackReplay {
    /** End time of a begin frame: it ends only by an end event, clipping, or the end of its track. */
    private static final long OPEN = Long.MAX_VALUE;

    private final Diagnostics diagnostics;
    private CallTree tree;

    private int top = -1;
    private int[] node = new int[64];
    private long[] startNanos = new long[64];
    private long[] endNanos = new long[64];
    private long[] minEndNanos = new long[64];
    private int[] minEndSlot = new int[64];
    private int[] beginSlot = new int[64];

    private TrackEvents events;
    private String input;

    TrackReplay(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Folds {@code trackEvents} of {@code inputName} into {@code target}; leaves the replay empty again. */
    void replay(TrackEvents trackEvents, String inputName, CallTree target) {
        this.tree = target;
        this.events = trackEvents;
        this.input = inputName;
        int[] order = trackEvents.replayOrder();
        long lastNanos = Long.MIN_VALUE;
        int i = 0;
        while (i < order.length) {
            long t = trackEvents.ts(order[i]);
            lastNanos = Math.max(lastNanos, t);
            closeXEndingBefore(t);
            // Step 2: begins and ends at t sort before the X events at t.
            while (i < order.length && trackEvents.ts(order[i]) == t && trackEvents.dur(order[i]) < 0) {
                int e = order[i++];
                closeXOnTopEndingAt(t);
                if (trackEvents.dur(e) == TrackEvents.BEGIN) {
                    push(trackEvents.id(e), t, OPEN);
                } else {
                    end(trackEvents.id(e), t);
                }
            }
            closeXEndingAt(t);
            while (i < order.length && trackEvents.ts(order[i]) == t) {
                int e = order[i++];
                long dur = trackEvents.dur(e);
                lastNanos = Math.max(lastNanos, t + dur);
                push(trackEvents.id(e), t, t + dur);
                if (dur == 0) {
                    close(top, t);
                }
            }
        }
        // End of track: X frames at their own ends, then begins at the track's largest time.
        closeXEndingBefore(OPEN);
        while (top >= 0) {
            diagnostics.warn(Diagnostics.UNCLOSED_BEGIN, where(top) + ": B '" + tree.regionName(node[top])
                    + "' never ended; closed at the track's last time " + Micros.text(lastNanos) + " us");
            tree.addCall(node[top], lastNanos - startNanos[top]);
            top--;
        }
        this.events = null;
        this.tree = null;
    }

    private void closeXEndingBefore(long t) {
        while (top >= 0 && minEndNanos[top] < t) {
            int slot = minEndSlot[top];
            close(slot, endNanos[slot]);
        }
    }

    private void closeXOnTopEndingAt(long t) {
        while (top >= 0 && endNanos[top] == t && t != OPEN) {
            close(top, t);
        }
    }

    private void closeXEndingAt(long t) {
        while (top >= 0 && minEndNanos[top] == t && t != OPEN) {
            close(minEndSlot[top], t);
        }
    }

    private void end(int regionId, long t) {
        int slot = top >= 0 ? beginSlot[top] : -1;
        if (slot < 0) {
            diagnostics.warn(Diagnostics.UNMATCHED_END, input + ": " + events.label() + ": E '"
                    + tree.frames().names().name(regionId) + "' at " + Micros.text(t) + " us with no open B");
            return;
        }
        int open = tree.frames().region(tree.frame(node[slot]));
        if (open != regionId) {
            diagnostics.warn(Diagnostics.MISMATCHED_END, input + ": " + events.label() + ": E '"
                    + tree.frames().names().name(regionId) + "' at " + Micros.text(t) + " us closes B '"
                    + tree.regionName(node[slot]) + "'");
        }
        close(slot, t);
    }

    /** Closes the frame in {@code slot} at {@code t}, clipping every frame above it at {@code t}. */
    private void close(int slot, long t) {
        while (top > slot) {
            diagnostics.warn(Diagnostics.OVERLAP, where(top) + ": '" + tree.regionName(node[top])
                    + "' clipped at " + Micros.text(t) + " us when '" + tree.regionName(node[slot]) + "' closed");
            tree.addCall(node[top], t - startNanos[top]);
            top--;
        }
        tree.addCall(node[slot], t - startNanos[slot]);
        top--;
    }

    private void push(int frameId, long start, long end) {
        int parentNode = top >= 0 ? node[top] : CallTree.ROOT;
        int slot = ++top;
        if (slot == node.length) {
            grow();
        }
        node[slot] = tree.child(parentNode, frameId);
        startNanos[slot] = start;
        endNanos[slot] = end;
        if (slot > 0 && minEndNanos[slot - 1] < end) {
            minEndNanos[slot] = minEndNanos[slot - 1];
            minEndSlot[slot] = minEndSlot[slot - 1];
        } else {
            // Ties go to the new, innermost slot: equal ends close innermost first.
            minEndNanos[slot] = end;
            minEndSlot[slot] = slot;
        }
        if (end == OPEN) {
            beginSlot[slot] = slot;
        } else {
            beginSlot[slot] = slot > 0 ? beginSlot[slot - 1] : -1;
        }
    }

    private void grow() {
        int n = node.length * 2;
        node = Arrays.copyOf(node, n);
        startNanos = Arrays.copyOf(startNanos, n);
        endNanos = Arrays.copyOf(endNanos, n);
        minEndNanos = Arrays.copyOf(minEndNanos, n);
        minEndSlot = Arrays.copyOf(minEndSlot, n);
        beginSlot = Arrays.copyOf(beginSlot, n);
    }

    private String where(int slot) {
        return input + ": " + events.label() + " depth " + slot;
    }
}
