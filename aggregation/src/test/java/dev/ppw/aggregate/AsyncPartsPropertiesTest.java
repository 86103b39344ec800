package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Trace;
import dev.ppw.model.AsyncMode;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.booleans;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * {@code --async inside} is {@code --async apart} with the parts added up (SEMANTICS.md section 2, "Parts"):
 * over generated traces of two threads and an async track, every row of the tree, callpath, flat and TAU views
 * folded inside equals the sum of the rows of the same key in the thread part and the async part folded
 * apart, and the inside total is the sum of the two parts' totals.
 */
class AsyncPartsPropertiesTest {

    @Test
    void insideEqualsTheSumOfTheApartPartsRowByRow() {
        qt().forAll(lists().of(integers().between(0, TraceGenerator.SOUP_OP_MAX)).ofSizeBetween(0, 40), booleans().all())
                .checkAssert((ops, epoch) -> {
                    Trace trace = TraceGenerator.soup(ops, epoch ? TraceGenerator.EPOCH_NANOS : 0);
                    Profile apart = fold(trace, AsyncMode.APART);
                    Profile inside = fold(trace, AsyncMode.INSIDE);
                    assertFalse(inside.tree().hasAsyncPart());
                    assertEquals(apart.total(SampleWeights.TIME, Part.THREAD) + apart.total(SampleWeights.TIME, Part.ASYNC),
                            inside.total(SampleWeights.TIME), "totals of" + trace);
                    for (ViewKind view : List.of(ViewKind.TREE, ViewKind.CALLPATH, ViewKind.FLAT, ViewKind.TAU)) {
                        assertEquals(rows(Views.derive(inside, view, 2).tree(), true),
                                rows(Views.derive(apart, view, 2).tree(), true), view.label() + " of" + trace);
                    }
                });
    }

    @Test
    void offIsTheThreadPartOfApart() {
        qt().forAll(lists().of(integers().between(0, TraceGenerator.SOUP_OP_MAX)).ofSizeBetween(0, 40))
                .checkAssert(ops -> {
                    Trace trace = TraceGenerator.soup(ops, 0);
                    Profile apart = fold(trace, AsyncMode.APART);
                    Profile off = AsyncRows.apply(AsyncMode.OFF, apart, new Diagnostics());
                    assertEquals(rows(off.tree(), false), rows(fold(trace, AsyncMode.OFF).tree(), false),
                            "off of" + trace);
                });
    }

    private static Profile fold(Trace trace, AsyncMode mode) {
        Folder folder = new Folder(FoldOptions.defaults().withAsync(mode));
        TestTrace.feed(trace, folder);
        return folder.toProfile();
    }

    /**
     * Rows by path (or key): calls, subcalls, inclusive and exclusive summed over the rows of that path,
     * min of minima, max of maxima; with {@code partsAdded} the rows of both parts meet, else a row's part
     * is part of its key.
     */
    private static Map<String, List<Long>> rows(CallTree t, boolean partsAdded) {
        Map<String, List<Long>> rows = new TreeMap<>();
        for (int n = 1; n < t.size(); n++) {
            String key = (partsAdded ? "" : t.part(n).label() + " ") + t.path(n, " => ");
            List<Long> row = List.of(t.calls(n), t.subcalls(n), t.inclusiveNanos(n), t.exclusiveNanos(n),
                    t.minInclusiveNanos(n), t.maxInclusiveNanos(n));
            rows.merge(key, row, (a, b) -> {
                List<Long> sum = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    sum.add(a.get(i) + b.get(i));
                }
                sum.add(Math.min(a.get(4), b.get(4)));
                sum.add(Math.max(a.get(5), b.get(5)));
                return sum;
            });
        }
        return rows;
    }
}
