package dev.ppw.cli;

import dev.ppw.model.DiagnosticWords;
import dev.ppw.model.format.FormatRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Diagnostics in words, and {@code --warnings all}. */
class WarningsCliTest {
    private static final Path BAD_INPUT = Path.of("src/test/resources/bad-input");
    private static final Path TRACES = Path.of("src/test/resources/traces");
    private static final Pattern KIND = Pattern.compile("\"(\\w+)\": \\d+");
    /** The words the formats on the class path declare, as the command line says them. */
    private static final DiagnosticWords WORDS = FormatRegistry.load(WarningsCliTest.class.getClassLoader())
            .diagnosticWords();

    @TempDir
    Path dir;

    @Test
    void everyKindThatTheCorpusAndTheTracesMeetHasWords() throws IOException {
        Set<String> kinds = new TreeSet<>();
        List<Path> inputs;
        try (Stream<Path> bad = Files.list(BAD_INPUT); Stream<Path> traces = Files.walk(TRACES)) {
            inputs = Stream.concat(bad, traces).filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().endsWith(".tsv")
                            && !p.getFileName().toString().endsWith(".md"))
                    .sorted().toList();
        }
        for (Path input : inputs) {
            Cli r = Cli.run("profile", input.toString(), "--format", "json");
            String json = r.out();
            int at = json.indexOf("\"diagnostics\": ");
            if (r.exit() != 0 || at < 0) {
                continue;
            }
            Matcher m = KIND.matcher(json.substring(at, json.indexOf('\n', at)));
            while (m.find()) {
                kinds.add(m.group(1));
            }
        }
        assertTrue(kinds.containsAll(List.of("phase_M", "truncated", "bad_event", "unclosed_begin")), kinds::toString);
        for (String kind : kinds) {
            // a phase no format defines (the corpus has some) is said by the phases' family: 'events of phase X'
            assertTrue(WORDS.known(kind), "no declaration of " + kind);
            assertNotEquals("2 " + kind, WORDS.counted(kind, 2), "no words for " + kind);
        }
    }

    @Test
    void warningsAllListsEveryOneAndSaysHowManyWereNotKept() throws IOException {
        Path five = trace("five.json", 5);
        Cli first = Cli.run("profile", five.toString(), "--format", "csv");
        assertEquals(List.of("ppw-java: warning: 5 end events with no open begin (dropped) [unmatched_end]; first: "
                        + five + ": pid 1 tid 1: E 'f' at 0 us with no open B",
                "ppw-java: hint: --warnings all lists each one; --strict makes warnings errors (exit 1, no output)"),
                first.err().lines().toList());
        Cli all = Cli.run("profile", five.toString(), "--format", "csv", "--warnings", "all");
        List<String> lines = all.err().lines().toList();
        assertEquals(7, lines.size(), all.err());
        assertEquals("ppw-java: warning: 5 end events with no open begin (dropped) [unmatched_end]", lines.get(0));
        for (int i = 0; i < 5; i++) {
            assertEquals("ppw-java: warning: " + five + ": pid 1 tid 1: E 'f' at " + i + " us with no open B",
                    lines.get(1 + i));
        }
        assertEquals("ppw-java: hint: --strict makes warnings errors (exit 1, no output)", lines.get(6));
        assertEquals(first.out(), all.out());
        List<String> merged = Cli.run("merge", five.toString(), "--format", "csv", "--warnings", "all").err().lines()
                .toList();
        assertEquals(lines, merged, "merge keeps and lists them as profile does");

        Path many = trace("many.json", WarningSummary.ALL_KEPT + 3);
        List<String> bounded = Cli.run("profile", many.toString(), "--format", "csv", "--warnings", "all").err()
                .lines().toList();
        assertEquals(1 + WarningSummary.ALL_KEPT + 1 + 1, bounded.size());
        assertEquals("ppw-java: warning: and 3 more end events with no open begin (dropped) [unmatched_end], not listed"
                + " (at most 10000 of each kind are)", bounded.get(bounded.size() - 2));
    }

    @Test
    void strictWithWarningsAllListsThemUnderTheError() throws IOException {
        Path two = trace("two.json", 2);
        Cli r = Cli.run("profile", two.toString(), "--strict", "--warnings", "all");
        assertEquals(1, r.exit(), r.toString());
        assertEquals("", r.out());
        List<String> lines = r.err().lines().toList();
        assertEquals("ppw-java: error: 2 end events with no open begin (dropped) [unmatched_end] under --strict, so no"
                + " output was written", lines.get(0));
        assertEquals(3, lines.size(), r.err());
        Cli bad = Cli.run("profile", two.toString(), "--warnings", "some");
        assertEquals(2, bad.exit(), bad.toString());
        assertTrue(bad.err().contains("unknown warnings listing 'some': expected one of first, all"), bad.err());
    }

    /** A trace of one X and then {@code ends} E events of f with no open B, one per line. */
    private Path trace(String name, int ends) throws IOException {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < ends; i++) {
            sb.append("{\"name\":\"f\",\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":").append(i).append("},\n");
        }
        sb.append("{\"name\":\"g\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1}]\n");
        return Files.writeString(dir.resolve(name), sb);
    }
}
