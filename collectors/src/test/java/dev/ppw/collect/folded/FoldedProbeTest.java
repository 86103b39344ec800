package dev.ppw.collect.folded;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import static dev.ppw.collect.TestInputs.FORMATS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The folded probe over a table of heads, and what detection makes of them among every registered format. */
class FoldedProbeTest {
    private static final FoldedFormat FOLDED = new FoldedFormat();
    /** perf script -F comm,pid,tid,time,period,ip,sym,dso: a header ending in the period, indented frames. */
    private static final String PERF_SCRIPT = """
            java 4711/4712 12345.678901:     250000
            \t    7f3a2b1c4d5e Interpreter (/usr/lib/jvm/java-17/lib/server/libjvm.so)
            \t    7f3a2b1c0000 call_stub (/usr/lib/jvm/java-17/lib/server/libjvm.so)

            java 4711/4712 12345.679151:     250000
            \t    7f3a2b1c4d5e Interpreter (/usr/lib/jvm/java-17/lib/server/libjvm.so)
            """;

    /** A head; {@code whole} false when the content goes on past these bytes (the last line may be cut). */
    record Row(String what, String name, byte[] bytes, boolean whole, int gzipLayers, Confidence expected) {
        Row(String what, String name, byte[] bytes, boolean whole, Confidence expected) {
            this(what, name, bytes, whole, 0, expected);
        }

        Head head() {
            return new Head(name, bytes, gzipLayers, false, false, whole);
        }

        @Override
        public String toString() {
            return what;
        }
    }

    private static Row row(String what, String name, String text, Confidence expected) {
        return new Row(what, name, text.getBytes(StandardCharsets.UTF_8), true, expected);
    }

    private static Row cut(String what, String name, String text, Confidence expected) {
        return new Row(what, name, text.getBytes(StandardCharsets.UTF_8), false, expected);
    }

