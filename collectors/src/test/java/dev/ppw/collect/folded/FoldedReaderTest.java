package dev.ppw.collect.folded;

import dev.ppw.collect.RecordingSink;
import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Folded text in, the sink's calls out: every line's samples, stack and time, and what is skipped and why. */
class FoldedReaderTest {
    private static final String NAME = "s.folded";

    private static RecordingSink read(byte[] raw) {
        RecordingSink sink = new RecordingSink();
        try {
            new FoldedFormat().read(InputSource.of(NAME, raw), sink, ReadOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    private static RecordingSink read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> samples(RecordingSink sink) {
        return sink.calls().stream().filter(c -> c.startsWith("sample ")).toList();
    }

    @Test
    void eachLineIsItsCountOfSamplesOfItsStackAtItsLineNumber() {
        RecordingSink sink = read("""
                java;start_thread;JavaMain;Interpreter 17
                java;start_thread;JavaMain;Interpreter;sys_write_[k] 3

                node;JS:~tick node:internal/process/task_queues:67;JS:*fib /app/fib.js:3 12
                main;compute;sha256 1843
                main;compute;sha256 7
                """);
        assertEquals(List.of("beginInput s.folded",
                "sample T(,) 1 17 samples x17 java;start_thread;JavaMain;Interpreter",
                "sample T(,) 2 3 samples x3 java;start_thread;JavaMain;Interpreter;sys_write_[k]",
                "sample T(,) 4 12 samples x12 node;JS:~tick node:internal/process/task_queues:67;JS:*fib /app/fib.js:3",
                "sample T(,) 5 1843 samples x1843 main;compute;sha256",
                "sample T(,) 6 7 samples x7 main;compute;sha256",
                "endInput"), sink.calls());
        assertEquals(List.of("T(,)"), sink.tracks());
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void lineEndsSeparatorsAndAByteOrderMarkAreAcceptedAsFlameGraphToolsDo() {
        byte[] text = "\uFEFFa;b 1\r\na;b  c\t2\r\n \t\r\na;b 3  \r\na;b 4.0\na;b 5.".getBytes(StandardCharsets.UTF_8);
        List<String> expected = List.of(
                "sample T(,) 1 1 samples x1 a;b",
                "sample T(,) 2 2 samples x2 a;b  c",
                "sample T(,) 4 3 samples x3 a;b",
                "sample T(,) 5 4 samples x4 a;b",
                "sample T(,) 6 5 samples x5 a;b");
        RecordingSink plain = read(text);
        assertEquals(expected, samples(plain));
        assertEquals(Map.of(), plain.warnings());
        assertEquals(expected, samples(read(TestInputs.gzip(text))), "gzipped");
    }

    @Test
    void annotationsAndOddCharactersStayInTheNames() {
        assertEquals(List.of("sample T(,) 1 2 samples x2 sshd;schedule_[k];--;kworker/0:1;try_to_wake_up_[w]",
                        "sample T(,) 2 4 samples x4 java;Lfoo/Bar;.baz_[j];inlined_[i];naïve café;名前 (a.py:3)"),
                samples(read("sshd;schedule_[k];--;kworker/0:1;try_to_wake_up_[w] 2\n"
                        + "java;Lfoo/Bar;.baz_[j];inlined_[i];naïve café;名前 (a.py:3) 4\n")));
    }

    @Test
    void aZeroCountIsANoteAndNoSample() {
        RecordingSink sink = read("a;b 0\na;c 2\n");
        assertEquals(List.of("sample T(,) 2 2 samples x2 a;c"), samples(sink));
        assertEquals(Map.of(FoldedReader.ZERO_COUNT.name(), 1L), sink.notes());
        assertEquals(Map.of(), sink.warnings());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "main;compute    | s.folded:2:1: no sample count at the end of the line: \"main;compute\"",
            "JS:^foo node:internal | s.folded:2:9: no sample count at the end of the line: \"JS:^foo node:internal\"",
            "a;b -3          | s.folded:2:5: no sample count at the end of the line: \"a;b -3\"",
            "a;b 1e3         | s.folded:2:5: no sample count at the end of the line: \"a;b 1e3\"",
            "a;b 12.5        | s.folded:2:5: the count 12.5 is not a whole number of samples: \"a;b 12.5\"",
            "a;b 99999999999999999999 | s.folded:2:5: the count 99999999999999999999 is beyond a 64-bit count:"
                    + " \"a;b 99999999999999999999\"",
            "'  42'          | s.folded:2:3: a count without a stack: \"  42\"",
            "a;;b 3          | s.folded:2:3: an empty frame in the stack (';;', or ';' at its start): \"a;;b 3\"",
            ";a 3            | s.folded:2:1: an empty frame in the stack (';;', or ';' at its start): \";a 3\"",
            "é;a;; 3         | s.folded:2:5: an empty frame in the stack (';;', or ';' at its start): \"é;a;; 3\""})
    void aBadLineIsOneWarningWithItsPlaceAndTheLinesBeforeAndAfterAreRead(String bad, String example) {
        RecordingSink sink = read("a;b 1\n" + bad + "\na;b 2\n");
        assertEquals(List.of("sample T(,) 1 1 samples x1 a;b", "sample T(,) 3 2 samples x2 a;b"), samples(sink));
        assertEquals(Map.of(FoldedReader.BAD_EVENT, 1L), sink.warnings());
        assertEquals(example, sink.firstExample(FoldedReader.BAD_EVENT));
    }

    @Test
    void zeroBytesAWriterNeverWroteOutAreOneBadLine() {
        byte[] text = ("a;b 1\nc 2\n" + "\u0000".repeat(4096)).getBytes(StandardCharsets.UTF_8);
        RecordingSink sink = read(text);
        assertEquals(List.of("sample T(,) 1 1 samples x1 a;b", "sample T(,) 2 2 samples x2 c"), samples(sink));
        assertEquals("s.folded:3:1: 4096 zero bytes (a damaged region: whatever the file held there is lost): \""
                + "\\u0000".repeat(60) + "...\"", sink.firstExample(FoldedReader.BAD_EVENT));
        assertEquals(Map.of(FoldedReader.BAD_EVENT, 1L), sink.warnings());
    }

    @Test
    void aZeroedPageJoiningWhatWasLeftOfTwoLinesIsOneBadLineNeverAStack() {
        // The zeros replaced the end of line 2 and the start of line 3: what is left reads "a;b\0\0\0;c 3".
        byte[] text = ("x 1\na;b" + "\u0000".repeat(3) + ";c 3\ny 2\n").getBytes(StandardCharsets.UTF_8);
        RecordingSink sink = read(text);
        assertEquals(List.of("sample T(,) 1 1 samples x1 x", "sample T(,) 3 2 samples x2 y"), samples(sink));
        assertEquals("s.folded:2:4: 3 zero bytes (a damaged region: whatever the file held there is lost): \"a;b"
                + "\\u0000".repeat(3) + ";c 3\"", sink.firstExample(FoldedReader.BAD_EVENT));
        assertEquals(Map.of(FoldedReader.BAD_EVENT, 1L), sink.warnings());
    }

    @Test
    void aLongLineIsQuotedShortAndAnEmptyFrameDeepInItIsPlacedByCharacters() {
        String frames = "xx" + "ünïcødé;".repeat(10);
        RecordingSink sink = read(frames + ";x 3\n");
        assertEquals(List.of(), samples(sink));
        // The quote's 60 bytes end inside the fifth 'é': it stops before it.
        assertEquals("s.folded:1:83: an empty frame in the stack (';;', or ';' at its start): \"xx"
                + "ünïcødé;".repeat(4) + "ünïcød...\"", sink.firstExample(FoldedReader.BAD_EVENT));
    }

    @Test
    void aLineLongerThanTheLimitIsSkippedUnkept() {
        byte[] huge = new byte[FoldedReader.MAX_LINE_BYTES + 10];
        Arrays.fill(huge, (byte) 'f');
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        text.writeBytes("a 1\n".getBytes(StandardCharsets.UTF_8));
        text.writeBytes(huge);
        text.writeBytes(" 5\na;b 2\n".getBytes(StandardCharsets.UTF_8));
        RecordingSink sink = read(text.toByteArray());
        assertEquals(List.of("sample T(,) 1 1 samples x1 a", "sample T(,) 3 2 samples x2 a;b"), samples(sink));
        assertEquals("s.folded:2:1: a line of " + (huge.length + 2) + " bytes, longer than the longest read (16777216"
                + " bytes): \"" + "f".repeat(60) + "...\"", sink.firstExample(FoldedReader.BAD_EVENT));
    }

    @Test
    void countsThatWouldCarryTheInputsTotalPastALongAreSkipped() {
        long big = Long.MAX_VALUE - 4;
        RecordingSink sink = read("a 5\nb " + big + "\nc 1\n");
        assertEquals(List.of("sample T(,) 1 5 samples x5 a", "sample T(,) 3 1 samples x1 c"), samples(sink));
        assertEquals("s.folded:2:3: the count " + big + " carries the input's samples past a 64-bit count: \"b "
                + big + "\"", sink.firstExample(FoldedReader.BAD_EVENT));
    }

    @Test
    void aDifferentialFileStopsTheReadNamingItsForm() {
        RecordingSink sink = new RecordingSink();
        BadInputException e = assertThrows(BadInputException.class, () -> new FoldedFormat().read(
                InputSource.of(NAME, "a;b 3\r\nmain;sleep 10 12\n".getBytes(StandardCharsets.UTF_8)), sink,
                ReadOptions.defaults()));
        assertEquals("s.folded:2:12: a line with two counts is the differential form of folded stacks"
                + " (difffolded.pl's 'stack count1 count2'), which ppw-java does not read: give each profile as a"
                + " folded file of its own: \"main;sleep 10 12\"", e.getMessage());
        assertEquals(List.of("beginInput s.folded", "sample T(,) 1 3 samples x3 a;b", "endInput"), sink.calls());
    }

    @Test
    void anEmptyInputIsBegunAndEndedWithNothingBetween() {
        assertEquals(List.of("beginInput s.folded", "endInput"), read("\n\n  \n").calls());
    }

    @Test
    void framesKeptFromThePreviousLineAreExactlyTheSharedOnes() {
        // Each line shares a byte prefix with the one before it that ends inside, at or after a frame.
        List<String> lines = List.of("a;bc;d 1", "a;bc 1", "a;b 1", "a;bc;d 1", "a;bc;de 1", "a;bc;d;e 1", "a;bc;d;e 1",
                "a;;x 1", "a;bc;d;e 1", "a;bc; 1", "ab;c 1", "a 1", "a;b 1");
        RecordingSink sink = read(String.join("\n", lines));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String stack = lines.get(i).substring(0, lines.get(i).length() - 2);
            if (!stack.contains(";;")) {
                expected.add("sample T(,) " + (i + 1) + " 1 samples x1 " + (stack.endsWith(";")
                        ? stack.substring(0, stack.length() - 1) : stack));
            }
        }
        assertEquals(expected, samples(sink));
        assertEquals(1, sink.warnings().get(FoldedReader.BAD_EVENT));
        assertEquals(1, sink.diagnostics().noteCount(FoldedReader.EMPTY_LAST_FRAME));
        Diagnostics.Entry bad = sink.diagnostics().warnings().get(FoldedReader.BAD_EVENT);
        assertEquals(List.of("s.folded:8:3: an empty frame in the stack (';;', or ';' at its start): \"a;;x 1\""),
                bad.examples());
    }

    @Test
    void aGzipLayerCutShortIsBadInputWhereTheTextStops() throws IOException {
        // found by fuzzing (FoldedFuzzTest): a gzip layer whose deflate data ends after one byte of text
        byte[] cutAtOnce = {0x1f, (byte) 0x8b, 8, 0, 9, 0x1a, 0x22, 0x58, 0x22, 0x1f, (byte) 0x8b, 0x0a};
        BadInputException e = assertThrows(BadInputException.class, () -> read(cutAtOnce));
        assertEquals(NAME + ":1:2: the gzip data ends here (a cut file?): Unexpected end of ZLIB input stream",
                e.getMessage());
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gzipped)) {
            out.write("main;work 3\nmain;idle 2\nmain;".getBytes(StandardCharsets.UTF_8));
        }
        byte[] whole = gzipped.toByteArray();
        // without the trailer (8 bytes) and the deflate data's last byte, the text stops in the third line
        BadInputException cut = assertThrows(BadInputException.class, () -> read(Arrays.copyOf(whole, whole.length - 9)));
        assertTrue(cut.getMessage().startsWith(NAME + ":3:"), cut.getMessage());
        assertTrue(cut.getMessage().contains(": the gzip data ends here (a cut file?): "), cut.getMessage());
    }

