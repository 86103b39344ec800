package dev.ppw.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generated Chrome traces for the time bins and phases tests, with the calls they hold: threads of nested calls
 * (as {@code X} events written at their end, children first as PerfFlowAspect writes them, or as {@code B}/{@code E}
 * pairs), counter samples, and optionally marker regions on a thread of their own. Times are whole microseconds.
 */
public final class SplitTraces {
    public static final String[] REGIONS = {"main", "work", "io", "idle"};

    /** One call: its path of region names from its root, and its interval in ns. */
    public record Call(List<String> path, long startNanos, long endNanos) {
    }

    /** A trace's JSON text and its calls. */
    public record Trace(String json, List<Call> calls) {
    }

    private SplitTraces() {
    }

    /**
     * A trace of {@code threads} threads of about {@code ops} steps each, starting near {@code baseUs}, with a
     * counter series, and with marker regions named {@code markers} (non-overlapping, on tid 99) when any.
     */
    public static Trace generate(SplittableRandom r, int threads, int ops, long baseUs, List<String> markers) {
        List<String> events = new ArrayList<>();
        List<Call> calls = new ArrayList<>();
        long endUs = baseUs;
        for (int t = 1; t <= threads; t++) {
            endUs = Math.max(endUs, thread(r, t, baseUs + r.nextInt(0, 50), ops, r.nextBoolean(), events, calls));
        }
        for (int c = 0; c < 1 + r.nextInt(6); c++) {
            long ts = baseUs + r.nextLong(0, Math.max(1, endUs - baseUs + 20));
            events.add("{\"ph\":\"C\",\"name\":\"mem\",\"pid\":1,\"tid\":1,\"ts\":" + ts + ",\"args\":{\"used\":"
                    + r.nextInt(0, 1000) + "}}");
        }
        if (!markers.isEmpty()) {
            long cursor = baseUs + r.nextInt(0, 30);
            while (cursor < endUs) {
                long dur = 1 + r.nextInt(0, 60);
                String name = markers.get(r.nextInt(markers.size()));
                events.add("{\"ph\":\"X\",\"name\":\"" + name + "\",\"pid\":1,\"tid\":99,\"ts\":" + cursor + ",\"dur\":"
                        + dur + "}");
                calls.add(new Call(List.of(name), cursor * 1000, (cursor + dur) * 1000));
                cursor += dur + r.nextInt(0, 40);
            }
        }
        return new Trace("[\n" + String.join(",\n", events) + "\n]\n", calls);
    }

    /** One thread's calls; returns the time its last call ended, us. */
    private static long thread(SplittableRandom r, int tid, long startUs, int ops, boolean beginEnd,
                               List<String> events, List<Call> calls) {
        long cursor = startUs;
        // A caller and its callee never share both ends: X events of one interval would nest either way.
        long lastPush = -1;
        long lastPop = -1;
        List<String> names = new ArrayList<>();
        List<Long> starts = new ArrayList<>();
        for (int i = 0; i < ops || !names.isEmpty(); i++) {
            int op = i >= ops ? 1 : r.nextInt(5);
            if (op == 0 && names.size() < 6) {
                if (cursor == lastPush) {
                    cursor++;
                }
                lastPush = cursor;
                String name = REGIONS[r.nextInt(REGIONS.length)];
                names.add(name);
                starts.add(cursor);
                if (beginEnd) {
                    events.add(event("B", name, tid, cursor, -1));
                }
            } else if (op == 1 && !names.isEmpty()) {
                if (cursor == starts.get(starts.size() - 1) || cursor == lastPop) {
                    cursor++;
                }
                lastPop = cursor;
                long start = starts.remove(starts.size() - 1);
                List<String> path = List.copyOf(names);
                String name = names.remove(names.size() - 1);
                events.add(beginEnd ? event("E", name, tid, cursor, -1) : event("X", name, tid, start, cursor - start));
                calls.add(new Call(path, start * 1000, cursor * 1000));
            } else {
                cursor += r.nextInt(0, 40);
            }
        }
        return cursor;
    }

    private static String event(String ph, String name, int tid, long tsUs, long durUs) {
        return "{\"ph\":\"" + ph + "\",\"name\":\"" + name + "\",\"pid\":1,\"tid\":" + tid + ",\"ts\":" + tsUs
                + (durUs >= 0 ? ",\"dur\":" + durUs : "") + "}";
    }

    public static Path write(Path dir, String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
