package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.AfterAll;

/**
 * The JFR reader (its own chunk parser, {@code JfrChunk}) on any bytes, from a plain file as it maps chunks (a
 * recording given in memory or through a pipe is copied to one first): read, or bad input with a byte offset.
 * And a damaged input read at all is never silent: it yields rows of the tree, or warnings, or both.
 */
class JfrFuzzTest {
    private static final ReaderFuzzing READING = ReaderFuzzing.ofFile("jfr", ReadOptions.defaults())
            .checking(JfrFuzzTest::rowsOrWarnings);

    @AfterAll
    static void close() throws Exception {
        READING.close();
    }

    static void rowsOrWarnings(AnalysisResult result) {
        if (result.profile().tree().size() <= 1 && result.diagnostics().warnings().isEmpty()) {
            throw new AssertionError("jfr read an input into an empty profile without a warning");
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void jfr(byte[] input) {
        READING.read(input);
    }
}
