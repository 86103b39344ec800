package dev.ppw.aggregate;

import dev.ppw.model.CallTree;

import dev.ppw.model.ThreadMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The threads of a tree folded with threads split ({@link ThreadMode#SPLIT}): each top level (a thread, or a
 * process's async tracks) on its own, and all of them summed back into the tree that a fold with threads
 * merged gives. A top level's children become roots; its own row (one call per track) is left out, since a
 * fold with threads merged has none.
 *
 * <p>Nodes are created in the split tree's index order, so each result numbers its nodes as folding the
 * same tracks into it would. Values add as {@link TreeAdd} adds them: times, calls and subcalls exactly,
 * min of mins, max of maxes, declared metrics by their rules. The split tree is only read. Stateless.
 */
public final class ThreadTrees {
    private ThreadTrees() {
    }

    /** Each top level of {@code split}'s subtree, in the order of the top levels, over its frame table. */
    public static List<CallTree> each(CallTree split) {
        List<CallTree> parts = new ArrayList<>();
        int[] part = new int[split.size()];
        for (int top = split.firstChild(CallTree.ROOT); top != CallTree.NONE; top = split.nextSibling(top)) {
            part[top] = parts.size();
            parts.add(new CallTree(split.frames()));
        }
        int[] mapped = new int[split.size()];
        for (int n = 1; n < split.size(); n++) {
            int parent = split.parent(n);
            if (parent == CallTree.ROOT) {
                mapped[n] = CallTree.ROOT;
                continue;
            }
            // A parent has a smaller index than its children: its part and node are known.
            part[n] = part[parent];
            CallTree target = parts.get(part[n]);
            mapped[n] = target.child(mapped[parent], split.frame(n), split.part(n));
            TreeAdd.add(split, n, target, mapped[n]);
        }
        return parts;
    }

    /** Every top level's subtree of {@code split} added into one tree, as folding with threads merged gives it. */
    public static CallTree summed(CallTree split) {
        return summed(split, top -> true);
    }

    /**
     * The subtrees of the top levels of {@code split} that {@code kept} accepts (by node index) added into one tree:
     * a process's threads and async tracks as one profile, each part as folding only those tracks with threads
     * merged gives it.
     */
    public static CallTree summed(CallTree split, IntPredicate kept) {
        CallTree sum = new CallTree(split.frames());
        int[] mapped = new int[split.size()];
        boolean[] left = new boolean[split.size()];
        for (int n = 1; n < split.size(); n++) {
            int parent = split.parent(n);
            if (parent == CallTree.ROOT) {
                mapped[n] = CallTree.ROOT;
                left[n] = !kept.test(n);
                continue;
            }
            // A parent has a smaller index than its children: whether it was left out is known.
            left[n] = left[parent];
            if (left[n]) {
                continue;
            }
            mapped[n] = sum.child(mapped[parent], split.frame(n), split.part(n));
            TreeAdd.add(split, n, sum, mapped[n]);
        }
        sum.addOverflowsOf(split);
        return sum;
    }
}
