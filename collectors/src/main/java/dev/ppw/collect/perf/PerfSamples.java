package dev.ppw.collect.perf;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.NameTable;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Where {@link PerfScriptReader} puts what it reads: a sample (its header, the line of that header, its frames
 * innermost first as region and placement name ids) or a warning (its kind, line, column and words). Two kinds:
 * the sink itself ({@link #toSink}), or a record of one chunk of the file, read on a worker, that is replayed into
 * the sink in file order ({@link ParallelPerfScript}).
 */
interface PerfSamples {
    /** The names the frames' ids refer to. */
    NameTable names();

    /** A sample of header {@code h} at line {@code line}: {@code regions[0 .. depth-1]} innermost first. */
    void sample(PerfHeader h, long line, int[] regions, int[] placements, int depth);

    /** A warning of {@code kind} at {@code line:column}; {@code what} is what follows the place. */
    void warn(String kind, long line, int column, String what);

    /**
     * The input ends at {@code line} without a line end, inside the sample whose header is at line
     * {@code sampleLine}; {@code quote} quotes the cut line.
     */
    default void cut(long line, long sampleLine, String quote) {
        warn(Diagnostics.TRUNCATED, line, 1, "the input ends inside this line, without a line end; the sample from"
                + " line " + sampleLine + " is left out: \"" + quote + "\"");
    }

    /** The sink of input {@code file}. */
    static ToSink toSink(String file, EventSink sink) {
        return new ToSink(file, sink);
    }

    /**
     * Samples and warnings into the sink: a sample's weight (one metric per event, {@link PerfEvents#weight}), its
     * track (one per thread, named by its comm each time the comm changes) and its frames interned as (region,
     * the caller's placement), outermost first; a warning said as {@code file:line:column: what}.
     */
    final class ToSink implements PerfSamples {
        private final String file;
        private final EventSink sink;
        private final FrameTable frames;
        private final Diagnostics diagnostics;
        private final Map<String, Track> tracks = new HashMap<>();
        private final Map<String, Metric[]> weights = new HashMap<>();
        /** Every weight metric given out, by name: names are unique in a tree. */
        private final Map<String, Metric> metricsByName = new HashMap<>();
        private int[] stack = new int[64];

        private ToSink(String file, EventSink sink) {
            this.file = file;
            this.sink = sink;
            this.frames = sink.frames();
            this.diagnostics = sink.diagnostics();
        }

        @Override
        public NameTable names() {
            return frames.names();
        }

        @Override
        public void sample(PerfHeader h, long line, int[] regions, int[] placements, int depth) {
            if (stack.length < depth) {
                stack = Arrays.copyOf(stack, Math.max(depth, 2 * stack.length));
            }
            for (int k = 0; k < depth; k++) {
                int callsite = k + 1 < depth ? placements[k + 1] : NameTable.EMPTY;
                stack[depth - 1 - k] = frames.intern(regions[k], callsite);
            }
            Metric weight = weight(h);
            long amount = h.period() >= 0 && weight.unit() != MetricUnit.COUNT ? h.period() : 1;
            long ts = h.timeNanos() >= 0 ? h.timeNanos() : line;
            sink.sample(track(h), ts, weight, amount, stack, depth);
        }

        @Override
        public void warn(String kind, long line, int column, String what) {
            diagnostics.warn(kind, file + ":" + line + ":" + column + ": " + what);
        }

        private Metric weight(PerfHeader h) {
            Metric[] pair = weights.computeIfAbsent(h.event(), e -> new Metric[2]);
            int k = h.period() >= 0 ? 1 : 0;
            if (pair[k] == null) {
                pair[k] = distinct(PerfEvents.weight(PerfEvents.baseName(h.event()), k == 1));
            }
            return pair[k];
        }

        /**
         * {@code metric}, or when another event's metric already has its name (events whose names differ only in
         * case or punctuation: {@code cpu.clock} and {@code CPU_clock} are both {@code cpu_clock}), the same metric
         * named {@code NAME_2}, {@code NAME_3}, ...: a tree has one column per name (found by fuzzing).
         */
        private Metric distinct(Metric metric) {
            Metric taken = metricsByName.putIfAbsent(metric.name(), metric);
            if (taken == null || taken.equals(metric)) {
                return taken == null ? metric : taken;
            }
            for (int n = 2; ; n++) {
                Metric renamed = new Metric(metric.name() + "_" + n, metric.unit(), metric.kind(), metric.combine(),
                        metric.shown(), metric.textLabel(), metric.numerator(), metric.denominator(),
                        metric.description());
                Metric other = metricsByName.putIfAbsent(renamed.name(), renamed);
                if (other == null || other.equals(renamed)) {
                    return other == null ? renamed : other;
                }
            }
        }

        /**
         * The track of {@code h}'s thread. Its comm names the thread (and the process, when tid = pid) each time it
         * changes, so that the last one names it: a thread renames itself, a process execs another program.
         */
        private int track(PerfHeader h) {
            String key = h.pid() + "/" + h.tid();
            Track t = tracks.get(key);
            if (t == null) {
                t = new Track(sink.thread(h.pid(), h.tid()));
                tracks.put(key, t);
            }
            if (!h.comm().isEmpty() && !h.comm().equals(t.comm)) {
                t.comm = h.comm();
                sink.threadName(h.pid(), h.tid(), h.comm());
                if (!h.pid().isEmpty() && h.pid().equals(h.tid())) {
                    sink.processName(h.pid(), h.comm());
                }
            }
            return t.id;
        }

        /** A thread's track id and the comm that last named it. */
        private static final class Track {
            final int id;
            String comm = "";

            Track(int id) {
                this.id = id;
            }
        }
    }
}
