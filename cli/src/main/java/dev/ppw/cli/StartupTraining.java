package dev.ppw.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * The training run of the launcher's start-up cache (./ppw-java; docs/performance.md, "The command line,
 * cold"): the usual commands on the shipped examples, one after the other in one JVM, so that the cache holds
 * the classes each of them needs (readers, views, every writer, merge, help, a usage error), not only those
 * of one command. Not a command of the tool: the launcher starts it with {@code -cp}.
 *
 * <p>Exits 0 when every command ended as expected, 1 otherwise (the launcher then keeps no cache).
 */
final class StartupTraining {
    private StartupTraining() {
    }

    /** {@code args[0]}: the examples folder of the checkout. */
    public static void main(String[] args) {
        System.exit(train(Path.of(args[0])) == 0 ? Main.OK : Main.BAD_DATA);
    }

    /** Runs the commands on {@code examples}; returns how many ended with another exit code than expected. */
    static int train(Path examples) {
        String trace = examples.resolve("perfflowaspect/smoketest.pfw").toString();
        String nodes = examples.resolve("perfflowaspect/nodes4").toString();
        record Run(int exit, String... args) {
        }
        List<Run> runs = List.of(
                new Run(Main.OK, "profile", trace),
                new Run(Main.OK, "profile", trace, "--view", "flat", "--format", "csv"),
                new Run(Main.OK, "profile", trace, "--view", "tau", "--format", "json"),
                new Run(Main.OK, "profile", trace, "--view", "callpath", "--format", "folded"),
                new Run(Main.OK, "merge", nodes, "--agg", "max", "--breakdown"),
                new Run(Main.OK, "formats"),
                new Run(Main.OK, "profile", "--help"),
                new Run(Main.BAD_USAGE, "profile", "--vew", trace));
        PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        int unexpected = 0;
        for (Run run : runs) {
            if (Main.run(run.args(), nowhere, nowhere) != run.exit()) {
                unexpected++;
            }
        }
        return unexpected;
    }
}
