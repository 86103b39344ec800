package dev.ppw.collect.lttng;

import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.Golden;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The babeltrace2 text reader and the LTTng folding, on real traces and on made lines. */
class LttngTextTest {
    /** Where make-traces.sh builds the workload: the trace's statedump names this path. */
    static final String TRACED_BINARY = "/tmp/ppw-lttng-work/ust_work";
    static final String SHARED = "lttng/lttng-cyg-lttng_work.debuginfo.txt.gz";

    /** Finds only the workload binary kept in the test resources, whatever this machine has elsewhere. */
    static final AddressNames.BinaryLookup RESOURCES = path -> TRACED_BINARY.equals(path)
            ? ElfSymbols.parse(TestInputs.testResource("lttng/ust_work")) : null;

    static TreeSink fold(String resource, AddressNames.BinaryLookup lookup) throws IOException {
        TreeSink sink = new TreeSink();
        new BabeltraceTextFormat(lookup).read(InputSource.of(resource, TestInputs.testResource(resource)), sink,
                ReadOptions.defaults());
        return sink;
    }

    static TreeSink foldText(String text) throws IOException {
        TreeSink sink = new TreeSink();
        new BabeltraceTextFormat(AddressNames.noBinaries()).read(
                InputSource.of("t.txt", text.getBytes(StandardCharsets.UTF_8)), sink, ReadOptions.defaults());
        return sink;
    }

    /** Each event's name, time and a few fields, as the reader hands them on. */
    static List<String> events(String text) throws IOException {
        List<String> out = new ArrayList<>();
        new BabeltraceTextReader("t.txt", new Diagnostics(), e -> out.add(e.name() + "@" + e.timestampNanos()))
                .read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        return out;
    }

