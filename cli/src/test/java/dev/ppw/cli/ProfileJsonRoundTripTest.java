package dev.ppw.cli;

import dev.ppw.collect.saved.SavedProfileFormat;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Breakdown;
import dev.ppw.model.Report;
import dev.ppw.model.DisplayUnit;
import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.SortKey;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.model.output.AtomicOutput;
import dev.ppw.report.JsonWriter;
import dev.ppw.testing.RandomProfiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * Writing a profile with the JSON reporter and reading it back with the saved-profile format gives the same
 * rows (by path and callsite), the same numbers to the nanosecond, unset min/max kept, the same declared
 * metrics, and the same metadata and node info: for generated trees of every view, with odd names, in every
 * unit, with every display unit hint the folder accepts.
 */
class ProfileJsonRoundTripTest {
    /** No hint, and every displayTimeUnit the folder honours. */
    private static final String[] DISPLAY_UNITS = {null, "s", "ms", "us", "ns"};

    @Test
    void everyGeneratedProfileComesBackExactly() {
        qt().withExamples(300).forAll(lists().of(integers().between(0, 1 << 20)).ofSizeBetween(0, 60),
                integers().all()).checkAssert((ops, seed) -> {
                    Random r = new Random(seed);
                    Profile p = RandomProfiles.generate(ops, r);
                    DisplayUnit unit = DisplayUnit.values()[r.nextInt(DisplayUnit.values().length)];
                    int[] rows = r.nextBoolean() ? Report.allRows(p)
                            : RowOrder.order(p, SortKey.values()[r.nextInt(7)], 0, 0);
                    Profile back = roundTrip(p, rows, unit);
                    String where = "unit " + unit + ", seed " + seed + ", ops " + ops;
                    assertEquals(RandomProfiles.rowsByPath(p.tree()), RandomProfiles.rowsByPath(back.tree()), where);
                    assertEquals(p.tree().size(), back.tree().size(), where);
                    assertEquals(RandomProfiles.metadata(p), RandomProfiles.metadata(back), where);
                });
    }

    @Test
    void anEmptyProfileComesBackEmpty() {
        Profile p = Profile.single(new CallTree(new FrameTable(new NameTable())), List.of(), Map.of(), Map.of());
        Profile back = roundTrip(p, Report.allRows(p), DisplayUnit.NS);
        assertEquals(1, back.tree().size());
        assertEquals(RandomProfiles.metadata(p), RandomProfiles.metadata(back));
    }

    @Test
    void everyDisplayUnitHintComesBack() {
        for (String hint : DISPLAY_UNITS) {
            Profile p = smallTree().withCounters(List.of(), hint);
            assertEquals(String.valueOf(hint), String.valueOf(roundTrip(p, Report.allRows(p), DisplayUnit.NS)
                    .displayTimeUnit()));
        }
    }

    @Test
    void theSmallFixtureComesBackInEveryUnit() {
        Profile p = smallTree();
        for (DisplayUnit unit : DisplayUnit.values()) {
            Profile back = roundTrip(p, Report.allRows(p), unit);
            assertEquals(RandomProfiles.rowsByPath(p.tree()), RandomProfiles.rowsByPath(back.tree()), unit.label());
            for (int n = 1; n < p.tree().size(); n++) {
                assertEquals(p.tree().parent(n), back.tree().parent(n), "same numbering, node " + n);
            }
        }
    }

    @Test
    void aGzippedSavedProfileReadsBackThroughItsSource(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("saved.ppw.json.gz");
        Profile p = smallTree();
        AtomicOutput.write(target, out -> new JsonWriter().write(new Report(p,
                Report.allRows(p), RandomProfiles.totalNanos(p.tree()), Optional.of(DisplayUnit.US)), out));
        Profile back = new SavedProfileFormat().read(InputSource.of(target), ReadOptions.defaults());
        assertEquals(p.tree().size(), back.tree().size());
        for (int n = 1; n < p.tree().size(); n++) {
            assertEquals(p.tree().inclusiveNanos(n), back.tree().inclusiveNanos(n));
            assertEquals(p.tree().minInclusiveNanos(n), back.tree().minInclusiveNanos(n));
        }
    }

    @Test
    void breakdownColumnsAreSkippedAndImbalanceReportsRefused() throws IOException {
        Profile p = smallTree();
        Breakdown perNode = new Breakdown(p.tree().size());
        for (int n = 1; n < p.tree().size(); n++) {
            perNode.set(n, 1, p.tree().inclusiveNanos(n), 2.5, 0.5, "n1");
        }
        Report withBreakdown = new Report(p, Report.allRows(p), RandomProfiles.totalNanos(p.tree()),
                Optional.of(DisplayUnit.US)).withBreakdown(perNode);
        Profile back = read(write(withBreakdown));
        assertEquals(RandomProfiles.rowsByPath(p.tree()), RandomProfiles.rowsByPath(back.tree()));
        BadInputException e = assertThrows(BadInputException.class,
                () -> read(write(withBreakdown.withImbalanceRows(new int[] {2, 1}))));
        assertTrue(e.getMessage().endsWith("it is a report, not a saved profile"), e.getMessage());
    }

    static Profile roundTrip(Profile p, int[] rows, DisplayUnit unit) {
        return read(write(new Report(p, rows, RandomProfiles.totalNanos(p.tree()), Optional.of(unit))));
    }

    private static byte[] write(Report report) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new JsonWriter().write(report, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static Profile read(byte[] json) {
        try {
            return new SavedProfileFormat().read(InputSource.of("round-trip.json", json), ReadOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * main (1 call of 1234567 ns) calls a twice (1000 and 234000 ns), the second a calls b (500 ns); a
     * second root idle was sampled (3 samples, 7 ns, min/max unset).
     */
    private static Profile smallTree() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int a = t.child(main, t.frames().intern("a"));
        int b = t.child(a, t.frames().intern("b"));
        int idle = t.child(CallTree.ROOT, t.frames().intern("idle"));
        t.addCall(b, 500);
        t.addCall(a, 1000);
        t.addCall(a, 234000);
        t.addCall(main, 1234567);
        t.setMetrics(idle, 3, 0, 7, 7, CallTree.UNSET, CallTree.UNSET);
        return Profile.single(t, List.of("t.json"), Map.of(), Map.of());
    }
}
