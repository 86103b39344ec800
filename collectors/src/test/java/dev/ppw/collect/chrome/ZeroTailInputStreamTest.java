package dev.ppw.collect.chrome;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

class ZeroTailInputStreamTest {
    /** What was read and the zero run held back, the end being met twice. */
    private record Result(byte[] bytes, long zeroTailBytes) {
    }

    /** Reads {@code in} to its end in pieces of random size (some of one byte, by {@code read()}). */
    private static Result readAll(ZeroTailInputStream in, SplittableRandom random) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[70_000];
        while (true) {
            if (random.nextInt(8) == 0) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                out.write(b);
                continue;
            }
            int n = in.read(buf, 0, 1 + random.nextInt(buf.length - 1));
            if (n < 0) {
                break;
            }
            out.write(buf, 0, n);
        }
        assertEquals(-1, in.read(buf, 0, 10), "the end stays the end");
        return new Result(out.toByteArray(), in.zeroTailBytes());
    }

    /** Gives at most a random number of bytes per read, as pipes and gzip streams do. */
    private static InputStream shortReads(byte[] bytes, SplittableRandom random) {
        return new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, 1 + random.nextInt(100_000)));
            }
        };
    }

    /** Runs of zeros (some longer than the stream's 64 KiB buffer) between runs of other bytes. */
    private static byte[] zerosAndText(SplittableRandom random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int runs = random.nextInt(6);
        for (int i = 0; i < runs; i++) {
            int length = random.nextInt(4) == 0 ? random.nextInt(200_000) : random.nextInt(50);
            if (random.nextBoolean()) {
                out.writeBytes(new byte[length]);
            } else {
                for (int j = 0; j < length; j++) {
                    out.write(1 + random.nextInt(255));
                }
            }
        }
        return out.toByteArray();
    }

    @Test
    void passesEverythingButATrailingZeroRunAndReportsThatRun() {
        qt().withExamples(400).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] input = zerosAndText(random);
            int kept = input.length;
            while (kept > 0 && input[kept - 1] == 0) {
                kept--;
            }
            Result r;
            try {
                r = readAll(new ZeroTailInputStream(shortReads(input, random)), random);
            } catch (IOException e) {
                throw new AssertionError(e);
            }
            assertArrayEquals(Arrays.copyOf(input, kept), r.bytes(), "seed " + seed);
            assertEquals(input.length - kept, r.zeroTailBytes(), "seed " + seed);
        });
    }

    @Test
    void aZeroRunFollowedByTextIsPassedOnWhole() throws IOException {
        byte[] input = new byte[100_003];
        input[0] = '[';
        input[100_002] = ']';
        Result r = readAll(new ZeroTailInputStream(new ByteArrayInputStream(input)), new SplittableRandom(1));
        assertArrayEquals(input, r.bytes());
        assertEquals(0, r.zeroTailBytes());
    }

    @Test
    void onlyZerosEndAtOnceWithTheirCount() throws IOException {
        ZeroTailInputStream in = new ZeroTailInputStream(new ByteArrayInputStream(new byte[5]));
        assertEquals(0, in.zeroTailBytes(), "not known before the end");
        assertEquals(-1, in.read(new byte[8]));
        assertEquals(5, in.zeroTailBytes());
    }
}
