package dev.ppw.collect;

import dev.ppw.model.Quote;
import dev.ppw.collect.ValidTraces.Seed;
import dev.ppw.model.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static dev.ppw.collect.TestInputs.NAME;
import static dev.ppw.collect.TestInputs.gzip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A writer killed mid-event (SEMANTICS.md section 1): a valid trace cut at ANY byte after the opening of its
 * event array reads without error, keeps exactly the events that were complete before the cut, and has
 * one {@code truncated} warning, at the start of the cut event, exactly when the cut falls inside an
 * event. The same holds for a gzipped trace cut anywhere, as for the text its compressed bytes still give.
 */
class CutTracesTest {

    static List<Seed> seeds() {
        return ValidTraces.all();
    }

    /** Where the events of a valid trace are, found by a plain scan that knows strings and nesting. */
    record Layout(int open, int[] starts, int[] ends, int close) {
        /** Events whose closing brace lies before byte {@code n}. */
        int completeBefore(int n) {
            int k = 0;
            while (k < ends.length && ends[k] < n) {
                k++;
            }
            return k;
        }

        /** The event that a cut before byte {@code n} falls inside, or -1. */
        int inside(int n) {
            for (int j = 0; j < starts.length; j++) {
                if (starts[j] < n && n <= ends[j]) {
                    return j;
                }
            }
            return -1;
        }
    }

