package dev.ppw.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Golden files of the modules' tests: an output equals its file, or, with {@code -Dppw.updateGolden=true}, rewrites
 * it (then review the diff and say why in the commit). Paths are relative to the module whose tests run, as Maven
 * runs them; the files are UTF-8 text, never edited by hand.
 */
public final class Golden {
    /** The folder of golden files of command outputs ({@code src/test/resources/golden} of the module under test). */
    public static final Path ROOT = Path.of("src/test/resources/golden");
    private static final boolean UPDATE = Boolean.getBoolean("ppw.updateGolden");

    private Golden() {
    }

    /** Asserts that {@code actual} equals the content of {@code file}, or writes it there when updating. */
    public static void check(Path file, String actual) {
        try {
            if (UPDATE) {
                Files.createDirectories(file.toAbsolutePath().getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                return;
            }
            assertTrue(Files.exists(file), file + " is missing: run this module's tests with -Dppw.updateGolden=true");
            assertEquals(Files.readString(file, StandardCharsets.UTF_8), actual, file.getFileName().toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Options as a file name's part: {@code --view tau --depth 2} becomes {@code --view-tau--depth-2}. */
    public static String invocation(List<String> args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) {
            sb.append(a.startsWith("--") ? a : "-" + a);
        }
        return sb.toString();
    }
}
