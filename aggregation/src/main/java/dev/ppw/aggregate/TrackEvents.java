package dev.ppw.aggregate;

import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;

/**
 * The timed events of one track in file order, as primitive columns, and their replay order.
 *
 * <p>Kind is packed into the duration column: {@link #BEGIN} and {@link #END} are negative markers, a
 * value >= 0 is an {@code X} event's duration in nanoseconds. The id column holds a frame id for begins
 * and {@code X}, a region name id for ends.
 */
final class TrackEvents {
    static final long BEGIN = -1;
    static final long END = -2;

    private final String label;
    private final String pid;
    private final MutableLongList tsNanos = new LongArrayList();
    private final MutableLongList durNanos = new LongArrayList();
    private final MutableIntList ids = new IntArrayList();

    TrackEvents(String label, String pid) {
        this.label = label;
        this.pid = pid;
    }

    /** The process id of the track, as canonical text. */
    String pid() {
        return pid;
    }

    /** How messages name this track, e.g. {@code pid 1 tid 2}. */
    String label() {
        return label;
    }

    void addBegin(long ts, int frameId) {
        add(ts, BEGIN, frameId);
    }

    void addEnd(long ts, int regionId) {
        add(ts, END, regionId);
    }

    void addComplete(long ts, long dur, int frameId) {
        add(ts, dur, frameId);
    }

    private void add(long ts, long dur, int id) {
        tsNanos.add(ts);
        durNanos.add(dur);
        ids.add(id);
    }

    int size() {
        return ids.size();
    }

    long ts(int event) {
        return tsNanos.get(event);
    }

    /** Duration of an {@code X}, or {@link #BEGIN}/{@link #END}. */
    long dur(int event) {
        return durNanos.get(event);
    }

    int id(int event) {
        return ids.get(event);
    }

    /**
     * Event indices in replay order: by time; at one time the begins and ends first, in file order, then
     * the {@code X} events, longest first, then in file order (SEMANTICS.md section 1, steps 2 and 4).
     */
    int[] replayOrder() {
        int n = size();
        int[] order = new int[n];
        boolean sorted = true;
        for (int i = 0; i < n; i++) {
            order[i] = i;
            if (sorted && i > 0 && compare(i - 1, i) > 0) {
                sorted = false;
            }
        }
        if (!sorted) {
            mergeSort(order, new int[n], 0, n);
        }
        return order;
    }

    private int compare(int a, int b) {
        int c = Long.compare(tsNanos.get(a), tsNanos.get(b));
        if (c != 0) {
            return c;
        }
        long da = durNanos.get(a);
        long db = durNanos.get(b);
        boolean xa = da >= 0;
        boolean xb = db >= 0;
        if (xa != xb) {
            return xa ? 1 : -1;
        }
        if (xa && da != db) {
            return Long.compare(db, da);
        }
        return Integer.compare(a, b);
    }

    /** Stable, allocation-free after the scratch array; no recursion deeper than log2(n). */
    private void mergeSort(int[] a, int[] scratch, int from, int to) {
        if (to - from <= 24) {
            for (int i = from + 1; i < to; i++) {
                int v = a[i];
                int j = i - 1;
                while (j >= from && compare(a[j], v) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(a, scratch, from, mid);
        mergeSort(a, scratch, mid, to);
        if (compare(a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, from, scratch, from, to - from);
        int i = from;
        int j = mid;
        int k = from;
        while (i < mid && j < to) {
            a[k++] = compare(scratch[j], scratch[i]) < 0 ? scratch[j++] : scratch[i++];
        }
        while (i < mid) {
            a[k++] = scratch[i++];
        }
        while (j < to) {
            a[k++] = scratch[j++];
        }
    }
}
