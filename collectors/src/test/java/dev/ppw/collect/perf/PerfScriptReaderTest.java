package dev.ppw.collect.perf;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** perf script text in, the sink's calls out: stacks, callsites, weights, tracks, and what is skipped and why. */
class PerfScriptReaderTest {
    private static final String NAME = "p.txt";

    static RecordingSink read(String text) {
        RecordingSink sink = new RecordingSink();
        try {
            new PerfScriptFormat().read(InputSource.of(NAME, text.getBytes(StandardCharsets.UTF_8)), sink,
                    ReadOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    static List<String> samples(RecordingSink sink) {
        return sink.calls().stream().filter(c -> c.startsWith("sample ")).toList();
    }

    @Test
    void aDefaultBlockIsOneTimeSampleOfItsStackOutermostFirstWithTheCallersPlaces() {
        RecordingSink sink = read("""
                perf_work 14612   521.415818:    1001001 cpu-clock:ppp:\s
                \tffffffff81621756 __alloc_frozen_pages_noprof+0x176 ([kernel.kallsyms])
                \t            1157 main+0x97 (/tmp/perf/perf_work)
                \t           2724a __libc_start_call_main+0x7a (/usr/lib/x86_64-linux-gnu/libc.so.6)

                perf_work 14614   521.417341:    1001001 cpu-clock:ppp:\s
                \t            1457 fnv1a.constprop.0+0x27 (/tmp/perf/perf_work)
                \t            158b worker+0x4b (/tmp/perf/perf_work)

                """);
        assertEquals(List.of(
                "sample T(,14612) 521415818000 1001001 time x1 __libc_start_call_main;main @__libc_start_call_main+0x7a;"
                        + "__alloc_frozen_pages_noprof @main+0x97",
                "sample T(,14614) 521417341000 1001001 time x1 worker;fnv1a.constprop.0 @worker+0x4b"), samples(sink));
        assertEquals(List.of("T(,14612)", "T(,14614)"), sink.tracks());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void jitSymbolsKeepTheirSpacesAndColonsAndCppKeepsItsColonsAndParentheses() {
        RecordingSink sink = read("""
                node 23252 100.000001:     1001001 cpu-clock:ppp:\s
                \t    7f89b0003c9b JS:^requireBuiltin node:internal/bootstrap/realm:420:24+0x25b (/tmp/perf-23252.map)
                \t          b51915 v8::internal::Builtin_HandleApiCall+0x115 (/usr/bin/node)
                \t          c0ffee node::fs::FileHandle::ClosePromise()::{lambda(uv_fs_s*)#1}::_FUN (/usr/bin/node)
                \t               0 [unknown] ([unknown])
                \t          abc123 ([kernel.kallsyms])

                """);
        assertEquals(List.of("sample T(,23252) 100000001000 1001001 time x1 abc123;[unknown];"
                + "node::fs::FileHandle::ClosePromise()::{lambda(uv_fs_s*)#1}::_FUN;"
                + "v8::internal::Builtin_HandleApiCall;"
                + "JS:^requireBuiltin node:internal/bootstrap/realm:420:24 @v8::internal::Builtin_HandleApiCall+0x115"),
                samples(sink));
    }

    @Test
    void samplesWithoutCallGraphsAreOneFrameFromTheHeaderLine() {
        RecordingSink sink = read("""
                            work 24530/24530 [001] 18425.498951:    1001001 cpu-clock:ppp:  ffffffff821d8e56 idr_get_free+0xc6 ([kernel.kallsyms])
                   Web Content 24530/24532 18425.499949:    1001001 cpu-clock:ppp:      7f7a3d6499c6 __random+0x46 (/usr/lib/libc.so.6)
                """);
        assertEquals(List.of(
                "thread_name 24530 24530 work", "process_name 24530 work",
                "sample T(24530,24530) 18425498951000 1001001 time x1 idr_get_free",
                "thread_name 24530 24532 Web Content",
                "sample T(24530,24532) 18425499949000 1001001 time x1 __random"),
                sink.calls().subList(1, sink.calls().size() - 1));
        assertEquals(List.of("sample T(,24530) 1 1 samples x1 __random", "sample T(,24531) 2 1 samples x1 f"),
                samples(read("24530      7f7a3d6499a1 __random\n24531      1396 f\n")), "-F tid,ip,sym: no time");
    }

    @Test
    void aHeaderOfAnotherLayoutThanTheFirstIsABadBlock() {
        RecordingSink sink = read("w 1 1.0: 5 cpu-clock:\n\t1 a (/x)\n\nw 1 5 cpu-clock:\n\t1 b (/x)\n\n");
        assertEquals(List.of("sample T(,1) 1000000000 5 time x1 a"), samples(sink));
        assertEquals("p.txt:4:1: a sample header without the time the input's first one has; the sample is skipped:"
                + " \"w 1 5 cpu-clock:\"", sink.firstExample(Diagnostics.BAD_EVENT));
    }

    @Test
    void eachEventIsAMetricInItsUnitWeighedByItsPeriodOrOnePerSample() {
        RecordingSink sink = read("""
                work 1 1.000000001:          20      page-faults/period=20/:\s
                \t    1 f+0x1 (/w)

                work 1 1.000000002:    1001001 cpu-clock/freq=999/:\s
                \t    1 f+0x1 (/w)

                work 1 1.000000003:     250000 cycles:u:\s
                \t    1 f+0x1 (/w)

                work 1 1.000000004: cpu-clock:ppp:\s
                \t    1 f+0x1 (/w)

                work 1 1.000000005: sched:sched_switch: prev_comm=work prev_pid=1
                \t    1 f+0x1 (/w)

                """);
        assertEquals(List.of("sample T(,1) 1000000001 20 page_faults x1 f", "sample T(,1) 1000000002 1001001 time x1 f",
                "sample T(,1) 1000000003 250000 cycles x1 f", "sample T(,1) 1000000004 1 cpu_clock_samples x1 f",
                "sample T(,1) 1000000005 1 sched_sched_switch x1 f"), samples(sink));
    }

    @Test
    void eventNamesLoseWhatPerfAddsToThem() {
        assertEquals("cpu-clock", PerfEvents.baseName("cpu-clock:ppp"));
        assertEquals("page-faults", PerfEvents.baseName("page-faults/period=20/"));
        assertEquals("cycles", PerfEvents.baseName("cpu/cycles/u"));
        assertEquals("sched:sched_switch", PerfEvents.baseName("sched:sched_switch"));
        assertEquals("L1_dcache_load_misses".toLowerCase(), PerfEvents.metricName("L1-dcache-load-misses"));
        assertEquals("event_0x3c", PerfEvents.metricName("0x3c"));
    }

    @Test
    void aBadBlockIsOneWarningWithItsPlaceAndTheOthersAreRead() {
        RecordingSink sink = read("""
                w 1 1.0: 5 cpu-clock:
                \t1 a (/x)

                w 1 2.0: 5 cpu-clock:
                \tnot-an-address a (/x)
                \t1 b (/x)

                w 1 3.0: 5 cpu-clock:
                \t1 c (/x)

                """);
        assertEquals(List.of("sample T(,1) 1000000000 5 time x1 a", "sample T(,1) 3000000000 5 time x1 c"), samples(sink));
        assertEquals(Map.of(Diagnostics.BAD_EVENT, 1L), sink.warnings());
        assertEquals("p.txt:5:2: a frame line is 'address symbol (dso)', with a hexadecimal address; the sample is"
                + " skipped: \"\\tnot-an-address a (/x)\"", sink.firstExample(Diagnostics.BAD_EVENT));
    }

    @Test
    void aFileCutInsideABlockLeavesThatBlockOutAsTruncated() {
        RecordingSink sink = read("w 1 1.0: 5 cpu-clock:\n\t1 a (/x)\n\nw 1 2.0: 5 cpu-clock:\n\t1 b (/x)\n\t2 ma");
        assertEquals(List.of("sample T(,1) 1000000000 5 time x1 a"), samples(sink));
        assertEquals(Map.of(Diagnostics.TRUNCATED, 1L), sink.warnings());
        assertEquals("p.txt:6:1: the input ends inside this line, without a line end; the sample from line 4 is left"
                + " out: \"\\t2 ma\"", sink.firstExample(Diagnostics.TRUNCATED));
    }

    @Test
    void textThatIsNoPerfScriptIsRefusedWithItsPlace() {
        assertEquals("p.txt:1:1: no pid, time or event where a perf script sample header has them; this is not perf"
                        + " script text: \"hello world\"",
                assertThrows(BadInputException.class, () -> read("hello world\n")).getMessage());
        assertEquals("p.txt:1:1: a frame line before any sample header; this is not perf script text:"
                        + " \"\\t1 a (/x)\"",
                assertThrows(BadInputException.class, () -> read("\t1 a (/x)\n")).getMessage());
    }

    @Test
    void perfReportTextIsRefusedWithAdvice() {
        String report = """
                # To display the perf.data header info, please use --header/--header-only options.
                #
                #
                # Total Lost Samples: 0
                #
                # Samples: 1K of event 'cpu-clock:ppp'
                """;
        assertEquals("p.txt:4:1: this is perf report text, not perf script: run perf script -i perf.data > OUT.txt and"
                        + " read OUT.txt: \"# Total Lost Samples: 0\"",
                assertThrows(BadInputException.class, () -> read(report)).getMessage());
    }

    @Test
    void commentsOfPerfScriptHeaderAreSkipped() {
        RecordingSink sink = read("# ========\n# captured on    : Tue Nov 24 04:18:11 2026\n# ========\n#\n"
                + "w 7/8 1.5: 5 cpu-clock:\n\t1 a+0x1 (/x)\n\t2 b+0x2 (/x)\n");
        assertEquals(List.of("sample T(7,8) 1500000000 5 time x1 b;a @b+0x2"), samples(sink));
    }

    @Test
    void anUnknownFrameIsNamedByItsModuleAsStackcollapsePerfNamesIt() {
        RecordingSink sink = read("""
                java 10939 cpu-clock:
                	    7f4e1c0001a0 [unknown] (/tmp/perf-10939.map)
                	    7f4e1d2a3b4c [unknown] (/lib/x86_64-linux-gnu/libc-2.15.so)
                	               0 [unknown] ([unknown])
                	    7f4e1d2a3b4d [unknown] ()
                	    7f4e1d2a3b4e [unknown]
                	    7f4e1d2a3b4f main+0x1 (/srv/app)

                """);
        assertEquals(List.of("sample T(,10939) 1 1 cpu_clock_samples x1 main;[unknown] @main+0x1;[java];[unknown];"
                + "[libc-2.15.so];[perf-10939.map]"), samples(sink));
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void headersWithoutTimeAreReadAndTheirFramesMayBeIndentedBySpacesOrNotAtAll() {
        RecordingSink spaces = read("""
                node-v011 31912 cpu-clock:\s
                            13a80b608e0a RegExp:[&<>\\"\\'] (/tmp/perf-7539.map)
                             c6d7895aac9 LazyCompile:~body_0 evalmachine.<anonymous>:1 (/tmp/perf-31912.map)

                """);
        assertEquals(List.of("sample T(,31912) 1 1 cpu_clock_samples x1 LazyCompile:~body_0 evalmachine.<anonymous>:1;"
                + "RegExp:[&<>\\\"\\']"), samples(spaces));
        RecordingSink none = read("java 19983 cycles:\nffffffff8103d0ca native_write_msr_safe ([kernel.kallsyms])\n"
                + "7f722d12e1d4 LBusy;::main (/tmp/perf-19982.map)\n\njava 19983 cycles:\ndd foo: (/bin/dd)\n\n");
        assertEquals(List.of("sample T(,19983) 1 1 cycles x1 LBusy;::main;native_write_msr_safe",
                "sample T(,19983) 5 1 cycles x1 foo:"), samples(none));
        assertEquals(Map.of(), none.warnings());
    }

    @Test
    void zeroBytesAreADamagedRegionSaidWithTheirPlaceAndTheirSampleIsSkipped() {
        String good = "w 1 1.0: 5 cpu-clock:\n\t1 a (/x)\n\n";
        String damaged = "w 1 2.0: 5 cpu-clock:\n\t1 b" + "\0".repeat(4096) + "9 c (/x)\n\t2 d (/x)\n\n";
        RecordingSink sink = read(good + damaged + good.replace("1.0", "3.0"));
        assertEquals(List.of("sample T(,1) 1000000000 5 time x1 a", "sample T(,1) 3000000000 5 time x1 a"),
                samples(sink));
        assertEquals(Map.of(Diagnostics.BAD_EVENT, 1L), sink.warnings());
        assertTrue(sink.firstExample(Diagnostics.BAD_EVENT).startsWith("p.txt:5:5: 4096 zero bytes (a damaged region:"
                + " whatever the file held there is lost); the sample is skipped: \"\\t1 b\\u0000\\u0000"),
                sink.firstExample(Diagnostics.BAD_EVENT));
    }

    @Test
    void aHeaderWithoutFramesAndStrayFramesAreWarnedNotDropped() {
        RecordingSink sink = read("w 1 1.0: 5 cpu-clock:\n\nw 1 2.0: 5 cpu-clock:\n\t1 a (/x)\n\n\t2 b (/x)\n"
                + "\t3 c (/x)\n\n");
        assertEquals(List.of("sample T(,1) 2000000000 5 time x1 a"), samples(sink));
        assertEquals(Map.of(Diagnostics.BAD_EVENT, 2L), sink.warnings());
        assertEquals("p.txt:1:1: a sample header without frames (its call graph is empty, or the frames were not"
                + " printed: perf script -F +ip,+sym); the sample is skipped: \"w 1 1.0: 5 cpu-clock:\"",
                sink.firstExample(Diagnostics.BAD_EVENT));
    }

    @Test
    void aSymbolOrHeaderThatIsNotUtf8IsAWarningWithItsColumn() {
        byte[] text = "w 1 1.0: 5 cpu-clock:\n\t1 caf\u00e9 (/x)\n\nw 1 2.0: 5 cpu-clock:\n\t1 a (/x)\n\n"
                .getBytes(StandardCharsets.UTF_8);
        byte[] latin1 = new String(text, StandardCharsets.UTF_8).getBytes(StandardCharsets.ISO_8859_1);
        RecordingSink sink = new RecordingSink();
        try {
            new PerfScriptFormat().read(InputSource.of(NAME, latin1), sink, ReadOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertEquals(List.of("sample T(,1) 2000000000 5 time x1 a"), samples(sink));
        assertEquals("p.txt:2:4: a symbol that is not UTF-8 text (byte 0xe9 at column 7); the sample is skipped:"
                + " \"\\t1 caf\\xe9 (/x)\"", sink.firstExample(Diagnostics.BAD_EVENT));
    }
}
