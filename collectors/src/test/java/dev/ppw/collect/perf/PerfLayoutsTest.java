package dev.ppw.collect.perf;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.ppw.collect.TestInputs.FORMATS;
import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One perf.data printed in every header layout {@code perf script -F} gives (resources/perf/made/README.md,
 * "layouts"): with and without the tid (or pid/tid), cpu, time, period and event, call graphs or the one frame
 * on the header line. Each is detected, read without a warning, and gives the default layout's samples: the same
 * stacks in the same order, on the thread it names, weighing what its fields say, at the printed time or, without
 * one, at its header's line (and then the input is not {@code timed} for bins and phases).
 */
class PerfLayoutsTest {
    private static final int G_SAMPLES = 83;
    private static final int NOG_SAMPLES = 84;

    private record Sample(String track, long ts, long amount, String weight, String stack) {
        static Sample of(String line) {
            String[] f = line.split(" ", 7);
            return new Sample(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), f[4], f[6].replaceAll(" @[^;]*", ""));
        }
    }

    private static List<Sample> read(String file, int samples) throws IOException {
        byte[] bytes = testResource("perf/made/layouts/" + file + ".gz");
        InputSource source = InputSource.of(file + ".gz", bytes);
        assertEquals("perf-script", FORMATS.detect(source.head()).name(), file);
        RecordingSink sink = new RecordingSink();
        new PerfScriptFormat().read(source, sink, ReadOptions.defaults());
        assertEquals(Map.of(), sink.warnings(), file);
        List<Sample> out = new ArrayList<>();
        for (String call : PerfScriptReaderTest.samples(sink)) {
            out.add(Sample.of(call));
        }
        assertEquals(samples, out.size(), file);
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "layouts-g.default.txt, T(;2542), time, true",
            "layouts-g.F-comm-pid-event-ip-sym-dso.txt, T(;2542), cpu_clock_samples, false",
            "layouts-g.F-comm-pid-tid-cpu-time-period-event-ip-sym-symoff-dso.txt, T(2542;2542), time, true",
            "layouts-g.F-comm-tid-cpu-event-ip-sym.txt, T(;2542), cpu_clock_samples, false",
            "layouts-g.F-comm-tid-ip-sym-dso.txt, T(;2542), samples, false",
            "layouts-g.F-comm-tid-period-event-ip-sym-dso.txt, T(;2542), time, false",
            "layouts-g.F-comm-tid-time-event-ip-sym-dso.txt, T(;2542), cpu_clock_samples, true",
            "layouts-g.F-comm-tid-time-period-ip-sym.txt, T(;2542), events, true",
            "layouts-g.F-comm-time-event-ip-sym-dso.txt, T(;), cpu_clock_samples, true",
            "layouts-g.F-cpu-time-event-ip-sym.txt, T(;), cpu_clock_samples, true",
            "layouts-g.F-event-ip-sym-dso.txt, T(;), cpu_clock_samples, false",
            "layouts-g.F-period-event-ip-sym.txt, T(;), time, false",
            "layouts-g.F-tid-time-ip-sym.txt, T(;2542), samples, true",
            "layouts-g.F-time-ip-sym.txt, T(;), samples, true",
            "layouts-nog.default.txt, T(;3871), time, true",
            "layouts-nog.F-comm-pid-tid-period-event-ip-sym.txt, T(3871;3871), time, false",
            "layouts-nog.F-comm-tid-event-ip-sym-dso.txt, T(;3871), cpu_clock_samples, false"})
    void everyLayoutGivesTheDefaultLayoutsSamples(String file, String track, String weight, boolean timed)
            throws IOException {
        boolean callGraphs = file.startsWith("layouts-g.");
        int count = callGraphs ? G_SAMPLES : NOG_SAMPLES;
        List<Sample> reference = read(callGraphs ? "layouts-g.default.txt" : "layouts-nog.default.txt", count);
        List<Sample> samples = read(file, count);
        assertEquals(timed, new PerfScriptFormat().timed(InputSource.of(file + ".gz",
                testResource("perf/made/layouts/" + file + ".gz")).head()), file);
        Set<String> tracks = new LinkedHashSet<>();
        for (int i = 0; i < count; i++) {
            Sample s = samples.get(i);
            Sample r = reference.get(i);
            tracks.add(s.track());
            assertEquals(r.stack(), s.stack(), file + " sample " + i);
            assertEquals(weight, s.weight(), file + " sample " + i);
            long amount = weight.equals("time") || weight.equals("events") ? r.amount() : 1;
            assertEquals(amount, s.amount(), file + " sample " + i);
            if (timed) {
                assertEquals(r.ts(), s.ts(), file + " sample " + i);
            } else {
                assertTrue(i == 0 || s.ts() > samples.get(i - 1).ts(), file + ": a position per sample, in order");
            }
        }
        assertEquals(Set.of(track.replace(';', ',')), tracks, file);
    }
}
