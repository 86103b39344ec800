package dev.ppw.collect.pprof;

import dev.ppw.collect.folded.FoldedFormat;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.testing.Golden;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

import static dev.ppw.collect.TestInputs.FORMATS;
import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pprof reader on profiles written by Go's runtime/pprof here ({@code pprof/make-profiles.sh}), on profiles
 * of google/pprof's own test data ({@code pprof/README.md}) as golden trees with totals pprof printed for them,
 * and on profiles made field by field ({@link ProfileBytes}) for each rule and each bad input.
 */
class PprofReaderTest {
    private static final Path GOLDEN = Path.of("src/test/resources/pprof/golden");
    private static final PprofFormat FORMAT = new PprofFormat();

    private static TreeSink read(String name, byte[] bytes) throws IOException {
        TreeSink sink = new TreeSink();
        FORMAT.read(InputSource.of(name, bytes), sink, ReadOptions.defaults());
        return sink;
    }

    private static TreeSink resource(String file) throws IOException {
        return read(file, testResource("pprof/" + file));
    }

    @ParameterizedTest
    @ValueSource(strings = {"go-cpu.pb.gz", "go-heap.pb.gz", "go.nomappings.crash", "java.cpu.pb.gz",
            "cppbench.contention.pb.gz", "java.heap.pb.gz"})
    void goldenTrees(String file) throws IOException {
        byte[] bytes = testResource("pprof/" + file);
        InputSource source = InputSource.of(file, bytes);
        assertEquals("pprof", FORMATS.detect(source.head()).name(), file);
        assertEquals(Confidence.CERTAIN, FORMAT.probe(source.head()));
        TreeSink sink = read(file, bytes);
        assertEquals(Map.of(), sink.diagnostics().warnings(), file);
        StringBuilder text = new StringBuilder(sink.dump());
        new TreeMap<>(sink.diagnostics().notes()).forEach((kind, e) -> text.append("# note ").append(kind).append(' ')
                .append(e.count()).append('\n'));
        Golden.check(GOLDEN.resolve(file + ".tree.txt"), text.toString());
    }

    /** go tool pprof -top go-cpu.pb.gz: "Total samples = 970ms", 97 samples (-sample_index=samples). */
    @Test
    void goCpuProfileTotalsAreGoToolPprofs() throws IOException {
        TreeSink sink = resource("go-cpu.pb.gz");
        assertEquals(970_000_000L, sink.total(SampleWeights.TIME));
        assertEquals(97, sink.rootCalls());
        assertEquals(97, sink.total(FoldedFormat.SAMPLES), "samples/count is folded stacks' own samples");
        assertEquals(List.of("/"), sink.tracks, "one thread track");
        assertEquals(1, sink.inputs);
    }

    /** main.main calls compute at line 58 of go-work/main.go: the callsite of main.compute. */
    @Test
    void aFramesCallsiteIsItsCallersFileAndLine() throws IOException {
        TreeSink sink = resource("go-cpu.pb.gz");
        String callsite = null;
        for (int n = 1; n < sink.tree.size(); n++) {
            if (sink.tree.regionName(n).equals("main.compute")) {
                callsite = sink.tree.callsiteName(n);
            }
        }
        assertTrue(callsite != null && callsite.endsWith("/go-work/main.go:58"), String.valueOf(callsite));
    }

    /** go tool pprof -raw go-heap.pb.gz: four sample types; the default (the last, inuse_space) first. */
    @Test
    void heapProfileTypesAreWeightsInTheirUnits() throws IOException {
        TreeSink sink = resource("go-heap.pb.gz");
        assertEquals(List.of("inuse_space", "alloc_objects", "alloc_space", "inuse_objects"),
                sink.weights().stream().map(m -> m.name()).toList());
        assertEquals(MetricUnit.BYTES, sink.weight("alloc_space").unit());
        assertEquals(MetricUnit.COUNT, sink.weight("alloc_objects").unit());
        assertEquals(0, sink.total(SampleWeights.TIME));
        assertEquals(25_461_088L, sink.total(sink.weight("alloc_space")), "go tool pprof: 25461088B total");
        assertEquals(12, sink.rootCalls(), "no samples/count: each of the 12 records is one call");
        assertEquals(12, sink.diagnostics().noteCount(PprofReader.LABELS_IGNORED), "every record has a bytes label");
    }

    @Test
    void anUnsymbolizedLocationIsNamedByItsAddress() throws IOException {
        TreeSink sink = resource("go.nomappings.crash");
        assertEquals("0x104e541", sink.tree.regionName(sink.tree.firstChild(0)), "the outermost location");
        assertEquals(818_615L + 947_340L, sink.total(sink.weight("inuse_space")));
    }