    static Map<String, Long> namesCounted(byte[] text) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        new BabeltraceTextReader("t.txt", new Diagnostics(), e -> counts.merge(e.name(), 1L, Long::sum))
                .read(new ByteArrayInputStream(text));
        return counts;
    }

    /** The per-name counts of babeltrace2 text as {@code awk '{print $4}' | sort | uniq -c} gives them. */
    static Map<String, Long> namesByWords(byte[] text) {
        Map<String, Long> counts = new TreeMap<>();
        for (String line : new String(text, StandardCharsets.UTF_8).split("\n")) {
            String[] words = line.split(" ");
            counts.merge(words[3].substring(0, words[3].length() - 1), 1L, Long::sum);
        }
        return counts;
    }

    static void assertGolden(String resource, String actual) {
        Golden.check(Path.of("src/test/resources", resource), actual);
    }

    @Test
    void theTraceFoldsToItsGoldenTree() throws IOException {
        TreeSink sink = fold("lttng/ust.txt", RESOURCES);
        assertGolden("lttng/ust.tree", sink.print());
        assertEquals(Map.of("27755", "ust_work"), sink.processNames);
        assertEquals(0, sink.unmatchedEnds + sink.mismatchedEnds + sink.unclosed);
        assertEquals(27, sink.diagnostics().noteCount(UstFolding.OTHER_EVENT_PREFIX + "lttng_ust_statedump:"
                + "build_id") + sink.diagnostics().noteCount(UstFolding.OTHER_EVENT_PREFIX
                + "lttng_ust_statedump:debug_link") + sink.diagnostics().noteCount(UstFolding.OTHER_EVENT_PREFIX
                + "lttng_ust_statedump:bin_info"));
    }

    @Test
    void debugInfoTextFoldsToTheSameTreeAsTheElfSymbols() throws IOException {
        String withDebugInfo = fold("lttng/ust.debuginfo.txt", RESOURCES).print();
        assertGolden("lttng/ust.debuginfo.tree", withDebugInfo);
        assertEquals(fold("lttng/ust.txt", RESOURCES).print(), withDebugInfo,
                "babeltrace2's debug-info names and our ELF lookup agree");
    }

    @Test
    void withoutTheBinaryRegionsAreNamedByBinaryAndOffset() throws IOException {
        String tree = fold("lttng/ust.txt", AddressNames.noBinaries()).print();
        assertTrue(tree.contains("\n  ust_work+0x"), tree);
        assertTrue(tree.contains(" <- libc.so.6+0x"), tree);
    }

    @Test
    void everyDebugInfoFunctionIsWhatTheElfLookupNames() throws IOException {
        AddressNames names = new AddressNames(RESOURCES);
        int[] compared = {0};
        new BabeltraceTextReader("t", new Diagnostics(), e -> {
            long vpid = e.integer("vpid");
            names.accept(e, vpid);
            String func = e.string("debug_info.func");
            if (e.name().startsWith("lttng_ust_cyg_profile:") && func != null && !func.isEmpty()) {
                assertEquals(e.integer("ip"), e.integer("addr"));
                assertEquals(func.substring(0, func.indexOf('+')), names.function(vpid, e.integer("addr")));
                compared[0]++;
            }
        }).read(new ByteArrayInputStream(TestInputs.testResource("lttng/ust.debuginfo.txt")));
        assertEquals(142, compared[0]);
    }

    @Test
    void theSharedTraceAgreesWithBabeltraceOnBinaryOffsets() throws IOException {
        AddressNames names = new AddressNames(AddressNames.noBinaries());
        int[] compared = {0};
        byte[] text = InputSource.of(SHARED, TestInputs.testResource(SHARED)).open().readAllBytes();
        new BabeltraceTextReader("t", new Diagnostics(), e -> {
            names.accept(e, e.integer("vpid"));
            String bin = e.string("debug_info.bin");
            if (e.name().startsWith("lttng_ust_cyg_profile:") && bin != null && !bin.isEmpty()) {
                assertEquals(bin, names.function(e.integer("vpid"), e.integer("ip")));
                compared[0]++;
            }
        }).read(new ByteArrayInputStream(text));
        assertEquals(9658, compared[0]);
    }

    @Test
    void theSharedTraceFoldsToItsGoldenTree() throws IOException {
        TreeSink sink = fold(SHARED, AddressNames.noBinaries());
        assertGolden("lttng/lttng-cyg-lttng_work.tree", sink.print());
        assertEquals(0, sink.unmatchedEnds + sink.mismatchedEnds + sink.unclosed);
    }

    @Test
    void eventCountsAreTheLinesAndNamesOfTheText() throws IOException {
        for (String resource : List.of("lttng/ust.txt", "lttng/ust.debuginfo.txt")) {
            byte[] text = TestInputs.testResource(resource);
            Map<String, Long> counted = namesCounted(text);
            assertEquals(namesByWords(text), counted, resource);
            assertEquals(202, counted.values().stream().mapToLong(Long::longValue).sum(), resource);
            assertEquals(71, counted.get("lttng_ust_cyg_profile:func_entry"));
            assertEquals(24, counted.get("lttng_ust_libc:calloc"));
        }
        byte[] shared = InputSource.of(SHARED, TestInputs.testResource(SHARED)).open().readAllBytes();
        Map<String, Long> counted = namesCounted(shared);
        assertEquals(namesByWords(shared), counted);
        assertEquals(9685, counted.values().stream().mapToLong(Long::longValue).sum());
        assertEquals(4829, counted.get("lttng_ust_cyg_profile:func_exit"));
    }

    @Test
    void eventCountsAgreeWithBabeltraceItselfOnTheCommittedCtfFolder() throws IOException, InterruptedException {
        Path trace = Path.of("src/test/resources/lttng/ust-trace");
        boolean installed = Files.isExecutable(Path.of("/usr/bin/babeltrace2"))
                || Files.isExecutable(Path.of("/usr/local/bin/babeltrace2"));
        assumeTrue(installed, "babeltrace2 is not installed (Debian: apt-get install babeltrace2); the committed"
                + " text of the same trace is checked by eventCountsAreTheLinesAndNamesOfTheText");
        Process p = new ProcessBuilder("babeltrace2", trace.toString()).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        byte[] text = p.getInputStream().readAllBytes();
        assertEquals(0, p.waitFor());
        long lines = new String(text, StandardCharsets.UTF_8).lines().count();
        Map<String, Long> counted = namesCounted(text);
        assertEquals(lines, counted.values().stream().mapToLong(Long::longValue).sum(), "babeltrace2 DIR | wc -l");
        assertEquals(namesByWords(text), counted);
        assertEquals(namesCounted(TestInputs.testResource("lttng/ust.txt")), counted);
    }

    @Test
    void allocationsWeighOnTheCallOpenOnTheirThread() throws IOException {
        TreeSink sink = foldText("""
                [10:00:00.000000100] (+?.?????????) h lttng_ust_cyg_profile:func_entry: { cpu_id = 0 }, { vpid = 5, vtid = 6, procname = "w" }, { addr = 0x10, call_site = 0x20 }
                [10:00:00.000000200] (+0.000000100) h lttng_ust_libc:malloc: { cpu_id = 0 }, { vpid = 5, vtid = 6, procname = "w" }, { size = 64, ptr = 0x7000 }
                [10:00:00.000000250] (+0.000000050) h lttng_ust_libc:malloc: { cpu_id = 0 }, { vpid = 5, vtid = 7, procname = "w" }, { size = 8, ptr = 0x7100 }
                [10:00:00.000000300] (+0.000000100) h lttng_ust_cyg_profile:func_entry: { cpu_id = 0 }, { vpid = 5, vtid = 6, procname = "w" }, { addr = 0x30, call_site = 0x14 }
                [10:00:00.000000400] (+0.000000100) h lttng_ust_libc:calloc: { cpu_id = 0 }, { vpid = 5, vtid = 6, procname = "w" }, { nmemb = 3, size = 10, ptr = 0x7200 }
                [10:00:00.000000500] (+0.000000100) h lttng_ust_libc:realloc: { cpu_id = 0 }, { vpid = 5, vtid = 6, procname = "w" }, { in_ptr = 0x7200, size = 100, ptr = 0x7300 }
                [10:00:00.000000600] (+0.000000100) h lttng_ust_cyg_profile:func_exit: { cpu_id = 0 }, { vpid = 5, vtid = 6, procname = "w" }, { addr = 0x30, call_site = 0x14 }
                [10:00:00.000000700] (+0.000000100) h lttng_ust_cyg_profile:func_exit: { cpu_id = 0 }, { vpid = 5, vtid = 6, procname = "w" }, { addr = 0x10, call_site = 0x20 }
                """);
        assertEquals("""
                5/6 (w)
                  0x10 <- 0x20  calls=1 incl=600 alloc=194
                    0x30 <- 0x14  calls=1 incl=300 alloc=130
                """, sink.print());
        assertEquals(1, sink.diagnostics().noteCount(UstFolding.ALLOCATION_OUTSIDE_CALL));
    }

    @Test
    void pythonCallsShareTheThreadStackWithNativeCalls() throws IOException {
        TreeSink sink = foldText("""
                [10:00:00.000000100] (+?.?????????) h python:call: { cpu_id = 7 }, { vpid = 9, vtid = 9 }, { co_name = "" }
                [10:00:00.000000200] (+0.000000100) h python:call: { cpu_id = 7 }, { vpid = 9, vtid = 9 }, { co_name = "foo" }
                [10:00:00.000000300] (+0.000000100) h lttng_ust_cyg_profile_fast:func_entry: { cpu_id = 7 }, { vpid = 9, vtid = 9 }, { addr = 0x400 }
                [10:00:00.000000400] (+0.000000100) h lttng_ust_cyg_profile_fast:func_exit: { cpu_id = 7 }, { vpid = 9, vtid = 9 }, { }
                [10:00:00.000000500] (+0.000000100) h python:return: { cpu_id = 7 }, { vpid = 9, vtid = 9 }, { }
                [10:00:00.000000600] (+0.000000100) h python:return: { cpu_id = 7 }, { vpid = 9, vtid = 9 }, { }
                [10:00:00.000000700] (+0.000000100) h python:return: { cpu_id = 7 }, { vpid = 9, vtid = 9 }, { }
                """);
        assertEquals("""
                9/9 ()
                  <unnamed>  calls=1 incl=500
                    foo  calls=1 incl=300
                      0x400  calls=1 incl=100
                """, sink.print());
        assertEquals(0, sink.unmatchedEnds, "the folding keeps the stack and hands on only ends that close");
        assertEquals(List.of("t.txt: vpid 9 vtid 9: python:return at [10:00:00.000000700] with no call open on the"
                + " thread (python:call before the trace?): dropped"),
                sink.diagnostics().warnings().get("unmatched_end").examples(), "the return with an empty stack");
    }

    @Test
    void anExitOfAnotherFunctionClosesTheInnermostCallLikeAChromeEnd() throws IOException {
        TreeSink sink = foldText("""
                [10:00:00.000000100] (+?.?????????) h lttng_ust_cyg_profile:func_entry: { }, { vpid = 1, vtid = 1 }, { addr = 0x10, call_site = 0x1 }
                [10:00:00.000000200] (+0.000000100) h lttng_ust_cyg_profile:func_entry: { }, { vpid = 1, vtid = 1 }, { addr = 0x20, call_site = 0x11 }
                [10:00:00.000000300] (+0.000000100) h lttng_ust_cyg_profile:func_exit: { }, { vpid = 1, vtid = 1 }, { addr = 0x10, call_site = 0x1 }
                [10:00:00.000000900] (+0.000000600) h lttng_ust_cyg_profile:func_exit: { }, { vpid = 1, vtid = 1 }, { addr = 0x10, call_site = 0x1 }
                """);
        assertEquals("""
                1/1 ()
                  0x10 <- 0x1  calls=1 incl=800
                    0x20 <- 0x11  calls=1 incl=100
                """, sink.print());
        assertEquals(0, sink.mismatchedEnds, "the sink is handed unnamed ends");
        assertEquals(List.of("t.txt: vpid 1 vtid 1: lttng_ust_cyg_profile:func_exit of '0x10' at [10:00:00.000000300]"
                + " closes the innermost open call, '0x20' (entered at [10:00:00.000000200])"),
                sink.diagnostics().warnings().get("mismatched_end").examples());
    }

    @Test
    void callsOpenAtTheEndCloseAtTheThreadsLastEntryOrExitInLttngsWords() throws IOException {
        TreeSink sink = foldText("""
                [1795000000.000000100] (+?.?????????) h lttng_ust_cyg_profile:func_entry: { }, { vpid = 1, vtid = 2, procname = "app" }, { addr = 0x10, call_site = 0x1 }
                [1795000000.000000200] (+0.000000100) h lttng_ust_cyg_profile:func_entry: { }, { vpid = 1, vtid = 2, procname = "app" }, { addr = 0x20, call_site = 0x11 }
                [1795000000.000000300] (+0.000000100) h lttng_ust_cyg_profile:func_exit: { }, { vpid = 1, vtid = 2, procname = "app" }, { addr = 0x20, call_site = 0x11 }
                [1795000000.000000400] (+0.000000100) h lttng_ust_cyg_profile:func_exit: { }, { vpid = 1, vtid = 2, procname = "app" }, { addr = 0x30, call_site = 0x11 }
                [1795000000.000000900] (+0.000000500) h lttng_ust_cyg_profile:func_exit: { }, { vpid = 1, vtid = 2, procname = "app" }, { addr = 0x10, call_site = 0x1 }
                [1795000001.000000000] (+0.999999100) h lttng_ust_cyg_profile:func_entry: { }, { vpid = 1, vtid = 2, procname = "app" }, { addr = 0x40, call_site = 0x1 }
                [1795000001.000000500] (+0.000000500) h lttng_ust_cyg_profile:func_entry: { }, { vpid = 1, vtid = 2, procname = "app" }, { addr = 0x50, call_site = 0x41 }
                """);
        assertEquals("""
                1/2 (app)
                  0x10 <- 0x1  calls=1 incl=300
                    0x20 <- 0x11  calls=1 incl=100
                  0x40 <- 0x1  calls=1 incl=500
                    0x50 <- 0x41  calls=1 incl=0
                """, sink.print());
        assertEquals(List.of(
                "t.txt: vpid 1 vtid 2 (app): '0x50' entered (lttng_ust_cyg_profile:func_entry) at [1795000001.000000500]"
                        + " never exited before the trace ends: closed at the thread's last entry or exit,"
                        + " [1795000001.000000500] (depth 1)",
                "t.txt: vpid 1 vtid 2 (app): '0x40' entered (lttng_ust_cyg_profile:func_entry) at [1795000001.000000000]"
                        + " never exited before the trace ends: closed at the thread's last entry or exit,"
                        + " [1795000001.000000500] (depth 0)"),
                sink.diagnostics().warnings().get("unclosed_begin").examples());
        assertEquals(List.of("t.txt: vpid 1 vtid 2 (app): lttng_ust_cyg_profile:func_exit of '0x10' at"
                        + " [1795000000.000000900] with no call open on the thread (func_entry before the trace?): dropped"),
                sink.diagnostics().warnings().get("unmatched_end").examples(),
                "the exit of 0x30 closed 0x10, so 0x10's own exit finds nothing open");
        assertEquals(0, sink.unclosed, "the sink is left nothing open");
    }

    @Test
    void timesAreExactAndATimeOfDayPassesMidnight() throws IOException {
        assertEquals(List.of("a:b@86399999999999", "a:b@86400000000001", "a:b@86400000000500"), events("""
                [23:59:59.999999999] (+?.?????????) a:b: { }
                [00:00:00.000000001] (+0.000000002) a:b: { }
                [00:00:00.0000005] (+0.000000002) a:b: { }
                """));
        assertEquals(List.of("x:y@1795000000684014837", "x:y@1795000000684014838"), events("""
                [1795000000.684014837] (+?.?????????) vm x:y: { cpu_id = 0 }
                [1795000000.684014838] (+0.000000001) vm x:y: { cpu_id = 0 }
                """));
        assertEquals(List.of("x:y@1795000000684014837"), events("""
                [2026-11-18 11:06:40.684014837] (+?.?????????) vm x:y: { cpu_id = 0 }
                """));
    }

    @Test
    void valuesAreReadAsBabeltracePrintsThem() throws IOException {
        Map<String, Object> seen = new LinkedHashMap<>();
        new BabeltraceTextReader("t", new Diagnostics(), e -> {
            for (String f : List.of("dec", "neg", "hex", "oct", "bin", "big", "real", "s", "esc", "e", "u",
                    "nest.inner.deep", "after", "cpu_id", "vtid")) {
                seen.put(f, e.string(f) != null ? e.string(f) : e.integer(f));
            }
        }).read(new ByteArrayInputStream(("[01:02:03.000000004] (+?.?????????) host p:e: { cpu_id = 3 }, "
                + "{ vtid = 4 }, { dec = 42, neg = -7, hex = 0x7FAB13F4D000, oct = 0644, bin = 0b101, "
                + "big = 18446744073709551615, real = 1.5e+10, s = \"a, b } c\", esc = \"q\\\"t\\\\n\\nx\\x41é\", "
                + "e = ( \"LABEL\" : container = 3 ), u = ( <unknown> : container = -2 ), "
                + "arr = [ [0] = { x = 1 }, [1] = { x = 2 } ], empty = [ ], "
                + "nest = { inner = { deep = \"d\" } }, after = 5, cpu_id = 99 }\n")
                .getBytes(StandardCharsets.UTF_8)));
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("dec", 42L);
        expected.put("neg", -7L);
        expected.put("hex", 0x7FAB13F4D000L);
        expected.put("oct", 0644L);
        expected.put("bin", 5L);
        expected.put("big", -1L);
        expected.put("real", Long.MIN_VALUE);
        expected.put("s", "a, b } c");
        expected.put("esc", "q\"t\\n\nxAé");
        expected.put("e", 3L);
        expected.put("u", -2L);
        expected.put("nest.inner.deep", "d");
        expected.put("after", 5L);
        expected.put("cpu_id", 99L);
        expected.put("vtid", 4L);
        assertEquals(expected, seen, "the payload's cpu_id shadows the packet context's");
    }

    @Test
    void badLinesAreCountedWithTheirPlaceAndACutLastLineIsTruncated() throws IOException {
        TreeSink sink = foldText("""
                [10:00:00.000000100] (+?.?????????) h lttng_ust_cyg_profile:func_entry: { }, { vpid = 1, vtid = 1 }, { addr = 0x10, call_site = 0x1 }
                garbage here
                [10:00:00.000000200] (+?.?????????) h lttng_ust_cyg_profile:func_exit: { }, { vpid = 1, vtid = 1 }, { addr = 0x10, call_site = 0x1 }
                [10:00:00.000000300] (+?.?????????) h lttng_ust_cyg_profile:func_entry: { }, { vpid = 1, vtid = 1 }, { addr = 0x1""");
        assertEquals(1, sink.diagnostics().warningCount(Diagnostics.BAD_EVENT));
        assertEquals("t.txt:2:1: expected '[' and the event's time: \"garbage here\"",
                sink.diagnostics().warnings().get(Diagnostics.BAD_EVENT).examples().get(0));
        assertEquals(1, sink.diagnostics().warningCount(Diagnostics.TRUNCATED));
        assertTrue(sink.diagnostics().warnings().get(Diagnostics.TRUNCATED).examples().get(0)
                .startsWith("t.txt:4:"), sink.diagnostics().warnings().toString());
        assertEquals("1/1 ()\n  0x10 <- 0x1  calls=1 incl=100\n", sink.print());
    }

    @Test
    void aFileWithoutAnyEventIsAnErrorAtItsFirstLine() {
        BadInputException e = assertThrows(BadInputException.class, () -> foldText("\nnot { an event\n[12:00] x\n"));
        assertEquals("t.txt:2:1: not babeltrace2 text: no line is an event (expected '[' and the event's time):"
                + " \"not { an event\"", e.getMessage());
    }

    @Test
    void aKernelTraceIsCountedEventsNotAnError() throws IOException {
        TreeSink sink = foldText("""
                [08:15:42.131470010] (+?.?????????) vm sched_switch: { cpu_id = 1 }, { prev_comm = "swapper/1", prev_tid = 0, prev_prio = 20, prev_state = 0, next_comm = "bash", next_tid = 812, next_prio = 20 }
                [08:15:42.131478201] (+0.000008191) vm syscall_entry_write: { cpu_id = 1 }, { fd = 1, buf = 94582391235232, count = 12 }
                [08:15:42.131480110] (+0.000001909) vm syscall_exit_write: { cpu_id = 1 }, { ret = 12 }
                """);
        assertEquals("", sink.print());
        assertEquals(1, sink.diagnostics().noteCount(UstFolding.OTHER_EVENT_PREFIX + "sched_switch"));
        assertEquals(1, sink.diagnostics().noteCount(UstFolding.OTHER_EVENT_PREFIX + "syscall_exit_write"));
        assertEquals(0, sink.diagnostics().warningCount());
    }

    @Test
    void theProbeClaimsBabeltraceTextAndNothingElse() {
        BabeltraceTextFormat format = new BabeltraceTextFormat();
        assertEquals(Confidence.CERTAIN, format.probe(Head.of("x", TestInputs.testResource("lttng/ust.txt"))));
        assertEquals(Confidence.CERTAIN, format.probe(Head.of("x", TestInputs.utf8(
                "[2026-11-18 08:53:20.684014837] (+?.?????????) vm x:y: { cpu_id = 0 }\n"))));
        assertEquals(Confidence.NONE, format.probe(Head.of("x", TestInputs.utf8("[{\"ph\": \"B\"}]\n"))));
        assertEquals(Confidence.NONE, format.probe(Head.of("x", TestInputs.utf8("main;a 3\n"))));
        assertNotNull(TestInputs.FORMATS.byName("lttng-text").orElse(null));
    }
}
