package dev.ppw.report;

import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Report;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.CallTree;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextWriterTest {
    @Test
    void treeTableIsAlignedIndentedAndPicksMillisecondsFromTheTotal() throws IOException {
        assertEquals("""
                view: tree   total: 1.235 ms   rows: 4
                input: t.json

                %total  inclusive ms  exclusive ms  calls  subcalls  min ms/call  max ms/call  name
                 100.0         1.235         1.000      1         2        1.235        1.235  main
                  19.0         0.235         0.235      2         1        0.001        0.234    a
                   0.0         0.001         0.001      1         0        0.001        0.001      b
                   0.0         0.000         0.000      3         0            -            -  idle
                """, Fixtures.render(new TextWriter(), Fixtures.smallTree(), null));
    }

    @Test
    void askedUnitIsUsed() throws IOException {
        assertEquals("""
                view: tree   total: 1234574 ns   rows: 2
                input: t.json

                %total  inclusive ns  exclusive ns  calls  subcalls  min ns/call  max ns/call  name
                 100.0       1234567        999567      1         2      1234567      1234567  main
                   0.0             7             7      3         0            -            -  idle
                """, Fixtures.render(new TextWriter(), Fixtures.smallTree(), new int[] {1, 4}, 1234574,
                DisplayUnit.NS));
    }

    @Test
    void aggregateHeaderNamesTheOperatorAndProcessesAndFlatNamesAreNotIndented() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int foo = t.child(CallTree.ROOT, t.frames().intern("foo"));
        int odd = t.child(CallTree.ROOT, t.frames().intern("two\nlines"));
        t.setMetrics(foo, 4, 4, 2_500_000_000L, 1_000_000_000L, 600_000_000L, 700_000_000L);
        t.setMetrics(odd, 1, 0, 250_000_000L, 250_000_000L, CallTree.UNSET, CallTree.UNSET);
        Profile p = new Profile(t, ViewKind.TAU, 3, MergeOp.AVG, MissingRule.ZERO, 4, List.of("a.pfw", "b.pfw"),
                Map.of("7505", "python3"), Map.of("7505/7505", "main"));
        assertEquals("""
                view: tau (depth 3)   total: 2.500 s   rows: 2
                inputs: a.pfw, b.pfw
                aggregation: avg over 4 nodes (missing rows count as 0)
                processes: 7505 python3
                threads: 7505/7505 main

                %total  inclusive s  exclusive s  calls  subcalls  min s/call  max s/call  name
                 100.0        2.500        1.000      4         4       0.600       0.700  foo
                  10.0        0.250        0.250      1         0           -           -  two\\nlines
                """, Fixtures.render(new TextWriter(), p, Report.allRows(p), 2_500_000_000L, null));
    }

    @Test
    void headerCountsWarningsAndSkippedPhasesAndShortensLongProcessNames() throws IOException {
        Profile single = Fixtures.smallTree();
        String commandLine = "/usr/lib/chromium/chromium --type=renderer --top-chrome-webui --no-sandbox --lang=en";
        Profile p = Profile.single(single.tree(), single.inputs(), Map.of("9886", commandLine), Map.of());
        Diagnostics counted = new Diagnostics();
        counted.warn("unclosed_begin", "t.json: B 'f' never ended");
        counted.note("phase_I");
        counted.note("phase_s");
        counted.note("phase_I");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new TextWriter().write(new Report(p, new int[] {1}, 1234574, Optional.empty())
                .withDiagnostics(counted), out);
        assertEquals("""
                view: tree   total: 1.235 ms   rows: 1
                input: t.json
                processes: 9886 /usr/lib/chromium/chromium --type=renderer --top-chrome-w...
                warnings: unclosed_begin 1
                not in the tree: phase_I 2, phase_s 1
                """, out.toString(StandardCharsets.UTF_8).lines().limit(5).map(l -> l + "\n")
                .collect(Collectors.joining()));
    }

    @Test
    void emptyProfileSaysSo() throws IOException {
        Profile p = Profile.single(new CallTree(new FrameTable(new NameTable())), List.of("empty.json"), Map.of(),
                Map.of());
        String text = Fixtures.render(new TextWriter(), p, null);
        assertEquals("view: tree   total: 0 ns   rows: 0\ninput: empty.json\n\n(no rows)\n", text);
    }

    @Test
    void tableLinesHaveNoTrailingBlanks() throws IOException {
        TextTable table = new TextTable().column("n", TextTable.Align.RIGHT).column("name", TextTable.Align.LEFT)
                .column("x", TextTable.Align.LEFT);
        table.addRow("12", "a", "");
        table.addRow("1", "longer", "z");
        StringBuilder sb = new StringBuilder();
        table.render(sb);
        assertEquals(" n  name    x\n12  a\n 1  longer  z\n", sb.toString());
        assertTrue(sb.toString().lines().noneMatch(l -> l.endsWith(" ")));
    }
}
