package dev.ppw.report;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.output.FolderWriter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TauProfileWriterTest {
    private static final TauProfileWriter TAU = new TauProfileWriter();
    private static final String HEAD = "# Name Calls Subrs Excl Incl ProfileCalls # <metadata><attribute><name>Metric Name"
            + "</name><value>TIME</value></attribute></metadata>\n";

    @Test
    void aFlatTimerPerFunctionAndACallpathTimerPerNodeBelowARoot() throws IOException {
        assertEquals("6 templated_functions_MULTI_TIME\n" + HEAD
                + "\"main\" 1 2 999.567 1234.567 0 GROUP=\"TAU_DEFAULT\"\n"
                + "\"a\" 2 1 234.5 235 0 GROUP=\"TAU_DEFAULT\"\n"
                + "\"b\" 1 0 0.5 0.5 0 GROUP=\"TAU_DEFAULT\"\n"
                + "\"idle\" 3 0 0.007 0.007 0 GROUP=\"TAU_DEFAULT\"\n"
                + "\"main => a\" 2 1 234.5 235 0 GROUP=\"TAU_CALLPATH\"\n"
                + "\"main => a => b\" 1 0 0.5 0.5 0 GROUP=\"TAU_CALLPATH\"\n"
                + "0 aggregates\n", Fixtures.render(TAU, Fixtures.smallTree(), null));
    }

    @Test
    void recursionCountsOnceInAFlatTimersInclusiveTimeAndNamesAreMadeOneLine() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int f = t.child(CallTree.ROOT, t.frames().intern(" f\n=>g "));
        int inner = t.child(f, t.frames().intern(" f\n=>g "));
        t.setMetrics(f, 1, 1, 100, 60, CallTree.UNSET, CallTree.UNSET);
        t.setMetrics(inner, 1, 0, 40, 40, CallTree.UNSET, CallTree.UNSET);
        Profile p = Profile.single(t, List.of("x"), Map.of(), Map.of());
        assertEquals("2 templated_functions_MULTI_TIME\n" + HEAD
                + "\"f = >g\" 2 1 0.1 0.1 0 GROUP=\"TAU_DEFAULT\"\n"
                + "\"f = >g => f = >g\" 1 0 0.04 0.04 0 GROUP=\"TAU_CALLPATH\"\n"
                + "0 aggregates\n", Fixtures.render(TAU, p, null));
    }

    @Test
    void aMergesNodesAreOneFileEachAndAProfilesThreadsToo() throws IOException {
        Profile p = Fixtures.smallTree();
        Report whole = new Report(p, Report.allRows(p), p.tree().totalInclusiveNanos(), Optional.empty());
        Report.Section node = new Report.Section(Report.Section.Kind.NODE, "rank7.json", whole);
        Map<String, String> files = entries(whole.withSections(List.of(node, node)));
        assertEquals(List.of("profile.0.0.0", "profile.1.0.0"), List.copyOf(files.keySet()));
        assertEquals(true, files.get("profile.1.0.0").contains(
                "<attribute><name>ppw-java node</name><value>rank7.json</value></attribute>"));
        Report.Section thread = new Report.Section(Report.Section.Kind.THREAD, "1/2", whole);
        assertEquals(List.of("profile.0.0.0", "profile.0.0.1"),
                List.copyOf(entries(whole.withSections(List.of(thread, thread))).keySet()));
        assertEquals(List.of("profile.0.0.0"), List.copyOf(entries(whole).keySet()));
    }

    @Test
    void timesAreExactDecimalMicroseconds() {
        assertEquals("0", TauProfileWriter.micros(0));
        assertEquals("0.001", TauProfileWriter.micros(1));
        assertEquals("-2.5", TauProfileWriter.micros(-2500));
        assertEquals("9223372036854775.807", TauProfileWriter.micros(Long.MAX_VALUE));
    }

    private static Map<String, String> entries(Report report) throws IOException {
        Map<String, ByteArrayOutputStream> files = new LinkedHashMap<>();
        FolderWriter.Entries entries = name -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            files.put(name, out);
            return out;
        };
        TAU.write(report, entries);
        Map<String, String> text = new LinkedHashMap<>();
        files.forEach((name, bytes) -> text.put(name, bytes.toString(StandardCharsets.UTF_8)));
        return text;
    }
}
