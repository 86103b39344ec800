package dev.ppw.collect.lttng;

import dev.ppw.collect.TestInputs;
import dev.ppw.collect.ctf.LttngCtfFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.TestWorkers;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The key check: an LTTng trace read as CTF folds to the same tree, every call and nanosecond and
 * allocated byte, as its babeltrace2 text, with and without {@code --debug-info}, whatever the number of jobs.
 */
class CtfAgainstTextTest {
    static Path traceFolder() {
        try {
            return Path.of(CtfAgainstTextTest.class.getResource("/lttng/ust-trace").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static TreeSink foldCtf(AddressNames.BinaryLookup lookup, int jobs) throws IOException {
        TreeSink sink = new TreeSink();
        Path dir = traceFolder();
        new LttngCtfFormat(lookup).read(InputSource.ofDirectory(dir, "ust-trace"), sink,
                ReadOptions.defaults().withWorkers(TestWorkers.of(jobs)));
        return sink;
    }

    @Test
    void theCtfFolderFoldsAsItsDebugInfoTextAndItsPlainText() throws IOException {
        String fromDebugInfo = LttngTextTest.fold("lttng/ust.debuginfo.txt", LttngTextTest.RESOURCES).print();
        String fromText = LttngTextTest.fold("lttng/ust.txt", LttngTextTest.RESOURCES).print();
        assertTrue(fromDebugInfo.contains("main"), fromDebugInfo);
        for (int jobs : new int[] {1, 2, 4}) {
            String fromCtf = foldCtf(LttngTextTest.RESOURCES, jobs).print();
            assertEquals(fromDebugInfo, fromCtf, "jobs " + jobs);
            assertEquals(fromText, fromCtf, "jobs " + jobs);
        }
    }

    @Test
    void withoutBinariesTheCtfFolderFoldsAsThePlainText() throws IOException {
        TreeSink text = LttngTextTest.fold("lttng/ust.txt", AddressNames.noBinaries());
        TreeSink ctf = foldCtf(AddressNames.noBinaries(), 2);
        assertEquals(text.print(), ctf.print());
        assertEquals(counts(text.diagnostics().notes()), counts(ctf.diagnostics().notes()));
        assertEquals(counts(text.diagnostics().warnings()), counts(ctf.diagnostics().warnings()));
    }

    private static java.util.Map<String, Long> counts(java.util.Map<String, dev.ppw.model.Diagnostics.Entry> entries) {
        java.util.Map<String, Long> out = new java.util.TreeMap<>();
        entries.forEach((kind, e) -> out.put(kind, e.count()));
        return out;
    }

    @Test
    void aFileOfTheTraceNamedAloneAsksForItsFolder() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.ppw.model.BadInputException.class,
                () -> new LttngCtfFormat().read(InputSource.of("metadata",
                        TestInputs.testResource("lttng/ust-trace/ust/uid/0/64-bit/metadata")), new TreeSink(),
                        ReadOptions.defaults()));
        assertEquals("metadata: a file of a CTF trace (LTTng): name the trace's folder instead (the one lttng create"
                + " --output made), e.g. ppw-java profile TRACE_DIR", e.getMessage());
    }
}
