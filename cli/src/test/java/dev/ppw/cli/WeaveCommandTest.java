package dev.ppw.cli;

import dev.ppw.cli.weave.Annotated;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ppw-java weave}: the command binds the build-time weaver (its own tests are pfa-agent's). */
class WeaveCommandTest {
    @TempDir
    Path dir;

    private int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void weavesTheAnnotatedClassesOfAFolderOnce() throws Exception {
        Path classes = dir.resolve("classes/dev/ppw/cli/weave");
        Files.createDirectories(classes);
        Path source = Path.of(Annotated.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("dev/ppw/cli/weave/Annotated.class");
        Path copy = Files.copy(source, classes.resolve("Annotated.class"));
        byte[] before = Files.readAllBytes(copy);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, run(out, err, "weave", dir.resolve("classes").toString()), err.toString());
        assertEquals("2 @CriticalPath methods in 1 class woven\n", out.toString(StandardCharsets.UTF_8));
        byte[] woven = Files.readAllBytes(copy);
        assertFalse(java.util.Arrays.equals(before, woven));
        assertTrue(new String(woven, StandardCharsets.ISO_8859_1).contains("dev/ppw/pfa/PerfFlow"));

        out.reset();
        assertEquals(0, run(out, err, "weave", dir.resolve("classes").toString()));
        assertEquals("0 @CriticalPath methods in 0 classes woven\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aMissingFolderIsAUsageError() throws URISyntaxException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, run(out, err, "weave", dir.resolve("nope").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("ppw-java: error: not a folder: "),
                err.toString(StandardCharsets.UTF_8));
    }
}
