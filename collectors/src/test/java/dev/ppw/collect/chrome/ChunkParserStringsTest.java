package dev.ppw.collect.chrome;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * ChunkParser's chunk-local strings (names, quoted and numeric pids and tids, hashed a word at a time and
 * compared a word at a time): equal texts get one id, different texts different ids, and each id gives back
 * its text, whatever the lengths, shared prefixes and suffixes, and wherever the text sits in the buffer
 * (the last bytes of the range and of the array included).
 */
class ChunkParserStringsTest {
    /** Texts that share prefixes and suffixes and differ in one byte, of 0 to 40 bytes. */
    private static String text(int seed) {
        int length = Math.floorMod(seed, 41);
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < length; k++) {
            b.append((char) ('a' + (k == (seed >>> 8) % Math.max(1, length) ? (seed >>> 16) & 3 : 0)));
        }
        return b.toString();
    }

    @Test
    void equalTextsShareAnIdAndDifferentTextsDoNot() {
        qt().withExamples(2000).forAll(lists().of(integers().all()).ofSizeBetween(1, 60), integers().between(0, 3))
                .checkAssert((seeds, spare) -> {
                    List<String> names = new ArrayList<>();
                    StringBuilder json = new StringBuilder();
                    for (int k = 0; k < seeds.size(); k++) {
                        String name = text(seeds.get(k));
                        names.add(name);
                        json.append(k == 0 ? "" : ",\n").append("{\"ph\":\"B\",\"ts\":1,\"pid\":\"")
                                .append(text(seeds.get(k) * 31 + 7)).append("\",\"tid\":")
                                .append(Math.floorMod(seeds.get(k), 1000)).append(",\"name\":\"").append(name)
                                .append("\"}");
                    }
                    byte[] content = json.toString().getBytes(StandardCharsets.US_ASCII);
                    // 0 to 3 spare bytes after the range: texts at the very end of the array are read too.
                    byte[] b = java.util.Arrays.copyOf(content, content.length + spare);
                    ChunkParser p = new ChunkParser(b, 0, 0, content.length, ChunkParser.OPEN).parse();
                    assertEquals(seeds.size(), p.count);
                    Map<String, Integer> ids = new HashMap<>();
                    for (int e = 0; e < p.count; e++) {
                        int id = p.b[e];
                        assertEquals(names.get(e), id == 0 ? "" : p.string(id));
                        Integer before = ids.putIfAbsent(names.get(e), id);
                        if (before != null) {
                            assertEquals(before.intValue(), id, names.get(e));
                        }
                    }
                    assertEquals(ids.size(), ids.values().stream().distinct().count(), "one id per text");
                    for (int e = 0; e < p.count; e++) {
                        int track = p.a[e];
                        assertEquals(text(seeds.get(e) * 31 + 7), p.string(p.trackPid[track]));
                        assertEquals(Integer.toString(Math.floorMod(seeds.get(e), 1000)), p.string(p.trackTid[track]));
                    }
                });
    }

    /** Numbers that share digits and lengths around the 8 digits a word holds. */
    private static final String[] NUMBERS = {"1", "10", "2", "12", "21", "12345678", "12345679", "123456789",
            "923456789", "1234567", "7", "99999999", "100000000000"};

    /**
     * Numeric pids and tids of several threads in any order (the recent keys of each kind, then the string
     * table) map every event to the track of its own two numbers, and equal pairs to one track.
     */
    @Test
    void numericPidsAndTidsInAnyOrderKeepTheirTracks() {
        qt().withExamples(2000).forAll(lists().of(integers().between(0, NUMBERS.length * NUMBERS.length - 1))
                        .ofSizeBetween(1, 80), integers().between(0, 3))
                .checkAssert((pairs, spare) -> {
                    StringBuilder json = new StringBuilder();
                    for (int k = 0; k < pairs.size(); k++) {
                        json.append(k == 0 ? "" : ", ").append("{\"name\": \"f\", \"ph\": \"X\", \"pid\": ")
                                .append(NUMBERS[pairs.get(k) / NUMBERS.length]).append(", \"tid\": ")
                                .append(NUMBERS[pairs.get(k) % NUMBERS.length]).append(", \"ts\": ").append(k)
                                .append(", \"dur\": 1}");
                    }
                    byte[] content = json.toString().getBytes(StandardCharsets.US_ASCII);
                    byte[] b = java.util.Arrays.copyOf(content, content.length + spare);
                    ChunkParser p = new ChunkParser(b, 0, 0, content.length, ChunkParser.OPEN).parse();
                    assertEquals(pairs.size(), p.count);
                    Map<Integer, Integer> trackOfPair = new HashMap<>();
                    for (int e = 0; e < p.count; e++) {
                        int track = p.a[e];
                        assertEquals(NUMBERS[pairs.get(e) / NUMBERS.length], p.string(p.trackPid[track]));
                        assertEquals(NUMBERS[pairs.get(e) % NUMBERS.length], p.string(p.trackTid[track]));
                        assertEquals(trackOfPair.computeIfAbsent(pairs.get(e), x -> track).intValue(), track);
                    }
                    assertEquals(trackOfPair.size(), p.trackCount, "one track per pair");
                });
    }

    @Test
    void textsThatDifferOnlyInTheMiddleOfALongNameAreTwo() {
        String a = "torch/nn/modules/conv.py(123): forward";
        String c = "torch/nn/modules/conv.py(124): forward";
        byte[] b = ("{\"ph\":\"B\",\"ts\":1,\"name\":\"" + a + "\"},{\"ph\":\"B\",\"ts\":2,\"name\":\"" + c
                + "\"},{\"ph\":\"B\",\"ts\":3,\"name\":\"" + a + "\"}").getBytes(StandardCharsets.US_ASCII);
        ChunkParser p = new ChunkParser(b, 0, 0, b.length, ChunkParser.OPEN).parse();
        assertEquals(3, p.count);
        assertNotEquals(p.b[0], p.b[1]);
        assertEquals(p.b[0], p.b[2]);
        assertEquals(c, p.string(p.b[1]));
    }
}
