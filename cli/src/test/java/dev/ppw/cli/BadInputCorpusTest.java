package dev.ppw.cli;

import dev.ppw.model.DiagnosticWords;
import dev.ppw.model.format.FormatRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bad-input corpus ({@code src/test/resources/bad-input/}) run through {@code ppw-java profile FILE
 * --format csv}, each file against its row of {@code EXPECTED.tsv}: exit code, the exact first line of
 * stderr, the warning kinds and counts, and a fragment of the CSV. Around every row: never a stack trace,
 * nothing on stdout after an error, warnings summarised in two lines, and {@code --strict} turning each
 * warning into exit 1 with no output while changing nothing else. Rows named {@code generated:NAME} are
 * made at test time ({@link BadInputFiles#generated()}); rows named {@code stdin:NAME} give the file NAME on
 * standard input ({@code ppw-java profile -}), where messages name the input {@code -}.
 */
class BadInputCorpusTest {
    /** The words the formats on the class path declare, as the command line says them. */
    private static final DiagnosticWords WORDS = FormatRegistry.load(BadInputCorpusTest.class.getClassLoader())
            .diagnosticWords();
    private static final Path DIR = Path.of("src/test/resources/bad-input");
    private static final String TABLE = "EXPECTED.tsv";
    /** The folder of merges with bad inputs, a table of its own ({@link BadMergeCorpusTest}). */
    private static final String MERGES = "merges";
    private static final String GENERATED = "generated:";
    /** A row {@code stdin:NAME} gives the committed file NAME as standard input: {@code profile -}. */
    private static final String STDIN = "stdin:";
    private static final String ANY_NUMBER = "{n}";
    private static final boolean UPDATE = Boolean.getBoolean("ppw.updateBadInput");
    private static final String HEADER = "path,id,parent_id,depth,name,callsite,calls,subcalls,inclusive_ns,exclusive_ns,"
            + "min_inclusive_ns,max_inclusive_ns,agg,missing,nodes";
    /** With a samples part beside traced ones: the sampled rows' count after subcalls. */
    private static final String HEADER_WITH_SAMPLES = HEADER.replace(",subcalls,", ",subcalls,samples,");
    /** Samples alone: no call or per-call column (SEMANTICS.md section 2, "Parts"). */
    private static final String SAMPLED_HEADER = "path,id,parent_id,depth,name,callsite,samples,inclusive_ns,exclusive_ns,"
            + "agg,missing,nodes";
    private static final String PART = "part";
    private static final String HINT = "ppw-java: hint: --warnings all lists each one; --strict makes warnings errors"
            + " (exit 1, no output)";
    private static final Pattern ERROR_SHAPE = Pattern.compile("ppw-java: error: (.+?)(:\\d+:\\d+)?: \\S.*");

    /** One row of the table; {@code warnings} in file order, empty for none. */
    record Row(String file, int exit, Map<String, Long> warnings, String stderr, String stdout) {
        @Override
        public String toString() {
            return file;
        }
    }

    @TempDir
    static Path generatedDir;
    private static final Map<String, Path> MADE = new HashMap<>();

    static List<Row> rows() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String[] f : CorpusTable.cases(DIR.resolve(TABLE), "file", "exit", "warnings", "stderr", "stdout")) {
            Map<String, Long> warnings = new LinkedHashMap<>();
            if (!f[2].equals("-")) {
                for (String kv : f[2].split(",")) {
                    String[] p = kv.split("=");
                    warnings.put(p[0], Long.parseLong(p[1]));
                }
            }
            rows.add(new Row(f[0], Integer.parseInt(f[1]), warnings, f[3].equals("-") ? "" : f[3],
                    f[4].equals("-") ? "" : f[4]));
        }
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachBadInputEndsAsItsRowSays(Row row) {
        String file = inputName(row);
        Cli r = profile(row);
        assertNoStackTrace(r);
        assertEquals(row.exit(), r.exit(), r.toString());
        List<String> err = r.err().lines().toList();
        String first = row.stderr().replace("{file}", file);
        if (first.contains(ANY_NUMBER) && !err.isEmpty() && matches(first, err.get(0))) {
            first = err.get(0);
        }
        if (row.exit() != 0) {
            assertEquals("", r.out(), "nothing on stdout after an error");
            assertEquals(List.of(first), err, "one line");
            var shape = ERROR_SHAPE.matcher(err.get(0));
            assertTrue(shape.matches() && shape.group(1).equals(file), "ppw-java: error: FILE[:LINE:COL]: ... " + err);
            return;
        }
        String firstLine = r.out().lines().findFirst().orElse("");
        String fixed = firstLine.startsWith(PART + ",") ? firstLine.substring(PART.length() + 1) : firstLine;
        assertTrue(List.of(HEADER, HEADER_WITH_SAMPLES, SAMPLED_HEADER).stream()
                .anyMatch(h -> fixed.equals(h) || fixed.startsWith(h + ",")), "the part (with async spans), the fixed"
                + " columns, then any declared metric's (a sampled input's weight)\n" + r);
        assertTrue(r.out().startsWith(firstLine + "\r\n"), r.toString());
        assertTrue(r.out().contains(row.stdout()), () -> "stdout has " + row.stdout() + "\n" + r);
        if (row.warnings().isEmpty()) {
            assertEquals("", r.err(), "accepted silently");
        } else {
            assertEquals(List.of(first, HINT), err, "summarised in two lines");
            assertTrue(first.startsWith("ppw-java: warning: " + counted(row.warnings()) + "; first: "), first);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void strictMakesEachWarningFatalAndChangesNothingElse(Row row) {
        Cli plain = profile(row);
        Cli strict = profile(row, "--strict");
        assertNoStackTrace(strict);
        if (row.exit() == 0 && !row.warnings().isEmpty()) {
            assertEquals(1, strict.exit(), strict.toString());
            assertEquals("", strict.out(), "no output under --strict");
            String summary = plain.err().lines().findFirst().orElseThrow();
            String example = summary.substring(summary.indexOf("; first: "));
            assertEquals(List.of("ppw-java: error: " + counted(row.warnings())
                    + " under --strict, so no output was written" + example), strict.err().lines().toList());
        } else {
            assertEquals(plain.toString(), strict.toString());
        }
    }

    @Test
    void everyFileOfTheCorpusHasARowAndEveryRowAFile() throws IOException {
        Set<String> files;
        try (Stream<Path> list = Files.list(DIR)) {
            files = list.map(p -> p.getFileName().toString()).filter(n -> !n.equals(TABLE) && !n.equals(MERGES))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> committedRows = new TreeSet<>();
        Set<String> generatedRows = new TreeSet<>();
        Set<String> stdinRows = new TreeSet<>();
        for (Row row : rows()) {
            if (row.file().startsWith(STDIN)) {
                stdinRows.add(row.file().substring(STDIN.length()));
            } else {
                (row.file().startsWith(GENERATED) ? generatedRows : committedRows)
                        .add(row.file().replace(GENERATED, ""));
            }
        }
        assertEquals(files, committedRows);
        assertTrue(files.containsAll(stdinRows), "stdin rows give committed files: " + stdinRows);
        assertEquals(BadInputFiles.generated().keySet(), generatedRows);
        assertTrue(files.size() >= 35, "at least 35 committed bad inputs, got " + files.size());
    }

    @Test
    void theCommittedBinariesAreWhatBadInputFilesMakes() throws IOException {
        for (Map.Entry<String, Supplier<byte[]>> e : BadInputFiles.binaries().entrySet()) {
            Path path = DIR.resolve(e.getKey());
            byte[] made = e.getValue().get();
            if (UPDATE) {
                Files.write(path, made);
                continue;
            }
            byte[] committed = Files.readAllBytes(path);
            if (e.getKey().endsWith(".gz") && committed.length > 10) {
                // Compressed bytes vary with the zlib version; the text they give must not.
                assertArrayEquals(BadInputFiles.gunzipWhatThereIs(made), BadInputFiles.gunzipWhatThereIs(committed),
                        e.getKey());
            } else {
                assertArrayEquals(made, committed, e.getKey());
            }
        }
        assertEquals(BadInputFiles.TRUNCATED_GZIP_TEXT,
                BadInputFiles.gunzipWhatThereIs(Files.readAllBytes(DIR.resolve("truncated-gzip.json.gz"))).length);
    }

    /** True when {@code actual} is {@code expected} with a number in place of each {@value #ANY_NUMBER}. */
    private static boolean matches(String expected, String actual) {
        String regex = Stream.of(expected.split(Pattern.quote(ANY_NUMBER), -1)).map(Pattern::quote)
                .collect(Collectors.joining("\\d+"));
        return actual.matches(regex);
    }

    /** {@code ppw-java profile FILE --format csv}, or {@code profile -} with the file on standard input. */
    private static Cli profile(Row row, String... more) {
        List<String> args = new ArrayList<>(List.of("profile", inputName(row), "--format", "csv"));
        args.addAll(List.of(more));
        if (row.file().startsWith(STDIN)) {
            try {
                return Cli.runWithInput(Files.readAllBytes(DIR.resolve(row.file().substring(STDIN.length()))),
                        args.toArray(String[]::new));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Cli.run(args.toArray(String[]::new));
    }

    /** How the command names the row's input: its path, or {@code -} for standard input. */
    private static String inputName(Row row) {
        return row.file().startsWith(STDIN) ? "-" : input(row).toString();
    }

    private static Path input(Row row) {
        if (!row.file().startsWith(GENERATED)) {
            return DIR.resolve(row.file());
        }
        String name = row.file().substring(GENERATED.length());
        return MADE.computeIfAbsent(name, n -> {
            try {
                return BadInputFiles.writeGenerated(generatedDir, n);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * "3 warnings: 2 events without a usable timestamp (dropped) [missing_ts], 1 malformed event or line (skipped)
     * [bad_event]", as the summary line counts them (one kind: without the total).
     */
    private static String counted(Map<String, Long> warnings) {
        long total = warnings.values().stream().mapToLong(Long::longValue).sum();
        String each = warnings.entrySet().stream()
                .map(e -> WORDS.counted(e.getKey(), e.getValue()) + " [" + e.getKey() + "]")
                .collect(Collectors.joining(", "));
        return warnings.size() == 1 ? each : total + " warnings: " + each;
    }

    private static void assertNoStackTrace(Cli r) {
        assertFalse(r.err().contains("\tat "), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertFalse(r.err().contains("internal error"), r.err());
        assertTrue(r.exit() == 0 || r.exit() == 1, r.toString());
    }
}
