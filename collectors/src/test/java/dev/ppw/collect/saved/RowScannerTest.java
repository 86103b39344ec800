package dev.ppw.collect.saved;

import dev.ppw.model.SavedProfileLayout.Column;
import dev.ppw.model.TimeUnits;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTree;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.testing.RandomProfiles;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * {@link RowScanner} is only a faster way to the answer of the Jackson path: for generated profiles, and
 * for the same profiles with bytes broken here and there, reading with and without it gives the same
 * profile or the same message.
 */
class RowScannerTest {
    private static final Column[] COLUMNS = Column.values();
    private static final String ROW = "[12, 9, 4, \"region_052\", \"\", 32, 0, 2549323, 2549323, 68035, 2112085]";

    @Test
    void readsTheRowsThatPpwJavaWrites() {
        NameTable names = new NameTable();
        long[] value = new long[COLUMNS.length];
        RowScanner s = scanner(" \n  " + ROW + ",\n  [13, null, 0, \"na\u00efve\", \"a.c:1\", 1, 2, -3, 4, null, null]\n ]\n}\n",
                DisplayUnit.NS, names);
        assertTrue(s.nextRow(value));
        assertEquals(List.of(12L, 9L, 4L, 32L, 0L, 2549323L, 2549323L, 68035L, 2112085L), fields(value));
        assertEquals("region_052", names.name(s.nameId()));
        assertEquals("", names.name(s.callsiteId()));
        assertTrue(s.nextRow(value));
        assertEquals(List.of(13L, ProfileJsonReader.NO_PARENT, 0L, 1L, 2L, -3L, 4L, CallTree.UNSET, CallTree.UNSET),
                fields(value));
        assertEquals("na\u00efve", names.name(s.nameId()));
        assertEquals("a.c:1", names.name(s.callsiteId()));
        assertFalse(s.nextRow(value));
        assertTrue(s.onlyTheEndFollows());
    }

    @Test
    void timesAreExactInTheirUnit() {
        NameTable names = new NameTable();
        long[] value = new long[COLUMNS.length];
        RowScanner s = scanner("[1, null, 0, \"m\", \"\", 1, 0, 2.5, -0.001, 3, 1.5e3]]}", DisplayUnit.US, names);
        assertTrue(s.nextRow(value));
        assertEquals(List.of(1L, ProfileJsonReader.NO_PARENT, 0L, 1L, 0L, 2500L, -1L, 3000L, 1_500_000L), fields(value));
    }

    @Test
    void integersOfEveryLengthUpToEighteenDigits() {
        Random r = new Random(7);
        for (int digits = 1; digits <= 20; digits++) {
            for (int trial = 0; trial < 50; trial++) {
                StringBuilder number = new StringBuilder(r.nextBoolean() ? "-" : "");
                number.append(trial == 0 ? 9 : 1 + r.nextInt(9));
                for (int d = 1; d < digits; d++) {
                    number.append(trial == 0 ? 9 : r.nextInt(10));
                }
                for (String after : List.of("]]}", " ]]}", "\n]]}")) {
                    String row = ROW.replace("32, 0,", number + ", 0,").replace("2112085]", number + after);
                    RowScanner s = scanner(row, DisplayUnit.NS, new NameTable());
                    long[] value = new long[COLUMNS.length];
                    if (digits <= 18) {
                        assertTrue(s.nextRow(value));
                        long expected = Long.parseLong(number.toString());
                        assertEquals(expected, value[Column.CALLS.ordinal()], number::toString);
                        assertEquals(expected, value[Column.MAX_INCLUSIVE.ordinal()], number::toString);
                    } else {
                        assertThrows(RowScanner.Bail.class, () -> s.nextRow(value), number::toString);
                    }
                }
            }
        }
    }

    @Test
    void aNumberCutByTheEndOfTheInputIsNotRead() {
        for (String cut : List.of("12345678", "1234567812345678", "1", "-", "nul", "\"reg")) {
            RowScanner s = scanner("[12, 9, 4, \"region_052\", \"\", " + cut, DisplayUnit.NS, new NameTable());
            assertThrows(RowScanner.Bail.class, () -> s.nextRow(new long[COLUMNS.length]), cut);
        }
    }

