package dev.ppw.engine;

import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.Report;
import dev.ppw.model.work.Cancel;
import dev.ppw.testing.SplitTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * A merge carried out in shares (SEMANTICS.md section 4; "Time bins", "Phases"): whatever inputs each share holds,
 * and in whatever grouping the shares combine (through their bytes), the combined share is the bits of one share of
 * every input, and its report is the one {@link Engine#analyze} gives of the whole merge, byte for byte.
 */
class MergeSharesPropertiesTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final List<String> MARKERS = List.of("solve", "init");

    @TempDir
    static Path dir;

    @Test
    void anyPartitionOfASplitOrWholeMergeCombinesIntoTheOneCallMerge() {
        qt().withExamples(40).forAll(longs().all(), integers().between(1, 7), integers().between(0, 2))
                .checkAssert((seed, inputs, split) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    List<String> files = new ArrayList<>();
                    for (int n = 0; n < inputs; n++) {
                        SplitTraces.Trace trace = SplitTraces.generate(r, 1 + r.nextInt(2), 1 + r.nextInt(30),
                                r.nextInt(0, 200), split == 2 ? MARKERS : List.of());
                        files.add(SplitTraces.write(dir, "share-" + seed + "-" + n + ".json", trace.json()).toString());
                    }
                    MergeOp op = MergeOp.values()[r.nextInt(MergeOp.values().length)];
                    WindowSpec spec = switch (split) {
                        case 1 -> r.nextBoolean() ? WindowSpec.Bins.ofCount(1 + r.nextInt(8), r.nextBoolean())
                                : WindowSpec.Bins.ofWidth(1_000L * (20 + r.nextInt(200)), r.nextBoolean());
                        case 2 -> new WindowSpec.Phases(MARKERS, List.of(), false);
                        default -> null;
                    };
                    ViewSpec view = List.of(ViewSpec.TREE, ViewSpec.FLAT, ViewSpec.CALLPATH, ViewSpec.tau(2))
                            .get(r.nextInt(4));
                    Analysis merge = Analysis.merge(ENGINE.inputs(files), op)
                            .withCombine(Combine.merge(op).withBreakdown(r.nextBoolean())
                                    .withMissing(r.nextBoolean() ? MissingRule.ZERO : MissingRule.PRESENT))
                            .withView(view).withSplit(spec).withJobs(1 + r.nextInt(2)).withSections(r.nextBoolean());
                    String what = "seed " + seed + ", " + op + ", " + spec + ", " + view.label()
                            + (merge.sections() ? ", with each node's section" : "");

                    MergeShares shares = ENGINE.shares(merge);
                    List<MergeShares.Input> all = MergeShares.inputs(ENGINE.inputs(files));
                    List<List<MergeShares.Input>> parts = partition(r, all);
                    Optional<SplitScan> scan = Optional.empty();
                    if (spec != null) {
                        SplitScan combined = null;
                        for (List<MergeShares.Input> part : parts) {
                            SplitScan s = SplitScan.fromBytes(shares.scan(part, ProgressListener.NONE, Cancel.never())
                                    .toBytes());
                            if (combined == null) {
                                combined = s;
                            } else {
                                combined.combine(s);
                            }
                        }
                        scan = Optional.of(combined);
                    }
                    List<MergeShare> accumulated = new ArrayList<>();
                    for (List<MergeShares.Input> part : parts) {
                        accumulated.add(throughAStream(shares.accumulate(part, scan, ProgressListener.NONE,
                                Cancel.never()).toBytes()));
                    }
                    MergeShare combined = combineInSomeGrouping(r, accumulated);
                    MergeShare one = shares.accumulate(all, scan, ProgressListener.NONE, Cancel.never());
                    assertArrayEquals(one.toBytes(), combined.toBytes(), "the share of every input, " + what);

                    Report sharded = shares.finish(combined, scan).report();
                    Report whole = ENGINE.analyze(merge.withInputs(ENGINE.inputs(files))).report();
                    // The writers that print each node's section (tau, speedscope, hatchet, html) too.
                    for (String format : List.of("csv", "json", "text", "tau", "speedscope", "hatchet", "html")) {
                        assertEquals(write(whole, format), write(sharded, format), format + ", " + what);
                    }
                });
    }

    /**
     * The share {@code bytes} hold, read as a cluster reads it: from a stream that gives a few bytes at a time and
     * never says how many are left ({@code available()} 0, as a socket's or a chunked buffer's may).
     */
    private static MergeShare throughAStream(byte[] bytes) {
        java.io.InputStream stingy = new java.io.InputStream() {
            private int at;

            @Override
            public int read() {
                return at < bytes.length ? bytes[at++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (at >= bytes.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, 7), bytes.length - at);
                System.arraycopy(bytes, at, b, off, n);
                at += n;
                return n;
            }

            @Override
            public int available() {
                return 0;
            }
        };
        try {
            MergeShare share = MergeShare.readFrom(stingy);
            assertEquals(-1, stingy.read(), "the share ends where its bytes end");
            assertArrayEquals(bytes, share.toBytes(), "a share read back writes the same bytes");
            return share;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The inputs dealt at random into 1 to 4 shares, none empty but when there are fewer inputs than shares. */
    private static List<List<MergeShares.Input>> partition(SplittableRandom r, List<MergeShares.Input> all) {
        int count = 1 + r.nextInt(Math.min(4, all.size()));
        List<List<MergeShares.Input>> parts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            parts.add(new ArrayList<>());
        }
        for (int i = 0; i < all.size(); i++) {
            // The first inputs go one to each share, so that none is empty; the rest anywhere, out of order too.
            parts.get(i < count ? i : r.nextInt(count)).add(all.get(i));
        }
        return parts;
    }

    /** The shares combined pairwise in a random tree, as a cluster's tree reduce would. */
    private static MergeShare combineInSomeGrouping(SplittableRandom r, List<MergeShare> shares) {
        List<MergeShare> left = new ArrayList<>(shares);
        while (left.size() > 1) {
            int i = r.nextInt(left.size() - 1);
            MergeShare a = left.remove(i);
            MergeShare b = left.remove(i);
            if (r.nextBoolean()) {
                a.combine(b);
                left.add(i, a);
            } else {
                b.combine(a);
                left.add(i, b);
            }
        }
        return left.get(0);
    }

    private static String write(Report report, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ENGINE.write(report, format, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void sharesOfDifferentMergesOrASplitMergeWithoutItsScanAreRefused() {
        Analysis max = Analysis.merge(List.of(), MergeOp.MAX);
        Analysis sum = Analysis.merge(List.of(), MergeOp.SUM);
        MergeShare a = ENGINE.shares(max).empty(Optional.empty());
        MergeShare b = ENGINE.shares(sum).empty(Optional.empty());
        assertEquals("cannot combine a merge of max (missing zero, without breakdown) of tree profiles with one of sum"
                        + " (missing zero, without breakdown) of tree profiles",
                org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> a.combine(b))
                        .getMessage());
        Analysis binned = max.withSplit(WindowSpec.Bins.ofCount(4, false));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ENGINE.shares(binned).empty(Optional.empty()));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MergeShare.fromBytes(Arrays.copyOf(a.toBytes(), 10)));
    }
}
