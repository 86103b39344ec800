package dev.ppw.collect;

import dev.ppw.model.Quote;
import dev.ppw.collect.ValidTraces.Seed;
import dev.ppw.model.BadInputException;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static dev.ppw.collect.TestInputs.NAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Valid traces damaged at random (truncated, cut and padded with zero bytes, a range deleted or duplicated,
 * bytes flipped, replaced or inserted, also inside gzip) are read either to the end or to a {@link BadInputException} whose message is
 * one short line starting with the input's name. Nothing else: no other exception, no stack overflow, no
 * hang (each read runs under a timeout), and the sink's contract holds ({@link CountingSink}).
 *
 * <p>{@code -Dppw.mutation.examples=N} runs N examples per property instead of the quick default.
 */
class MutatedTracesPropertiesTest {
    private static final int EXAMPLES = Integer.getInteger("ppw.mutation.examples", 2500);
    private static final Duration READ_LIMIT = Duration.ofSeconds(5);
    private static final int MAX_MESSAGE = 1000;

    private static final List<Seed> SEEDS = seeds();

    /** Bytes that matter to JSON, to UTF-8 and to the format detection, to be dropped in more often than chance. */
    private static final byte[] PALETTE = bytes("[]{}\",:\\ \n\r\t0123456789-+.eEtrufalsnNIy/",
            0x00, 0x01, 0x1f, 0x7f, 0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xef, 0xbb, 0xf0, 0xfe, 0xff, 0x8b, 0x0a);

    enum Kind { TRUNCATE, DELETE, DUPLICATE, FLIP, REPLACE, INSERT, ZERO_TAIL }

    /**
     * One mutation. {@code at} and {@code length} are per-mille of the input's length (so they shrink
     * toward small early damage and apply to any input), {@code seed} drives the bytes it writes.
     */
    record Mutation(Kind kind, int at, int length, long seed) {
        byte[] apply(byte[] in) {
            int n = in.length;
            int pos = (int) ((long) at * n / 1000);
            int len = Math.max(1, (int) ((long) length * n / 1000));
            int end = Math.min(n, pos + len);
            SplittableRandom random = new SplittableRandom(seed);
            ByteArrayOutputStream out = new ByteArrayOutputStream(n + len);
            switch (kind) {
                case TRUNCATE -> out.write(in, 0, pos);
                case ZERO_TAIL -> {
                    // what a crashed node's file system leaves: the file's new size, zeros for the lost data
                    out.write(in, 0, pos);
                    out.writeBytes(new byte[len]);
                }
                case DELETE -> {
                    out.write(in, 0, pos);
                    out.write(in, end, n - end);
                }
                case DUPLICATE -> {
                    out.write(in, 0, end);
                    out.write(in, pos, end - pos);
                    out.write(in, end, n - end);
                }
                case FLIP, REPLACE -> {
                    byte[] copy = in.clone();
                    // a few bytes, not a per-mille range: a long run of noise hides everything behind it
                    for (int i = pos; i < Math.min(n, pos + 1 + length % 4); i++) {
                        copy[i] = kind == Kind.FLIP ? (byte) (copy[i] ^ (1 << random.nextInt(8))) : randomByte(random);
                    }
                    out.write(copy, 0, n);
                }
                case INSERT -> {
                    out.write(in, 0, pos);
                    for (int i = 0; i <= length % 8; i++) {
                        out.write(randomByte(random));
                    }
                    out.write(in, pos, n - pos);
                }
            }
            return out.toByteArray();
        }
    }

    /** A seed, whether to gzip it before or after the damage, and the damage. */
    record Damaged(Seed seed, int gzip, List<Mutation> mutations) {
        byte[] bytes() {
            byte[] b = seed.bytes();
            if (gzip == 1) {
                b = TestInputs.gzip(b);
            }
            for (Mutation m : mutations) {
                b = m.apply(b);
            }
            return gzip == 2 ? TestInputs.gzip(b) : b;
        }

        @Override
        public String toString() {
            return seed + (gzip == 1 ? " gzipped, then" : "") + " " + mutations + (gzip == 2 ? ", then gzipped" : "");
        }
    }

    private static final Gen<Mutation> MUTATION = integers().between(0, Kind.values().length - 1)
            .zip(integers().between(0, 1000), integers().between(0, 60), longs().all(),
                    (k, at, length, seed) -> new Mutation(Kind.values()[k], at, length, seed));

    private static final Gen<Damaged> DAMAGED = integers().between(0, SEEDS.size() - 1)
            .zip(integers().between(0, 9), lists().of(MUTATION).ofSizeBetween(1, 3),
                    // gzip: 0 plain (most), 1 damage inside the gzip stream, 2 damage then gzip
                    (s, g, ms) -> new Damaged(SEEDS.get(s), g == 0 ? 1 : g == 1 ? 2 : 0, ms));

