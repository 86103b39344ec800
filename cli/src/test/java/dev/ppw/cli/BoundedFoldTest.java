package dev.ppw.cli;

import dev.ppw.aggregate.FoldOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code profile} through the whole path (reader, folder, report) with a spill limit of a few events, set
 * by the system properties of {@link FoldOptions}, and {@code merge} likewise: the output equals the in-memory fold's, byte for byte,
 * for a trace written children first, one in time order (replayed while reading), and one in time order
 * that turns disordered late (read a second time).
 */
class BoundedFoldTest {
    @TempDir
    Path dir;

    @AfterEach
    void restore() {
        System.clearProperty(Tuning.SPILL_EVENTS);
        System.clearProperty(Tuning.WINDOW_NANOS);
    }

    @Test
    void aTinySpillLimitChangesNothingInTheOutput() throws IOException {
        List<String> calls = calls(new Random(7), 400);
        List<String> late = new ArrayList<>(calls.subList(1, calls.size()));
        late.add(calls.size() / 2, calls.getFirst());
        List<String> shuffled = new ArrayList<>(calls);
        Collections.shuffle(shuffled, new Random(8));
        for (List<String> events : List.of(calls, childrenFirst(calls), late, shuffled)) {
            Path t = Files.write(dir.resolve("t.json"), trace(events));
            Path copy = Files.copy(t, dir.resolve("copy.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            for (String view : List.of("tree", "flat")) {
                assertBoundedEqualsInMemory(new String[] {"profile", t.toString(), "--format", "csv", "--view", view,
                        "--threads", "split"});
                // merge folds each input in a folder of its own, the spill limit shared among its jobs.
                assertBoundedEqualsInMemory(new String[] {"merge", t.toString(), copy.toString(), "--jobs", "2",
                        "--format", "csv", "--view", view, "--node-by", "pid"});
            }
        }
    }

    private void assertBoundedEqualsInMemory(String[] args) {
        Cli inMemory = Cli.run(args);
        System.setProperty(Tuning.SPILL_EVENTS, "7");
        System.setProperty(Tuning.WINDOW_NANOS, "0");
        Cli bounded = Cli.run(args);
        restore();
        assertEquals(0, inMemory.exit(), inMemory.toString());
        assertEquals(inMemory.toString(), bounded.toString());
    }

    /** X events of nested calls on two threads, in start order, with B/E pairs for some: {@code n} ops. */
    private static List<String> calls(Random random, int n) {
        List<String> events = new ArrayList<>();
        long clock = 0;
        for (int i = 0; i < n; i++) {
            int tid = 1 + random.nextInt(2);
            long dur = 1 + random.nextInt(20);
            clock += random.nextInt(3);
            events.add("{\"name\":\"f" + random.nextInt(4) + "\",\"ph\":\"X\",\"pid\":1,\"tid\":" + tid
                    + ",\"ts\":" + clock + ",\"dur\":" + dur + "}");
        }
        return events;
    }

    /** The same X events written when they end, as PerfFlowAspect's compact mode does. */
    private static List<String> childrenFirst(List<String> events) {
        List<String> byEnd = new ArrayList<>(events);
        byEnd.sort((a, b) -> Long.compare(end(a), end(b)));
        return byEnd;
    }

    private static long end(String event) {
        return field(event, "ts") + field(event, "dur");
    }

    private static long field(String event, String key) {
        int at = event.indexOf("\"" + key + "\":") + key.length() + 3;
        int stop = at;
        while (Character.isDigit(event.charAt(stop))) {
            stop++;
        }
        return Long.parseLong(event.substring(at, stop));
    }

    private static List<String> trace(List<String> events) {
        List<String> lines = new ArrayList<>();
        lines.add("[");
        for (int i = 0; i < events.size(); i++) {
            lines.add(events.get(i) + (i + 1 < events.size() ? "," : ""));
        }
        lines.add("]");
        return lines;
    }
}
