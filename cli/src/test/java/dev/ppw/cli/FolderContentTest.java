package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A folder named as an input (issue 29): {@code .txt} and {@code .txt.gz} files (perf script, babeltrace2 text, perf
 * stat output) and TAU's {@code profile.*} are inputs when a format that asks for such names claims their content;
 * the files no format claims are skipped, and said: how many, and which, on stderr and in the text header. (A
 * format that does not ask, as plugin-example's toy format with {@code .txt}, is not looked for there.)
 */
class FolderContentTest {
    private static final Path PERF = Path.of("src/test/resources/traces/perf/perf-work-fp.default.txt");
    private static final Path STAT = Path.of("src/test/resources/perf-stat/perf-stat-I100-x.csv");
    private static final Path LTTNG = Path.of("../collectors/src/test/resources/lttng/ust.txt");
    private static final Path TAU = Path.of("../collectors/src/test/resources/tau/tau-cpi-mpi/profile.0.0.0");

    @TempDir
    Path dir;

    @Test
    void textFilesAndTauProfilesAreInputsByTheirContentTheRestIsSkippedAndSaid() throws IOException {
        Path runs = Files.createDirectory(dir.resolve("runs"));
        Files.copy(PERF, runs.resolve("perf-script.txt"));
        Files.copy(LTTNG, runs.resolve("babeltrace.txt"));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(runs.resolve("stat.txt.gz")))) {
            out.write(Files.readAllBytes(STAT));
        }
        Files.copy(TAU, runs.resolve("profile.0.0.0.saved"));
        Files.writeString(runs.resolve("notes.txt"), "measured on the quiet node\n", StandardCharsets.UTF_8);
        Files.writeString(runs.resolve("README.md"), "# runs\n", StandardCharsets.UTF_8);
        Files.writeString(runs.resolve("profile.sh"), "#!/bin/sh\nperf record ./work\n", StandardCharsets.UTF_8);

        Cli formats = Cli.run("formats", runs.toString());
        assertEquals(0, formats.exit(), formats.toString());
        List<String> rows = formats.out().lines().skip(1).toList();
        assertEquals(List.of(runs.resolve("babeltrace.txt") + " lttng-text", runs.resolve("perf-script.txt")
                        + " perf-script", runs.resolve("profile.0.0.0.saved") + " tau", runs.resolve("stat.txt.gz")
                        + " perf-stat"),
                rows.stream().map(r -> r.split("\\s+")[0] + " " + r.split("\\s+")[1]).toList(), formats.out());
        String skipped = "ppw-java: note: " + runs + ": 3 files that no format reads, skipped: "
                + runs.resolve("README.md") + ", " + runs.resolve("notes.txt") + ", " + runs.resolve("profile.sh") + "\n";
        assertEquals(skipped, formats.err());

        Path perfOnly = Files.createDirectory(dir.resolve("perf"));
        Files.copy(PERF, perfOnly.resolve("perf-script.txt"));
        Files.writeString(perfOnly.resolve("notes.txt"), "measured on the quiet node\n", StandardCharsets.UTF_8);
        Cli profile = Cli.run("profile", perfOnly.toString(), "--view", "flat");
        assertEquals(0, profile.exit(), profile.toString());
        assertEquals(Cli.run("profile", PERF.toString(), "--view", "flat").out().lines().skip(2).toList(),
                profile.out().lines().skip(2).filter(l -> !l.startsWith("not in the tree: ")).toList());
        assertTrue(profile.out().contains("not in the tree: 1 file in a folder that no format reads (skipped)\n"),
                profile.out());
        assertEquals("ppw-java: note: " + perfOnly + ": 1 file that no format reads, skipped: "
                + perfOnly.resolve("notes.txt") + "\n", profile.err());
    }
}