    @Test
    void aStackEndingInASemicolonIsReadWithoutItsEmptyLastFrameAndNoted() throws IOException {
        RecordingSink sink = read("a;write0; 3\na;b 2\n");
        assertEquals(List.of("sample T(,) 1 3 samples x3 a;write0", "sample T(,) 2 2 samples x2 a;b"), samples(sink));
        assertEquals(Map.of(), sink.warnings());
        assertEquals(1, sink.diagnostics().noteCount(FoldedReader.EMPTY_LAST_FRAME));

        RecordingSink vertx = new RecordingSink();
        TestInputs.readInto("perf-vertx-stacks-01-collapsed-all.txt.gz",
                TestInputs.testResource("folded/flamegraph/perf-vertx-stacks-01-collapsed-all.txt.gz"), vertx);
        assertEquals(Map.of(), vertx.warnings());
        assertEquals(1, vertx.diagnostics().noteCount(FoldedReader.EMPTY_LAST_FRAME));
        List<String> lines = samples(vertx);
        assertEquals(199, lines.size(), "every line of the file");
        assertEquals(285, lines.stream().mapToLong(l -> Long.parseLong(l.split(" ")[3])).sum(), "its counts' sum");
        assertTrue(lines.stream().anyMatch(l -> l.endsWith(";sun/nio/ch/FileDispatcherImpl:.write0_[j]")), "the line"
                + " ending in ';' is its stack without the empty frame");
    }

