package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Random stacks written as perf script text fold to the same tree as the same stacks written as folded lines
 * (SEMANTICS.md section 2: a sample of a stack is one call on every node of it): without offsets and with
 * neither event nor period printed (so each sample is one of folded's {@code samples}), the whole tree is
 * the same, byte for byte; with offsets (so callsites) and a time event, the callpath view has the same
 * paths and calls.
 */
class PerfScriptFoldedPropertiesTest {
    private static final int EXAMPLES = 40;
    /** Symbols as perf prints them: JIT names with spaces and colons, C++, kernel, unknown, parentheses. */
    private static final String[] SYMBOLS = {"main", "worker", "JS:^requireBuiltin node:internal/bootstrap/realm:420:24",
            "v8::internal::Builtin_HandleApiCall", "node::fs::FileHandle::ClosePromise()::{lambda(uv_fs_s*)#1}::_FUN",
            "[unknown]", "asm_exc_page_fault", "LazyCompile:*fib /app/fib.js:3", "operator new(unsigned long)",
            "naïve_função"};
    private static final String[] DSOS = {"/usr/bin/node", "[kernel.kallsyms]", "[unknown]", "/tmp/perf-23252.map"};

    @TempDir
    Path dir;

    @Test
    void perfScriptStacksFoldToTheTreeOfTheirFoldedLines() {
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(1, 25)).checkAssert((seed, count) -> {
            List<List<String>> stacks = stacks(new SplittableRandom(seed), count);
            String perf = perfScript(new SplittableRandom(seed + 1), stacks, false);
            assertEquals(profile(write("f.folded", folded(stacks)), "tree"), profile(write("p.txt", perf), "tree"),
                    perf);
        });
    }

    @Test
    void withOffsetsAndPeriodsTheCallpathsStillHaveTheFoldedCalls() {
        qt().withExamples(EXAMPLES).forAll(longs().all(), integers().between(1, 25)).checkAssert((seed, count) -> {
            List<List<String>> stacks = stacks(new SplittableRandom(seed), count);
            String perf = perfScript(new SplittableRandom(seed + 1), stacks, true);
            assertEquals(pathsAndCalls(profile(write("f.folded", folded(stacks)), "callpath")),
                    pathsAndCalls(profile(write("p.txt", perf), "callpath")), perf);
        });
    }

    private static List<List<String>> stacks(SplittableRandom random, int count) {
        List<List<String>> stacks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int depth = 1 + random.nextInt(6);
            List<String> stack = new ArrayList<>();
            for (int d = 0; d < depth; d++) {
                stack.add(SYMBOLS[random.nextInt(SYMBOLS.length)]);
            }
            stacks.add(stack);
        }
        return stacks;
    }

    private static String folded(List<List<String>> stacks) {
        StringBuilder b = new StringBuilder();
        for (List<String> stack : stacks) {
            b.append(String.join(";", stack)).append(" 1\n");
        }
        return b.toString();
    }

    /** Each stack a block, frames innermost first; threads and times vary, as perf prints them. */
    private static String perfScript(SplittableRandom random, List<List<String>> stacks, boolean offsets) {
        StringBuilder b = new StringBuilder();
        long micros = 1_000_000;
        for (List<String> stack : stacks) {
            micros += 1 + random.nextInt(5000);
            String tid = String.valueOf(100 + random.nextInt(3));
            b.append(random.nextBoolean() ? "prog " + tid : "   " + tid + "/" + tid).append(' ')
                    .append(micros / 1_000_000).append('.').append(String.format("%06d", micros % 1_000_000)).append(':');
            b.append(offsets ? "    1001001 cpu-clock:ppp: \n" : " \n");
            for (int d = stack.size() - 1; d >= 0; d--) {
                b.append('\t').append(" ".repeat(random.nextInt(12))).append(Long.toHexString(random.nextLong() >>> 16))
                        .append(' ').append(stack.get(d));
                if (offsets && !stack.get(d).equals("[unknown]")) {
                    b.append("+0x").append(Integer.toHexString(random.nextInt(4096)));
                }
                String dso = DSOS[random.nextInt(DSOS.length)];
                // An [unknown] frame is named by its dso (docs/formats.md): in an unknown dso it stays [unknown].
                b.append(" (").append(stack.get(d).equals("[unknown]") ? "[unknown]" : dso).append(")\n");
            }
            b.append('\n');
        }
        return b.toString();
    }

    private Path write(String name, String text) {
        try {
            return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String profile(Path file, String view) {
        Cli r = Cli.run("profile", file.toString(), "--view", view, "--format", "csv");
        assertEquals(0, r.exit(), r.toString());
        return r.out();
    }

    private static List<String> pathsAndCalls(String csv) {
        List<String> header = List.of(csv.lines().findFirst().orElseThrow().split(","));
        int calls = header.indexOf("samples");
        return csv.lines().skip(1).map(PerfScriptFoldedPropertiesTest::fields).map(f -> f.get(0) + " " + f.get(calls)).sorted().toList();
    }

    /** The fields of one RFC 4180 record (quotes doubled inside quoted fields). */
    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }
}
