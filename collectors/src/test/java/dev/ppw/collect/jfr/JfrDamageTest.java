package dev.ppw.collect.jfr;

import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Recordings made byte by byte ({@link JfrBuilder}) with one damage each, to the exact warning or error: what
 * the reader recovers, where it says the damage is, and that a tiny hostile file costs no more memory than its
 * bytes justify. The files are also the bad-input corpus's and the fuzz target's seeds (cli), which
 * {@link #theCorpusFilesAreTheBuildersBytes} keeps equal to what the builder makes (and rewrites with
 * {@code -Dppw.updateBadInput=true}, as the cli's {@code BadInputFiles} does its own).
 */
class JfrDamageTest {
    private static final Path JFR_TOOL = Path.of(System.getProperty("java.home"), "bin", "jfr");
    private static final String STACK = "app.Main.run;app.Main.work@app.Main.run:5";

    /** The damaged recordings, by file name, as the cli's corpus and fuzz seeds keep them. */
    static final Map<String, Consumer<JfrBuilder>> FILES = Map.of(
            "jfr-built-intact.jfr", b -> { },
            "jfr-constant-pool-offset-0.jfr", b -> b.headerConstants = 0L,
            "jfr-metadata-offset-0.jfr", b -> b.headerMetadata = 0L,
            "jfr-huge-frame-count.jfr", b -> b.frameCount = 2_000_000_000L,
            "jfr-huge-pool-count.jfr", b -> b.stackPoolCount = 2_000_000_000L,
            "jfr-record-past-chunk-end.jfr", b -> b.secondSampleSize = 1_000_000L,
            "jfr-empty-stack-pool.jfr", b -> b.emptyStackPoolFirst = true,
            "jfr-no-samples.jfr", b -> b.samples = 0,
            "jfr-method-twice.jfr", b -> b.methodTwice = true,
            "jfr-symbol-not-utf8.jfr", b -> b.workNotUtf8 = true);

    static byte[] built(String name) {
        JfrBuilder b = new JfrBuilder();
        FILES.get(name).accept(b);
        return b.chunk();
    }

    private static SampleSink read(String name) throws Exception {
        SampleSink sink = new SampleSink();
        TestInputs.readInto(name, built(name), sink);
        return sink;
    }

    private static List<String> warnings(SampleSink sink, String kind) {
        Diagnostics.Entry e = sink.diagnostics().warnings().get(kind);
        return e == null ? List.of() : e.examples();
    }

    @Test
    void anIntactBuiltRecordingIsItsThreeSamples() throws Exception {
        SampleSink sink = read("jfr-built-intact.jfr");
        assertEquals(3, sink.samples.size());
        for (SampleSink.Sample s : sink.samples) {
            assertEquals(new SampleSink.Sample("101", "time", 10_000_000L, 1, STACK, s.tsNanos()), s);
        }
        assertEquals(JfrBuilder.START_NANOS + 20_000_000L, sink.samples.get(2).tsNanos());
        assertTrue(sink.diagnostics().warnings().isEmpty(), sink.diagnostics().warnings().toString());
    }

    @Test
    void aSymbolThatIsNotUtf8IsReadWithReplacementCharactersAndCountedWithItsByte() throws Exception {
        byte[] bytes = built("jfr-symbol-not-utf8.jfr");
        byte[] work = {'w', (byte) 0xff, 'r', 'k'};
        int at = -1;
        for (int i = 0; i + work.length <= bytes.length && at < 0; i++) {
            if (java.util.Arrays.equals(bytes, i, i + work.length, work, 0, work.length)) {
                at = i;
            }
        }
        assertTrue(at > 0, "the method symbol w\\xffrk is in the built recording");
        SampleSink sink = read("jfr-symbol-not-utf8.jfr");
        assertEquals(3, sink.samples.size(), "every sample is kept, its name read as the bytes allow");
        assertEquals(STACK.replace("work", "w\ufffdrk"), sink.samples.get(0).stack());
        Diagnostics.Entry e = sink.diagnostics().warnings().get(JfrReader.NOT_UTF8.name());
        assertEquals(1, e == null ? 0 : e.count(), sink.diagnostics().warnings().toString());
        assertEquals(List.of("jfr-symbol-not-utf8.jfr: byte " + (at + 1) + ": a name that is not UTF-8 text: \"w\\xffrk\""),
                e.examples());
    }

    @Test
    void aConstantPoolOffsetOf0IsAWarningAndTheCheckpointIsFoundAmongTheRecords() throws Exception {
        SampleSink sink = read("jfr-constant-pool-offset-0.jfr");
        assertEquals(read("jfr-built-intact.jfr").samples, sink.samples, "every sample, with its stack");
        assertEquals(List.of("jfr-constant-pool-offset-0.jfr: byte 16: chunk 1's header gives its last constant pool"
                + " at byte 0, where no checkpoint event starts; the 1 checkpoint found among the chunk's records is"
                + " read"), warnings(sink, JfrReader.DAMAGED.name()));
    }

    @Test
    void aMetadataOffsetOf0IsAWarningAndTheMetadataIsFoundAmongTheRecords() throws Exception {
        SampleSink sink = read("jfr-metadata-offset-0.jfr");
        assertEquals(3, sink.samples.size());
        assertEquals(List.of("jfr-metadata-offset-0.jfr: byte 24: chunk 1's header gives its metadata at byte 0,"
                        + " where there is none (offset 0 is outside the chunk); the metadata event found at byte 120 is"
                        + " read"), warnings(sink, JfrReader.DAMAGED.name()));
    }

    @Test
    void aHugeFrameCountInATinyFileIsOneLineAtItsByteAndAllocatesNothingOfIt() throws Exception {
        assertThrows(BadInputException.class, () -> read("jfr-huge-frame-count.jfr")); // loads the classes
        long before = allocatedBytes();
        BadInputException e = assertThrows(BadInputException.class, () -> read("jfr-huge-frame-count.jfr"));
        long allocated = allocatedBytes() - before;
        assertEquals("jfr-huge-frame-count.jfr: byte 68: the recording holds no sample ppw-java reads: its chunk holds"
                + " 3 samples without a stack, after damage: byte 1001: stack frame count 2000000000 is more than the 6"
                + " bytes left in its record can hold; the rest of the checkpoint event at byte 930 is skipped",
                e.getMessage());
        assertTrue(allocated < 1 << 20, "a 1 KB file allocates " + allocated + " bytes");
    }

    @Test
    void aHugePoolCountInATinyFileIsOneLineAtItsByte() {
        BadInputException e = assertThrows(BadInputException.class, () -> read("jfr-huge-pool-count.jfr"));
        assertEquals("jfr-huge-pool-count.jfr: byte 68: the recording holds no sample ppw-java reads: its chunk holds"
                + " 3 samples without a stack, after damage: byte 998: jdk.types.StackTrace constant count 2000000000"
                + " is more than the 9 bytes left in its record can hold; the rest of the checkpoint event at byte 930"
                + " is skipped", e.getMessage());
    }

    @Test
    void aRecordThatRunsPastItsChunkKeepsTheRecordsBeforeItAndThePoolsTheHeaderLeadsTo() throws Exception {
        SampleSink sink = read("jfr-record-past-chunk-end.jfr");
        assertEquals(1, sink.samples.size(), "the first sample, before the damage");
        assertEquals(STACK, sink.samples.get(0).stack(), "its stack, from the checkpoint after the damage");
        assertEquals(List.of("jfr-record-past-chunk-end.jfr: byte 76: a record declares 1000000 bytes, past the end of"
                + " chunk 1 at byte 1008; the rest of chunk 1 (932 bytes) is skipped"),
                warnings(sink, JfrReader.DAMAGED.name()));
    }

    @Test
    void anEmptyConstantPoolThatTheJdksParserRefusesIsRead() throws Exception {
        SampleSink sink = read("jfr-empty-stack-pool.jfr");
        assertEquals(read("jfr-built-intact.jfr").samples, sink.samples);
        assertTrue(sink.diagnostics().warnings().isEmpty(), sink.diagnostics().warnings().toString());
        assumeTrue(Files.isExecutable(JFR_TOOL), "no jfr tool in " + JFR_TOOL.getParent());
        Path file = Files.createTempFile("ppw-jfr-", ".jfr");
        try {
            Files.write(file, built("jfr-empty-stack-pool.jfr"));
            Process p = new ProcessBuilder(JFR_TOOL.toString(), "print", file.toString()).redirectErrorStream(true)
                    .start();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertNotEquals(0, p.exitValue(), out);
            assertTrue(out.contains("Pool jdk.types.StackTrace must contain at least one element"), out);
        } finally {
            Files.delete(file);
        }
    }

    /** Found by the fuzz target: a pool key written twice made the method table shorter than its indexes. */
    @Test
    void aConstantWrittenTwiceIsTheLaterOne() throws Exception {
        SampleSink sink = read("jfr-method-twice.jfr");
        assertEquals(read("jfr-built-intact.jfr").samples, sink.samples);
    }

    /** Found by the fuzz target: the metadata's own text, quoted in a message, held line breaks. */
    @Test
    void whatTheFileDeclaresIsQuotedOnOneLine() throws Exception {
        Path seed = Path.of("../cli/src/test/resources/bad-input/fuzz-jfr-control-characters.jfr");
        BadInputException e = assertThrows(BadInputException.class,
                () -> TestInputs.readInto("fuzz.jfr", Files.readAllBytes(seed), new SampleSink()));
        assertEquals("fuzz.jfr: byte 5792: a metadata element's attribute class is not a number: \\u000304\\u0003\\u0005TI"
                + "CKS\\u0003\\u000dsampledThread\\u0003\\u000astackTrace\\u0003\\u000bStack Trace", e.getMessage());
        assertEquals(-1, e.getMessage().indexOf('\n'));
    }

    @Test
    void aRecordingWithoutSamplesIsAnErrorSayingWhatItHeld() {
        BadInputException e = assertThrows(BadInputException.class, () -> read("jfr-no-samples.jfr"));
        assertEquals("jfr-no-samples.jfr: byte 68: the recording holds no sample ppw-java reads: its chunk holds 1"
                + " event, none a sample that could be read", e.getMessage());
    }

    @Test
    void aCutChunkIsOneLineNamingWhereItEnds() {
        JfrBuilder b = new JfrBuilder();
        b.cutTo = 500;
        BadInputException e = assertThrows(BadInputException.class,
                () -> TestInputs.readInto("cut.jfr", b.chunk(), new SampleSink()));
        assertEquals("cut.jfr: byte 500: the recording ends inside chunk 1, which starts at byte 0 and declares 1008"
                + " bytes, of which 500 are present: it was cut", e.getMessage());
    }

    @Test
    void chunksAreReadEachWithItsOwnPoolsAndADamagedOneDoesNotSpoilTheOthers() throws Exception {
        byte[] intact = built("jfr-built-intact.jfr");
        byte[] damaged = built("jfr-constant-pool-offset-0.jfr");
        byte[] both = new byte[intact.length + damaged.length + intact.length];
        System.arraycopy(intact, 0, both, 0, intact.length);
        System.arraycopy(damaged, 0, both, intact.length, damaged.length);
        System.arraycopy(intact, 0, both, intact.length + damaged.length, intact.length);
        SampleSink sink = new SampleSink();
        TestInputs.readInto("three.jfr", both, sink);
        assertEquals(9, sink.samples.size());
        assertTrue(sink.samples.stream().allMatch(s -> s.stack().equals(STACK)));
        assertEquals(List.of("three.jfr: byte " + (intact.length + 16) + ": chunk 2's header gives its last constant"
                + " pool at byte " + intact.length + ", where no checkpoint event starts; the 1 checkpoint found among"
                + " the chunk's records is read"), warnings(sink, JfrReader.DAMAGED.name()));
    }

    @Test
    void aRecordingThatDoesNotSayItsPeriodWeighsOneSampleEach() throws Exception {
        JfrBuilder b = new JfrBuilder();
        b.period = null;
        SampleSink sink = new SampleSink();
        TestInputs.readInto("no-period.jfr", b.chunk(), sink);
        assertEquals(List.of("execution_samples", "execution_samples", "execution_samples"),
                sink.samples.stream().map(SampleSink.Sample::metric).toList());
        assertEquals(List.of(1L, 1L, 1L), sink.samples.stream().map(SampleSink.Sample::amount).toList());
    }

    @Test
    void aRecordingNamedAsATauProfileIsReadAsOneWithAWarning(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("profile.9.0.0");
        Files.write(file, built("jfr-built-intact.jfr"));
        SampleSink sink = JfrReaderTest.read(file);
        assertEquals(3, sink.samples.size());
        assertEquals(List.of(file + ": named as a TAU profile (profile.N.C.T) but a JFR recording (its bytes start with"
                + " FLR\\0): read as a recording"), warnings(sink, Diagnostics.MISNAMED_INPUT));
    }

    @Test
    void theCorpusFilesAreTheBuildersBytes() throws Exception {
        Path corpus = Path.of("../cli/src/test/resources/bad-input");
        for (String name : FILES.keySet()) {
            if (name.equals("jfr-built-intact.jfr")) {
                continue;
            }
            if (Boolean.getBoolean("ppw.updateBadInput")) {
                Files.write(corpus.resolve(name), built(name));
            }
            assertEquals(java.util.HexFormat.of().formatHex(built(name)),
                    java.util.HexFormat.of().formatHex(Files.readAllBytes(corpus.resolve(name))), name);
        }
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
