package dev.ppw.engine;

import dev.ppw.aggregate.WindowScan;
import dev.ppw.aggregate.Windows;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Where each node's windows lie, from what the pre-pass ({@link WindowScan}) found in it: its first and last
 * times and its markers (SEMANTICS.md "Time bins" and "Phases"). Every node gets the same list of phases, so
 * that one folder takes several nodes and a merge matches phases by index. Immutable.
 */
final class WindowPlan {
    /** The phase of the time no marker or window covers. */
    static final String OUTSIDE = "(outside)";

    /**
     * What the pre-pass found of one node: {@code firstNanos > lastNanos} when it has no event with a time.
     *
     * @param node how the node is named in the phases' window lists
     */
    record Extent(String node, long firstNanos, long lastNanos, List<WindowScan.Marker> markers) {
        Extent {
            markers = List.copyOf(markers);
        }

        static Extent of(String node, WindowScan scan) {
            return new Extent(node, scan.firstNanos(), scan.lastNanos(), scan.markers());
        }

        static Extent empty(String node) {
            return new Extent(node, Long.MAX_VALUE, Long.MIN_VALUE, List.of());
        }

        boolean hasEvents() {
            return firstNanos <= lastNanos;
        }
    }

    private final List<String> names;
    private final List<Windows> perNode;
    private final Optional<Split.BinAxis> axis;
    private final List<List<Report.Window>> phaseWindows;

    private WindowPlan(List<String> names, List<Windows> perNode, Optional<Split.BinAxis> axis,
                       List<List<Report.Window>> phaseWindows) {
        this.names = names;
        this.perNode = perNode;
        this.axis = axis;
        this.phaseWindows = phaseWindows;
    }

    /** The phases' names, in order (for bins, the bins' indices). */
    List<String> names() {
        return names;
    }

    /** How many phases (or bins). */
    int phaseCount() {
        return names.size();
    }

    /** Node {@code node}'s windows, or null when it has no event with a time (nothing of it lands in a phase). */
    Windows windowsOf(int node) {
        return perNode.get(node);
    }

    /** The bins' axis, for a split into time bins. */
    Optional<Split.BinAxis> axis() {
        return axis;
    }

    /** Phase {@code phase}'s windows in every node, in the time asked (empty for bins). */
    List<Report.Window> windowsOfPhase(int phase) {
        return phaseWindows.get(phase);
    }

    /**
     * The plan of {@code spec} for these nodes.
     *
     * @throws WindowSpec.TooManyBinsException when a bin width gives more than {@link WindowSpec#MAX_BINS} bins
     * @throws BadInputException when the windows cannot lie on a clock of 64-bit nanoseconds: a node's times span
     *     2^63 ns or more (the last nanosecond included), or the bins or a window would end past 2^63 - 1 ns
     */
    static WindowPlan of(WindowSpec spec, List<Extent> nodes) {
        for (Extent e : nodes) {
            if (e.hasEvents()) {
                requireClock(e.node().isEmpty() ? "the input" : e.node(), e.firstNanos(), e.lastNanos());
            }
        }
        return switch (spec) {
            case WindowSpec.Bins bins -> ofBins(bins, nodes);
            case WindowSpec.Phases phases -> ofPhases(phases, nodes);
        };
    }

    /**
     * Refuses times from {@code first} to {@code last} (inclusive) of {@code what} that no window of 64-bit
     * nanoseconds can hold: {@code last + 1 - first}, the span with its last nanosecond, must be a long.
     */
    static void requireClock(String what, long first, long last) {
        long span = last - first;
        boolean wraps = ((last ^ first) & (last ^ span)) < 0;
        if (last == Long.MAX_VALUE || wraps || span == Long.MAX_VALUE) {
            throw new BadInputException(what + ": its times span from " + first + " ns to " + last + " ns, "
                    + "2^63 ns or more with the last nanosecond: time bins and phases need a span of at most "
                    + Long.MAX_VALUE + " ns ending before " + Long.MAX_VALUE + " ns");
        }
    }

    /** The end of {@code count} bins of {@code width} from {@code start}, refused when past the largest time. */
    private static void requireAxisEnd(long start, long width, long count) {
        try {
            Math.addExact(start, Math.multiplyExact(width, count));
        } catch (ArithmeticException past) {
            throw new BadInputException(count + " time bins of " + width + " ns from " + start + " ns would end past "
                    + Long.MAX_VALUE + " ns, the largest time of 64-bit nanoseconds");
        }
    }

