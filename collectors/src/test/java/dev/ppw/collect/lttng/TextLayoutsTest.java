package dev.ppw.collect.lttng;

import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * A line read as a layout met before (the bytes between its values compared, only its values read) is the line the
 * general parse reads: the same event name, time and fields (names, kinds, integers, strings), and a line that is no
 * event is no event either way. The lines of a real trace, repeated and shuffled so that layouts recur, are edited
 * with the bytes that change how a value reads (quotes, escapes, signs, hex and octal prefixes, brackets) and read
 * twice: all by one reader, which learns layouts, and each by a reader of its own, which has none.
 */
class TextLayoutsTest {
    private static final String[] LINES = new String(TestInputs.testResource("lttng/ust.debuginfo.txt"),
            StandardCharsets.UTF_8).split("\n");
    private static final byte[] PIECES = "[]{}(),:=\" 0x9.-+\\éb1A".getBytes(StandardCharsets.UTF_8);

    /** What the reader hands on for an event line: its name, its time as printed, every field. */
    private static String event(LttngEventView view) {
        BabeltraceTextReader r = (BabeltraceTextReader) view;
        StringBuilder out = new StringBuilder(r.name()).append(' ').append(r.rawTime()).append(' ').append(r.ofDay())
                .append(' ').append(r.timeStyle());
        for (int i = 0; i < r.fieldCount(); i++) {
            out.append(" | ").append(r.key(i)).append(' ').append(r.kind(i)).append(' ').append(r.integerAt(i))
                    .append(' ').append(r.stringAt(i));
        }
        for (String field : new String[] {"vpid", "vtid", "procname", "addr", "call_site", "debug_info.func", "ip"}) {
            out.append(" / ").append(field).append(' ').append(r.has(field)).append(' ').append(r.integer(field))
                    .append(' ').append(r.string(field));
        }
        return out.toString();
    }

