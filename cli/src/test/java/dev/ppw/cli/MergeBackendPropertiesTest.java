package dev.ppw.cli;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.InputList;
import dev.ppw.engine.MergeShare;
import dev.ppw.engine.MergeShares;
import dev.ppw.engine.ProgressListener;
import dev.ppw.engine.SplitScan;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.work.Cancel;
import dev.ppw.testing.SplitTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * {@code merge --engine NAME} as a cluster carries it out (the spark module's plan, without Spark): the inputs dealt
 * at random into partitions, each partition's merge bound again from the command's arguments
 * ({@link MergeBinding#analysis}) and accumulated with bad inputs skipped, every share and scan carried as bytes, the
 * shares combined in a random grouping, the driver finishing with the command's own {@code --skip-bad}. Whatever the
 * options, the partitioning and the grouping, the command's exit code, stdout and stderr are the local merge's, byte
 * for byte.
 */
class MergeBackendPropertiesTest {
    private static final List<String> MARKERS = List.of("solve", "init");

    @TempDir
    static Path dir;

    @Test
    void aMergeInRandomSharesThroughBytesPrintsTheLocalMergesBytes() {
        qt().withExamples(30).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom r = new SplittableRandom(seed);
            int split = r.nextInt(3);
            List<String> files = new ArrayList<>();
            int inputs = 1 + r.nextInt(30);
            for (int n = 0; n < inputs; n++) {
                SplitTraces.Trace trace = SplitTraces.generate(r, 1 + r.nextInt(2), 1 + r.nextInt(20),
                        r.nextInt(0, 200), split == 2 ? MARKERS : List.of());
                files.add(SplitTraces.write(dir, "node-" + seed + "-" + n + ".json", trace.json()).toString());
            }
            boolean bad = r.nextInt(4) == 0;
            if (bad) {
                files.add(r.nextInt(files.size() + 1), write("bad-" + seed + ".json", "this is not a trace\n"));
            }
            List<String> options = new ArrayList<>(List.of("-q", "--agg",
                    List.of("sum", "min", "max", "avg").get(r.nextInt(4)),
                    "--view", List.of("tree", "flat", "callpath").get(r.nextInt(3)),
                    "--format", List.of("text", "csv", "json").get(r.nextInt(3))));
            if (r.nextBoolean()) {
                options.add("--breakdown");
            }
            if (r.nextBoolean()) {
                options.add("--present-only");
            }
            if (r.nextInt(4) == 0) {
                options.addAll(List.of("--node-by", "pid"));
            }
            if (bad && r.nextBoolean()) {
                options.add("--skip-bad");
            }
            switch (split) {
                case 1 -> options.addAll(r.nextBoolean() ? List.of("--time-bins", String.valueOf(1 + r.nextInt(6)))
                        : List.of("--bin-width", (20 + r.nextInt(200)) + "us"));
                case 2 -> options.addAll(List.of("--phase-by", "solve", "--phase-by", "init"));
                default -> { }
            }
            List<String> local = new ArrayList<>(List.of("merge"));
            local.addAll(options);
            local.addAll(files);
            List<String> sharded = new ArrayList<>(List.of("merge", "--engine", "shards", "--partitions",
                    String.valueOf(1 + r.nextInt(files.size() + 2))));
            sharded.addAll(options);
            sharded.addAll(files);

            Run expected = run(local, null);
            Run actual = run(sharded, new Shards(r.split()));
            String what = "seed " + seed + ": " + String.join(" ", sharded);
            assertEquals(expected.code(), actual.code(), "exit code, " + what + "\n" + actual.err());
            assertEquals(expected.err(), actual.err(), "stderr, " + what);
            assertEquals(expected.out(), actual.out(), "stdout, " + what);
            assertTrue(expected.code() != 0 || !expected.out().isEmpty(), "a merge printed something, " + what);
        });
    }

    private record Run(int code, String out, String err) {
    }

    private static Run run(List<String> args, MergeBackend backend) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args.toArray(String[]::new), InputStream.nullInputStream(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                StandardCharsets.UTF_8, backend);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A cluster in this process: as many partitions as {@code --partitions} says, inputs dealt at random (a
     * partition may be empty), each accumulated apart and read back from its bytes, combined in a random tree.
     */
    private static final class Shards implements MergeBackend {
        private final SplittableRandom r;

        Shards(SplittableRandom r) {
            this.r = r;
        }

        @Override
        public String name() {
            return "shards";
        }

        @Override
        public InputList inputs(Engine engine, List<String> arguments, InputStream standardInput) {
            return engine.inputs(arguments, standardInput);
        }

        @Override
        public AnalysisResult merge(Engine engine, Analysis analysis, List<String> arguments, Cluster cluster) {
            List<MergeShares.Input> all = MergeShares.inputs(analysis.inputs());
            int count = cluster.partitions().orElseThrow();
            List<List<MergeShares.Input>> parts = new ArrayList<>();
            for (int p = 0; p < count; p++) {
                parts.add(new ArrayList<>());
            }
            for (MergeShares.Input input : all) {
                parts.get(r.nextInt(count)).add(input);
            }
            parts.removeIf(List::isEmpty);
            Optional<SplitScan> scan = Optional.empty();
            if (analysis.split().isPresent()) {
                SplitScan combined = null;
                for (List<MergeShares.Input> part : parts) {
                    SplitScan s = SplitScan.fromBytes(task(engine, arguments, part)
                            .scan(part, ProgressListener.NONE, Cancel.never()).toBytes());
                    if (combined == null) {
                        combined = s;
                    } else {
                        combined.combine(s);
                    }
                }
                scan = Optional.of(combined);
            }
            List<MergeShare> shares = new ArrayList<>();
            for (List<MergeShares.Input> part : parts) {
                shares.add(MergeShare.fromBytes(task(engine, arguments, part)
                        .accumulate(part, scan, ProgressListener.NONE, Cancel.never()).toBytes()));
            }
            while (shares.size() > 1) {
                int i = r.nextInt(shares.size() - 1);
                MergeShare a = shares.remove(i);
                MergeShare b = shares.remove(i);
                a.combine(b);
                shares.add(i, a);
            }
            return engine.shares(analysis).finish(shares.get(0), scan);
        }

        /** A task's merge: the arguments bound again onto its inputs, bad inputs recorded rather than thrown. */
        private static MergeShares task(Engine engine, List<String> arguments, List<MergeShares.Input> part) {
            List<InputSource> sources = part.stream().map(MergeShares.Input::source).toList();
            Analysis merge = MergeBinding.analysis(engine, arguments, sources);
            return engine.shares(merge.withReading(merge.reading().withSkipBad(true)).withJobs(1));
        }
    }
}
