package dev.ppw.aggregate;

import dev.ppw.model.work.Cancel;

import java.util.Arrays;

/**
 * A buffer of one track's timed events, as primitive columns, sorted in place into replay order when they
 * are taken ({@link #sort}): {@link #BYTES_PER_EVENT} bytes per event, plus the arrays' spare capacity.
 *
 * <p>Kind is packed into the duration column: {@link #BEGIN} and {@link #END} are negative markers, a
 * value >= 0 is an {@code X} event's duration in nanoseconds, and a value below {@link #END} is a region
 * counter sample ({@link #counterDur}): the duration column holds the value's bits but its sign, the id
 * column the region name id, the value's sign and which counter ({@link #counterId}). So a counter sample
 * takes no more room than any event and goes through spill files unchanged. The id column holds a frame id
 * for begins and {@code X}, a region name id for ends ({@link dev.ppw.model.EventSink#NO_NAME} for an end
 * without a name). Events are appended in arrival (file) order and leave the buffer only as a whole
 * ({@link #clear}) or by time ({@link #retainFrom}, keeping the order of what stays); sorts are stable. So
 * among events that {@link #compare} as equal, index order is always file order, which is all replay order
 * needs of file order.
 *
 * <p>Storage: up to one block of events ({@value #BLOCK_SHIFT_DEFAULT} bits of index, 262,144 events, 5 MB)
 * the columns are flat arrays that grow by doubling; past that, appends go to further blocks of that size
 * and nothing is copied again. A large buffer thus takes its events' bytes and at most one block more
 * (doubling took up to three times its events' bytes: the last arrays, half-empty, and the ones they were
 * copied from, which only a full collection gives back). A sort leaves blocks in place when the events are
 * in strict time order already (a trace written as it ran); otherwise its radix sort reads the blocks once
 * and writes flat sorted columns, the blocks then garbage (docs/memory.md).
 */
final class TrackEvents {
    static final long BEGIN = -1;
    static final long END = -2;
    /** Id bit of a counter sample: set for {@code memory_usage}, clear for {@code cpu_usage}. */
    static final int MEMORY_BIT = 1 << 30;
    /** Id bit of a counter sample whose event has another sample (memory after cpu): not counted again when outside. */
    static final int PAIRED_BIT = 1 << 29;
    private static final int SIGN_BIT = 1 << 31;
    private static final int REGION_MASK = PAIRED_BIT - 1;
    private static final long MAGNITUDE_MASK = Long.MAX_VALUE;
    /** Bytes one buffered event takes: ts and duration (longs) and id (int). */
    static final int BYTES_PER_EVENT = 20;
    private static final int MIN_CAPACITY = 16;
    /** Events per block, as bits of index: 2^18 events, the ts and dur blocks 2 MB each, ids 1 MB. */
    static final int BLOCK_SHIFT_DEFAULT = 18;

    private final int blockShift;
    private final int blockMask;
    private final int blockEvents;
    /** Flat columns (capacity at least {@link #size}); null while the events are in blocks. */
    private long[] tsNanos = new long[MIN_CAPACITY];
    private long[] durNanos = new long[MIN_CAPACITY];
    private int[] ids = new int[MIN_CAPACITY];
    /**
     * Blocked columns, non-null exactly while the flat ones are null: event {@code e} is at {@code [e >>>
     * blockShift][e & blockMask]}; every block but the last is full, blocks past the last event are null.
     */
    private long[][] tsBlocks;
    private long[][] durBlocks;
    private int[][] idBlocks;
    private int size;
    /**
     * The columns appends go to (the flat ones, or the last block), the index of their first place, and the
     * size at which they are full: one test per append, whichever the storage.
     */
    private long[] appendTs = tsNanos;
    private long[] appendDurs = durNanos;
    private int[] appendIds = ids;
    private int appendFrom;
    private int appendLimit = MIN_CAPACITY;
    /**
     * Whether the events are in replay order: true when empty and after a sort, and kept while no append
     * goes before the one before it by {@link #compare} (a trace written as it ran), so that such a
     * buffer's sort reads nothing.
     */
    private boolean sorted = true;
    /**
     * While {@link #sorted}: time and duration column of the last event appended (the last in order, after
     * a sort); {@link Long#MIN_VALUE} when none.
     */
    private long lastTsNanos = Long.MIN_VALUE;
    private long lastDur;

