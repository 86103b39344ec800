package dev.ppw.collect.unread;

import dev.ppw.model.BadInputException;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Detection;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.UnreadFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.ppw.collect.TestInputs.FORMATS;
import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every recognised-but-unread format on real or faithfully made inputs ({@code unread/README.md}): detection
 * names it with its next step, as one line, instead of "unrecognized format" or a reader's parser error.
 */
class UnreadFormatsTest {
    private static final String READ = "Formats read: chrome-json, folded, jfr, lttng-ctf, lttng-text, perf-script, perf-stat, perfetto, pprof, ppw-profile, tau, v8-cpuprofile ('ppw-java formats').";

    /** A file of {@code unread/} (or of {@code traces/}) and what detection must make of it. */
    record Sample(String path, String format, Confidence confidence) {
        @Override
        public String toString() {
            return path;
        }
    }

    static List<Sample> samples() {
        return List.of(
                new Sample("unread/perf-record.head128.data", "perf-data", Confidence.CERTAIN),
                new Sample("unread/cprofile-cycle.pstats", "pstats", Confidence.CERTAIN),
                new Sample("unread/python311-sum.pstats", "pstats", Confidence.CERTAIN),
                new Sample("unread/caliper-made.cali", "caliper", Confidence.CERTAIN),
                new Sample("unread/made.speedscope.json", "speedscope", Confidence.CERTAIN),
                new Sample("unread/hatchet-literal-made.json", "hatchet-literal", Confidence.CERTAIN),
                new Sample("unread/made.nsys-rep", "nsys", Confidence.NAME_ONLY),
                new Sample("unread/traces.otf2", "otf2", Confidence.NAME_ONLY),
                new Sample("unread/other-object.json", "json", Confidence.POSSIBLE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void eachIsNamedWithItsNextStepInOneLine(Sample sample) throws IOException {
        String name = sample.path().substring(sample.path().lastIndexOf('/') + 1);
        Head head = InputSource.of(name, testResource(sample.path())).head();
        Detection.Unread unread = assertInstanceOf(Detection.Unread.class, FORMATS.identify(head));
        assertEquals(sample.format(), unread.format().name());
        assertEquals(sample.confidence(), unread.confidence());
        String what = sample.confidence() == Confidence.NAME_ONLY
                ? "by its name, " + unread.format().description() + " (its bytes show no sign of one)"
                : "this is " + unread.format().describe(head) + (head.gzipLayers() > 0 ? ", gzipped" : "");
        assertEquals(name + ": " + what + "; ppw-java does not read it yet. Next: " + unread.format().nextStep() + ". "
                + READ, unread.message());
        assertEquals(unread.message(), assertThrows(BadInputException.class, () -> FORMATS.detect(head)).getMessage());
    }

    @Test
    void aJfrRecordingIsReadNotNamed() throws IOException {
        Head head = InputSource.of("rec.jfr", testResource("unread/jfr-A-jdk17-profile.head1k.jfr")).head();
        assertEquals("jfr", FORMATS.detect(head).name(), "the JFR reader (collectors' jfr package) claims the chunk magic");
    }

    @Test
    void lttngTextIsReadByItsOwnFormatNotTheJsonParsers() throws IOException {
        Head head = InputSource.of("t.txt", testResource("unread/lttng-cyg-lttng_work.head.txt")).head();
        assertEquals(Confidence.NONE, FORMATS.byName("chrome-json").orElseThrow().probe(head),
                "[04:47:12...] opens no JSON array: a number has no leading zero");
        assertEquals("lttng-text", FORMATS.detect(head).name());
    }

    @Test
    void anotherJsonObjectIsNamedByItsMembers() {
        Head head = Head.of("x.json", utf8("{\"name\": \"run 7\", \"values\": [1, 2, {\"a\": \"}\"}], \"n\": null}"));
        assertEquals("JSON, an object with the members name, values, n (no traceEvents)",
                new OtherJson().describe(head));
        assertEquals("JSON, an empty object (no traceEvents member)", new OtherJson().describe(Head.of("x", utf8("{ }"))));
        assertEquals(Confidence.POSSIBLE, new OtherJson().probe(Head.of("x", utf8("{ }"))));
        Head many = Head.of("x", utf8("{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,\"i\":9,\"j\":10}"));
        assertEquals("JSON, an object with the members a, b, c, d, e, f, g, h and 2 more (no traceEvents)",
                new OtherJson().describe(many));
        assertEquals(Confidence.NONE, new OtherJson().probe(Head.of("x", utf8("{\"a\": [1, 2,"))),
                "an object longer than the head is the Chrome reader's to judge");
        assertEquals(Confidence.NONE, new OtherJson().probe(Head.of("x", utf8("{\"a\": 1, \"traceEvents\": []}"))));
        assertEquals(Confidence.NONE, new OtherJson().probe(Head.of("x", utf8("{ cpu_id = 0 }"))), "not JSON");
    }

    @Test
    void namesAreHintsTheBytesOverrule() {
        assertEquals(Confidence.NAME_ONLY, new NsightReport().probe(new Head("a.qdrep.gz", utf8("x"), 1, false, false, true)));
        assertEquals(Confidence.NONE, new NsightReport().probe(Head.of("a.qdrep.gz", utf8("x"))),
                "a .gz that is not gzipped keeps its .gz");
        assertEquals("chrome-json", FORMATS.detect(Head.of("x.jfr", utf8("[{\"ph\": \"X\"}]"))).name());
        assertEquals("folded", FORMATS.detect(Head.of("x.cpuprofile", utf8("main;a 1\n"))).name());
    }

    @Test
    void pprofAndPerfettoAreTellingApart() throws IOException {
        Head pprof = InputSource.of("cpu.pb.gz", testResource("unread/cpu-made.pb.gz")).head();
        assertEquals(Confidence.POSSIBLE, FORMATS.byName("perfetto").orElseThrow().probe(pprof),
                "any protobuf opening with a message");
        assertEquals(Confidence.CERTAIN, FORMATS.byName("pprof").orElseThrow().probe(pprof));
        assertEquals("pprof", FORMATS.detect(pprof).name(), "read now");
        Head perfetto = InputSource.of("t.json", testResource("traces/chrome-A-all.head4k.pftrace.gz")).head();
        assertEquals(Confidence.NONE, FORMATS.byName("pprof").orElseThrow().probe(perfetto));
        assertEquals("perfetto", FORMATS.detect(perfetto).name(), "read now, whatever the file's name");
    }

    @Test
    void theServiceLoaderFindsEveryRecognizerRegisteredInThisModule() throws IOException {
        List<String> registered;
        try (InputStream in = UnreadFormatsTest.class.getResourceAsStream(
                "/META-INF/services/" + UnreadFormat.class.getName())) {
            registered = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).sorted().toList();
        }
        assertEquals(registered, FORMATS.unread().stream().map(f -> f.getClass().getName()).sorted().toList());
        assertEquals(samples().stream().map(Sample::format).distinct().sorted().toList(),
                FORMATS.unread().stream().map(UnreadFormat::name).toList(), "a sample of every recognised format");
        for (UnreadFormat f : FORMATS.unread()) {
            for (String line : List.of(f.description(), f.nextStep())) {
                assertTrue(!line.isBlank() && !line.contains("\n") && !line.endsWith("."), f.name() + ": " + line);
            }
        }
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
