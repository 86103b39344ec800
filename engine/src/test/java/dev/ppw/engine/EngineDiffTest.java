package dev.ppw.engine;

import dev.ppw.model.Report;
import dev.ppw.model.ViewKind;
import dev.ppw.model.output.Content;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Engine#diff} as a library caller uses it: both sides in A's view, phases of each, what it refuses. */
class EngineDiffTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final Path EXAMPLES = EngineTest.examples();

    private static Analysis profile(String... files) {
        return Analysis.profile(ENGINE.inputs(java.util.Arrays.stream(files)
                .map(f -> EXAMPLES.resolve(f).toString()).toList()));
    }

    @Test
    void aWriterThatDoesNotPrintDiffsIsRefused() {
        Report report = ENGINE.diff(Comparison.of(profile("perfflowaspect/smoketest.pfw"),
                profile("perfflowaspect/smoketest.pfw"))).report();
        assertEquals(Content.DIFF, report.content());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ENGINE.write(report, "folded", new ByteArrayOutputStream()));
        assertEquals("format 'folded' cannot show a diff: expected one of csv, html, json, text", e.getMessage());
    }

    @Test
    void bIsReadInTheViewOfA() {
        Report flat = ENGINE.diff(Comparison.of(profile("perfflowaspect/smoketest.pfw").withView(ViewSpec.FLAT),
                profile("perfflowaspect/multiproc.pfw"))).report();
        assertEquals(ViewKind.FLAT, flat.profile().view());
        Report same = ENGINE.diff(Comparison.of(profile("perfflowaspect/smoketest.pfw").withView(ViewSpec.FLAT),
                profile("perfflowaspect/multiproc.pfw").withView(ViewSpec.FLAT))).report();
        assertEquals(EngineTest.csv(ENGINE, same), EngineTest.csv(ENGINE, flat));
    }

    @Test
    void aPhaseThatASideDoesNotHaveIsNamedWithThePhasesItHas() {
        Analysis split = profile("perfflowaspect/smoketest.pfw")
                .withSplit(new WindowSpec.Phases(List.of("bar"), List.of(), false));
        NoSuchPhaseException e = assertThrows(NoSuchPhaseException.class,
                () -> ENGINE.diff(Comparison.ofPhases(split, "bar", "baz")));
        assertEquals("A", e.side());
        assertEquals("baz", e.phase());
        assertEquals(List.of("bar", "(outside)"), e.phases());
        Report phases = ENGINE.diff(Comparison.ofPhases(split, "(outside)", "bar")).report();
        assertTrue(phases.profile().inputs().stream().allMatch(i -> i.endsWith(" (phase (outside))")
                || i.endsWith(" (phase bar)")), phases.profile().inputs().toString());
    }

    @Test
    void theInputsEitherSideLeftOutStayInTheResult(@TempDir Path dir) throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.pfw"), "");
        ReadingOptions skip = ReadingOptions.defaults().withSkipBad(true);
        Analysis a = Analysis.profile(ENGINE.inputs(List.of(EXAMPLES.resolve("perfflowaspect/smoketest.pfw").toString(),
                empty.toString()))).withReading(skip);
        AnalysisResult diff = ENGINE.diff(Comparison.of(a, profile("perfflowaspect/multiproc.pfw")));
        assertEquals(1, diff.droppedInputs().count());
        assertEquals(3, diff.inputCount());
        assertTrue(diff.droppedInputs().examples().get(0).startsWith(empty.toString()));
    }
}