    static Layout layout(byte[] b) {
        int i = b.length >= 3 && (b[0] & 0xff) == 0xef ? 3 : 0;
        while (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
            i++;
        }
        int open = i;
        if (b[i] == '{') {
            String latin = new String(b, java.nio.charset.StandardCharsets.ISO_8859_1);
            open = latin.indexOf('[', latin.indexOf("\"traceEvents\""));
        }
        List<Integer> starts = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        int braces = 0;
        int arrays = 0;
        int start = -1;
        int close = b.length;
        boolean inString = false;
        for (int p = open; p < b.length; p++) {
            byte c = b[p];
            if (inString) {
                if (c == '\\') {
                    p++;
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            switch (c) {
                case '"' -> inString = true;
                case '[' -> arrays += braces == 0 ? 1 : 0;
                case ']' -> {
                    if (braces == 0 && --arrays == 0) {
                        close = p;
                        p = b.length;
                    }
                }
                case '{' -> {
                    if (braces++ == 0) {
                        start = p;
                    }
                }
                case '}' -> {
                    if (--braces == 0) {
                        starts.add(start);
                        ends.add(p);
                    }
                }
                default -> {
                }
            }
        }
        return new Layout(open, starts.stream().mapToInt(Integer::intValue).toArray(),
                ends.stream().mapToInt(Integer::intValue).toArray(), close);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void aTraceCutAnywhereKeepsEveryCompleteEventWithOneWarningWhenMidEvent(Seed seed) {
        byte[] b = seed.bytes();
        Layout layout = layout(b);
        assertEquals(Map.of(), TestInputs.read(b).warnings(), "the seed itself is clean");
        Map<Integer, List<String>> keptCalls = new java.util.HashMap<>();
        for (int n = 0; n < b.length; n = next(n, b.length)) {
            byte[] cut = Arrays.copyOf(b, n);
            String where = seed + " cut to " + n + " bytes, ending " + tail(cut);
            if (n <= layout.open()) {
                readFails(cut, where);
                continue;
            }
            RecordingSink sink = read(cut, where);
            int k = layout.completeBefore(n);
            int keptThrough = k == 0 ? layout.open() + 1 : layout.ends()[k - 1] + 1;
            List<String> expected = keptCalls.computeIfAbsent(keptThrough, t -> TestInputs.read(Arrays.copyOf(b, t)).calls());
            assertEquals(expected, sink.calls(), where);
            if (n > layout.close()) {
                // Past the event array of the object form: only the object's tail is missing.
                assertTrue(sink.warnings().isEmpty() || sink.warnings().equals(Map.of("truncated", 1L)), where);
                continue;
            }
            int inside = layout.inside(n);
            if (inside < 0) {
                assertEquals(Map.of(), sink.warnings(), where);
            } else {
                assertEquals(Map.of("truncated", 1L), sink.warnings(), where);
                assertEquals(NAME + ":" + position(b, layout.starts()[inside]) + ": the input ends inside the event"
                        + " that starts here; the " + k + " complete events before it are kept",
                        sink.firstExample("truncated"), where);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("seeds")
    void aGzippedTraceCutAnywhereReadsAsTheTextItStillHoldsWithOneWarning(Seed seed) {
        byte[] gz = gzip(seed.bytes());
        for (int n = 1; n < gz.length; n = next(n, gz.length)) {
            byte[] cut = Arrays.copyOf(gz, n);
            byte[] text = decompressedBeforeTheCut(cut);
            String where = seed + ".gz cut to " + n + " of " + gz.length + " bytes, holding " + text.length
                    + " bytes of text ending " + tail(text);
            RecordingSink plain = new RecordingSink();
            try {
                TestInputs.readInto(NAME, text, plain);
            } catch (BadInputException | IOException e) {
                plain = null;
            }
            RecordingSink sink = new RecordingSink();
            try {
                TestInputs.readInto(NAME, cut, sink);
            } catch (BadInputException e) {
                boolean tooShort = e.getMessage().matches(NAME + ": the gzip data ends (before any content|after only"
                        + " [123] bytes? of content) \\(a cut file\\?\\)");
                assertTrue(plain == null || tooShort, where + ": the text it holds reads, but got " + e.getMessage());
                assertTrue(e.getMessage().startsWith(NAME + ":"), where + ": " + e.getMessage());
                continue;
            } catch (IOException | RuntimeException e) {
                throw new AssertionError(where, e);
            }
            assertTrue(plain != null, where + ": read although its text does not");
            assertEquals(plain.calls(), sink.calls(), where + ": every complete event it holds is kept");
            assertEquals(Map.of("truncated", 1L), sink.warnings(), where);
        }
    }

    /**
     * The cut positions tried: every one in the first {@value #EVERY_BYTE} bytes (the header and the first
     * events, so that every kind of token is cut at every byte) or in a small input, then about a hundred
     * more spread evenly.
     */
    private static int next(int n, int length) {
        return n < EVERY_BYTE || length <= SMALL ? n + 1 : n + Math.max(11, length / 100);
    }

    private static final int EVERY_BYTE = 400;
    private static final int SMALL = 1_500;

    /** What a gzip stream cut short still gives, up to where it breaks (a read that meets the cut returns nothing). */
    private static byte[] decompressedBeforeTheCut(byte[] gz) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPInputStream in = new java.util.zip.GZIPInputStream(new ByteArrayInputStream(gz))) {
            byte[] chunk = new byte[8192];
            int n;
            while ((n = in.read(chunk)) >= 0) {
                out.write(chunk, 0, n);
            }
        } catch (IOException e) {
            // the cut: what came before it is all there is
        }
        return out.toByteArray();
    }

    @Test
    void theLayoutScanFindsTheEventsOfTheSmallSeeds() {
        Layout array = layout(TestInputs.utf8(ValidTraces.SMALL_ARRAY));
        assertEquals(11, array.starts().length);
        assertEquals(0, array.open());
        Layout object = layout(TestInputs.utf8(ValidTraces.SMALL_OBJECT));
        assertEquals(3, object.starts().length);
        assertEquals(ValidTraces.SMALL_OBJECT.indexOf("],\n"), object.close());
    }

    private static RecordingSink read(byte[] input, String where) {
        RecordingSink sink = new RecordingSink();
        try {
            TestInputs.readInto(NAME, input, sink);
        } catch (BadInputException e) {
            fail(where + ": expected a read, got " + e.getMessage());
        } catch (IOException e) {
            throw new AssertionError(where, e);
        }
        return sink;
    }

    private static void readFails(byte[] input, String where) {
        try {
            TestInputs.readInto(NAME, input, new RecordingSink());
            fail(where + ": a cut before the event array is not a trace yet");
        } catch (BadInputException e) {
            assertTrue(e.getMessage().startsWith(NAME + ":"), e.getMessage());
        } catch (IOException e) {
            throw new AssertionError(where, e);
        }
    }

    /** Jackson's line:column of byte {@code offset} (a CR, an LF or a CRLF ends a line; columns count bytes). */
    private static String position(byte[] b, int offset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (b[i] == '\n' || (b[i] == '\r' && (i + 1 >= b.length || b[i + 1] != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        return line + ":" + (offset - lineStart + 1);
    }

    private static String tail(byte[] cut) {
        int from = Math.max(0, cut.length - 30);
        return "\"" + Quote.bytes(cut, from, cut.length - from) + "\"";
    }
}