    @Test
    void aDamagedTraceIsReadOrRefusedInOneLineNeverAnythingElse() {
        qt().withExamples(EXAMPLES).forAll(DAMAGED).checkAssert(d -> assertReadOrRefused(d.bytes(), d.toString()));
    }

    @Test
    void randomBytesAfterAValidStartAreReadOrRefusedInOneLine() {
        // The detector accepts anything starting with [ or {: what follows may be anything at all.
        qt().withExamples(EXAMPLES / 5).forAll(integers().between(0, 1), integers().between(0, 400), longs().all())
                .checkAssert((open, length, seed) -> {
                    SplittableRandom random = new SplittableRandom(seed);
                    byte[] b = new byte[length + 1];
                    b[0] = (byte) (open == 0 ? '[' : '{');
                    for (int i = 1; i < b.length; i++) {
                        b[i] = randomByte(random);
                    }
                    assertReadOrRefused(b, "random bytes " + Quote.bytes(b, 0, b.length));
                });
    }

    @Test
    void theMutationsDoWhatTheySay() {
        byte[] in = TestInputs.utf8("0123456789");
        assertEquals("01234", new String(new Mutation(Kind.TRUNCATE, 500, 0, 0).apply(in)));
        assertEquals("0123789", new String(new Mutation(Kind.DELETE, 400, 300, 0).apply(in)));
        assertEquals("0123456456789", new String(new Mutation(Kind.DUPLICATE, 400, 300, 0).apply(in)));
        assertEquals(10, new Mutation(Kind.FLIP, 0, 3, 7).apply(in).length);
        assertFalse(Arrays.equals(in, new Mutation(Kind.FLIP, 0, 3, 7).apply(in)));
        assertEquals(13, new Mutation(Kind.INSERT, 1000, 2, 7).apply(in).length);
    }

    /**
     * Reads {@code input} into a counting sink under a timeout: it must end normally or with a
     * {@link BadInputException} of one short line that names the input; the sink must be left closed.
     */
    static void assertReadOrRefused(byte[] input, String what) {
        CountingSink sink = new CountingSink();
        Throwable thrown = assertTimeoutPreemptively(READ_LIMIT, () -> {
            try {
                TestInputs.readInto(NAME, input, sink);
                return null;
            } catch (Throwable t) {
                return t;
            }
        }, () -> "no end within " + READ_LIMIT + ": " + what);
        if (thrown instanceof BadInputException e) {
            String m = e.getMessage();
            assertTrue(m.startsWith(NAME + ":"), () -> "names the input: " + m + " for " + what);
            assertFalse(m.contains("\n") || m.contains("\r"), () -> "one line: " + m + " for " + what);
            assertTrue(m.length() <= MAX_MESSAGE, () -> "short: " + m.length() + " chars for " + what);
            assertEquals(0, e.getStackTrace().length, "no stack trace for bad input");
        } else if (thrown != null) {
            throw new AssertionError("neither a read nor a BadInputException for " + what, thrown);
        }
        assertTrue(sink.closed(), () -> "every begun input is ended: " + what);
    }

    private static List<Seed> seeds() {
        List<Seed> seeds = new ArrayList<>(ValidTraces.all());
        // The tsc trace is the largest by far: a head of it is as good to damage, and cheaper.
        seeds.replaceAll(s -> s.bytes().length > 20_000
                ? new Seed(s.name() + " (first 6000 bytes)", Arrays.copyOf(s.bytes(), 6000)) : s);
        seeds.add(new Seed("chrome-A-all.packets60k.pftrace (first 300 packets)", perfettoHead(300)));
        return seeds;
    }

    /** The first {@code packets} whole packets of Chromium's Perfetto trace: descriptors, snapshots, interning. */
    private static byte[] perfettoHead(int packets) {
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(
                SharedTracesTest.resource("chrome-A-all.packets60k.pftrace.gz")))) {
            byte[] head = in.readNBytes(64 << 10);
            int at = 0;
            for (int i = 0; i < packets; i++) {
                int length = 0;
                int shift = 0;
                at++; // the packet's tag, 0x0a
                int b;
                do {
                    b = head[at++] & 0xff;
                    length |= (b & 0x7f) << shift;
                    shift += 7;
                } while (b >= 0x80);
                at += length;
            }
            return Arrays.copyOf(head, at);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static byte randomByte(SplittableRandom random) {
        return random.nextInt(3) == 0 ? (byte) random.nextInt(256) : PALETTE[random.nextInt(PALETTE.length)];
    }

    private static byte[] bytes(String ascii, int... more) {
        byte[] b = Arrays.copyOf(TestInputs.utf8(ascii), ascii.length() + more.length);
        for (int i = 0; i < more.length; i++) {
            b[ascii.length() + i] = (byte) more[i];
        }
        return b;
    }
}