    TrackEvents() {
        this(BLOCK_SHIFT_DEFAULT);
    }

    /** A buffer with blocks of {@code 2^blockShift} events (small ones in tests, to reach blocks cheaply). */
    TrackEvents(int blockShift) {
        if (blockShift < 1 || blockShift > 28) {
            throw new IllegalArgumentException("block shift out of range: " + blockShift);
        }
        this.blockShift = blockShift;
        this.blockEvents = 1 << blockShift;
        this.blockMask = blockEvents - 1;
    }

    void add(long ts, long dur, int id) {
        if (sorted) {
            if (ts <= lastTsNanos && compare(lastTsNanos, lastDur, ts, dur) > 0) {
                sorted = false; // and no more tests until the sort
            } else {
                lastTsNanos = ts;
                lastDur = dur;
            }
        }
        int at = size;
        if (at == appendLimit) {
            addSlow(ts, dur, id);
            return;
        }
        int o = at - appendFrom;
        appendTs[o] = ts;
        appendDurs[o] = dur;
        appendIds[o] = id;
        size = at + 1;
    }

    /** An append to full columns: the flat ones double up to a block, then become blocks; a block is added. */
    private void addSlow(long ts, long dur, int id) {
        if (ids != null) {
            if (size < blockEvents) {
                resize(Math.min(Math.max(size * 2, MIN_CAPACITY), blockEvents));
                add(ts, dur, id);
                return;
            }
            toBlocks();
        }
        int b = size >>> blockShift;
        if ((size & blockMask) == 0) {
            if (b == tsBlocks.length) {
                int grown = Math.max(4, 2 * b);
                tsBlocks = Arrays.copyOf(tsBlocks, grown);
                durBlocks = Arrays.copyOf(durBlocks, grown);
                idBlocks = Arrays.copyOf(idBlocks, grown);
            }
            tsBlocks[b] = new long[blockEvents];
            durBlocks[b] = new long[blockEvents];
            idBlocks[b] = new int[blockEvents];
        }
        appendTs = tsBlocks[b];
        appendDurs = durBlocks[b];
        appendIds = idBlocks[b];
        appendFrom = b << blockShift;
        appendLimit = appendFrom + blockEvents;
        add(ts, dur, id);
    }

    /** Makes the flat columns the ones appends go to (after they are replaced). */
    private void appendToFlat() {
        appendTs = tsNanos;
        appendDurs = durNanos;
        appendIds = ids;
        appendFrom = 0;
        appendLimit = ids.length;
    }

    /** Moves full flat columns into blocks: the arrays themselves when they are one block, else copied. */
    private void toBlocks() {
        int blocks = (size + blockMask) >>> blockShift;
        int outer = Math.max(4, 2 * blocks);
        long[][] t = new long[outer][];
        long[][] d = new long[outer][];
        int[][] k = new int[outer][];
        if (size == blockEvents && ids.length == blockEvents) {
            t[0] = tsNanos;
            d[0] = durNanos;
            k[0] = ids;
        } else {
            for (int b = 0; b < blocks; b++) {
                int from = b << blockShift;
                int n = Math.min(blockEvents, size - from);
                t[b] = new long[blockEvents];
                d[b] = new long[blockEvents];
                k[b] = new int[blockEvents];
                System.arraycopy(tsNanos, from, t[b], 0, n);
                System.arraycopy(durNanos, from, d[b], 0, n);
                System.arraycopy(ids, from, k[b], 0, n);
            }
        }
        tsBlocks = t;
        durBlocks = d;
        idBlocks = k;
        tsNanos = null;
        durNanos = null;
        ids = null;
    }

    /** Whether the events are in blocks (for tests). */
    boolean blocked() {
        return ids == null;
    }

    /**
     * The duration column of a counter sample of finite {@code value}: {@link Long#MIN_VALUE} or'ed with the
     * bits of its magnitude, always below {@link #END} (a finite magnitude's bits are below
     * {@code 0x7ff0000000000000}).
     */
    static long counterDur(double value) {
        return Long.MIN_VALUE | (Double.doubleToRawLongBits(value) & MAGNITUDE_MASK);
    }

