package dev.ppw.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryFile;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.ppw.cli.Main;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line on any bytes, auto-detected as a user's file is (issue 26's hardening cases are its seeds: empty
 * and blank inputs, a byte order mark alone, cut files and gzip layers, numbers at and past 2^63, times at both
 * ends of the clock, hostile names). Whatever the bytes, {@code profile FILE --view flat} and {@code merge FILE COPY
 * --agg avg --view flat} end with exit 0 or 1, never 3 (an internal error or its stack trace); every line on stderr
 * is one of ppw-java's own ({@code ppw-java: ...}); a profile that fails is one line, {@code ppw-java: error: ...},
 * and writes nothing. And sums never wrap: the average of two copies of an input is the input, row by row, its calls
 * twice the input's (stopping at 2^63 - 1), however close its values are to the limit.
 */
class CliFuzzTest {
    private static final String PREFIX = "ppw-java: ";
    private static final BigInteger LIMIT = BigInteger.valueOf(Long.MAX_VALUE);
    private static Path dir;

    @AfterAll
    static void close() throws IOException {
        if (dir != null) {
            for (String name : List.of("fuzz-input", "fuzz-copy")) {
                Files.deleteIfExists(dir.resolve(name));
            }
            Files.deleteIfExists(dir);
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DictionaryFile(resourcePath = "formats.dict")
    void cli(byte[] input) throws IOException {
        if (input.length > ReaderFuzzing.MAX_INPUT_BYTES) {
            return;
        }
        if (dir == null) {
            dir = Files.createTempDirectory("ppw-fuzz-cli");
        }
        Path file = Files.write(dir.resolve("fuzz-input"), input);
        Path copy = Files.write(dir.resolve("fuzz-copy"), input);
        Run profile = run("profile", file.toString(), "--view", "flat", "--format", "csv");
        check(profile);
        if (profile.exit() == 1) {
            List<String> lines = profile.err().lines().toList();
            if (lines.size() != 1 || !lines.get(0).startsWith(PREFIX + "error: ") || !profile.out().isEmpty()) {
                throw new AssertionError("a profile that fails says so in one line and writes nothing: " + profile);
            }
        }
        Run merge = run("merge", file.toString(), copy.toString(), "--agg", "avg", "--view", "flat", "--format", "csv");
        check(merge);
        if (profile.exit() == 0 && merge.exit() == 0) {
            sameRowsTwiceTheCalls(profile, merge);
        }
    }

    private record Run(String[] args, int exit, String out, String err) {
        @Override
        public String toString() {
            return String.join(" ", args) + ": exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = Main.run(args, InputStream.nullInputStream(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(args, exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Exit 0 or 1, every stderr line ppw-java's own and no internal error; a failure says it first and writes nothing. */
    private static void check(Run r) {
        if (r.exit() != 0 && r.exit() != 1) {
            throw new AssertionError("exit " + r.exit() + " on bad input, 0 or 1 expected: " + r);
        }
        for (String line : r.err().lines().toList()) {
            if (!line.startsWith(PREFIX) || line.startsWith(PREFIX + "internal error")) {
                throw new AssertionError("not one of ppw-java's lines: '" + line + "' in " + r);
            }
        }
        if (r.exit() == 1 && (!r.err().startsWith(PREFIX + "error: ") || !r.out().isEmpty())) {
            throw new AssertionError("a failure starts with its error and writes nothing: " + r);
        }
    }

    /**
     * The avg of two copies equals the input row by row (part, path); calls (samples on a sampled row) are summed, so
     * twice the input's.
     */
    private static void sameRowsTwiceTheCalls(Run profile, Run merge) {
        Map<String, CSVRecord> alone = rows(profile.out());
        Map<String, CSVRecord> averaged = rows(merge.out());
        if (!alone.keySet().equals(averaged.keySet())) {
            throw new AssertionError("the avg of two copies has other rows than the input:\n" + profile + "\n" + merge);
        }
        for (Map.Entry<String, CSVRecord> row : alone.entrySet()) {
            CSVRecord a = row.getValue();
            CSVRecord m = averaged.get(row.getKey());
            for (String column : List.of("inclusive_ns", "exclusive_ns")) {
                if (!a.get(column).equals(m.get(column))) {
                    throw new AssertionError(column + " of row " + row.getKey() + ": " + a.get(column) + " alone, "
                            + m.get(column) + " as the avg of two copies:\n" + profile + "\n" + merge);
                }
            }
            String counted = counted(a);
            BigInteger twice = new BigInteger(a.get(counted)).shiftLeft(1).min(LIMIT).max(LIMIT.negate().subtract(
                    BigInteger.ONE));
            if (!twice.equals(new BigInteger(m.get(counted)))) {
                throw new AssertionError(counted + " of row " + row.getKey() + ": " + a.get(counted) + " alone, "
                        + m.get(counted) + " summed over two copies:\n" + profile + "\n" + merge);
            }
        }
    }

    /** The column that counts a row: {@code calls}, or {@code samples} on a sampled row (SEMANTICS.md section 2). */
    private static String counted(CSVRecord row) {
        return row.isMapped("calls") && !row.get("calls").isEmpty() ? "calls" : "samples";
    }

    /** CSV rows by part (when there is the column) and path. */
    private static Map<String, CSVRecord> rows(String csv) {
        try (CSVParser parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(csv))) {
            boolean parts = parser.getHeaderMap().containsKey("part");
            Map<String, CSVRecord> rows = new HashMap<>();
            for (CSVRecord r : parser) {
                rows.put((parts ? r.get("part") + "\u0000" : "") + r.get("path"), r);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
