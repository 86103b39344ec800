package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cases of issue 26 whose sums wrapped to negative numbers with exit 0: each now stops at the limit of a long
 * and says so as {@code arithmetic_overflow} (SEMANTICS.md section 5, "Limits"), an error under {@code --strict}.
 */
class OverflowCliTest {
    private static final String LIMIT = "9223372036854775807";
    private static final String PREFIX = "ppw-java: ";
    /** Two calls of 9.2e15 us (9.2e18 ns, each below 2^63 ns) on two threads. */
    private static final String TWO_THREADS = """
            [{"name":"f","ph":"X","ts":0,"dur":9200000000000000,"pid":1,"tid":1},
            {"name":"f","ph":"X","ts":0,"dur":9200000000000000,"pid":1,"tid":2}]
            """;

    @TempDir
    Path dir;

    @Test
    void twoCallsOnTwoThreadsStopAtTheLimitInTheFlatView() throws IOException {
        Path trace = write("two.json", TWO_THREADS);
        Cli r = Cli.run("profile", trace.toString(), "--view", "flat", "--format", "csv");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("\r\nf,2,0," + LIMIT + "," + LIMIT + ",9200000000000000000,"), r::toString);
        assertTrue(r.err().contains("[arithmetic_overflow]; first: " + trace + ": row 'f' (inclusive) stopped at the"
                + " limit"), r::toString);
        Cli strict = Cli.run("profile", trace.toString(), "--view", "flat", "--format", "csv", "--strict");
        assertEquals(1, strict.exit(), strict::toString);
        assertEquals("", strict.out());
    }

    @Test
    void mergeSumStopsAtTheLimitAndAvgNeverWraps() throws IOException {
        String one = """
                [{"name":"f","ph":"X","ts":0,"dur":9200000000000000,"pid":1,"tid":1}]
                """;
        Path a = write("a.json", one);
        Path b = write("b.json", one);
        Cli sum = Cli.run("merge", a.toString(), b.toString(), "--agg", "sum", "--format", "csv");
        assertEquals(0, sum.exit(), sum::toString);
        assertTrue(sum.out().contains("f,1,,0,f,,2,0," + LIMIT + "," + LIMIT + ","), sum::toString);
        assertTrue(sum.err().contains("[arithmetic_overflow]"), sum::toString);
        // the average divides the exact sum, 2^64 - ..., which no long holds: it is exact, and nothing stopped
        Cli avg = Cli.run("merge", a.toString(), b.toString(), "--agg", "avg", "--format", "csv");
        assertEquals(0, avg.exit(), avg::toString);
        assertTrue(avg.out().contains("f,1,,0,f,,2,0,9200000000000000000,9200000000000000000,"), avg::toString);
        assertEquals("", avg.err(), avg::toString);
    }

    @Test
    void aMergeSumOfExactlyTheLimitIsExactAndOneMoreNanosecondStops() throws IOException {
        // 9223372036854774.807 us and 1 us are 2^63 - 1 ns together: exact; with 0.001 us more, past the limit
        Path a = write("a.json", "[{\"name\":\"f\",\"ph\":\"X\",\"ts\":0,\"dur\":9223372036854774.807,\"pid\":1,"
                + "\"tid\":1}]\n");
        Path exact = write("b.json", "[{\"name\":\"f\",\"ph\":\"X\",\"ts\":0,\"dur\":1,\"pid\":1,\"tid\":1}]\n");
        Path past = write("c.json", "[{\"name\":\"f\",\"ph\":\"X\",\"ts\":0,\"dur\":1.001,\"pid\":1,\"tid\":1}]\n");
        Cli at = Cli.run("merge", a.toString(), exact.toString(), "--format", "csv");
        assertEquals(0, at.exit(), at::toString);
        assertTrue(at.out().contains("f,1,,0,f,,2,0," + LIMIT + "," + LIMIT + ","), at::toString);
        assertEquals("", at.err(), at::toString);
        Cli beyond = Cli.run("merge", a.toString(), past.toString(), "--format", "csv", "--strict");
        assertEquals(1, beyond.exit(), beyond::toString);
        assertTrue(beyond.err().contains("[arithmetic_overflow]"), beyond::toString);
    }

    @Test
    void aCallFromBeforeZeroToFarAfterItLastsTheLimitAndCannotBeBinned() throws IOException {
        // -9e18 ns to 9e18 ns: 1.8e19 ns, which wrapped to -446744073709551616; time bins threw an ArithmeticException
        Path trace = write("span.json", """
                [{"name":"f","ph":"B","ts":-9000000000000000,"pid":1,"tid":1},
                {"name":"f","ph":"E","ts":9000000000000000,"pid":1,"tid":1}]
                """);
        Cli r = Cli.run("profile", trace.toString(), "--format", "csv");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("\r\nf,1,,0,f,,1,0," + LIMIT + "," + LIMIT + "," + LIMIT + "," + LIMIT + ","),
                r::toString);
        assertTrue(r.err().contains("[arithmetic_overflow]; first: " + trace + ": row 'f' (inclusive) stopped at the"
                + " limit"), r::toString);
        for (String[] split : new String[][] {{"--time-bins", "4"}, {"--bin-width", "1s", "--absolute-time"},
                {"--phase-by", "f"}}) {
            String[] args = new String[3 + split.length];
            args[0] = "profile";
            args[1] = trace.toString();
            args[2] = "--quiet";
            System.arraycopy(split, 0, args, 3, split.length);
            Cli binned = Cli.run(args);
            assertEquals(1, binned.exit(), binned::toString);
            assertEquals(PREFIX + "error: " + trace + ": its times span from -9000000000000000000 ns to"
                    + " 9000000000000000000 ns, 2^63 ns or more with the last nanosecond: time bins and phases need a"
                    + " span of at most " + LIMIT + " ns ending before " + LIMIT + " ns\n", binned.err(),
                    binned::toString);
        }
    }

    @Test
    void twoPprofSamplesOfTheLargestCountKeepTheFirstAndSayTheSecondWouldWrap() throws IOException {
        long big = Long.MAX_VALUE;
        Path profile = dir.resolve("big.pb");
        Files.write(profile, pprof(big));
        Cli r = Cli.run("profile", profile.toString(), "--format", "csv");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("main,1,,0,main,," + LIMIT + "," + LIMIT + "," + LIMIT + ","), r::toString);
        // the pprof reader refuses the sample that would carry its sample type's total past the limit, before the
        // fold's sums could stop there: the row is the first sample's, the second is a counted bad event
        assertTrue(r.err().contains("[bad_event]; first: " + profile + ": byte 37: sample 2: values that carry"),
                r::toString);
        // the first sample's values are 2^63 - 1 exactly: exact, no sum went past the limit
        assertTrue(!r.err().contains("arithmetic_overflow"), r::toString);
    }

    @Test
    void aDiffOfProfilesAtTheLimitSaysSo() throws IOException {
        Path a = write("a.json", "[{\"name\":\"f\",\"ph\":\"X\",\"ts\":0,\"dur\":1,\"pid\":1,\"tid\":1}]\n");
        Path b = write("b.json", TWO_THREADS);
        Cli r = Cli.run("diff", a.toString(), b.toString(), "--format", "csv");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains(",1000," + LIMIT + ",9223372036854774807,"), r::toString);
        assertTrue(r.err().contains("[arithmetic_overflow]"), r::toString);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    /** A pprof profile of one function, {@code main}, and two samples of {@code value} samples and nanoseconds. */
    static byte[] pprof(long value) {
        ByteArrayOutputStream p = new ByteArrayOutputStream();
        field(p, 1, message(0, 1, 1, 2, 2));          // sample type samples/count
        field(p, 1, message(0, 1, 3, 2, 4));          // sample type cpu/nanoseconds
        for (int i = 0; i < 2; i++) {
            ByteArrayOutputStream s = new ByteArrayOutputStream();
            field(s, 1, varint(1));                   // location id 1, packed
            ByteArrayOutputStream values = new ByteArrayOutputStream();
            values.writeBytes(varint(value));
            values.writeBytes(varint(value));
            field(s, 2, values.toByteArray());
            field(p, 2, s.toByteArray());
        }
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        tag(line, 1, 1);                              // function id 1
        ByteArrayOutputStream location = new ByteArrayOutputStream();
        tag(location, 1, 1);
        field(location, 4, line.toByteArray());
        field(p, 4, location.toByteArray());
        field(p, 5, message(0, 1, 1, 2, 5));          // function 1 named "main"
        for (String s : new String[] {"", "samples", "count", "cpu", "nanoseconds", "main"}) {
            field(p, 6, s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return p.toByteArray();
    }

    /** A message of varint fields given as (number, value) pairs after a leading 0. */
    private static byte[] message(long ignored, long... pairs) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        for (int i = 0; i < pairs.length; i += 2) {
            tag(m, (int) pairs[i], pairs[i + 1]);
        }
        return m.toByteArray();
    }

    private static void tag(ByteArrayOutputStream out, int number, long value) {
        out.writeBytes(varint((long) number << 3));
        out.writeBytes(varint(value));
    }

    private static void field(ByteArrayOutputStream out, int number, byte[] bytes) {
        out.writeBytes(varint(((long) number << 3) | 2));
        out.writeBytes(varint(bytes.length));
        out.writeBytes(bytes);
    }

    private static byte[] varint(long value) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        long v = value;
        while ((v & ~0x7FL) != 0) {
            b.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        b.write((int) v);
        return b.toByteArray();
    }
}
