package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launcher's training run: every command ends as expected on the shipped examples, and fails without them. */
class StartupTrainingTest {
    @Test
    void everyCommandEndsAsExpectedOnTheShippedExamples() {
        assertEquals(0, StartupTraining.train(examples()));
    }

    @Test
    void withoutTheExamplesTheTrainingFails(@TempDir Path empty) {
        assertTrue(StartupTraining.train(empty) > 0);
    }

    private static Path examples() {
        Path dir = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(dir.resolve("examples/perfflowaspect"))) {
            dir = dir.getParent();
        }
        return dir.resolve("examples");
    }
}