    @Test
    void leavesEverythingUnusualToJackson() {
        for (String unusual : List.of("\"reg\\u0069on\"", "\"tab\there\"", "\"\\\"\"", "\"\\xff\"", "0012", "00000000",
                "000000001", "-", "1.",
                ".5", "1e", "+1", "1e400", "nul", "nullx", "true", "[1]", "{}")) {
            String row = unusual.startsWith("\"") ? ROW.replace("\"region_052\"", unusual)
                    : ROW.replace("2549323, 68035", unusual + ", 68035");
            RowScanner s = scanner(row + "]}", DisplayUnit.NS, new NameTable());
            assertSame(RowScanner.BAIL, assertThrows(RowScanner.Bail.class,
                    () -> s.nextRow(new long[COLUMNS.length])), unusual);
        }
        byte[] badUtf8 = (ROW + "]}" + "\0".repeat(RowScanner.PADDING)).getBytes(StandardCharsets.UTF_8);
        badUtf8[ROW.indexOf("region") + 1] = (byte) 0xc3; // a lead byte followed by ASCII
        RowScanner s = new RowScanner(badUtf8, 0, badUtf8.length - RowScanner.PADDING, COLUMNS,
                units(DisplayUnit.NS), new NameCache(new NameTable()));
        assertThrows(RowScanner.Bail.class, () -> s.nextRow(new long[COLUMNS.length]));
        // 19 digits: Jackson tells an int from a long from a BigInteger, and its path says which are errors
        RowScanner longCalls = scanner(ROW.replace("32, 0,", "1234567890123456789, 0,") + "]}", DisplayUnit.NS,
                new NameTable());
        assertThrows(RowScanner.Bail.class, () -> longCalls.nextRow(new long[COLUMNS.length]));
    }

    @Test
    void onlyTheClosingBraceMayFollowTheRows() {
        for (String tail : List.of("]}", "] }\n", "]\n}\n\n")) {
            RowScanner s = scanner(tail, DisplayUnit.NS, new NameTable());
            assertFalse(s.nextRow(new long[COLUMNS.length]));
            assertTrue(s.onlyTheEndFollows(), tail);
        }
        for (String tail : List.of("]", "]}}", "], \"x\": 1}", "]} x", "]}\u0000")) {
            RowScanner s = scanner(tail, DisplayUnit.NS, new NameTable());
            assertFalse(s.nextRow(new long[COLUMNS.length]));
            assertFalse(s.onlyTheEndFollows(), tail);
        }
    }

    @Test
    void generatedProfilesReadTheSameWithAndWithoutTheScanner() {
        qt().withExamples(300).forAll(lists().of(integers().between(0, 1 << 20)).ofSizeBetween(0, 60),
                integers().all()).checkAssert((ops, seed) -> {
                    byte[] json = written(ops, new Random(seed));
                    assertSameOutcome(json, "seed " + seed + ", ops " + ops);
                });
    }

    @Test
    void plainProfilesAreScannedToTheEnd() {
        qt().forAll(integers().all(), integers().between(0, DisplayUnit.values().length - 1)).checkAssert((seed, u) -> {
            byte[] json = plainProfile(new Random(seed), DisplayUnit.values()[u]);
            int start = indexOf(json, "\"rows\": [".getBytes(StandardCharsets.UTF_8)) + "\"rows\": [".length();
            RowScanner s = new RowScanner(Arrays.copyOf(json, json.length + RowScanner.PADDING), start, json.length,
                    COLUMNS, units(DisplayUnit.values()[u]), new NameCache(new NameTable()));
            long[] value = new long[COLUMNS.length];
            int rows = 0;
            while (s.nextRow(value)) {
                rows++;
            }
            assertTrue(rows > 0);
            assertTrue(s.onlyTheEndFollows());
        });
    }

    @Test
    void brokenProfilesGiveTheSameMessageWithAndWithoutTheScanner() {
        byte[] alphabet = "000111-----....eeE+\"\"\\,,[]{} \n\tnulltruefalse:".getBytes(StandardCharsets.UTF_8);
        byte[] odd = {(byte) 0xc3, (byte) 0xa9, (byte) 0xe2, (byte) 0x80, (byte) 0xed, (byte) 0xa0, (byte) 0xff, 0, 1, 0x1f};
        qt().withExamples(2000).forAll(integers().all(), integers().between(1, 3)).checkAssert((seed, edits) -> {
            Random r = new Random(seed);
            byte[] json = r.nextInt(4) == 0 ? written(List.of(1, 2, 3, 300, 5000, 1 << 16), r) : plainProfile(r);
            int rowsStart = indexOf(json, "\"rows\"".getBytes(StandardCharsets.UTF_8));
            byte[] broken = json;
            for (int e = 0; e < edits; e++) {
                int at = rowsStart + r.nextInt(broken.length - rowsStart);
                if (r.nextBoolean()) {
                    // at the start of a token, where the grammar's corners are
                    while (at < broken.length - 1 && broken[at - 1] != ' ' && broken[at - 1] != '[') {
                        at++;
                    }
                }
                byte b = r.nextInt(5) == 0 ? odd[r.nextInt(odd.length)] : alphabet[r.nextInt(alphabet.length)];
                broken = switch (r.nextInt(3)) {
                    case 0 -> splice(broken, at, 1, new byte[] {b});
                    case 1 -> splice(broken, at, 0, new byte[] {b});
                    default -> splice(broken, at, 1, new byte[0]);
                };
            }
            assertSameOutcome(broken, "seed " + seed + ", edits " + edits);
        });
    }