    /** google/pprof's cppbench.contention: delay in microseconds as pprof printed it, converted exactly. */
    @Test
    void aTimeInAnotherUnitBecomesExactNanoseconds() throws IOException {
        TreeSink sink = resource("cppbench.contention.pb.gz");
        assertEquals(MetricUnit.COUNT, sink.weight("contentions").unit());
        assertTrue(sink.total(SampleWeights.TIME) > 0);
        byte[] micros = new ProfileBytes().sampleType(1, 2).sample(new long[] {1}, 7).location(1, 0, 0, 1, 3)
                .function(1, 3, 0).strings("", "delay", "microseconds", "f").bytes();
        TreeSink one = read("us.pb", micros);
        assertEquals(7_000L, one.total(SampleWeights.TIME));
    }

    @Test
    void gzippedPlainAndReadOnceGiveTheSameTree() throws IOException {
        byte[] gz = testResource("pprof/go-cpu.pb.gz");
        byte[] plain = new GZIPInputStream(new ByteArrayInputStream(gz)).readAllBytes();
        String expected = read("a", gz).dump();
        assertEquals(expected, read("b", plain).dump());
        TreeSink once = new TreeSink();
        FORMAT.read(InputSource.once("-", new ByteArrayInputStream(gz)), once, ReadOptions.defaults());
        assertEquals(expected, once.dump());
    }

    /** Location 1's lines: g (inlined, line 20) into f (line 10): frames f then g, g called at f.go:10. */
    @Test
    void inlinedLinesAreFramesOfTheirOwn() throws IOException {
        byte[] bytes = new ProfileBytes().sampleType(1, 2)
                .sample(new long[] {1, 2}, 5)
                .location(1, 0, 0x10, 2, 20, 1, 10)
                .location(2, 0, 0x20, 3, 30)
                .function(1, 4, 5).function(2, 6, 5).function(3, 7, 8)
                .strings("", "samples", "count", "", "f", "f.go", "g", "main", "main.go").bytes();
        TreeSink sink = read("inl.pb", bytes);
        assertEquals("""
                # region [@ callsite]: calls, time incl/excl ns, samples incl/excl count
                main: 5, 0/0, 5/0
                  f @ main.go:30: 5, 0/0, 5/0
                    g @ f.go:10: 5, 0/0, 5/5
                """, sink.dump());
    }

    @Test
    void samplesTimesPeriodIsTheTimeOfAProfileWithoutOne() throws IOException {
        byte[] bytes = new ProfileBytes().sampleType(1, 2).period(3, 4, 10_000_000)
                .sample(new long[] {1}, 3).location(1, 0, 0, 1, 0).function(1, 5, 0)
                .strings("", "samples", "count", "cpu", "nanoseconds", "f").bytes();
        TreeSink sink = read("p.pb", bytes);
        assertEquals(30_000_000L, sink.total(SampleWeights.TIME));
        assertEquals(3, sink.rootCalls());
    }

    @Test
    void aSecondTimeTypeAndAnUnknownUnitAreNoted() throws IOException {
        byte[] bytes = new ProfileBytes().sampleType(1, 2).sampleType(3, 2).sampleType(4, 5).defaultSampleType(3)
                .sample(new long[] {1}, 100, 200, 7).location(1, 0, 0, 1, 0).function(1, 6, 0)
                .strings("", "cpu", "nanoseconds", "wall", "lines", "widgets", "f").bytes();
        TreeSink sink = read("t.pb", bytes);
        assertEquals(200, sink.total(SampleWeights.TIME), "the default type is the time");
        assertEquals(1, sink.diagnostics().noteCount(PprofReader.SAMPLE_TYPE_SKIPPED));
        assertEquals(1, sink.diagnostics().noteCount(PprofReader.UNKNOWN_UNIT));
        assertEquals(7, sink.total(sink.weight("lines")));
    }

