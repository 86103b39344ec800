package dev.ppw.collect.tau;

import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.CallTree;
import dev.ppw.model.CounterSeries;
import dev.ppw.model.Profile;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TauProfileReaderTest {
    private static final TauProfileFormat FORMAT = new TauProfileFormat();
    private static final String HEADING = "# Name Calls Subrs Excl Incl ProfileCalls # <metadata><attribute><name>"
            + "Metric Name</name><value>TIME</value></attribute><attribute><name>pid</name><value>7</value>"
            + "</attribute><attribute><name>Hostname</name><value>n&amp;1</value></attribute></metadata>\n";

    private static Profile read(String text) throws IOException {
        return FORMAT.read(InputSource.of("t/profile.0.0.0", text.getBytes(StandardCharsets.UTF_8)),
                TestInputs.options());
    }

    /** Each node as {@code path calls subcalls exclusive inclusive}, depth first. */
    private static List<String> rows(Profile p) {
        CallTree t = p.tree();
        List<String> rows = new ArrayList<>();
        walk(t, CallTree.ROOT, rows);
        return rows;
    }

    private static void walk(CallTree t, int node, List<String> rows) {
        for (int c = t.firstChild(node); c != CallTree.NONE; c = t.nextSibling(c)) {
            rows.add(t.path(c, " => ") + " " + t.calls(c) + " " + t.subcalls(c) + " " + t.exclusiveNanos(c) + " "
                    + t.inclusiveNanos(c));
            walk(t, c, rows);
        }
    }

    @Test
    void rankZeroOfHatchetsCpiRunIsItsCallpathTree() throws IOException {
        Path file = Path.of("src/test/resources/tau/tau-cpi-mpi/profile.0.0.0");
        Profile p = FORMAT.read(InputSource.of(file), TestInputs.options());
        List<String> rows = rows(p);
        assertEquals(12, rows.size(), "the root and its 11 callpaths; the 11 flat timers left out");
        assertEquals(".TAU application 1 7 449000 51781000", rows.get(0));
        assertEquals(".TAU application => MPI_Finalize() => MPI_File_open() 1 0 27490000 27490000", rows.get(16 / 2 + 1));
        assertEquals(51_781_000L, p.tree().totalInclusiveNanos());
        assertEquals("17214", p.nodeInfos().get(0).pid());
        assertEquals("nid01045", p.nodeInfos().get(0).host());
        assertEquals("profile.0.0.0", p.nodeInfos().get(0).label());
        assertEquals(List.of("Message size for broadcast", "Message size for reduce"),
                p.counters().stream().map(CounterSeries::counter).toList());
        assertEquals(8.0, p.counters().get(1).max());
    }

    @Test
    void missingAncestorsAreMadeWithoutCallsAndFlatTimersOfNoCallpathAreRoots() throws IOException {
        Profile p = read("4 templated_functions_MULTI_TIME\n" + HEADING
                + "\"main\" 1 1 10 100 0 GROUP=\"TAU_DEFAULT\"\n"
                + "\"main => a => b  \" 2 0 30.5 30.5 0 GROUP=\"TAU_CALLPATH\"\n"
                + "\"b\" 2 0 30.5 30.5 0 GROUP=\"TAU_USER\"\n"
                + "\"io \"x\"\" 3 0 0.0004999 0.0005 0 GROUP=\"TAU_IO\"\n"
                + "0 aggregates\n");
        assertEquals(List.of("main 1 1 10000 100000", "main => a 0 0 0 0", "main => a => b 2 0 30500 30500",
                "io \"x\" 3 0 0 1"), rows(p));
        assertEquals("n&1", p.nodeInfos().get(0).host());
        assertEquals(List.of(), p.counters());
    }

    static List<List<String>> broken() {
        return List.of(
                List.of("garbage\n",
                        "t/profile.0.0.0:1:1: expected \"N templated_functions\": this is not a TAU profile: \"garbage\""),
                List.of("2 templated_functions\n",
                        "t/profile.0.0.0:2:1: the file ends where the heading \"# Name Calls Subrs Excl Incl ProfileCalls\" was expected (cut short?)"),
                List.of("2 templated_functions\n# Name Calls Subrs Excl Incl ProfileCalls\n\"a\" 1 0 1 1 0 GROUP=\"g\"\n",
                        "t/profile.0.0.0:4:1: the file ends where timer 2 of 2 was expected (cut short?)"),
                List.of("1 templated_functions\n# Name Calls Subrs Excl Incl ProfileCalls\n\"a\" x 0 1 1 0 GROUP=\"g\"\n",
                        "t/profile.0.0.0:3:5: expected a count (a whole number >= 0), got \"x\": \"\\\"a\\\" x 0 1 1 0 GROUP=\\\"g\\\"\""),
                List.of("1 templated_functions\n# Name Calls Subrs Excl Incl ProfileCalls\n\"a\" 1 0 1e 1 0 GROUP=\"g\"\n",
                        "t/profile.0.0.0:3:9: expected a time in microseconds, got \"1e\": \"\\\"a\\\" 1 0 1e 1 0 GROUP=\\\"g\\\"\""),
                List.of("1 templated_functions\n# Name Calls Subrs Excl Incl ProfileCalls\na 1 0 1 1 0\n",
                        "t/profile.0.0.0:3:1: expected a timer: \"name\" calls subrs excl incl profilecalls GROUP=\"...\": \"a 1 0 1 1 0\""),
                List.of("0 templated_functions\n# Name Calls Subrs Excl Incl ProfileCalls\n0 aggregates\n1 userevents\n# eventname numevents max min mean sumsqr\n",
                        "t/profile.0.0.0:6:1: the file ends where userevents line 1 of 1 was expected (cut short?)"));
    }

    @ParameterizedTest
    @MethodSource("broken")
    void brokenFilesStopWithTheirPlace(List<String> textAndMessage) {
        BadInputException e = assertThrows(BadInputException.class, () -> read(textAndMessage.get(0)));
        assertEquals(textAndMessage.get(1), e.getMessage());
    }

    @Test
    void theFirstLineIsTheSignatureAndTheNameAHint() {
        assertEquals(Confidence.CERTAIN, FORMAT.probe(Head.of("x", "23 templated_functions_MULTI_TIME\n# Name"
                .getBytes(StandardCharsets.UTF_8))));
        assertEquals(Confidence.NAME_ONLY, FORMAT.probe(Head.of("run/profile.3.0.1", "garbage"
                .getBytes(StandardCharsets.UTF_8))));
        assertEquals(Confidence.NONE, FORMAT.probe(Head.of("run/profile.txt", "garbage".getBytes(StandardCharsets.UTF_8))));
        assertEquals(true, FORMAT.namesInput(Path.of("run/profile.12.0.3")));
        assertEquals(false, FORMAT.namesInput(Path.of("run/profile.12.0")));
        assertEquals(true, FORMAT.namesInput(Path.of("run/MULTI__TIME/profile.1.0.0")));
        assertEquals(true, FORMAT.namesInput(Path.of("run/MULTI__P_WALL_CLOCK_TIME/profile.1.0.0")));
        assertEquals(false, FORMAT.namesInput(Path.of("run/MULTI__PAPI_TOT_CYC/profile.1.0.0")),
                "a metric that is not a time is left out of a folder's search");
    }
}
