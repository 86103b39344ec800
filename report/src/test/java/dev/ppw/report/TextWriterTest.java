package dev.ppw.report;

import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Report;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.CallTree;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Presentation;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextWriterTest {
    @Test
    void totalsTakeTheUnitOfTheTotalAndPerCallColumnsOneEachThatKeepsThreeDigits() throws IOException {
        // The smallest call time of each per-call column is 500 ns: microseconds, 0.500 (ms would print 0.001).
        assertEquals("""
                view: tree   total: 1.235 ms   rows: 4
                input: t.json

                %total  inclusive ms  exclusive ms  calls  subcalls  incl us/call  excl us/call  min us/call  max us/call  name
                 100.0         1.235         1.000      1         2      1234.567       999.567     1234.567     1234.567  main
                  19.0         0.235         0.235      2         1       117.500       117.250        1.000      234.000  └─ a
                   0.0         0.001         0.001      1         0         0.500         0.500        0.500        0.500     └─ b
                   0.0         0.000         0.000      3         0             -             -            -            -  idle
                """, Fixtures.render(new TextWriter(), Fixtures.smallTree(), null));
    }

    @Test
    void askedUnitIsUsed() throws IOException {
        assertEquals("""
                view: tree   total: 1234574 ns   rows: 2
                input: t.json

                %total  inclusive ns  exclusive ns  calls  subcalls  incl ns/call  excl ns/call  min ns/call  max ns/call  name
                 100.0       1234567        999567      1         2       1234567        999567      1234567      1234567  main
                   0.0             7             7      3         0             -             -            -            -  idle
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

                %total  inclusive s  exclusive s  calls  subcalls  incl s/call  excl s/call  min s/call  max s/call  name
                 100.0        2.500        1.000      4         4            -            -       0.600       0.700  foo
                  10.0        0.250        0.250      1         0            -            -           -           -  two\\nlines
                """, Fixtures.render(new TextWriter(), p, Report.allRows(p), 2_500_000_000L, null));
    }

    @Test
    void headerCountsWarningsAndSkippedPhasesInWordsAndShortensLongProcessNames() throws IOException {
        Profile single = Fixtures.smallTree();
        String commandLine = "/usr/lib/chromium/chromium --type=renderer --top-chrome-webui --no-sandbox --lang=en";
        Profile p = Profile.single(single.tree(), single.inputs(), Map.of("9886", commandLine), Map.of());
        Diagnostics counted = new Diagnostics();
        counted.warn("unclosed_begin", "t.json: B 'f' never ended");
        counted.note("phase_I");
        counted.note("phase_s");
        counted.note("phase_I");
        // the engine declares its formats' kinds so (the Chrome format's phases are not report's to know)
        counted.declare(List.of(DiagnosticKind.note("phase_I", "instant event", "instant events"),
                DiagnosticKind.note("phase_s", "flow start", "flow starts")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new TextWriter().write(new Report(p, new int[] {1}, 1234574, Optional.empty())
                .withDiagnostics(counted), out);
        assertEquals("""
                view: tree   total: 1.235 ms   rows: 1
                input: t.json
                processes: 9886 /usr/lib/chromium/chromium --type=renderer --top-chrome-w...
                warnings: 1 begin never ended (closed at its track's last time)
                not in the tree: 2 instant events, 1 flow start
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

    @Test
    void treeLinesShowSiblingsAndAsciiModeWritesOnlyAscii() throws IOException {
        // root r: a (children a1, a2), b (child b1); a and a1 have later siblings.
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int r = t.child(CallTree.ROOT, t.frames().intern("r"));
        int a = t.child(r, t.frames().intern("a"));
        int a1 = t.child(a, t.frames().intern("a1"));
        int a2 = t.child(a, t.frames().intern("a2"));
        int b = t.child(r, t.frames().intern("b"));
        int b1 = t.child(b, t.frames().intern("b1"));
        int[] rows = {r, a, a1, a2, b, b1};
        assertEquals(List.of("", "\u251c\u2500 ", "\u2502  \u251c\u2500 ", "\u2502  \u2514\u2500 ",
                "\u2514\u2500 ", "   \u2514\u2500 "), List.of(TreeDrawing.of(false).prefixes(t, rows)));
        assertEquals(List.of("", "|- ", "|  |- ", "|  `- ", "`- ", "   `- "),
                List.of(TreeDrawing.of(true).prefixes(t, rows)));
        // b left out: a is the last row under r, and its children draw no bar for it.
        assertEquals(List.of("", "`- ", "   |- ", "   `- "),
                List.of(TreeDrawing.of(true).prefixes(t, new int[] {r, a, a1, a2})));

        Profile p = Fixtures.smallTree();
        Report ascii = new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty())
                .withPresentation(Presentation.defaults().withAsciiOnly(true));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new TextWriter().write(ascii, out);
        byte[] bytes = out.toByteArray();
        for (int i = 0; i < bytes.length; i++) {
            assertTrue(bytes[i] >= 0, "byte " + i + " is not ASCII in:\n" + out.toString(StandardCharsets.UTF_8));
        }
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("  `- a\n"), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void eachPerCallColumnPicksTheLargestUnitInWhichItsSmallestValueKeepsThreeDigits() {
        Profile p = Fixtures.smallTree();
        int[] main = {1};
        List<Profile> ps = List.of(p);
        // main's one call: 1234567 ns is 1.235 ms; a's smallest call of 1000 ns is 1.000 us.
        assertEquals(DisplayUnit.MS, CallTime.MIN.unit(ps, List.of(main), Optional.empty(), DisplayUnit.S));
        assertEquals(DisplayUnit.US, CallTime.MIN.unit(ps, List.of(new int[] {1, 2}), Optional.empty(), DisplayUnit.S));
        assertEquals("1.000", CallTime.MIN.cell(p, 2, DisplayUnit.US));
        // 100 ns is still 0.100 us; 7 ns per sample is no call, so idle's unset values do not count.
        assertEquals(DisplayUnit.US, CallTime.INCLUSIVE.unit(ps, List.of(new int[] {3, 4}), Optional.empty(),
                DisplayUnit.S));
        assertEquals("-", CallTime.INCLUSIVE.cell(p, 4, DisplayUnit.US));
        // A column without any value takes the table's unit; a unit asked for wins over everything.
        assertEquals(DisplayUnit.S, CallTime.MAX.unit(ps, List.of(new int[] {4}), Optional.empty(), DisplayUnit.S));
        assertEquals(DisplayUnit.NS, CallTime.MAX.unit(ps, List.of(main), Optional.of(DisplayUnit.NS), DisplayUnit.S));
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int tiny = t.child(CallTree.ROOT, t.frames().intern("tiny"));
        t.addCall(tiny, 99);
        Profile small = Profile.single(t, List.of("t"), Map.of(), Map.of());
        assertEquals(DisplayUnit.NS, CallTime.INCLUSIVE.unit(List.of(small), List.of(new int[] {tiny}),
                Optional.empty(), DisplayUnit.S));
        assertEquals("99", CallTime.INCLUSIVE.cell(small, tiny, DisplayUnit.NS));
    }

    @Test
    void headerSaysHowManyRowsTopKeptOfHowManyAndTheirCallers() throws IOException {
        Profile p = Fixtures.smallTree();
        assertEquals("view: tree   total: 1.235 ms   rows: 2 of 4 (the 2 largest by inclusive)",
                firstLine(new Report(p, new int[] {1, 2}, 1234574, Optional.empty())
                        .withTop(new Report.Top(2, Map.of(Part.THREAD, 4), "inclusive", false))));
        assertEquals("view: tree   total: 1.235 ms   rows: 3 of 4 (the 1 smallest by exclusive, with 2 callers)",
                firstLine(new Report(p, new int[] {1, 2, 3}, 1234574, Optional.empty())
                        .withTop(new Report.Top(1, Map.of(Part.THREAD, 4), "exclusive", true))));
        assertEquals("view: tree   total: 1.235 ms   rows: 2 of 4 (the 1 largest by calls, with 1 caller)",
                firstLine(new Report(p, new int[] {1, 2}, 1234574, Optional.empty())
                        .withTop(new Report.Top(1, Map.of(Part.THREAD, 4), "calls", false))));
        assertEquals("view: tree   total: 1.235 ms   rows: 1 of 4 (the last 1 by name)",
                firstLine(new Report(p, new int[] {4}, 1234574, Optional.empty())
                        .withTop(new Report.Top(1, Map.of(Part.THREAD, 4), "name", false))));
    }

    @Test
    void longListsOfThreadsAndProcessesAreCountedUnlessVerbose() throws IOException {
        Map<String, String> processes = new LinkedHashMap<>();
        Map<String, String> threads = new LinkedHashMap<>();
        for (int pid = 100; pid < 112; pid++) {
            processes.put(Integer.toString(pid), "Renderer");
            for (int tid = 0; tid < 7; tid++) {
                threads.put(pid + "/" + (pid * 10 + tid), "ThreadPoolForegroundWorker");
            }
        }
        Profile single = Fixtures.smallTree();
        Profile p = Profile.single(single.tree(), single.inputs(), processes, threads);
        Report report = new Report(p, Report.allRows(p), 1234574, Optional.empty());
        String folded = header(report);
        assertTrue(folded.contains("\nprocesses: 12 (-v lists them)\nthreads: 84 in 12 processes (-v lists them)\n"),
                folded);
        String verbose = header(report.withPresentation(Presentation.defaults().withVerbose(true)));
        assertTrue(verbose.contains("\nthreads: 100/1000 ThreadPoolForegroundWorker, 100/1001 ThreadPoolForeground"),
                verbose);
        assertTrue(verbose.contains(", 111/1116 ThreadPoolForegroundWorker\n"), verbose);
        assertEquals(84, verbose.lines().filter(l -> l.startsWith("threads: ")).findFirst().orElseThrow()
                .split(", ").length);
    }

    @Test
    void tauLayoutPrintsEachSectionThenTheTotalAndTheMeanOverTheSections() throws IOException {
        // Two threads: t0 ran f once for 3 us, t1 ran f twice for 2 us in all and g once for 1 us.
        Profile t0 = flat(new String[] {"f"}, new long[][] {{1, 3000}});
        Profile t1 = flat(new String[] {"f", "g"}, new long[][] {{2, 2000}, {1, 1000}});
        Profile all = flat(new String[] {"f", "g"}, new long[][] {{3, 5000}, {1, 1000}});
        Report whole = new Report(all, new int[] {1, 2}, 6000, Optional.empty())
                .withSections(List.of(
                        new Report.Section(Report.Section.Kind.THREAD, "main", new Report(t0, new int[] {1}, 3000,
                                Optional.empty())),
                        new Report.Section(Report.Section.Kind.THREAD, "worker", new Report(t1, new int[] {1, 2}, 3000,
                                Optional.empty()))))
                .withPresentation(Presentation.defaults().withStyle(Presentation.Style.TAU));
        String text = render(whole);
        assertEquals("""
                view: flat   total: 6.000 us   rows: 2
                input: t.json

                THREAD 0 (main):
                ----------------------------------------------------------------------
                %time  exclusive us  inclusive us  calls  subcalls  incl us/call  name
                ----------------------------------------------------------------------
                100.0         3.000         3.000      1         0         3.000  f

                THREAD 1 (worker):
                ----------------------------------------------------------------------
                %time  exclusive us  inclusive us  calls  subcalls  incl us/call  name
                ----------------------------------------------------------------------
                 66.7         2.000         2.000      2         0         1.000  f
                 33.3         1.000         1.000      1         0         1.000  g

                FUNCTION SUMMARY (total):
                ----------------------------------------------------------------------
                %time  exclusive us  inclusive us  calls  subcalls  incl us/call  name
                ----------------------------------------------------------------------
                 83.3         5.000         5.000      3         0         1.667  f
                 16.7         1.000         1.000      1         0         1.000  g

                FUNCTION SUMMARY (mean):
                ----------------------------------------------------------------------
                %time  exclusive us  inclusive us  calls  subcalls  incl us/call  name
                ----------------------------------------------------------------------
                 83.3         2.500         2.500    1.5         0         1.667  f
                 16.7         0.500         0.500    0.5         0         1.000  g
                """, text);
    }

    /** A flat profile of roots named {@code names}, each with {calls, nanos} as inclusive and exclusive time. */
    private static Profile flat(String[] names, long[][] callsAndNanos) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        for (int i = 0; i < names.length; i++) {
            int row = t.child(CallTree.ROOT, t.frames().intern(names[i]));
            long calls = callsAndNanos[i][0];
            long nanos = callsAndNanos[i][1];
            t.setMetrics(row, calls, 0, nanos, nanos, nanos / calls, nanos / calls);
        }
        return new Profile(t, ViewKind.FLAT, 0, MergeOp.SUM, MissingRule.ZERO, 1, List.of("t.json"), Map.of(),
                Map.of());
    }

    private static String render(Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new TextWriter().write(report, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String firstLine(Report report) throws IOException {
        return render(report).lines().findFirst().orElseThrow();
    }

    private static String header(Report report) throws IOException {
        String text = render(report);
        return text.substring(0, text.indexOf("\n\n") + 1);
    }
}