    private static WindowPlan ofBins(WindowSpec.Bins spec, List<Extent> nodes) {
        long minFirst = Long.MAX_VALUE;
        long maxLast = Long.MIN_VALUE;
        long maxSpan = 0;
        String firstNode = null;
        String lastNode = null;
        for (Extent e : nodes) {
            if (e.hasEvents()) {
                if (e.firstNanos() < minFirst) {
                    minFirst = e.firstNanos();
                    firstNode = e.node();
                }
                if (e.lastNanos() > maxLast) {
                    maxLast = e.lastNanos();
                    lastNode = e.node();
                }
                // requireClock: the difference fits
                maxSpan = Math.max(maxSpan, e.lastNanos() - e.firstNanos());
            }
        }
        boolean any = minFirst <= maxLast;
        long width;
        long count;
        long absoluteStart;
        if (spec.absoluteTime()) {
            if (any) {
                requireClock(firstNode.equals(lastNode) ? firstNode : "the inputs (" + firstNode + " to " + lastNode
                        + ")", minFirst, maxLast);
            }
            long span = any ? maxLast - minFirst : 0;
            if (spec.count() > 0) {
                // The span counts the last nanosecond too: an event at the last time falls in the last bin.
                width = span / spec.count() + 1;
                count = spec.count();
                absoluteStart = any ? minFirst : 0;
            } else {
                width = spec.widthNanos();
                try {
                    absoluteStart = any ? Math.multiplyExact(Math.floorDiv(minFirst, width), width) : 0;
                } catch (ArithmeticException before) {
                    throw new BadInputException("the time bin of " + width + " ns holding the first event, at "
                            + minFirst + " ns, would start before " + Long.MIN_VALUE + " ns, the earliest time of"
                            + " 64-bit nanoseconds: give --time-bins, or drop --absolute-time");
                }
                // requireClock: at most the span / width + 2, a long
                count = any ? Math.floorDiv(maxLast, width) - Math.floorDiv(minFirst, width) + 1 : 1;
            }
        } else {
            absoluteStart = 0;
            if (spec.count() > 0) {
                width = maxSpan / spec.count() + 1;
                count = spec.count();
            } else {
                width = spec.widthNanos();
                count = maxSpan / width + 1;
            }
        }
        if (count > WindowSpec.MAX_BINS) {
            throw new WindowSpec.TooManyBinsException("bins of " + width + " ns over "
                    + (spec.absoluteTime() ? "the inputs' " : "the longest node's ")
                    + (spec.absoluteTime() ? maxLast - minFirst : maxSpan) + " ns would be " + count
                    + " bins, more than " + WindowSpec.MAX_BINS + ": give a larger width");
        }
        int n = (int) count;
        if (spec.absoluteTime()) {
            requireAxisEnd(absoluteStart, width, n);
        } else {
            for (Extent e : nodes) {
                if (e.hasEvents()) {
                    requireAxisEnd(e.firstNanos(), width, n);
                }
            }
        }
        List<Windows> perNode = new ArrayList<>(nodes.size());
        Windows shared = spec.absoluteTime() ? Windows.bins(absoluteStart, width, n) : null;
        for (Extent e : nodes) {
            perNode.add(!e.hasEvents() ? null : shared != null ? shared : Windows.bins(e.firstNanos(), width, n));
        }
        List<String> names = new ArrayList<>(n);
        List<List<Report.Window>> windows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add(Integer.toString(i));
            windows.add(List.of());
        }
        return new WindowPlan(names, perNode, Optional.of(new Split.BinAxis(spec.absoluteTime(), absoluteStart, width,
                n)), windows);
    }

    /** One window a marker or an explicit window claims, before overlaps are cut. */
    private record Claim(int phase, long startNanos, long endNanos, int order) {
    }

    private static WindowPlan ofPhases(WindowSpec.Phases spec, List<Extent> nodes) {
        Map<String, Integer> index = new LinkedHashMap<>();
        for (String name : spec.markerNames()) {
            index.putIfAbsent(name, index.size());
        }
        for (WindowSpec.TimeWindow w : spec.windows()) {
            index.putIfAbsent(w.label(), index.size());
        }
        int outside = index.size();
        List<List<Claim>> perNode = new ArrayList<>(nodes.size());
        boolean anyOutside = false;
        for (Extent e : nodes) {
            if (!e.hasEvents()) {
                perNode.add(null);
                continue;
            }
            List<Claim> claims = claims(spec, e, index);
            List<Claim> cut = cut(claims, claims.size() - spec.windows().size());
            List<Claim> all = withOutside(cut, e, outside);
            anyOutside |= all.size() > cut.size();
            perNode.add(all);
        }
        List<String> names = new ArrayList<>(index.keySet());
        if (anyOutside) {
            names.add(OUTSIDE);
        }
        List<List<Report.Window>> phaseWindows = new ArrayList<>();
        for (int p = 0; p < names.size(); p++) {
            phaseWindows.add(new ArrayList<>());
        }
        List<Windows> windows = new ArrayList<>(nodes.size());
        for (int i = 0; i < nodes.size(); i++) {
            List<Claim> claims = perNode.get(i);
            if (claims == null || claims.isEmpty()) {
                windows.add(null);
                continue;
            }
            Extent e = nodes.get(i);
            long origin = spec.absoluteTime() ? 0 : e.firstNanos();
            long[] starts = new long[claims.size()];
            long[] ends = new long[claims.size()];
            int[] phases = new int[claims.size()];
            for (int c = 0; c < claims.size(); c++) {
                Claim claim = claims.get(c);
                starts[c] = claim.startNanos();
                ends[c] = claim.endNanos();
                phases[c] = claim.phase();
                phaseWindows.get(claim.phase()).add(new Report.Window(e.node(), claim.startNanos() - origin,
                        claim.endNanos() - origin));
            }
            windows.add(new Windows(starts, ends, phases, names.size()));
        }
        return new WindowPlan(names, windows, Optional.empty(), phaseWindows.stream().map(List::copyOf).toList());
    }

    /**
     * What the markers and explicit windows of one node claim: a region its own time; an instant the time until
     * the next marker's start (of any name asked) or the node's end; a window its time, from the node's first
     * event unless absolute.
     */
    private static List<Claim> claims(WindowSpec.Phases spec, Extent e, Map<String, Integer> index) {
        long end = e.lastNanos() + 1;
        List<WindowScan.Marker> markers = e.markers();
        List<Claim> claims = new ArrayList<>();
        int order = 0;
        for (int m = 0; m < markers.size(); m++) {
            WindowScan.Marker marker = markers.get(m);
            Integer phase = index.get(marker.name());
            if (phase == null) {
                continue;
            }
            if (!marker.instant()) {
                if (marker.endNanos() > marker.startNanos()) {
                    claims.add(new Claim(phase, marker.startNanos(), marker.endNanos(), order++));
                }
                continue;
            }
            long until = end;
            for (int next = m + 1; next < markers.size(); next++) {
                if (markers.get(next).startNanos() > marker.startNanos()) {
                    until = markers.get(next).startNanos();
                    break;
                }
            }
            if (until > marker.startNanos()) {
                claims.add(new Claim(phase, marker.startNanos(), until, order++));
            }
        }
        long origin = spec.absoluteTime() ? 0 : e.firstNanos();
        for (WindowSpec.TimeWindow w : spec.windows()) {
            try {
                claims.add(new Claim(index.get(w.label()), Math.addExact(origin, w.startNanos()),
                        Math.addExact(origin, w.endNanos()), order++));
            } catch (ArithmeticException past) {
                throw new BadInputException(e.node() + ": window " + w.label() + " from its first event, at " + origin
                        + " ns, would lie past " + Long.MAX_VALUE + " ns, the largest time of 64-bit nanoseconds");
            }
        }
        return claims;
    }

    /**
     * The claims without overlaps: explicit windows first, then markers; within each, in order of start (the
     * longer first at one start, then in order given). A claim keeps only what no claim before it took, in as many
     * pieces as that leaves: a window asked for explicitly is never cut by a marker, a region nested in another is
     * left out, and of two regions that overlap the later one starts where the earlier ends.
     */
    private static List<Claim> cut(List<Claim> claims, int markerClaims) {
        List<Claim> sorted = new ArrayList<>(claims);
        sorted.sort(Comparator.comparingInt((Claim c) -> c.order() < markerClaims ? 1 : 0)
                .thenComparingLong(Claim::startNanos)
                .thenComparing(Comparator.comparingLong(Claim::endNanos).reversed())
                .thenComparingInt(Claim::order));
        TreeMap<Long, Claim> taken = new TreeMap<>();
        for (Claim c : sorted) {
            long start = c.startNanos();
            Map.Entry<Long, Claim> before = taken.floorEntry(start);
            if (before != null && before.getValue().endNanos() > start) {
                start = before.getValue().endNanos();
            }
            while (start < c.endNanos()) {
                Map.Entry<Long, Claim> next = taken.ceilingEntry(start);
                long end = next == null ? c.endNanos() : Math.min(c.endNanos(), next.getKey());
                if (end > start) {
                    taken.put(start, new Claim(c.phase(), start, end, c.order()));
                }
                if (next == null || next.getKey() >= c.endNanos()) {
                    break;
                }
                start = next.getValue().endNanos();
            }
        }
        return new ArrayList<>(taken.values());
    }

    /**
     * {@code kept} with the time of the node ({@code [first, last + 1)}) that none of them covers as windows of
     * {@code outside}. A gap of only the last nanosecond right after a window that ends at the last time is given
     * to that window instead: an event at the very last time then belongs to the phase that ended there.
     */
    private static List<Claim> withOutside(List<Claim> kept, Extent e, int outside) {
        long first = e.firstNanos();
        long end = e.lastNanos() + 1;
        List<Claim> all = new ArrayList<>(kept.size() * 2 + 1);
        long cursor = first;
        for (Claim c : kept) {
            if (c.startNanos() > cursor && cursor < end) {
                all.add(new Claim(outside, cursor, Math.min(c.startNanos(), end), -1));
            }
            all.add(c);
            cursor = Math.max(cursor, c.endNanos());
        }
        if (cursor < end) {
            Claim last = all.isEmpty() ? null : all.get(all.size() - 1);
            if (last != null && last.phase() != outside && last.endNanos() == e.lastNanos()
                    && cursor == e.lastNanos()) {
                all.set(all.size() - 1, new Claim(last.phase(), last.startNanos(), end, last.order()));
            } else {
                all.add(new Claim(outside, cursor, end, -1));
            }
        }
        return all;
    }
}
