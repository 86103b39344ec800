package dev.ppw.cli;

import org.junit.jupiter.api.Test;

import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --version}: the version and the commit the build recorded. */
class VersionTest {
    @Test
    void versionNamesTheCommit() {
        Cli r = Cli.run("--version");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().matches("ppw-java \\S+ \\((commit [0-9a-f]{12}( with uncommitted changes)?"
                + "|unknown commit)\\)\n"), r.out());
        assertEquals(r.out(), Cli.run("profile", "--version").out());
    }

    @Test
    void versionLineSaysWhatTheBuildRecorded() {
        assertEquals("ppw-java 1.2 (commit 0123456789ab)", VersionProvider.line("ppw-java 1.2", build("0123456789ab")));
        assertEquals("ppw-java 1.2 (commit 0123456789ab with uncommitted changes)",
                VersionProvider.line("ppw-java 1.2", build("0123456789ab+dirty")));
        assertEquals("ppw-java 1.2 (unknown commit)", VersionProvider.line("ppw-java 1.2", build("unknown")));
        assertEquals("ppw-java 1.2 (unknown commit)", VersionProvider.line("ppw-java 1.2", build("${ppw.commit}")),
                "a jar built without resource filtering");
        assertEquals("ppw-java 1.2 (unknown commit)", VersionProvider.line("ppw-java 1.2", new Properties()));
    }

    private static Properties build(String commit) {
        Properties p = new Properties();
        p.setProperty("commit", commit);
        return p;
    }
}
