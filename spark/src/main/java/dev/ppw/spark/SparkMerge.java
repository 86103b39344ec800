package dev.ppw.spark;

import dev.ppw.cli.Main;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code spark-submit --class dev.ppw.spark.SparkMerge ppw-spark.jar [merge options] INPUT... -o OUT}: ppw-java's
 * {@code merge} command, its options and messages and exit codes, carried out on Spark ({@link SparkBackend}). The
 * launcher's {@code ./ppw-java merge --engine spark --master local[N]} starts this class too. The output is the local
 * merge's, byte for byte.
 */
public final class SparkMerge {
    private SparkMerge() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the merge that {@code args} (merge's options and inputs, {@code --engine spark} implied) ask for. */
    static int run(String[] args) {
        List<String> command = new ArrayList<>(args.length + 3);
        command.add("merge");
        boolean engineGiven = false;
        for (String a : args) {
            engineGiven |= a.equals("--engine") || a.startsWith("--engine=");
        }
        if (!engineGiven) {
            command.add("--engine");
            command.add("spark");
        }
        command.addAll(List.of(args));
        return Main.run(command.toArray(String[]::new), System.in, System.out, System.err, System.out.charset(),
                new SparkBackend());
    }
}