    /** The id column of a counter sample: region name id, the value's sign, the memory and paired bits. */
    static int counterId(int regionId, double value, boolean memory, boolean paired) {
        if (regionId < 0 || regionId > REGION_MASK) {
            throw new IllegalStateException("too many names for counter samples: " + regionId);
        }
        int sign = Double.doubleToRawLongBits(value) < 0 ? SIGN_BIT : 0;
        return regionId | sign | (memory ? MEMORY_BIT : 0) | (paired ? PAIRED_BIT : 0);
    }

    static boolean isCounter(long dur) {
        return dur < END;
    }

    /** The value of a counter sample from its two columns. */
    static double counterValue(long dur, int id) {
        long bits = dur & MAGNITUDE_MASK;
        return Double.longBitsToDouble((id & SIGN_BIT) != 0 ? bits | Long.MIN_VALUE : bits);
    }

    static boolean isMemoryCounter(int id) {
        return (id & MEMORY_BIT) != 0;
    }

    static boolean isPairedCounter(int id) {
        return (id & PAIRED_BIT) != 0;
    }

    static int counterRegion(int id) {
        return id & REGION_MASK;
    }

    int size() {
        return size;
    }

    long ts(int event) {
        long[] flat = tsNanos;
        return flat != null ? flat[event] : tsBlocks[event >>> blockShift][event & blockMask];
    }

    /** Duration of an {@code X}, or {@link #BEGIN}/{@link #END}, or a counter sample's {@link #counterDur}. */
    long dur(int event) {
        long[] flat = durNanos;
        return flat != null ? flat[event] : durBlocks[event >>> blockShift][event & blockMask];
    }

    int id(int event) {
        int[] flat = ids;
        return flat != null ? flat[event] : idBlocks[event >>> blockShift][event & blockMask];
    }

    /** Empties the buffer and gives its memory back. */
    void clear() {
        size = 0;
        sorted = true;
        lastTsNanos = Long.MIN_VALUE;
        if (ids == null) {
            unblock(MIN_CAPACITY);
        }
        shrink();
    }