    @Test
    void ppwJavasWeightLineMakesTheValuesTimeWithoutCalls() {
        RecordingSink sink = read("# ppw-java folded stacks: each value is nanoseconds of time\nmain 999567\nmain;a 500\n");
        assertEquals(List.of("sample T(,) 2 999567 time x0 main", "sample T(,) 3 500 time x0 main;a"), samples(sink));
        RecordingSink bytes = read("# ppw-java folded stacks: each value is bytes of alloc_space\r\nmain;grow 4096\n");
        assertEquals(List.of("sample T(,) 2 4096 alloc_space x0 main;grow"), samples(bytes));
        RecordingSink other = read("main 1\n# ppw-java folded stacks: each value is nanoseconds of time\n");
        assertEquals(List.of("sample T(,) 1 1 samples x1 main"), samples(other), "only a first line says it");
        assertEquals(1, other.warnings().get(FoldedReader.BAD_EVENT));
    }

    @Test
    void aByteThatIsNotUtf8IsAWarningAtItsColumnNeverAReplacementCharacter() throws IOException {
        byte[] text = {'a', ';', 'b', ' ', '1', '\n', 'c', 'a', 'f', (byte) 0xe9, ';', 'x', ' ', '2', '\n', 'a', ' ', '3',
                '\n'};
        RecordingSink sink = read(text);
        assertEquals(List.of("sample T(,) 1 1 samples x1 a;b", "sample T(,) 3 3 samples x3 a"), samples(sink));
        assertEquals("s.folded:2:4: a frame name that is not UTF-8 text (byte 0xe9): \"caf\\xe9;x 2\"",
                sink.firstExample(FoldedReader.BAD_EVENT));
        assertEquals("folded", TestInputs.FORMATS.detect(InputSource.of("out.txt", text).head()).name());
    }
}