    static List<Row> rows() {
        byte[] binary = new byte[64];
        Arrays.fill(binary, (byte) 0x9c);
        binary[0] = 0;
        return List.of(
                row("stacks with ;", "out.txt", "main;compute;sha256 1843\nmain;compute 10\n", Confidence.POSSIBLE),
                row("CRLF line ends", "out.txt", "main;a 1\r\nmain;b 2\r\n", Confidence.POSSIBLE),
                row("no final line end", "out.txt", "main;a 1\nmain;b 2", Confidence.POSSIBLE),
                row("blank lines and trailing spaces", "out.txt", "\n  \nmain;a 1  \n\n", Confidence.POSSIBLE),
                row("tab before the count", "out.txt", "main;a\t7\n", Confidence.POSSIBLE),
                row("names with spaces, colons, annotations", "out.txt",
                        "node;JS:~tick node:internal/process/task_queues:67;sys_read_[k] 12\n", Confidence.POSSIBLE),
                row("non-ASCII names", "out.txt", "main;naïve café;名前 3\n", Confidence.POSSIBLE),
                row("one frame per line, unnamed", "out.txt", "main 5\nidle 3\n", Confidence.NONE),
                row("one frame per line, named .folded", "x.folded", "main 5\nidle 3\n", Confidence.POSSIBLE),
                row("named .collapsed", "x.collapsed", "main 5\n", Confidence.POSSIBLE),
                row("named .stacks", "dir/X.STACKS", "main 5\n", Confidence.POSSIBLE),
                new Row("named .folded.gz, gzipped", "x.folded.gz", "main 5\n".getBytes(StandardCharsets.UTF_8), true, 1,
                        Confidence.POSSIBLE),
                row("named .gz, not gzipped: the name hint is .gz", "x.folded.gz", "main 5\n", Confidence.NONE),
                row("a decimal count", "out.txt", "main;a 1.5\n", Confidence.NONE),
                row("no count", "out.txt", "main;a\n", Confidence.NONE),
                row("an indented line", "out.txt", "main;a 1\n  main;b 2\n", Confidence.NONE),
                row("a count alone", "out.txt", "42\n", Confidence.NONE),
                row("only blank lines, named .folded", "x.folded", "\n \n", Confidence.NONE),
                row("other text named .folded", "x.folded", "this is not folded\n", Confidence.NAME_ONLY),
                row("other text", "x.txt", "this is not a trace, just some words\n", Confidence.NONE),
                new Row("binary named .folded", "x.folded", binary, true, Confidence.NONE),
                row("a NUL byte", "out.txt", "main;a 1\nmain;\u0000b 2\n", Confidence.NONE),
                new Row("malformed UTF-8: still folded, the reader says where", "out.txt",
                        new byte[] {'a', ';', (byte) 0xc3, 'b', ' ', '1', '\n'}, true, Confidence.POSSIBLE),
                row("ppw-java's weight line first", "out.txt",
                        "# ppw-java folded stacks: each value is nanoseconds of time\nmain;a 1000\n", Confidence.CERTAIN),
                row("another comment first", "out.txt", "# made by hand\nmain;a 1000\n", Confidence.NONE),
                new Row("a UTF-8 sequence cut by the end of the head", "out.txt",
                        new byte[] {'a', ';', 'b', ' ', '1', '\n', 'c', ';', (byte) 0xe5}, false, Confidence.POSSIBLE),
                cut("the cut last line is not looked at", "out.txt", "main;a 1\nmain;b this is cut he", Confidence.POSSIBLE),
                cut("no complete line", "out.txt", "main;a;b;c;d;e;f;g", Confidence.NONE),
                cut("no complete line, named .folded", "x.folded", "main;a;b;c;d;e;f;g", Confidence.NAME_ONLY),
                row("a Chrome trace", "t.json", "[{\"name\":\"main\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10}]\n",
                        Confidence.NONE),
                cut("a PerfFlowAspect trace", "perfflow.array.vm.7505.pfw", """
                        [
                        {"name": "foo", "cat": "__main__", "pid": 7505, "tid": 7505, "ts": 1795322503661461.5, "ph": "B"},
                        {"name": "bar", "cat": "__main__", "pid": 7505, "tid": 7505, "ts": 1795322503663053""",
                        Confidence.NONE),
                cut("a pretty-printed Chrome trace with a ; in a name", "t.json", """
                        {
                          "traceEvents": [
                            {"name": "a;b", "ph": "X", "ts": 1, "dur": 2},
                            {"name": "c", "ph": "X", "ts": 1,
                              "dur": 2
                        """, Confidence.NONE),
                cut("a saved profile", "p.ppw.json", """
                        {
                          "format": "ppw-profile",
                          "version": 1,
                          "tool": "ppw-java 0.1",
                          "view": "tree",
                          "unit": "ns",
                          "rows": [
                            [1, 0, 0, "main", "", 1868, 1868, 0, 0
                        """, Confidence.NONE),
                cut("perf script text", "perf.out", """
                        java  4711 12345.678901:     250000 cpu-clock:u:\s
                        \t    7f3a2b1c4d5e Interpreter (/usr/lib/jvm/java-17/lib/server/libjvm.so)
                        \t    7f3a2b1c0000 call_stub (/usr/lib/jvm/java-17/lib/server/libjvm.so)
                        \tffffffff8a2000e0 entry_SYSCALL_64_after_hwframe ([kernel.kallsyms])

                        java  4711 12345.679151:     250000 cpu-clock:u:\s
                        \t    7f3a2b1c4d5e Interp""", Confidence.NONE),
                cut("perf script text named .stacks: only the name", "perf.stacks", PERF_SCRIPT, Confidence.NAME_ONLY),
                cut("perf script text with the period last", "perf.out", PERF_SCRIPT, Confidence.NONE),
                cut("perf script text cut after its first header", "perf.folded", """
                        java 4711/4712 12345.678901:     250000
                        \t    7f3a2b1c4d5e Interp""", Confidence.NAME_ONLY),
                cut("a folded head whose cut line is indented", "out.txt", "main;a 1\n\tmain;b", Confidence.NONE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void probeSaysHowSureItIs(Row row) {
        assertEquals(row.expected(), FOLDED.probe(row.head()));
    }

    @Test
    void detectionPicksFoldedOnlyForFoldedText() {
        assertEquals("folded", FORMATS.detect(head("out.txt", "main;a 1\nmain;b 2\n")).name());
        assertEquals("folded", FORMATS.detect(head("x.folded", "some text\n")).name(), "by its name, as a last resort");
        assertEquals("chrome-json", FORMATS.detect(head("t.json", "[{\"ph\":\"X\",\"name\":\"a;b 1\"}]")).name());
        assertEquals("chrome-json", FORMATS.detect(head("x.folded", "[{\"ph\":\"X\"}]")).name(),
                "a name never beats the bytes");
        assertEquals("ppw-profile", FORMATS.detect(head("x.folded", "{\"format\": \"ppw-profile\"}")).name());
        BadInputException binary = assertThrows(BadInputException.class,
                () -> FORMATS.detect(Head.of("x.folded", new byte[] {0, 1, 2, 3, (byte) 0x9c, 5, 6})));
        assertTrue(binary.getMessage().startsWith("x.folded: unrecognized format"), binary.getMessage());
    }

    @Test
    void aFoldedFileOpeningWithABracketIsFoldedNotJson() throws IOException {
        String text = "[unknown];main;work 3\n[unknown];main 1\n";
        assertEquals(Confidence.POSSIBLE, FOLDED.probe(head("out.txt", text)));
        assertEquals("folded", FORMATS.detect(head("out.txt", text)).name(),
                "JSON opens an array with an event, another array or its end, never a name");
        assertEquals("chrome-json", FORMATS.detect(head("t.pfw", "[\n{\"ph\": \"B\"},\n")).name());
        assertEquals("chrome-json", FORMATS.detect(head("t.json", "{ \"traceEvents\": []}")).name());
        assertEquals("chrome-json", FORMATS.detect(head("t.json", "[ ]")).name());
        RecordingSink sink = new RecordingSink();
        FOLDED.read(InputSource.of("out.txt", text.getBytes(StandardCharsets.UTF_8)), sink, ReadOptions.defaults());
        assertEquals(List.of("beginInput out.txt", "sample T(,) 1 3 samples x3 [unknown];main;work",
                "sample T(,) 2 1 samples x1 [unknown];main", "endInput"), sink.calls());
    }

    private static Head head(String name, String text) {
        return Head.of(name, text.getBytes(StandardCharsets.UTF_8));
    }
}