    /** Keeps only the events at or after {@code fromNanos}, in their arrival order. */
    void retainFrom(long fromNanos) {
        if (ids == null) {
            int kept = 0;
            for (int i = 0; i < size; i++) {
                if (ts(i) >= fromNanos) {
                    kept++;
                }
            }
            long[] t = new long[Math.max(2 * kept, MIN_CAPACITY)];
            long[] d = new long[t.length];
            int[] k = new int[t.length];
            int at = 0;
            for (int i = 0; i < size; i++) {
                long ts = ts(i);
                if (ts >= fromNanos) {
                    t[at] = ts;
                    d[at] = dur(i);
                    k[at] = id(i);
                    at++;
                }
            }
            dropBlocks(t, d, k);
            size = kept;
            return;
        }
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (tsNanos[i] >= fromNanos) {
                tsNanos[kept] = tsNanos[i];
                durNanos[kept] = durNanos[i];
                ids[kept] = ids[i];
                kept++;
            }
        }
        size = kept;
        shrink();
    }

    /** Copies the blocks' events into flat columns of {@code capacity} (at least the size), dropping the blocks. */
    private void unblock(int capacity) {
        long[] t = new long[capacity];
        long[] d = new long[capacity];
        int[] k = new int[capacity];
        for (int from = 0; from < size; from += blockEvents) {
            int b = from >>> blockShift;
            int n = Math.min(blockEvents, size - from);
            System.arraycopy(tsBlocks[b], 0, t, from, n);
            System.arraycopy(durBlocks[b], 0, d, from, n);
            System.arraycopy(idBlocks[b], 0, k, from, n);
        }
        dropBlocks(t, d, k);
    }

    private void dropBlocks(long[] t, long[] d, int[] k) {
        tsNanos = t;
        durNanos = d;
        ids = k;
        tsBlocks = null;
        durBlocks = null;
        idBlocks = null;
        appendToFlat();
    }

    /**
     * Gives back the spare capacity of a buffer that emptied: the folder counts events, not capacity, so a
     * buffer keeps at most four times what it holds (and {@link #MIN_CAPACITY}).
     */
    private void shrink() {
        if (ids.length > 4 * Math.max(size, MIN_CAPACITY)) {
            resize(Math.max(2 * size, MIN_CAPACITY));
        }
    }

    private void resize(int capacity) {
        tsNanos = Arrays.copyOf(tsNanos, capacity);
        durNanos = Arrays.copyOf(durNanos, capacity);
        ids = Arrays.copyOf(ids, capacity);
        appendToFlat();
    }

    /**
     * Compares two events by replay order without their file order: by time; at one time the begins and
     * ends before the {@code X} events, {@code X} events longest first (SEMANTICS.md section 1, steps 2
     * and 4), then the counter samples (after step 4). Zero means "then in file order".
     */
    static int compare(long tsA, long durA, long tsB, long durB) {
        int c = Long.compare(tsA, tsB);
        if (c != 0) {
            return c;
        }
        int ka = kind(durA);
        int kb = kind(durB);
        if (ka != kb) {
            return ka < kb ? -1 : 1;
        }
        return ka == 1 ? Long.compare(durB, durA) : 0;
    }

    /** Replay rank at one time: 0 begin/end, 1 X, 2 counter sample. */
    private static int kind(long dur) {
        return dur >= 0 ? 1 : dur < END ? 2 : 0;
    }

    /**
     * Puts the buffered events in replay order, in place: by {@link #compare}, and among events that compare
     * equal in the order they were buffered. So the buffer holds the events of equal keys in file order at
     * any time (appends come later in the file than whatever is buffered, and every sort here is stable), and
     * a buffer that is already in replay order stays so.
     *
     * <p>An insertion sort first, with a budget of 16 moves per event so far: input in completion order (each
     * {@code X} written when it ends, after its callees) is sorted by moving each event back over its callees
     * only, about (average depth) moves per event, on recently touched memory, with no memory more. Input
     * that exceeds the budget (far from sorted: events in random order, found so within a few hundred
     * events) is sorted by time with a radix sort ({@link #radixSortByTime}: a few passes over the columns
     * whatever the order, {@link #BYTES_PER_EVENT} bytes per event of new columns, the old ones the scratch),
     * each time's events then put in kind order by the insertion sort.
     *
     * <p>A buffer whose appends each came in replay order after the one before, since it was empty or last
     * sorted, is not read at all.
     */
    void sort() {
        sort(Cancel.never());
    }

    /**
     * {@link #sort()}, stopping with a {@link dev.ppw.model.work.CancelledException} once {@code cancel} is raised
     * (looked at between the radix sort's parts: every block, every one of its 256 parts); the buffer is then
     * unusable.
     */
    void sort(Cancel cancel) {
        if (sorted) {
            return;
        }
        if (ids == null) {
            sortBlocks(cancel);
        } else {
            sortFlat(cancel);
        }
        sorted = true;
        if (size > 0) {
            lastTsNanos = ts(size - 1);
            lastDur = dur(size - 1);
        }
    }

    /** {@link #sort} of flat columns: an insertion sort while the events are nearly in order, else a radix sort. */
    private void sortFlat(Cancel cancel) {
        int n = size;
        long[] t = tsNanos;
        long[] d = durNanos;
        int[] ids = this.ids;
        long budget = 64;
        for (int i = 1; i < n; i++) {
            budget += 16;
            long ts = t[i];
            if (t[i - 1] < ts) {
                continue; // the usual case, decided by time alone
            }
            long dur = d[i];
            int id = ids[i];
            int j = i - 1;
            while (j >= 0 && compare(t[j], d[j], ts, dur) > 0) {
                t[j + 1] = t[j];
                d[j + 1] = d[j];
                ids[j + 1] = ids[j];
                j--;
            }
            t[j + 1] = ts;
            d[j + 1] = dur;
            ids[j + 1] = id;
            budget -= i - 1 - j;
            if (budget < 0) {
                radixSortByTime(cancel);
                sortEqualTimes();
                return;
            }
        }
    }

    /**
     * {@link #sort} of blocked events: the same insertion sort and budget, on the blocks in place (events in
     * strict time order, the usual large in-order track, are only read); past the budget, {@link
     * #radixSortBlocks}.
     */
    private void sortBlocks(Cancel cancel) {
        int n = size;
        int shift = blockShift;
        int mask = blockMask;
        long[][] tb = tsBlocks;
        long[][] db = durBlocks;
        int[][] ib = idBlocks;
        long budget = 64;
        long previous = tb[0][0];
        for (int i = 1; i < n; i++) {
            budget += 16;
            long ts = tb[i >>> shift][i & mask];
            if (previous < ts) {
                previous = ts;
                continue; // the usual case, decided by time alone
            }
            long dur = db[i >>> shift][i & mask];
            int id = ib[i >>> shift][i & mask];
            int j = i - 1;
            while (j >= 0) {
                int jb = j >>> shift;
                int jo = j & mask;
                if (compare(tb[jb][jo], db[jb][jo], ts, dur) <= 0) {
                    break;
                }
                int kb = (j + 1) >>> shift;
                int ko = (j + 1) & mask;
                tb[kb][ko] = tb[jb][jo];
                db[kb][ko] = db[jb][jo];
                ib[kb][ko] = ib[jb][jo];
                j--;
            }
            int kb = (j + 1) >>> shift;
            int ko = (j + 1) & mask;
            tb[kb][ko] = ts;
            db[kb][ko] = dur;
            ib[kb][ko] = id;
            budget -= i - 1 - j;
            if (budget < 0) {
                radixSortBlocks(cancel);
                sortEqualTimes();
                return;
            }
            previous = tb[i >>> shift][i & mask]; // the largest time so far
        }
    }

    /**
     * {@link #radixSortByTime} of blocked events: the first pass, by the top {@link #DIGIT_BITS} bits, reads
     * the blocks and writes flat columns of the exact size; the blocks are then dropped, and each part is
     * sorted by LSD passes with a scratch as large as the largest part. So the sort needs the blocks and one
     * set of columns, not two.
     */
    private void radixSortBlocks(Cancel cancel) {
        int n = size;
        long[] span = {Long.MAX_VALUE, Long.MIN_VALUE};
        for (int from = 0; from < n; from += blockEvents) {
            span(tsBlocks[from >>> blockShift], Math.min(blockEvents, n - from), span);
        }
        long min = span[0];
        int bits = 64 - Long.numberOfLeadingZeros(span[1] - min);
        if (bits <= DIGIT_BITS) {
            unblock(Math.max(n, MIN_CAPACITY));
            radixSortByTime(cancel);
            return;
        }
        int shift = bits - DIGIT_BITS;
        int[] start = new int[(1 << DIGIT_BITS) + 1];
        for (int from = 0; from < n; from += blockEvents) {
            countTops(tsBlocks[from >>> blockShift], Math.min(blockEvents, n - from), min, shift, start);
        }
        int largest = 0;
        for (int k = 1; k < start.length; k++) {
            largest = Math.max(largest, start[k]);
            start[k] += start[k - 1];
        }
        int[] at = Arrays.copyOf(start, start.length);
        long[] t2 = new long[Math.max(n, MIN_CAPACITY)];
        long[] d2 = new long[t2.length];
        int[] ids2 = new int[t2.length];
        for (int from = 0; from < n; from += blockEvents) {
            cancel.check();
            int b = from >>> blockShift;
            scatterTops(tsBlocks[b], durBlocks[b], idBlocks[b], Math.min(blockEvents, n - from), min, shift, at,
                    t2, d2, ids2);
        }
        dropBlocks(t2, d2, ids2);
        long[] scratchT = new long[largest];
        long[] scratchD = new long[largest];
        int[] scratchIds = new int[largest];
        for (int k = 0; k + 1 < start.length; k++) {
            cancel.check();
            lsd(t2, d2, ids2, start[k], scratchT, scratchD, scratchIds, 0, start[k + 1] - start[k], min, shift);
        }
    }

    // The loops of radixSortBlocks, one block per call: small methods that the JIT compiles on their own
    // (one large method with every loop was compiled once per loop, on the stack, each time whole).

    /** Widens {@code span} (min, max) by the first {@code count} times of a block. */
    private static void span(long[] times, int count, long[] span) {
        long min = span[0];
        long max = span[1];
        for (int o = 0; o < count; o++) {
            min = Math.min(min, times[o]);
            max = Math.max(max, times[o]);
        }
        span[0] = min;
        span[1] = max;
    }

    /** Counts the first {@code count} times of a block by their top digit, into {@code start[digit + 1]}. */
    private static void countTops(long[] times, int count, long min, int shift, int[] start) {
        for (int o = 0; o < count; o++) {
            start[(int) ((times[o] - min) >>> shift) + 1]++;
        }
    }

    /** Moves the first {@code count} events of a block to their top digit's next place in the flat columns. */
    private static void scatterTops(long[] times, long[] durs, int[] ids, int count, long min, int shift, int[] at,
                                    long[] t2, long[] d2, int[] ids2) {
        for (int o = 0; o < count; o++) {
            long ts = times[o];
            int to = at[(int) ((ts - min) >>> shift)]++;
            t2[to] = ts;
            d2[to] = durs[o];
            ids2[to] = ids[o];
        }
    }

    /** Largest digit of a radix pass: 256 places, so that each pass writes to few enough pages and lines. */
    private static final int DIGIT_BITS = 8;
    /** Tracks below this many events are sorted by LSD passes over the whole of them. */
    private static final int MSD_FROM_EVENTS = 1 << 16;

    /**
     * Stable radix sort of the columns by time alone, on the bits in which the times differ. A large track
     * is first distributed by the top {@link #DIGIT_BITS} bits of its times (one pass over memory), then each
     * of those 256 parts, small enough to stay in the caches, is sorted by LSD passes on its remaining bits;
     * a small track by LSD passes alone. Digits of 8 bits: scattering to thousands of places at once (11-bit
     * digits) missed the caches and the TLB on nearly every write and was twice as slow.
     */
    private void radixSortByTime(Cancel cancel) {
        int n = size;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            long ts = tsNanos[i];
            min = Math.min(min, ts);
            max = Math.max(max, ts);
        }
        int bits = 64 - Long.numberOfLeadingZeros(max - min); // the unsigned span of the times
        if (bits == 0) {
            return;
        }
        long[] t2 = new long[n];
        long[] d2 = new long[n];
        int[] ids2 = new int[n];
        if (n < MSD_FROM_EVENTS || bits <= DIGIT_BITS) {
            lsd(tsNanos, durNanos, ids, 0, t2, d2, ids2, 0, n, min, bits);
            return;
        }
        int shift = bits - DIGIT_BITS;
        int[] start = new int[(1 << DIGIT_BITS) + 1];
        for (int i = 0; i < n; i++) {
            start[(int) ((tsNanos[i] - min) >>> shift) + 1]++;
        }
        for (int k = 1; k < start.length; k++) {
            start[k] += start[k - 1];
        }
        int[] at = java.util.Arrays.copyOf(start, start.length);
        for (int i = 0; i < n; i++) {
            long ts = tsNanos[i];
            int to = at[(int) ((ts - min) >>> shift)]++;
            t2[to] = ts;
            d2[to] = durNanos[i];
            ids2[to] = ids[i];
        }
        // The old columns are the scratch of the parts' passes; the buffer keeps the new ones.
        long[] t = tsNanos;
        long[] d = durNanos;
        int[] scratchIds = ids;
        tsNanos = t2;
        durNanos = d2;
        ids = ids2;
        appendToFlat();
        for (int k = 0; k + 1 < start.length; k++) {
            cancel.check();
            lsd(t2, d2, ids2, start[k], t, d, scratchIds, start[k], start[k + 1] - start[k], min, shift);
        }
    }

    /**
     * Sorts the {@code n} events at {@code from} of the columns {@code t, d, ids} by the low {@code bits} bits
     * of {@code time - min}, stably, with the {@code n} places at {@code scratchFrom} of {@code t2, d2, ids2}
     * as scratch: the result is in the first columns.
     */
    private static void lsd(long[] t, long[] d, int[] ids, int from, long[] t2, long[] d2, int[] ids2,
                            int scratchFrom, int n, long min, int bits) {
        if (n < 2 || bits <= 0) {
            return;
        }
        int to = from + n;
        if (n <= 32) {
            insertionByTime(t, d, ids, from, to);
            return;
        }
        int passes = (bits + DIGIT_BITS - 1) / DIGIT_BITS;
        int digit = (bits + passes - 1) / passes;
        int radix = 1 << digit;
        int[] at = new int[radix];
        long[] srcT = t;
        long[] srcD = d;
        int[] srcIds = ids;
        int srcFrom = from;
        long[] dstT = t2;
        long[] dstD = d2;
        int[] dstIds = ids2;
        int dstFrom = scratchFrom;
        for (int pass = 0, shift = 0; pass < passes; pass++, shift += digit) {
            java.util.Arrays.fill(at, 0);
            countDigits(srcT, srcFrom, srcFrom + n, min, shift, radix - 1, at);
            int sum = dstFrom;
            boolean one = false;
            for (int k = 0; k < radix; k++) {
                int c = at[k];
                one |= c == n; // one digit for all: the pass would move nothing
                at[k] = sum;
                sum += c;
            }
            if (one) {
                continue;
            }
            scatterDigits(srcT, srcD, srcIds, srcFrom, srcFrom + n, min, shift, radix - 1, at, dstT, dstD, dstIds);
            long[] swap = srcT;
            srcT = dstT;
            dstT = swap;
            swap = srcD;
            srcD = dstD;
            dstD = swap;
            int[] swapIds = srcIds;
            srcIds = dstIds;
            dstIds = swapIds;
            int swapFrom = srcFrom;
            srcFrom = dstFrom;
            dstFrom = swapFrom;
        }
        if (srcT != t) {
            System.arraycopy(srcT, srcFrom, t, from, n);
            System.arraycopy(srcD, srcFrom, d, from, n);
            System.arraycopy(srcIds, srcFrom, ids, from, n);
        }
    }

    /** Stable insertion sort of {@code [from, to)} by time alone (a small part of a radix sort). */
    private static void insertionByTime(long[] t, long[] d, int[] ids, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long ts = t[i];
            long dur = d[i];
            int id = ids[i];
            int j = i - 1;
            while (j >= from && t[j] > ts) {
                t[j + 1] = t[j];
                d[j + 1] = d[j];
                ids[j + 1] = ids[j];
                j--;
            }
            t[j + 1] = ts;
            d[j + 1] = dur;
            ids[j + 1] = id;
        }
    }

    /** Counts the times of {@code [from, to)} by the digit at {@code shift} ({@code mask} wide) into {@code at}. */
    private static void countDigits(long[] t, int from, int to, long min, int shift, int mask, int[] at) {
        for (int i = from; i < to; i++) {
            at[(int) ((t[i] - min) >>> shift) & mask]++;
        }
    }

    /** Moves the events of {@code [from, to)} to their digit's next place {@code at} in the other columns. */
    private static void scatterDigits(long[] t, long[] d, int[] ids, int from, int to, long min, int shift, int mask,
                                      int[] at, long[] t2, long[] d2, int[] ids2) {
        for (int i = from; i < to; i++) {
            long ts = t[i];
            int k = at[(int) ((ts - min) >>> shift) & mask]++;
            t2[k] = ts;
            d2[k] = d[i];
            ids2[k] = ids[i];
        }
    }

    /**
     * After {@link #radixSortByTime}: the events of each time in kind order (stable), by insertion, or by a
     * merge sort when one time has many events.
     */
    private void sortEqualTimes() {
        long[] t = tsNanos;
        long[] d = durNanos;
        int[] ids = this.ids;
        int n = size;
        for (int from = 0; from < n; ) {
            int to = from + 1;
            while (to < n && t[to] == t[from]) {
                to++;
            }
            if (to - from > 64) {
                mergeSortRange(from, to);
            } else {
                for (int i = from + 1; i < to; i++) {
                    long dur = d[i];
                    int id = ids[i];
                    int j = i - 1;
                    while (j >= from && compare(t[j], d[j], t[i], dur) > 0) {
                        d[j + 1] = d[j];
                        ids[j + 1] = ids[j];
                        j--;
                    }
                    d[j + 1] = dur;
                    ids[j + 1] = id;
                }
            }
            from = to;
        }
    }

    /** Stable sort of events [from, to), which share one time, through an index order; then moved in place. */
    private void mergeSortRange(int from, int to) {
        int n = to - from;
        int[] order = new int[n];
        for (int k = 0; k < n; k++) {
            order[k] = from + k;
        }
        mergeSort(order, new int[n], 0, n);
        long[] d = Arrays.copyOfRange(durNanos, from, to);
        int[] ids = Arrays.copyOfRange(this.ids, from, to);
        for (int k = 0; k < n; k++) {
            durNanos[from + k] = d[order[k] - from];
            this.ids[from + k] = ids[order[k] - from];
        }
    }

    private int compare(int a, int b) {
        int c = compare(tsNanos[a], durNanos[a], tsNanos[b], durNanos[b]);
        return c != 0 ? c : Integer.compare(a, b);
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