    @Test
    void badSamplesAreCountedAndSkipped() throws IOException {
        byte[] bytes = new ProfileBytes().sampleType(1, 2)
                .sample(new long[] {1}, 4)
                .sample(new long[] {9}, 5)
                .sample(new long[] {1}, 6, 7)
                .sample(new long[] {1}, -2)
                .sample(new long[] {}, 3)
                .location(1, 0, 0, 1, 0).function(1, 3, 0).strings("", "samples", "count", "f").bytes();
        TreeSink sink = read("bad.pb", bytes);
        assertEquals(4, sink.rootCalls());
        assertEquals(3, sink.diagnostics().warningCount(Diagnostics.BAD_EVENT));
        assertEquals(1, sink.diagnostics().noteCount(Diagnostics.EMPTY_STACK));
        assertEquals("bad.pb: byte 14: sample 2: location 9 is in no Location (skipped)",
                sink.diagnostics().warnings().get(Diagnostics.BAD_EVENT).examples().getFirst());
    }

    @Test
    void aCutGzipIsRefusedWithItsPlace() {
        byte[] gz = testResource("pprof/go-cpu.pb.gz");
        byte[] cut = Arrays.copyOf(gz, gz.length / 2);
        BadInputException e = assertThrows(BadInputException.class, () -> read("cut.pb.gz", cut));
        assertTrue(e.getMessage().matches("cut\\.pb\\.gz: byte \\d+: the input ends inside a field of the profile"
                + " \\(a cut file\\)"), e.getMessage());
    }

    @Test
    void garbageIsNotAProfile() {
        byte[] garbage = "this is no profile\n".getBytes(StandardCharsets.US_ASCII);
        BadInputException e = assertThrows(BadInputException.class, () -> read("g.pb", garbage));
        assertTrue(e.getMessage().startsWith("g.pb: byte "), e.getMessage());
        assertTrue(e.getMessage().contains("not a pprof profile"), e.getMessage());
    }

    @Test
    void aPerfettoTraceReadAsPprofIsRefused() {
        byte[] perfetto = testResource("traces/chrome-A-all.head4k.pftrace.gz");
        BadInputException e = assertThrows(BadInputException.class, () -> read("t.pftrace.gz", perfetto));
        assertTrue(e.getMessage().startsWith("t.pftrace.gz: "), e.getMessage());
        assertTrue(e.getMessage().contains("not a pprof profile") || e.getMessage().contains("the input ends")
                || e.getMessage().contains("longer than what follows it"), e.getMessage());
    }

    @Test
    void structuralMistakesAreRefused() {
        // The two strings take 2 and 9 bytes, so the sample_type naming a string past them starts at byte 11.
        byte[] badString = new ProfileBytes().strings("", "samples").sampleType(1, 9).bytes();
        assertEquals("s.pb: byte 11: not a pprof profile: sample_type 0 names string 9 of a string table of 2",
                assertThrows(BadInputException.class, () -> read("s.pb", badString)).getMessage());
        byte[] noTypes = new ProfileBytes().strings("").sample(new long[] {1}, 1).bytes();
        assertEquals("n.pb: byte 2: not a pprof profile: 1 samples and no sample_type to say what their values are",
                assertThrows(BadInputException.class, () -> read("n.pb", noTypes)).getMessage());
        byte[] wrongWire = new ProfileBytes().raw(ProfileBytes.varint(1, 5)).bytes();
        assertEquals("w.pb: byte 1: not a pprof profile: Profile.sample_type has wire type 0, not 2",
                assertThrows(BadInputException.class, () -> read("w.pb", wrongWire)).getMessage());
        byte[] firstNotEmpty = new ProfileBytes().strings("x").bytes();
        assertEquals("f.pb: byte 0: not a pprof profile: the string table's first string is not empty",
                assertThrows(BadInputException.class, () -> read("f.pb", firstNotEmpty)).getMessage());
    }

    @Test
    void anEmptyProfileIsNoSamples() throws IOException {
        TreeSink sink = read("e.pb", new byte[0]);
        assertEquals(1, sink.tree.size());
        assertEquals(1, sink.inputs);
    }

    private static byte[] goodProfile(ProfileBytes p) {
        return p.location(1, 0, 0, 1, 0).function(1, 3, 0).strings("", "samples", "count", "f").bytes();
    }

