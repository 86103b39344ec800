package dev.ppw.cli;

import dev.ppw.testing.Examples;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The programs of examples/api, run as a user runs them: single-file Java programs in a JVM of their own, against
 * the library's modules on the module path, so that they compile only if they use nothing but exported packages.
 */
class ExampleProgramTest {
    /** The library's modules and the libraries they read: ours by their folder, the others by their jar's name. */
    private static final Pattern MODULES = Pattern.compile(
            ".*/(profile-model|collectors|aggregation|report|engine)/target/(classes|[^/]*-SNAPSHOT\\.jar)"
                    + "|.*/(jackson-core|protobuf-java|commons-csv|eclipse-collections-api|eclipse-collections"
                    + "|sketches-java|uplot|commons-io|commons-codec)-[0-9][^/]*\\.jar");

    private static String modulePath() {
        List<String> path = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (MODULES.matcher(entry.replace(File.separatorChar, '/')).matches()) {
                path.add(entry);
            }
        }
        assertEquals(14, path.size(), "the library's modules and what they read: " + path);
        return String.join(File.pathSeparator, path);
    }

    /** What {@code program} printed, run on the module path with {@code examples} as its argument. */
    private static String run(String program) throws IOException, InterruptedException {
        Path examples = Examples.folder();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "--module-path", modulePath(), "--add-modules",
                "dev.ppw.engine,dev.ppw.collect,dev.ppw.report", examples.resolve("api/" + program).toString(),
                examples.toString()).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), program + " did not finish");
        assertEquals(0, p.exitValue(), program + ": " + err);
        return new String(out, StandardCharsets.UTF_8);
    }

    @Test
    void profileAndMergePrintsWhatTheCommandsPrint() throws IOException, InterruptedException {
        Path examples = Examples.folder();
        String flat = CliRunner.out("profile", examples.resolve("perfflowaspect/smoketest.pfw").toString(),
                "--view", "flat", "--sort", "exclusive");
        String merged = CliRunner.out("merge", examples.resolve("perfflowaspect/nodes4").toString(), "--agg", "max",
                "--breakdown", "--top-imbalance", "3", "--format", "csv");
        String printed = run("ProfileAndMerge.java");
        assertTrue(printed.startsWith(flat + merged), printed);
        List<String> last = printed.substring((flat + merged).length()).lines().toList();
        assertEquals(1, last.size(), printed);
        assertTrue(last.get(0).matches("nodes merged: 4, total of the max tree: [1-9][0-9]* ns"), last.get(0));
    }

    @Test
    void sharedExecutorRunsFourAnalysesAtOnceAndCancelsOne() throws IOException, InterruptedException {
        List<String> lines = run("SharedExecutor.java").lines().toList();
        assertEquals(4, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).matches("profile of smoketest.pfw: [1-9][0-9]* ns"), lines.get(0));
        assertTrue(lines.get(1).matches("merge of nodes4 \\(max\\): [1-9][0-9]* ns"), lines.get(1));
        assertTrue(lines.get(2).matches("flat of tsc: [1-9][0-9]* ns"), lines.get(2));
        assertEquals("a slow upload, cancelled: cancelled", lines.get(3));
    }

    @Test
    void shardedMergeGivesTheBytesOfTheMergeInOneCall() throws IOException, InterruptedException {
        Path examples = Examples.folder();
        String printed = run("ShardedMerge.java");
        List<String> lines = printed.lines().toList();
        assertEquals("identical to the merge in one call", lines.get(lines.size() - 1));
        String csv = CliRunner.out("merge", examples.resolve("perfflowaspect/nodes4").toString(),
                examples.resolve("perfflowaspect/compact.pfw").toString(), "--agg", "max", "--bin-width", "100us",
                "--format", "csv");
        assertEquals(csv, printed.substring(0, printed.length() - lines.get(lines.size() - 1).length() - 1));
    }
}
