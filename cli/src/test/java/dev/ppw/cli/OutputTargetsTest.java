package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where {@code -o} writes: stdout for {@code -}, a link's file with the link kept, any legal file name. */
class OutputTargetsTest {
    private static final String TRACE = Path.of("..", "examples", "perfflowaspect", "smoketest.pfw").toString();

    @TempDir
    Path dir;

    @Test
    void dashIsStandardOutputAndNoFileNamedDash() {
        String expected = CliRunner.out("profile", TRACE, "--format", "csv");
        Cli r = Cli.run("profile", TRACE, "--format", "csv", "-o", "-");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(expected, r.out());
        assertFalse(Files.exists(Path.of("-")), "no file named '-' in the working directory");
    }

    @Test
    void aLinkKeepsBeingALinkToTheNewOutputAndAnyLegalNameWorks() throws IOException {
        Path real = Files.writeString(dir.resolve("real.csv"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), real);
        assertEquals(0, Cli.run("profile", TRACE, "--format", "csv", "-o", link.toString()).exit());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(CliRunner.out("profile", TRACE, "--format", "csv"), Files.readString(real));
        Path longName = dir.resolve("n".repeat(251) + ".csv");
        assertEquals(0, Cli.run("profile", TRACE, "--format", "csv", "-o", longName.toString()).exit());
        assertEquals(Files.readString(real), Files.readString(longName));
    }
}