    /** A profile as a merge of plain traces writes it: short ASCII names (one not), times in one unit. */
    private static byte[] plainProfile(Random r) {
        return plainProfile(r, DisplayUnit.values()[r.nextInt(DisplayUnit.values().length)]);
    }

    private static byte[] plainProfile(Random r, DisplayUnit unit) {
        StringBuilder sb = new StringBuilder("{\"format\": \"ppw-profile\", \"version\": 1, \"view\": \"tree\", \"unit\": \"")
                .append(unit.label()).append("\",\n \"columns\": [\"id\", \"parent_id\", \"depth\", \"name\", \"callsite\", ")
                .append("\"calls\", \"subcalls\", \"inclusive_X\", \"exclusive_X\", \"min_inclusive_X\", \"max_inclusive_X\"],\n")
                .append(" \"rows\": [");
        int rows = 1 + r.nextInt(8);
        int[] depth = new int[rows + 1];
        for (int id = 1; id <= rows; id++) {
            int parent = r.nextInt(id); // 0: a root
            depth[id] = parent == 0 ? 0 : depth[parent] + 1;
            sb.append(id == 1 ? "\n  [" : ",\n  [").append(id).append(", ").append(parent == 0 ? "null" : parent)
                    .append(", ").append(depth[id]).append(", \"").append(r.nextInt(6) == 0 ? "r\u00e9gion" : "r" + id)
                    .append("\", \"\", ").append(r.nextInt(1000)).append(", ").append(r.nextInt(1000));
            for (int t = 0; t < 4; t++) {
                sb.append(", ").append(t >= 2 && r.nextInt(4) == 0 ? "null"
                        : TimeUnits.exact(r.nextBoolean() ? r.nextInt(5_000_000) : r.nextLong() >> r.nextInt(64), unit));
            }
            sb.append(']');
        }
        return sb.append("\n ]\n}\n").toString().replace("_X\"", "_" + unit.label() + "\"").getBytes(StandardCharsets.UTF_8);
    }

    private static void assertSameOutcome(byte[] json, String where) {
        Object jackson = outcome(json, false);
        Object scanned = outcome(json, true);
        assertEquals(jackson, scanned, where);
    }

    /** The profile's rows (numbered as read) and metadata, or the message of the input's problem. */
    private static Object outcome(byte[] json, boolean scan) {
        Profile p;
        try {
            p = ProfileJsonReader.read("p.json", new ByteArrayInputStream(json), 1 << 24, scan);
        } catch (BadInputException e) {
            return e.getMessage();
        }
        List<Object> parents = new ArrayList<>();
        for (int n = 1; n < p.tree().size(); n++) {
            parents.add(p.tree().parent(n));
        }
        return List.of(RandomProfiles.rowsByPath(p.tree()), parents, RandomProfiles.metadata(p));
    }

    private static byte[] written(List<Integer> ops, Random r) {
        Profile p = RandomProfiles.generate(ops, r);
        DisplayUnit unit = r.nextInt(3) == 0 ? DisplayUnit.values()[r.nextInt(DisplayUnit.values().length)]
                : DisplayUnit.NS;
        return SavedProfiles.json(p, RandomProfiles.rows(p.tree(), r), unit);
    }

    private static RowScanner scanner(String rows, DisplayUnit unit, NameTable names) {
        byte[] input = ("garbage before" + rows).getBytes(StandardCharsets.UTF_8);
        byte[] text = Arrays.copyOf(input, input.length + RowScanner.PADDING);
        Arrays.fill(text, input.length + 1, text.length, (byte) ']'); // only the first padding byte counts
        return new RowScanner(text, "garbage before".length(), input.length, COLUMNS, units(unit),
                new NameCache(names));
    }

    private static DisplayUnit[] units(DisplayUnit unit) {
        DisplayUnit[] units = new DisplayUnit[COLUMNS.length];
        for (int c = 0; c < COLUMNS.length; c++) {
            units[c] = COLUMNS[c].isTime() ? unit : null;
        }
        return units;
    }

    private static List<Long> fields(long[] value) {
        List<Long> out = new ArrayList<>();
        for (Column f : COLUMNS) {
            if (f != Column.NAME && f != Column.CALLSITE) {
                out.add(value[f.ordinal()]);
            }
        }
        return out;
    }

    private static int indexOf(byte[] text, byte[] what) {
        outer:
        for (int i = 0; i + what.length <= text.length; i++) {
            for (int j = 0; j < what.length; j++) {
                if (text[i + j] != what[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }

    private static byte[] splice(byte[] text, int at, int remove, byte[] insert) {
        byte[] out = Arrays.copyOf(text, text.length - remove + insert.length);
        System.arraycopy(insert, 0, out, at, insert.length);
        System.arraycopy(text, at + remove, out, at + insert.length, text.length - at - remove);
        return out;
    }
}
