package dev.ppw.engine;

import dev.ppw.model.Diagnostics;
import dev.ppw.model.ProfileDiff;
import dev.ppw.model.Report;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link Engine#diff} as a library caller uses it: the command's numbers, and what it refuses. */
class EngineDiffTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final Path EXAMPLES = EngineTest.examples();

    private static ProfileResult profile(String file, ViewSpec view) {
        return ENGINE.profile(ENGINE.inputs(List.of(EXAMPLES.resolve(file).toString())), ProfileOptions.defaults(),
                view);
    }

    @Test
    void aWriterThatDoesNotPrintDiffsIsRefused() {
        ProfileResult a = profile("perfflowaspect/smoketest.pfw", ViewSpec.TREE);
        Report report = ENGINE.report(ENGINE.diff(a.profile(), a.profile(), DiffOptions.defaults()), new Diagnostics(),
                DiffOptions.defaults());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ENGINE.write(report, "folded", new ByteArrayOutputStream()));
        assertEquals("format 'folded' cannot show a diff: expected one of csv, html, json, text", e.getMessage());
    }

    @Test
    void profilesOfTwoViewsAreNotCompared() {
        ProfileResult tree = profile("perfflowaspect/smoketest.pfw", ViewSpec.TREE);
        ProfileResult flat = profile("perfflowaspect/smoketest.pfw", ViewSpec.FLAT);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ENGINE.diff(tree.profile(), flat.profile(), DiffOptions.defaults()));
        assertEquals("cannot compare a tree view with a flat view: diff compares two profiles of one view",
                e.getMessage());
    }
}
