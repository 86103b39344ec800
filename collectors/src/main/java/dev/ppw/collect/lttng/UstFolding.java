package dev.ppw.collect.lttng;

import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.LongIntOpenMap;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.NameTable;

import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Folds LTTng-UST events into an {@link EventSink}, whichever reader decoded them (docs/SEMANTICS.md,
 * "LTTng"): {@code lttng_ust_cyg_profile[_fast]:func_entry}/{@code func_exit} and Python's
 * {@code python:call}/{@code python:return} open and close calls on one stack per vtid, pid = vpid;
 * {@code lttng_ust_libc:malloc}/{@code calloc}/{@code realloc} add their sizes to {@link #ALLOCATED_BYTES}
 * of the innermost call open on their thread; the statedump's {@code bin_info} events feed the
 * {@link AddressNames}; every other event is counted by name. Events come in time order (equal times in
 * the order given), as babeltrace2 prints them and as a CTF reader merges its streams.
 *
 * <p>It keeps each thread's stack itself and says what does not pair in LTTng's words, times as babeltrace2
 * prints them: an exit with no call open (dropped), an exit of another function than the innermost open one
 * (which it closes), calls still open at the end (closed at the thread's last entry or exit). The sink is
 * handed only ends that close a call, without a name, so it has nothing to say of its own.
 *
 * <p>Not thread-safe: one instance per input; memory grows with the threads and their stack depths.
 */
public final class UstFolding {
    /**
     * Bytes asked of {@code malloc}, {@code calloc} ({@code nmemb * size}) and {@code realloc} (the new
     * size) while the row's call was open on its thread: exclusive where it was the innermost call,
     * inclusive with its callees. A weight of its own, never time, and it adds no calls.
     */
    public static final Metric ALLOCATED_BYTES = Metric.weight("allocated", MetricUnit.BYTES, "allocated",
            "bytes asked of malloc, calloc and realloc (lttng_ust_libc) while the call was open");

    /** The diagnostic note kind that counts events of one name that fold into nothing: this prefix and the name. */
    public static final String OTHER_EVENT_PREFIX = "lttng_event ";
    /** The notes of events of one name that fold into nothing ({@link #OTHER_EVENT_PREFIX} and the name), said as they are. */
    public static final DiagnosticKind OTHER_EVENTS = DiagnosticKind.note(OTHER_EVENT_PREFIX + DiagnosticKind.ANY);
    /** The note kind of allocations made while no call was open on their thread (not in the tree). */
    public static final DiagnosticKind ALLOCATION_OUTSIDE_CALL = DiagnosticKind.note("lttng_allocation_outside_call");
    /** The note kind of sizes that do not fit a signed 64-bit count ({@code calloc} overflow): not added. */
    public static final DiagnosticKind BAD_ALLOCATION_SIZE = DiagnosticKind.note("lttng_bad_allocation_size");
    /**
     * The note kind of binaries the statedump maps but whose symbols were not found at their paths (or under
     * {@code --symfs}): addresses in them are named by binary and offset. One per binary, its path the example.
     */
    public static final DiagnosticKind BINARY_NOT_FOUND = DiagnosticKind.note("lttng_binary_not_found");
    /** The kinds the folding raises besides profile-model's, for the formats that fold through it to declare. */
    public static final List<DiagnosticKind> KINDS = List.of(OTHER_EVENTS, ALLOCATION_OUTSIDE_CALL,
            BAD_ALLOCATION_SIZE, BINARY_NOT_FOUND);
    /** Event names counted one by one; beyond them, every other name is counted under {@link #MANY_NAMES}. */
    private static final int MAX_NAMES = 4096;
    private static final String MANY_NAMES = OTHER_EVENT_PREFIX + "(other names)";
    /** The region of a Python call whose {@code co_name} is absent or empty: SEMANTICS.md's unnamed region. */
    private static final String UNNAMED = "<unnamed>";

    private final EventSink sink;
    private final String input;
    private final FrameTable frames;
    private final NameTable names;
    private final AddressNames addresses;
    private final Map<ThreadKey, Thread> threads = new HashMap<>();
    /** The thread of the previous event: most events follow one of the same thread. */
    private Thread lastThread;
    /** Per vpid, the name ids of the function addresses met: naming an address costs a lookup and a String. */
    private final Map<Long, LongIntOpenMap> regionNames = new HashMap<>();
    /** Per vpid, the name ids of the call sites met. */
    private final Map<Long, LongIntOpenMap> callsiteNames = new HashMap<>();
    private final Map<String, long[]> otherEvents = new LinkedHashMap<>();
    private long allocationsOutside;
    private long badSizes;

    private record ThreadKey(long vpid, long vtid) {
    }

    /**
     * One thread's stack: the frames the sink has open on its track, innermost last, with when each was entered
     * and by which event; and its last entry or exit, where what is still open at the end closes.
     */
    private static final class Thread {
        final long vpid;
        final long vtid;
        final int track;
        final String pid;
        final String tid;
        String procname;
        int[] frames = new int[16];
        long[] enteredNanos = new long[16];
        String[] enteredBy = new String[16];
        int depth;
        long lastNanos = Long.MIN_VALUE;

        Thread(long vpid, long vtid, int track, String pid, String tid) {
            this.vpid = vpid;
            this.vtid = vtid;
            this.track = track;
            this.pid = pid;
            this.tid = tid;
        }

        void push(int frame, long nanos, String event) {
            if (depth == frames.length) {
                frames = Arrays.copyOf(frames, depth * 2);
                enteredNanos = Arrays.copyOf(enteredNanos, depth * 2);
                enteredBy = Arrays.copyOf(enteredBy, depth * 2);
            }
            frames[depth] = frame;
            enteredNanos[depth] = nanos;
            enteredBy[depth++] = event;
            lastNanos = Math.max(lastNanos, nanos);
        }

        /** The thread as messages name it: {@code vpid 17624 vtid 17625 (lttng_work)}. */
        String label() {
            return "vpid " + pid + " vtid " + tid + (procname == null ? "" : " (" + procname + ")");
        }
    }

    /** The view of the last event: it prints times as its input does, for the messages of {@link #finish}. */
    private LttngEventView lastView;

    /** Folds into {@code sink}, naming addresses with {@code addresses}; {@code input} names the input in messages. */
    public UstFolding(EventSink sink, AddressNames addresses, String input) {
        this.sink = sink;
        this.input = input;
        this.frames = sink.frames();
        this.names = frames.names();
        this.addresses = addresses;
    }

    /** Folds one event; see the class comment. */
    public void accept(LttngEventView event) {
        lastView = event;
        String name = event.name();
        switch (name) {
            case "lttng_ust_cyg_profile:func_entry", "lttng_ust_cyg_profile_fast:func_entry" -> entry(event);
            case "lttng_ust_cyg_profile:func_exit", "lttng_ust_cyg_profile_fast:func_exit" -> exit(event);
            case "python:call" -> pythonCall(event);
            case "python:return" -> exit(thread(event), event, EventSink.NO_NAME);
            case "lttng_ust_libc:malloc" -> allocation(event, event.integer("size"), 1);
            case "lttng_ust_libc:calloc" -> allocation(event, event.integer("size"), event.integer("nmemb"));
            case "lttng_ust_libc:realloc" -> allocation(event, event.integer("size"), 1);
            case "lttng_ust_statedump:bin_info", "lttng_ust_dl:dlopen" -> {
                long vpid = event.integer("vpid");
                addresses.accept(event, vpid);
                // A new mapping may name addresses that had no binary before.
                regionNames.remove(vpid);
                callsiteNames.remove(vpid);
                lastRegions = null;
                lastCallsites = null;
                count(name);
            }
            default -> count(name);
        }
    }

    /**
     * Ends the folding: calls still open close at their thread's last entry or exit (counted as
     * {@code unclosed_begin}, innermost first), and the counts go to the sink's diagnostics.
     */
    public void finish() {
        for (Thread t : threads.values()) {
            while (t.depth > 0) {
                int d = --t.depth;
                sink.diagnostics().warn(Diagnostics.UNCLOSED_BEGIN, input + ": " + t.label() + ": "
                        + regionName(t.frames[d]) + " entered (" + t.enteredBy[d] + ") at " + time(t.enteredNanos[d])
                        + " never exited before the trace ends: closed at the thread's last entry or exit, "
                        + time(t.lastNanos) + " (depth " + d + ")");
                sink.end(t.track, t.lastNanos, EventSink.NO_NAME);
            }
        }
        for (String path : addresses.missingBinaries()) {
            sink.diagnostics().note(BINARY_NOT_FOUND, path + ": no symbols found (named by binary and offset)");
        }
        addresses.missingBinaries().clear();
        for (Map.Entry<String, long[]> e : otherEvents.entrySet()) {
            sink.diagnostics().note(e.getKey(), e.getValue()[0]);
        }
        otherEvents.clear();
        if (allocationsOutside > 0) {
            sink.diagnostics().note(ALLOCATION_OUTSIDE_CALL, allocationsOutside);
            allocationsOutside = 0;
        }
        if (badSizes > 0) {
            sink.diagnostics().note(BAD_ALLOCATION_SIZE, badSizes);
            badSizes = 0;
        }
    }

    private String time(long nanos) {
        return lastView == null ? LttngTimes.timeOfDay(nanos) : lastView.timeText(nanos);
    }

    private String regionName(int frame) {
        return "'" + frames.regionName(frame) + "'";
    }

    private void count(String name) {
        String kind = OTHER_EVENT_PREFIX + name;
        long[] n = otherEvents.get(kind);
        if (n == null) {
            if (otherEvents.size() < MAX_NAMES) {
                n = new long[1];
                otherEvents.put(kind, n);
            } else {
                n = otherEvents.computeIfAbsent(MANY_NAMES, k -> new long[1]);
            }
        }
        n[0]++;
    }

    private void entry(LttngEventView event) {
        Thread t = thread(event);
        long vpid = event.integer("vpid");
        long addr = event.integer("addr");
        int region = region(event, vpid, addr);
        int callsite = event.has("call_site") ? callsiteId(vpid, event.integer("call_site")) : NameTable.EMPTY;
        int frame = frames.intern(region, callsite);
        sink.begin(t.track, event.timestampNanos(), frame);
        t.push(frame, event.timestampNanos(), event.name());
    }

    private void exit(LttngEventView event) {
        int region = EventSink.NO_NAME;
        if (event.has("addr")) {
            region = region(event, event.integer("vpid"), event.integer("addr"));
        }
        exit(thread(event), event, region);
    }

    /**
     * Like the Chrome reader's E: closes the innermost open call, whatever its name (a named exit of another
     * function is counted), or is dropped when none is open.
     */
    private void exit(Thread t, LttngEventView event, int region) {
        long ts = event.timestampNanos();
        t.lastNanos = Math.max(t.lastNanos, ts);
        if (t.depth == 0) {
            sink.diagnostics().warn(Diagnostics.UNMATCHED_END, input + ": " + t.label() + ": " + event.name()
                    + (region == EventSink.NO_NAME ? "" : " of '" + names.name(region) + "'") + " at "
                    + event.timeText(ts) + " with no call open on the thread ("
                    + (event.name().startsWith("python:") ? "python:call" : "func_entry") + " before the trace?):"
                    + " dropped");
            return;
        }
        int open = t.frames[t.depth - 1];
        if (region != EventSink.NO_NAME && frames.region(open) != region) {
            sink.diagnostics().warn(Diagnostics.MISMATCHED_END, input + ": " + t.label() + ": " + event.name()
                    + " of '" + names.name(region) + "' at " + event.timeText(ts) + " closes the innermost open call, "
                    + regionName(open) + " (entered at " + event.timeText(t.enteredNanos[t.depth - 1]) + ")");
        }
        sink.end(t.track, ts, EventSink.NO_NAME);
        t.depth--;
    }

    private void pythonCall(LttngEventView event) {
        Thread t = thread(event);
        String co = event.string("co_name");
        int frame = frames.intern(co == null || co.isEmpty() ? UNNAMED : co);
        sink.begin(t.track, event.timestampNanos(), frame);
        t.push(frame, event.timestampNanos(), event.name());
    }

    private void allocation(LttngEventView event, long size, long count) {
        Thread t = thread(event);
        if (size == Long.MIN_VALUE || count == Long.MIN_VALUE || size < 0 || count < 0) {
            badSizes++;
            return;
        }
        long bytes;
        try {
            bytes = Math.multiplyExact(size, count);
        } catch (ArithmeticException e) {
            badSizes++;
            return;
        }
        if (t.depth == 0) {
            allocationsOutside++;
            return;
        }
        sink.weigh(t.track, event.timestampNanos(), ALLOCATED_BYTES, bytes, t.frames, t.depth);
    }

    /**
     * The function at {@code addr}: babeltrace2's debug-info name of the event's {@code ip} when the text has
     * one and ip is that address (cyg-profile sets ip to the function's address), else the address's name.
     */
    private int region(LttngEventView event, long vpid, long addr) {
        String func = event.string("debug_info.func");
        if (func != null && !func.isEmpty() && event.integer("ip") == addr) {
            int plus = func.lastIndexOf('+');
            return names.intern(plus > 0 ? func.substring(0, plus) : func);
        }
        if (addr == Long.MIN_VALUE) {
            return names.intern(UNNAMED);
        }
        LongIntOpenMap known = vpid == lastVpid && lastRegions != null ? lastRegions : regions(vpid);
        int id = known.get(addr, -1);
        if (id < 0) {
            id = names.intern(addresses.function(vpid, addr));
            known.put(addr, id);
        }
        return id;
    }

    private int callsiteId(long vpid, long address) {
        if (vpid != lastVpid || lastCallsites == null) {
            regions(vpid);
        }
        LongIntOpenMap known = lastCallsites;
        int id = known.get(address, -1);
        if (id < 0) {
            id = names.intern(addresses.callsite(vpid, address));
            known.put(address, id);
        }
        return id;
    }

    /** The process of the last address named, and its maps: most events are of the process before. */
    private long lastVpid = Long.MIN_VALUE;
    private LongIntOpenMap lastRegions;
    private LongIntOpenMap lastCallsites;

    private LongIntOpenMap regions(long vpid) {
        lastRegions = regionNames.computeIfAbsent(vpid, v -> new LongIntOpenMap());
        lastCallsites = callsiteNames.computeIfAbsent(vpid, v -> new LongIntOpenMap());
        lastVpid = vpid;
        return lastRegions;
    }

    private Thread thread(LttngEventView event) {
        long vpid = event.integer("vpid");
        long vtid = event.integer("vtid");
        Thread t = lastThread;
        if (t == null || t.vpid != vpid || t.vtid != vtid) {
            t = threads.get(new ThreadKey(vpid, vtid));
            if (t == null) {
                String pid = decimal(vpid);
                String tid = decimal(vtid);
                t = new Thread(vpid, vtid, sink.thread(pid, tid), pid, tid);
                threads.put(new ThreadKey(vpid, vtid), t);
            }
            lastThread = t;
        }
        String procname = event.string("procname");
        if (procname != null && !procname.equals(t.procname)) {
            t.procname = procname;
            sink.threadName(t.pid, t.tid, procname);
            if (vpid == vtid) {
                // The main thread's name is the process's, as ps shows it.
                sink.processName(t.pid, procname);
            }
        }
        return t;
    }

    private static String decimal(long value) {
        return value == Long.MIN_VALUE ? "" : Long.toString(value);
    }
}
