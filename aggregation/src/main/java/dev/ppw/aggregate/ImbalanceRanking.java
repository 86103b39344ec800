package dev.ppw.aggregate;

import dev.ppw.model.Breakdown;
import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;

import java.util.Arrays;
import java.util.Comparator;

/** Chooses the rows of a merged profile whose time is spread least evenly over the nodes. */
public final class ImbalanceRanking {
    private ImbalanceRanking() {
    }

    /**
     * The {@code n} rows with the largest imbalance (max / mean of the nodes' inclusive times), largest
     * first; ties go to the larger maximum, then to the earlier row. Rows whose mean is 0 (imbalance
     * undefined) are never listed.
     *
     * @param breakdown the breakdown of {@code profile}'s tree (same node indices)
     */
    public static int[] worst(Profile profile, Breakdown breakdown, int n) {
        CallTree tree = profile.tree();
        Integer[] rows = new Integer[Math.max(0, tree.size() - 1)];
        int count = 0;
        for (int node = 1; node < tree.size(); node++) {
            if (!Double.isNaN(breakdown.imbalance(node))) {
                rows[count++] = node;
            }
        }
        Comparator<Integer> order = Comparator.<Integer>comparingDouble(breakdown::imbalance).reversed()
                .thenComparing(Comparator.<Integer>comparingLong(breakdown::maxNanos).reversed())
                .thenComparingInt(Integer::intValue);
        Arrays.sort(rows, 0, count, order);
        int[] result = new int[Math.min(n, count)];
        for (int i = 0; i < result.length; i++) {
            result[i] = rows[i];
        }
        return result;
    }
}
