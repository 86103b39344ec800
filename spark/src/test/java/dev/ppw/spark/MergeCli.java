package dev.ppw.spark;

import dev.ppw.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ppw-java merge -q ARGS} run in this process, on Spark ({@code --engine spark}, this module's back end) or
 * here: its exit code and its stdout and stderr as UTF-8 text, for the tests that compare the two byte for byte.
 */
record MergeCli(int code, String out, String err) {
    /** The merge with {@code args} (a master, options and inputs), on Spark when {@code spark}. */
    static MergeCli run(boolean spark, List<String> args) {
        List<String> all = new ArrayList<>(List.of("merge", "-q"));
        if (spark) {
            all.addAll(List.of("--engine", "spark"));
        }
        all.addAll(args);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(all.toArray(String[]::new), InputStream.nullInputStream(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                StandardCharsets.UTF_8, spark ? new SparkBackend() : null);
        return new MergeCli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** This run with {@code from} written as {@code to} in both streams (a folder URI's qualified file names). */
    MergeCli replacing(String from, String to) {
        return new MergeCli(code, out.replace(from, to), err.replace(from, to));
    }
}
