package dev.ppw.collect.saved;

import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.BadInputException;
import dev.ppw.model.SavedProfileLayout;
import dev.ppw.model.CallTree;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProfileJsonReaderTest {
    /** A small saved profile in microseconds: main (2.5 us) calls work (1 us). */
    private static final String SMALL = """
            {"format": "ppw-profile", "version": 1, "view": "tree", "unit": "us",
             "aggregation": {"op": "sum", "missing": "zero", "nodes": 1},
             "columns": ["id", "parent_id", "depth", "name", "callsite", "calls", "subcalls",
                         "inclusive_us", "exclusive_us", "min_inclusive_us", "max_inclusive_us"],
             "rows": [
              [1, null, 0, "main", "", 1, 1, 2.5, 1.5, 2.5, 2.5],
              [2, 1, 1, "work", "", 1, 0, 1, 1, null, null]
             ]}
            """;

    /** Version 2: a thread root and an async root of one name, and an async child. */
    private static final String PARTS = """
            {"format": "ppw-profile", "version": 2, "view": "tree", "unit": "ns",
             "columns": ["part", "id", "parent_id", "depth", "name", "callsite", "calls", "subcalls",
                         "inclusive_ns", "exclusive_ns", "min_inclusive_ns", "max_inclusive_ns"],
             "rows": [
              ["thread", 1, null, 0, "main", "", 1, 0, 10, 10, 10, 10],
              ["async", 2, null, 0, "main", "", 2, 1, 70, 50, 30, 40],
              ["async", 3, 2, 1, "work", "", 1, 0, 20, 20, 20, 20]
             ]}
            """;

    @Test
    void thePartColumnGivesEachRootItsPartAndTheirRowsStayApart() {
        CallTree t = read(PARTS).tree();
        assertEquals(4, t.size());
        assertEquals(List.of(Part.THREAD, Part.ASYNC, Part.ASYNC), List.of(t.part(1), t.part(2), t.part(3)));
        assertEquals(List.of("main", "", "-", "2", "1", "70", "50", "30", "40"), row(t, 2));
        assertEquals(List.of("work", "", "main", "1", "0", "20", "20", "20", "20"), row(t, 3));
        assertEquals(10, t.totalInclusiveNanos(Part.THREAD));
        assertEquals(70, t.totalInclusiveNanos(Part.ASYNC));
        assertFalse(read(SMALL).tree().hasAsyncPart(), "a file without the part column is thread time");
    }

    @Test
    void readsTheExampleOfTheFormatDocument() throws IOException {
        Profile p;
        try (InputStream in = getClass().getResourceAsStream("docs-example.ppw.json")) {
            p = ProfileJsonReader.read("docs-example.ppw.json", in);
        }
        assertEquals(ViewKind.TREE, p.view());
        assertEquals(MergeOp.SUM, p.aggregation());
        assertEquals(MissingRule.ZERO, p.missing());
        assertEquals(1, p.nodes());
        assertEquals(List.of("examples/perfflowaspect/smoketest.pfw"), p.inputs());
        assertEquals(List.of(new NodeInfo("smoketest.pfw", "examples/perfflowaspect/smoketest.pfw", "", "",
                Map.of(), Map.of())), p.nodeInfos());
        assertEquals(Map.of("7505", "python3"), p.processNames());
        assertEquals(Map.of("7505/7505", "MainThread"), p.threadNames());
        CallTree t = p.tree();
        assertEquals(3, t.size());
        assertEquals(List.of("foo", "", "-", "4", "4", "9978750", "4655500", "2344250", "2770750"), row(t, 1));
        assertEquals(List.of("bar", "", "foo", "4", "4", "5323250", "5276000", "1202500", "1605000"), row(t, 2));
        assertEquals(9978750, t.totalInclusiveNanos());
    }

    @Test
    void timesAreExactInTheFileUnitAndNullIsUnset() {
        CallTree t = read(SMALL).tree();
        assertEquals(List.of("main", "", "-", "1", "1", "2500", "1500", "2500", "2500"), row(t, 1));
        assertEquals(List.of("work", "", "main", "1", "0", "1000", "1000", "unset", "unset"), row(t, 2));
    }

    @Test
    void exponentsTrailingZerosAndNegativeTimesAreReadExactly() {
        String text = SMALL.replace("2.5, 1.5, 2.5, 2.5", "25e-1, 1.5000, -0.001, 2.5E0")
                .replace("\"unit\": \"us\"", "\"unit\": \"s\"").replace("_us\"", "_s\"");
        assertEquals(List.of("main", "", "-", "1", "1", "2500000000", "1500000000", "-1000000", "2500000000"),
                row(read(text).tree(), 1));
    }

    @Test
    void largeNanosecondIntegersTakeTheFastPathExactly() {
        String text = SMALL.replace("_us\"", "_ns\"").replace("\"unit\": \"us\"", "\"unit\": \"ns\"")
                .replace("2.5, 1.5, 2.5, 2.5", "9223372036854775807, -9223372036854775808, 0, 1679127184455376123")
                .replace("1, 1, null, null", "1, 1, null, 7");
        assertEquals(List.of("main", "", "-", "1", "1", "9223372036854775807", "-9223372036854775808", "0",
                "1679127184455376123"), row(read(text).tree(), 1));
        assertEquals(List.of("work", "", "main", "1", "0", "1", "1", "unset", "7"), row(read(text).tree(), 2));
    }

    @Test
    void unknownMembersAndColumnsAreSkippedAndMembersMayComeInAnyOrder() {
        String text = """
                {"rows_note": "rows may follow columns anywhere", "future": {"a": [1, {"b": null}]},
                 "columns": ["colour", "id", "parent_id", "depth", "name", "callsite", "calls", "subcalls",
                             "inclusive_us", "exclusive_us", "min_inclusive_us", "max_inclusive_us", "weight"],
                 "rows": [
                  ["red", 1, null, 0, "main", "", 1, 1, 2.5, 1.5, 2.5, 2.5, [1, 2]],
                  [{"deep": [3]}, 2, 1, 1, "work", "", 1, 0, 1, 1, null, null, 0.125]
                 ],
                 "unit": "us", "view": "callpath", "version": 1, "format": "ppw-profile",
                 "aggregation": {"nodes": 4, "future": true, "missing": "present", "op": "avg"}}
                """;
        Profile p = read(text);
        assertEquals(ViewKind.CALLPATH, p.view());
        assertEquals(MergeOp.AVG, p.aggregation());
        assertEquals(MissingRule.PRESENT, p.missing());
        assertEquals(4, p.nodes());
        assertEquals(List.of("main", "", "-", "1", "1", "2500", "1500", "2500", "2500"), row(p.tree(), 1));
        assertEquals(List.of("work", "", "main", "1", "0", "1000", "1000", "unset", "unset"), row(p.tree(), 2));
    }

    @Test
    void callsitesMakeDistinctRowsAndFlatRowsAreRoots() {
        String text = SMALL.replace("\"view\": \"tree\"", "\"view\": \"tau\", \"tau_depth\": 3")
                .replace("[2, 1, 1, \"work\", \"\",", "[2, null, 0, \"main\", \"a.c:12\",");
        Profile p = read(text);
        assertEquals(ViewKind.TAU, p.view());
        assertEquals(3, p.tauDepth());
        assertEquals(List.of("main", "a.c:12", "-", "1", "0", "1000", "1000", "unset", "unset"), row(p.tree(), 2));
    }

    @Test
    void everyDisplayTimeUnitTheFolderHonoursReadsBack() {
        for (String unit : List.of("s", "ms", "us", "ns")) {
            String text = SMALL.replace("\"unit\": \"us\",", "\"unit\": \"us\", \"display_time_unit\": \"" + unit + "\",");
            assertEquals(unit, read(text).displayTimeUnit());
        }
        assertEquals(null, read(SMALL).displayTimeUnit());
    }

    @Test
    void theInputsAMergeLeftOutReadBackSoThatAMergeOfItKeepsCountingThem() {
        String text = SMALL.replace("\"nodes\": 1},", "\"nodes\": 1},\n \"dropped\": {\"inputs\": 3, \"reasons\":"
                + " {\"the input is empty\": 2, \"not valid JSON\": 1}, \"examples\": [\"a.json: the input is empty\"]},");
        assertEquals(new DroppedInputs(3, Map.of("the input is empty", 2L, "not valid JSON", 1L),
                List.of("a.json: the input is empty")), read(text).droppedInputs());
        assertEquals(DroppedInputs.NONE, read(SMALL).droppedInputs());
        BadInputException e = assertThrows(BadInputException.class, () -> read(SMALL.replace("\"nodes\": 1},",
                "\"nodes\": 1}, \"dropped\": {\"inputs\": 3, \"reasons\": {\"the input is empty\": 2}},")));
        assertEquals("saved.json:2:124: \"dropped\" does not add up: 3 dropped inputs, but the reasons count 2",
                e.getMessage());
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                bad("empty", "", "saved.json: empty file"),
                bad("a Chrome trace", "[{\"ph\": \"X\"}]",
                        "saved.json:1:1: not a ppw-profile: expected a JSON object: \"[\""),
                bad("truncated in a row", SMALL.substring(0, SMALL.indexOf("\"work\"") + 3),
                        "saved.json:7:16: truncated: the file ends inside the profile"),
                bad("truncated after a row", SMALL.substring(0, SMALL.indexOf("[2, 1")),
                        "saved.json:7:3: truncated: the file ends inside the profile"),
                bad("not JSON", SMALL.replace("\"version\": 1,", "\"version\": 1,,"),
                        "saved.json:1:40: not valid JSON: Unexpected character (',' (code 44)): was expecting "
                                + "double-quote to start field name"),
                bad("text after the object", SMALL + "{}",
                        "saved.json:9:1: text after the end of the profile object: \"{\""),
                bad("a newer version", SMALL.replace("\"version\": 1", "\"version\": 4"),
                        "saved.json:1:38: ppw-profile version 4 is newer than this ppw-java reads (version 3): "
                                + "use a newer ppw-java"),
                bad("version as text", SMALL.replace("\"version\": 1", "\"version\": \"1\""),
                        "saved.json:1:38: \"version\" must be a positive integer: \"1\""),
                bad("another format", SMALL.replace("\"ppw-profile\"", "\"speedscope\""),
                        "saved.json:1:12: not a ppw-profile: format is \"speedscope\" (this ppw-java reads "
                                + "ppw-profile version 3)"),
                bad("no version", SMALL.replace("\"version\": 1, ", ""),
                        "saved.json:8:3: not a complete ppw-profile: \"version\" is missing"),
                bad("no rows", SMALL.substring(0, SMALL.indexOf(",\n \"rows\"")) + "}",
                        "saved.json:4:85: not a complete ppw-profile: \"rows\" is missing"),
                bad("a missing column", SMALL.replace("\"calls\", \"subcalls\"", "\"calls\""),
                        "saved.json:4:84: columns lack subcalls"),
                bad("missing time columns", SMALL.replace(",\n             \"inclusive_us\", \"exclusive_us\", "
                                + "\"min_inclusive_us\", \"max_inclusive_us\"", ""),
                        "saved.json:3:81: columns lack inclusive_us, exclusive_us, min_inclusive_us, "
                                + "max_inclusive_us"),
                bad("a repeated column", SMALL.replace("\"calls\", \"subcalls\"", "\"calls\", \"calls\""),
                        "saved.json:4:84: columns calls and calls are the same field"),
                bad("mixed units", SMALL.replace("\"exclusive_us\"", "\"exclusive_ns\""),
                        "saved.json:4:84: column exclusive_ns is in ns but inclusive_us is in us"),
                bad("unit disagreeing with the columns", SMALL.replace("\"unit\": \"us\"", "\"unit\": \"ns\""),
                        "saved.json:1:65: unit is \"ns\" but the time columns are in us"),
                bad("rows before columns", """
                        {"format": "ppw-profile", "version": 1, "view": "tree", "unit": "ns",
                         "rows": [], "columns": []}
                        """, "saved.json:2:10: \"rows\" comes before \"columns\": this reader needs the columns "
                        + "first, as ppw-java writes them"),
                bad("an unknown parent", SMALL.replace("[2, 1, 1,", "[2, 7, 1,"),
                        "saved.json:7:47: row 2 (id 2): parent_id 7 is not the id of an earlier row"),
                bad("a child before its parent", SMALL.replace("[1, null, 0, \"main\"", "[1, 2, 0, \"main\""),
                        "saved.json:6:49: row 1 (id 1): parent_id 2 is not the id of an earlier row"),
                bad("a duplicate row", SMALL.replace("[2, 1, 1, \"work\"", "[2, null, 0, \"main\""),
                        "saved.json:7:50: row 2 (id 2) repeats an earlier row (same parent, name and callsite): "
                                + "\"main\""),
                bad("a duplicate id", SMALL.replace("[2, 1, 1,", "[1, 1, 1,"),
                        "saved.json:7:47: row 2 (id 1): id 1 is used by an earlier row"),
                bad("a wrong depth", SMALL.replace("[2, 1, 1,", "[2, 1, 3,"),
                        "saved.json:7:47: row 2 (id 2): depth 3 but its parent is at depth 0"),
                bad("a short row", SMALL.replace("1, 0, 1, 1, null, null", "1, 0, 1, 1, null"),
                        "saved.json:7:41: row 2 has 10 fields but there are 11 columns"),
                bad("a long row", SMALL.replace("1, 0, 1, 1, null, null", "1, 0, 1, 1, null, null, 5"),
                        "saved.json:7:49: row 2 has more fields than the 11 columns"),
                bad("a row that is not an array", SMALL.replace("[2, 1, 1, \"work\", \"\", 1, 0, 1, 1, null, null]",
                                "{}"),
                        "saved.json:7:3: row 2 is not an array"),
                bad("a time as text", SMALL.replace("2.5, 1.5,", "\"2.5\", 1.5,"),
                        "saved.json:6:34: row 1: inclusive_us must be a number: \"2.5\""),
                bad("a null inclusive time", SMALL.replace("2.5, 1.5,", "null, 1.5,"),
                        "saved.json:6:34: row 1: inclusive_us must be a number: \"null\""),
                bad("a fraction of a nanosecond in ns", SMALL.replace("_us\"", "_ns\"")
                                .replace("\"unit\": \"us\"", "\"unit\": \"ns\""),
                        "saved.json:6:34: row 1: inclusive_ns is not a whole number of nanoseconds in unit ns: "
                                + "\"2.5\""),
                bad("a fraction of a nanosecond in us", SMALL.replace("1.5, 2.5, 2.5", "1.5, 2.0005, 2.5"),
                        "saved.json:6:44: row 1: min_inclusive_us is not a whole number of nanoseconds in unit us: "
                                + "\"2.0005\""),
                bad("a time out of range", SMALL.replace("1.5, 2.5, 2.5", "1.5, 2.5, 1e30"),
                        "saved.json:6:49: row 1: max_inclusive_us is out of range (more than 292 years in "
                                + "nanoseconds): \"1e30\""),
                bad("calls as a decimal", SMALL.replace("\"main\", \"\", 1, 1,", "\"main\", \"\", 1.5, 1,"),
                        "saved.json:6:28: row 1: calls must be an integer: \"1.5\""),
                bad("a name as a number", SMALL.replace("\"work\"", "42"),
                        "saved.json:7:13: row 2: name must be a string: \"42\""),
                bad("an unknown view", SMALL.replace("\"tree\"", "\"graph\""),
                        "saved.json:1:49: unknown view \"graph\": expected tree, callpath, flat or tau"),
                bad("tau without its depth", SMALL.replace("\"tree\"", "\"tau\""),
                        "saved.json:8:3: view tau needs \"tau_depth\""),
                bad("an unknown operator", SMALL.replace("\"op\": \"sum\"", "\"op\": \"median\""),
                        "saved.json:2:24: unknown aggregation 'median': use sum, min, max or avg"),
                bad("a repeated member", SMALL.replace("\"view\": \"tree\"", "\"view\": \"tree\", \"view\": \"flat\""),
                        "saved.json:1:57: \"view\" appears twice"),
                bad("an unknown display time unit", SMALL.replace("\"unit\": \"us\",",
                                "\"unit\": \"us\", \"display_time_unit\": \"weeks\","),
                        "saved.json:1:92: display_time_unit \"weeks\" is not s, ms, us or ns"),
                bad("an unknown part", PARTS.replace("[\"async\", 2,", "[\"ASYNC\", 2,"),
                        "saved.json:6:4: row 2: part must be \"thread\" or \"async\": \"ASYNC\""),
                bad("a part that is not text", PARTS.replace("[\"async\", 2,", "[1, 2,"),
                        "saved.json:6:4: row 2: part must be \"thread\" or \"async\": \"1\""),
                bad("a child in another part than its parent", PARTS.replace("[\"async\", 3,", "[\"thread\", 3,"),
                        "saved.json:7:55: row 3 (id 3): part thread but its parent row is in part async"),
                bad("a top-imbalance report", SMALL.replace("\"version\": 1,", "\"version\": 1, \"top_imbalance\": 2,"),
                        "saved.json:1:58: this file lists only the rows of largest imbalance (--top-imbalance): "
                                + "it is a report, not a saved profile"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void malformedInputsStopWithOneLineNamingThePlace(String what, String text, String expected) {
        BadInputException e = assertThrows(BadInputException.class, () -> read(text), what);
        assertEquals(expected, e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), "one line");
        assertEquals(0, e.getStackTrace().length, "no stack trace for bad input");
    }

    @Test
    void aFailingStreamIsBadInputToo() {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("Unexpected end of ZLIB input stream");
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                throw new IOException("Unexpected end of ZLIB input stream");
            }
        };
        BadInputException e = assertThrows(BadInputException.class, () -> ProfileJsonReader.read("x.json.gz", broken));
        assertEquals("x.json.gz:1:1: cannot read: Unexpected end of ZLIB input stream", e.getMessage());
    }

    @Test
    void aFormatValueWithALineBreakIsSaidOnOneLine() {
        // found by fuzzing (SavedProfileFuzzTest): the value is said in the message, escaped
        BadInputException e = assertThrows(BadInputException.class, () -> read("{\"format\": \"pp\\\\\\nd\"}"));
        assertEquals("saved.json:1:12: not a ppw-profile: format is \"pp\\\\\\nd\" (this ppw-java reads ppw-profile"
                + " version " + SavedProfileLayout.VERSION + ")", e.getMessage());
    }

    @Test
    void bytesOfAnEncodingTheParserDoesNotReadAreNotValidTextAtTheStart() {
        // found by fuzzing (SavedProfileFuzzTest): a UCS-4 byte order that Jackson detects but does not read
        byte[] ucs4 = {0, 0, 2, 0, (byte) 0xff, '{'};
        for (int maxInMemory : new int[] {1, 1 << 20}) {
            BadInputException e = assertThrows(BadInputException.class, () -> ProfileJsonReader.read("saved.json",
                    new ByteArrayInputStream(ucs4), maxInMemory, true));
            assertEquals("saved.json:1:1: not valid text: Unsupported UCS-4 endianness (2143) detected", e.getMessage(),
                    "in memory up to " + maxInMemory + " bytes");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void withoutTheRowScannerOrAsAStreamTheMessagesAreTheSame(String what, String text, String expected) {
        BadInputException jacksonOnly = assertThrows(BadInputException.class, () -> ProfileJsonReader.read(
                "saved.json", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), 1 << 20, false));
        assertEquals(expected, jacksonOnly.getMessage(), "without the row scanner");
        for (int maxInMemory : new int[] {1, 7, 100}) {
            BadInputException e = assertThrows(BadInputException.class, () -> ProfileJsonReader.read("saved.json",
                    new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), maxInMemory, true), what);
            assertEquals(expected, e.getMessage(), "in memory up to " + maxInMemory + " bytes");
        }
    }

    @Test
    void aLongInputParsedAsAStreamGivesTheSameProfile() {
        Profile whole = read(SMALL);
        for (int maxInMemory = 1; maxInMemory <= SMALL.length() + 1; maxInMemory += 13) {
            Profile streamed = ProfileJsonReader.read("saved.json",
                    new ByteArrayInputStream(SMALL.getBytes(StandardCharsets.UTF_8)), maxInMemory, true);
            for (int n = 1; n < whole.tree().size(); n++) {
                assertEquals(row(whole.tree(), n), row(streamed.tree(), n), "in memory up to " + maxInMemory);
            }
            assertEquals(whole.tree().size(), streamed.tree().size());
        }
    }

    @Test
    void aStreamFailingMidwayIsPlacedWhereItStopped() {
        byte[] head = SMALL.substring(0, SMALL.indexOf("[2, 1")).getBytes(StandardCharsets.UTF_8);
        InputStream failing = new InputStream() {
            private int position;

            @Override
            public int read() throws IOException {
                if (position == head.length) {
                    throw new IOException("Unexpected end of ZLIB input stream");
                }
                return head[position++];
            }
        };
        BadInputException e = assertThrows(BadInputException.class, () -> ProfileJsonReader.read("x.json.gz", failing));
        // the line where the text stops (Jackson's column there counts the bytes it had buffered)
        assertTrue(e.getMessage().startsWith("x.json.gz:7:"), e.getMessage());
        assertTrue(e.getMessage().endsWith(": cannot read: Unexpected end of ZLIB input stream"), e.getMessage());
    }

    private static Arguments bad(String what, String text, String expected) {
        return Arguments.of(what, text, expected);
    }

    static Profile read(String text) {
        return ProfileJsonReader.read("saved.json", new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** name, callsite, parent's name, calls, subcalls, inclusive, exclusive, min, max (ns; "unset"). */
    private static List<String> row(CallTree t, int node) {
        int parent = t.parent(node);
        return List.of(t.regionName(node), t.callsiteName(node), parent == CallTree.ROOT ? "-" : t.regionName(parent),
                Long.toString(t.calls(node)), Long.toString(t.subcalls(node)), Long.toString(t.inclusiveNanos(node)),
                Long.toString(t.exclusiveNanos(node)), unsetOr(t.minInclusiveNanos(node)),
                unsetOr(t.maxInclusiveNanos(node)));
    }

    private static String unsetOr(long nanos) {
        return nanos == CallTree.UNSET ? "unset" : Long.toString(nanos);
    }
}