    /** Each line's event, or "no event", as one reader of all of {@code lines} sees them. */
    private static List<String> together(List<String> lines) {
        List<String> out = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (String line : lines) {
            text.append(line).append('\n');
        }
        List<String> events = new ArrayList<>();
        Diagnostics diagnostics = new Diagnostics();
        BabeltraceTextReader reader = new BabeltraceTextReader("t.txt", diagnostics, v -> events.add(event(v)));
        try {
            reader.read(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)));
        } catch (BadInputException e) {
            return List.of("no event at all");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.addAll(events);
        out.add(diagnostics.warnings().values().stream().mapToLong(w -> w.count()).sum() + " bad lines");
        return out;
    }

    /** The same, each line read by a reader of its own (no layout learnt). */
    private static List<String> alone(List<String> lines) {
        List<String> out = new ArrayList<>();
        long bad = 0;
        for (String line : lines) {
            List<String> events = new ArrayList<>();
            Diagnostics diagnostics = new Diagnostics();
            BabeltraceTextReader reader = new BabeltraceTextReader("t.txt", diagnostics, v -> events.add(event(v)));
            try {
                reader.read(new ByteArrayInputStream((line + "\n").getBytes(StandardCharsets.UTF_8)));
                out.addAll(events);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (BadInputException e) {
                // The line is counted as bad below, then refused as a file with no event.
            }
            bad += diagnostics.warnings().values().stream().mapToLong(w -> w.count()).sum();
        }
        if (out.isEmpty()) {
            return List.of("no event at all");
        }
        out.add(bad + " bad lines");
        return out;
    }

    @Test
    void aLineReadAsALayoutIsTheLineTheGeneralParseReads() {
        qt().withExamples(60).forAll(longs().all(), integers().between(0, 40)).checkAssert((seed, edits) -> {
            SplittableRandom random = new SplittableRandom(seed);
            List<String> lines = new ArrayList<>();
            int n = 20 + random.nextInt(200);
            for (int i = 0; i < n; i++) {
                // Mostly the cyg-profile entries and exits near the end, which repeat their layouts.
                int k = random.nextInt(4) == 0 ? random.nextInt(LINES.length)
                        : LINES.length - 1 - random.nextInt(Math.min(60, LINES.length));
                lines.add(LINES[k]);
            }
            for (int e = 0; e < edits; e++) {
                int i = random.nextInt(lines.size());
                byte[] b = lines.get(i).getBytes(StandardCharsets.UTF_8);
                int at = 20 + random.nextInt(Math.max(1, b.length - 20));
                if (at < b.length) {
                    b[at] = PIECES[random.nextInt(PIECES.length)];
                }
                lines.set(i, new String(b, StandardCharsets.UTF_8));
            }
            assertEquals(alone(lines), together(lines), "seed " + seed);
        });
    }

    @Test
    void eightHexDigitsAtOnceAreTheirValueOrNone() {
        byte[] alphabet = "0123456789abcdefABCDEF/:@G`gx \u00ff".getBytes(StandardCharsets.ISO_8859_1);
        qt().withExamples(2000).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            byte[] b = new byte[8];
            for (int i = 0; i < 8; i++) {
                b[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : alphabet[random.nextInt(alphabet.length)];
            }
            long word = java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
            String text = new String(b, StandardCharsets.ISO_8859_1);
            long expected = text.matches("[0-9a-fA-F]{8}") ? Long.parseLong(text, 16) : -1;
            assertEquals(expected, BabeltraceTextReader.eightHexDigits(word), text);
        });
    }

    @Test
    void integersReadAsPrinted() {
        // Decimal of 1 to 20 digits and hex of 1 to 16, each line twice (the second read as the first's layout), in
        // lines whose numbers of digits differ, so that every count of digits left after whole words is met.
        qt().withExamples(500).forAll(longs().all()).checkAssert(seed -> {
            SplittableRandom random = new SplittableRandom(seed);
            List<String> values = new ArrayList<>();
            List<Long> expected = new ArrayList<>();
            while (values.size() < 2) {
                boolean hex = random.nextBoolean();
                int digits = 1 + random.nextInt(hex ? 16 : 20);
                StringBuilder text = new StringBuilder();
                for (int i = 0; i < digits; i++) {
                    int d = i == 0 && !hex && digits > 1 ? 1 + random.nextInt(9) : random.nextInt(hex ? 16 : 10);
                    text.append(Character.forDigit(d, 16));
                }
                String t = hex && random.nextBoolean() ? text.toString().toUpperCase() : text.toString();
                try {
                    expected.add(Long.parseUnsignedLong(t, hex ? 16 : 10));
                    values.add(hex ? "0x" + t : t);
                } catch (NumberFormatException e) {
                    // Beyond 64 bits: not an integer babeltrace2 prints.
                }
            }
            String line = "[01:02:03.000000004] (+0.000000001) h p:e: { a = " + values.get(0) + ", b = "
                    + values.get(1) + " }";
            List<Long> read = new ArrayList<>();
            BabeltraceTextReader reader = new BabeltraceTextReader("t.txt", new Diagnostics(), v -> {
                read.add(v.integer("a"));
                read.add(v.integer("b"));
            });
            try {
                reader.read(new ByteArrayInputStream((line + "\n" + line + "\n").getBytes(StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            assertEquals(List.of(expected.get(0), expected.get(1), expected.get(0), expected.get(1)), read, line);
        });
    }

    @Test
    void theRealTraceRepeatsItsLayouts() {
        // The property above compares something only if the lines it reads take the layout path: entries and exits
        // of one thread share their layout, so a reader of two such lines sees the second as the first's layout.
        List<String> lines = new ArrayList<>();
        for (String line : LINES) {
            if (line.contains("func_entry")) {
                lines.add(line);
                if (lines.size() == 3) {
                    break;
                }
            }
        }
        assertEquals(3, lines.size());
        assertEquals(alone(lines), together(lines));
        BabeltraceTextReader reader = new BabeltraceTextReader("t.txt", new Diagnostics(), v -> { });
        try {
            reader.read(new ByteArrayInputStream(String.join("\n", lines).getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertEquals(3, reader.events());
        assertEquals(2, reader.layoutLines());
    }
}
