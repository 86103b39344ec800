package dev.ppw.engine;

import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Report;
import dev.ppw.model.TimeBins;
import dev.ppw.model.format.InputSource;
import dev.ppw.testing.SplitTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * SEMANTICS.md "Time bins": for generated traces, every listed row's bins add up exactly to its inclusive and
 * exclusive time, in the tree, callpath, flat and tau 2 views, for a profile of one input and for a sum merge of
 * several, however the bins are asked (a count or a width, relative or absolute); a counter series' samples add
 * up over the bins too.
 */
class TimeBinsPropertiesTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final List<ViewSpec> VIEWS = List.of(ViewSpec.TREE, ViewSpec.CALLPATH, ViewSpec.FLAT,
            ViewSpec.tau(2));

    @TempDir
    static Path dir;

    @Test
    void aProfilesBinsAddUpToEachRowsTotals() {
        qt().withExamples(60).forAll(longs().all(), integers().between(1, 60), integers().between(0, 3))
                .checkAssert((seed, ops, variant) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    SplitTraces.Trace trace = SplitTraces.generate(r, 1 + r.nextInt(3), ops, base(variant), List.of());
                    Path file = SplitTraces.write(dir, "bins-" + seed + ".json", trace.json());
                    WindowSpec bins = bins(r, variant);
                    for (ViewSpec view : VIEWS) {
                        AnalysisResult result = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(file.toString())))
                                .withJobs(1).withSplit(bins).withView(view));
                        assertAddsUp(result.report(), "seed " + seed + ", " + bins + ", " + view.label());
                    }
                });
    }

    @Test
    void aSumMergesBinsAddUpToEachRowsTotals() {
        qt().withExamples(30).forAll(longs().all(), integers().between(1, 40), integers().between(0, 3))
                .checkAssert((seed, ops, variant) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    List<String> files = new ArrayList<>();
                    for (int n = 0; n < 2 + r.nextInt(2); n++) {
                        SplitTraces.Trace trace = SplitTraces.generate(r, 1 + r.nextInt(2), ops,
                                base(variant) + r.nextInt(0, 500), List.of());
                        files.add(SplitTraces.write(dir, "merge-" + seed + "-" + n + ".json", trace.json()).toString());
                    }
                    WindowSpec bins = bins(r, variant);
                    for (ViewSpec view : VIEWS) {
                        List<InputSource> inputs = ENGINE.inputs(files);
                        Report whole = ENGINE.analyze(Analysis.merge(inputs, MergeOp.SUM).withView(view)
                                .withJobs(1 + r.nextInt(2)).withSplit(bins).withSections(true)).report();
                        assertAddsUp(whole, "seed " + seed + ", " + bins + ", merged " + view.label());
                        // Each node's section has its own bins, on the merge's axis.
                        List<Report.Section> sections = whole.sections();
                        assertEquals(files.size(), sections.size());
                        for (Report.Section section : sections) {
                            assertEquals(whole.timeBins().orElseThrow().widthNanos(),
                                    section.report().timeBins().orElseThrow().widthNanos());
                            assertAddsUp(section.report(), "seed " + seed + ", " + bins + ", node " + section.label()
                                    + " of a merge, " + view.label());
                        }
                    }
                });
    }

    private static long base(int variant) {
        // Epoch microseconds, as PerfFlowAspect writes them, or times from 0.
        return variant % 2 == 1 ? 1_795_000_000_000_000L : 0;
    }

    private static WindowSpec bins(SplittableRandom r, int variant) {
        boolean absolute = variant / 2 == 1;
        return r.nextBoolean() ? WindowSpec.Bins.ofCount(1 + r.nextInt(30), absolute)
                : WindowSpec.Bins.ofWidth(1 + r.nextLong(0, 200_000), absolute);
    }

    private static void assertAddsUp(Report report, String what) {
        TimeBins bins = report.timeBins().orElseThrow();
        CallTree tree = report.profile().tree();
        assertTrue(report.listedRows().length > 0 || tree.size() == 1, "rows of " + what);
        for (int row : report.listedRows()) {
            assertTrue(bins.has(row), "row " + tree.path(row, " => ") + " in the bins of " + what);
            assertEquals(tree.inclusiveNanos(row), sum(bins.inclusiveNanos(row)),
                    "inclusive of " + tree.path(row, " => ") + ", " + what);
            assertEquals(tree.exclusiveNanos(row), sum(bins.exclusiveNanos(row)),
                    "exclusive of " + tree.path(row, " => ") + ", " + what);
            long calls = sum(bins.calls(row));
            assertTrue(calls >= tree.calls(row), "calls overlap bins, so they count at least once: " + what);
        }
        for (TimeBins.CounterBins c : bins.counters()) {
            long samples = 0;
            for (CounterSeries inBin : c.perBin()) {
                samples += inBin == null ? 0 : inBin.samples();
            }
            assertEquals(c.whole().samples(), samples, "samples of " + c.whole().key() + ", " + what);
        }
    }

    private static long sum(long[] values) {
        long total = 0;
        for (long v : values) {
            total += v;
        }
        return total;
    }
}
