package dev.ppw.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Golden files of command outputs, under {@code cli/src/test/resources/golden}: an output equals its file, or,
 * with {@code -Dppw.updateGolden=true}, rewrites it (then review the diff and say why in the commit).
 */
final class Golden {
    /** The folder of golden files, relative to the cli module where its tests run. */
    static final Path ROOT = Path.of("src/test/resources/golden");
    private static final boolean UPDATE = Boolean.getBoolean("ppw.updateGolden");

    private Golden() {
    }

    /** Asserts that {@code actual} equals the content of {@code file}, or writes it there when updating. */
    static void check(Path file, String actual) {
        try {
            if (UPDATE) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                return;
            }
            assertTrue(Files.exists(file), file + " is missing: run mvn -pl cli test -Dppw.updateGolden=true");
            assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual, file.getFileName().toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Options as a file name's part: {@code --view tau --depth 2} becomes {@code --view-tau--depth-2}. */
    static String invocation(List<String> args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) {
            sb.append(a.startsWith("--") ? a : "-" + a);
        }
        return sb.toString();
    }
}
