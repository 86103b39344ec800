package dev.ppw.collect.chrome;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Numeric pids and tids are known again by their bytes (a recent key whose digits come next and end at a
 * delimiter): each event's track is the pid and tid written in it, whatever ids came before, however the
 * ids are prefixes or extensions of each other, whatever follows them (a comma, a brace, spaces, a line
 * end, a fraction or an exponent that makes them no id), and wherever the chunk is cut.
 */
class ChunkParserRecentKeysTest {
    /** Prefixes and extensions of each other, eight digits and more, a sign: what a wrong match would mix up. */
    private static final String[] IDS = {"7", "75", "753", "7530", "75300", "7531", "1", "10", "12345678",
            "123456789", "12345679", "-7", "0", "99999999"};
    /** What may follow an id; the last two make it a number that is no id (the event logic's). */
    private static final String[] AFTER = {"", " ", "\n", "\t ", ".5", "e1"};

    /** An event's ids, and whether both are followed by a delimiter: then it is read by the parser itself. */
    private record Event(String pid, String tid, boolean plainIds) {
    }

    @Test
    void eachEventsTrackIsTheIdsWrittenInIt() {
        qt().withExamples(2000).forAll(longs().all(), integers().between(1, 60), integers().between(50, 100))
                .checkAssert((seed, count, cutPercent) -> {
                    Random r = new Random(seed);
                    List<Event> events = new ArrayList<>();
                    StringBuilder json = new StringBuilder();
                    for (int e = 0; e < count; e++) {
                        String pid = IDS[r.nextInt(IDS.length)];
                        String tid = r.nextInt(4) == 0 ? pid : IDS[r.nextInt(IDS.length)];
                        String afterPid = AFTER[r.nextInt(r.nextInt(8) == 0 ? AFTER.length : 4)];
                        String afterTid = AFTER[r.nextInt(r.nextInt(8) == 0 ? AFTER.length : 4)];
                        boolean last = r.nextBoolean(); // tid last: a brace follows it
                        json.append(e == 0 ? "" : ",\n").append("{\"name\": \"n\", \"ph\": \"X\", \"ts\": ").append(e)
                                .append(", \"dur\": 1, \"pid\": ").append(pid).append(afterPid).append(", \"tid\": ")
                                .append(tid).append(afterTid).append(last ? "}" : ", \"cat\": \"c\"}");
                        events.add(new Event(pid, tid, afterPid.isBlank() && afterTid.isBlank()));
                    }
                    byte[] content = json.toString().getBytes(StandardCharsets.UTF_8);
                    int to = (int) ((long) content.length * cutPercent / 100);
                    byte[] b = Arrays.copyOf(content, content.length + 3);
                    ChunkParser p = new ChunkParser(b, 0, 0, to, ChunkParser.COMMA).parse();
                    String input = new String(content, 0, to, StandardCharsets.UTF_8);
                    for (int e = 0; e < p.count; e++) {
                        Event event = events.get(e); // the parser's events are the input's, in order
                        if (!event.plainIds()) {
                            continue; // a fraction or an exponent: the event logic's to read
                        }
                        String at = input + " @" + e;
                        assertEquals(ChunkParser.KIND_X, p.kinds[e], at);
                        assertEquals(e * 1000L, p.ts[e], at);
                        assertEquals(event.pid(), p.string(p.trackPid[p.a[e]]), at);
                        assertEquals(event.tid(), p.string(p.trackTid[p.a[e]]), at);
                    }
                });
    }

    @Test
    void aParserUsedAgainKnowsNothingOfItsLastChunk() {
        byte[] first = "{\"ph\": \"X\", \"ts\": 1, \"dur\": 1, \"pid\": 7530, \"tid\": 7531}".getBytes(StandardCharsets.UTF_8);
        byte[] second = "{\"ph\": \"X\", \"ts\": 2, \"dur\": 1, \"pid\": 753, \"tid\": 75310}".getBytes(StandardCharsets.UTF_8);
        ChunkParser p = new ChunkParser(Arrays.copyOf(first, first.length + 3), 0, 0, first.length, ChunkParser.COMMA)
                .parse();
        assertEquals("7530", p.string(p.trackPid[p.a[0]]));
        p.reuse(Arrays.copyOf(second, second.length + 3), 0, 0, second.length, ChunkParser.COMMA).parse();
        assertEquals(1, p.count);
        assertEquals("753", p.string(p.trackPid[p.a[0]]));
        assertEquals("75310", p.string(p.trackTid[p.a[0]]));
    }
}