    @Test
    void contentInAFieldProfileProtoDoesNotHaveIsAWarningWithItsPlace() throws IOException {
        byte[] unknownTop = goodProfile(new ProfileBytes().sampleType(1, 2).sample(new long[] {1}, 4)
                .raw(ProfileBytes.msg(18, ProfileBytes.varint(1, 7), ProfileBytes.varint(2, 9))));
        TreeSink sink = read("u.pb", unknownTop);
        assertEquals(4, sink.rootCalls());
        assertEquals(List.of("u.pb: byte 14: field 18 of Profile (wire type 2, 5 bytes) is no field profile.proto"
                + " defines; its content is skipped"), sink.diagnostics().warnings().get(PprofReader.UNKNOWN_FIELD.name())
                .examples());
        // A sample whose tag lost a bit: field 10 (duration_nanos) is a varint in profile.proto, not a message.
        byte[] damagedTag = goodProfile(new ProfileBytes().sampleType(1, 2).sample(new long[] {1}, 4));
        damagedTag[6] = 0x52;
        TreeSink damaged = read("d.pb", damagedTag);
        assertEquals(0, damaged.rootCalls());
        assertEquals(List.of("d.pb: byte 6: field 10 of Profile (wire type 2, 7 bytes) is no field profile.proto"
                + " defines with that wire type; its content is skipped"),
                damaged.diagnostics().warnings().get(PprofReader.UNKNOWN_FIELD.name()).examples());
        byte[] inSample = goodProfile(new ProfileBytes().sampleType(1, 2)
                .raw(ProfileBytes.msg(2, ProfileBytes.varint(1, 1), ProfileBytes.varint(2, 4), ProfileBytes.varint(9, 1))));
        TreeSink nested = read("n.pb", inSample);
        assertEquals(4, nested.rootCalls());
        assertEquals(List.of("n.pb: byte 12: field 9 of Sample (wire type 0, 1 bytes) is no field profile.proto"
                + " defines; its content is skipped"), nested.diagnostics().warnings().get(PprofReader.UNKNOWN_FIELD.name())
                .examples());
    }

    @Test
    void aLengthPastTheEndIsAnErrorWithItsByteOffset() {
        byte[] good = goodProfile(new ProfileBytes().sampleType(1, 2).sample(new long[] {1}, 4));
        byte[] longer = Arrays.copyOf(good, good.length);
        longer[7] = 0x7f;
        BadInputException e = assertThrows(BadInputException.class, () -> read("l.pb", longer));
        assertEquals("l.pb: byte 6: the field that starts here says it is longer than what follows it in the input"
                + " (a cut or damaged file)", e.getMessage());
        byte[] cut = Arrays.copyOf(good, 9);
        BadInputException c = assertThrows(BadInputException.class, () -> read("c.pb", cut));
        assertTrue(c.getMessage().startsWith("c.pb: byte 6: "), c.getMessage());
    }

    @Test
    void valuesThatWouldCarryATotalPast63BitsAreWarnedNotWrapped() throws IOException {
        byte[] bytes = goodProfile(new ProfileBytes().sampleType(1, 2)
                .sample(new long[] {1}, Long.MAX_VALUE).sample(new long[] {1}, Long.MAX_VALUE).sample(new long[] {1}, 3));
        TreeSink sink = read("m.pb", bytes);
        assertEquals(Long.MAX_VALUE, sink.rootCalls());
        assertEquals(2, sink.diagnostics().warningCount(Diagnostics.BAD_EVENT));
        assertTrue(sink.diagnostics().warnings().get(Diagnostics.BAD_EVENT).examples().getFirst().endsWith(
                "sample 2: values that carry the input's total of a sample type (or of samples) past 2^63 - 1, where"
                        + " it would wrap (skipped)"));
    }

    @Test
    void aStackDeeperThanAnyReadIsWarnedAndItsIdsAreNotKept() throws IOException {
        long[] ids = new long[PprofReader.MAX_DEPTH + 5];
        Arrays.fill(ids, 1);
        byte[] bytes = goodProfile(new ProfileBytes().sampleType(1, 2).sample(ids, 2).sample(new long[] {1, 1}, 3));
        TreeSink sink = read("deep.pb", bytes);
        assertEquals(3, sink.rootCalls());
        assertEquals(List.of("deep.pb: byte 6: sample 1: a stack of 65541 locations, deeper than the 65536 read"
                + " (skipped)"), sink.diagnostics().warnings().get(Diagnostics.BAD_EVENT).examples());
    }

    /** Found by the short fuzz run (PprofFuzzTest): a gzip layer whose trailer is wrong said at its byte, as bad input. */
    @Test
    void aCorruptGzipTrailerIsBadInputAtItsByte() {
        byte[] gz = testResource("pprof/go-cpu.pb.gz");
        byte[] bad = Arrays.copyOf(gz, gz.length);
        bad[bad.length - 6] ^= 0x55;
        BadInputException e = assertThrows(BadInputException.class, () -> read("t.pb.gz", bad));
        // The trailer is checked once all 5040 bytes of the content have come out.
        assertEquals("t.pb.gz: byte 5040: corrupt gzip data: Corrupt GZIP trailer", e.getMessage());
    }
}
