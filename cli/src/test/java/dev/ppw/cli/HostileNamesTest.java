package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Names a trace can plant to spoof a table or a spreadsheet (issue 26, SEMANTICS.md section 5): text and HTML show
 * control, bidirectional and zero-width characters escaped; JSON keeps them exact; CSV writes a name that a
 * spreadsheet would take for a formula as text ({@code "'=..."}), unless {@code --csv-raw}, and numbers as numbers.
 */
class HostileNamesTest {
    private static final String RLO = "\u202E";
    private static final String TRACE = """
            [{"name":"main","ph":"X","ts":0,"dur":100,"pid":1,"tid":1},
            {"name":"\\u202Egnp.exe","ph":"X","ts":1,"dur":10,"pid":1,"tid":1},
            {"name":"a\\u200Bb","ph":"X","ts":11,"dur":10,"pid":1,"tid":1},
            {"name":"=HYPERLINK(\\"http://x\\")","ph":"X","ts":21,"dur":10,"pid":1,"tid":1},
            {"name":"+1+2","ph":"X","ts":31,"dur":10,"pid":1,"tid":1},
            {"name":"-cmd","ph":"X","ts":41,"dur":10,"pid":1,"tid":1},
            {"name":"@SUM(A1)","ph":"X","ts":51,"dur":10,"pid":1,"tid":1},
            {"name":"\\tTab","ph":"X","ts":61,"dur":10,"pid":1,"tid":1},
            {"name":"x\\u2066y\\u2069\\u0000","ph":"X","ts":71,"dur":10,"pid":1,"tid":1},
            {"name":"-5","ph":"X","ts":81,"dur":10,"pid":1,"tid":1}]
            """;

    @TempDir
    Path dir;

    @Test
    void textShowsInvisibleAndReorderingCharactersEscaped() throws IOException {
        Cli r = Cli.run("profile", trace().toString(), "--view", "flat");
        assertEquals(0, r.exit(), r::toString);
        assertFalse(r.out().contains(RLO) || r.out().contains("\u200B") || r.out().contains("\u2066")
                || r.out().contains("\0"), r::toString);
        for (String shown : List.of("  \\u202Egnp.exe\n", "  a\\u200Bb\n", "  x\\u2066y\\u2069\\u0000\n", "  \\tTab\n")) {
            assertTrue(r.out().contains(shown), shown + " in " + r);
        }
    }

    @Test
    void htmlShowsThemEscapedToo() throws IOException {
        Path page = dir.resolve("page.html");
        Cli r = Cli.run("report", trace().toString(), "-o", page.toString());
        assertEquals(0, r.exit(), r::toString);
        String html = Files.readString(page);
        assertFalse(html.contains(RLO) || html.contains("\u200B") || html.contains("\u2069"), "no raw character");
        // In the page's JSON data the backslash itself is escaped: the script shows \u202E as six characters.
        assertTrue(html.contains("\"\\\\u202Egnp.exe\""), "escaped name in the data");
        assertTrue(html.contains("\"a\\\\u200Bb\""), "escaped name in the data");
    }

    @Test
    void jsonKeepsNamesExact() throws IOException {
        Cli r = Cli.run("profile", trace().toString(), "--view", "flat", "--format", "json");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains("\"" + RLO + "gnp.exe\"") || r.out().contains("\"\\u202Egnp.exe\""), r::toString);
        assertTrue(r.out().contains("\"=HYPERLINK(\\\"http://x\\\")\""), r::toString);
    }

    @Test
    void csvWritesWouldBeFormulasAsTextAndNumbersAsNumbers() throws IOException {
        Cli r = Cli.run("profile", trace().toString(), "--view", "flat", "--format", "csv");
        assertEquals(0, r.exit(), r::toString);
        for (String cell : List.of("\r\n\"'=HYPERLINK(\"\"http://x\"\")\",", "\r\n\"'+1+2\",", "\r\n\"'-cmd\",",
                "\r\n\"'@SUM(A1)\",", "\r\n\"'\tTab\",")) {
            assertTrue(r.out().contains(cell), cell + " in " + r);
        }
        assertTrue(r.out().contains("\r\n-5,1,0,10000,"), "a name that is a plain number stays one: " + r);
        Cli raw = Cli.run("profile", trace().toString(), "--view", "flat", "--format", "csv", "--csv-raw");
        assertTrue(raw.out().contains("\r\n+1+2,1,0,10000,"), raw::toString);
        assertTrue(raw.out().contains("\r\n\"=HYPERLINK(\"\"http://x\"\")\","), raw::toString);
        assertFalse(raw.out().contains("'"), raw::toString);
    }

    @Test
    void negativeNumbersOfADiffStayNumbersAndNamesAreGuarded() throws IOException {
        Path a = Files.writeString(dir.resolve("a.json"), """
                [{"name":"-cmd","ph":"X","ts":0,"dur":5,"pid":1,"tid":1},
                {"name":"-cmd","ph":"X","ts":10,"dur":5,"pid":1,"tid":1}]
                """);
        Path b = Files.writeString(dir.resolve("b.json"), """
                [{"name":"-cmd","ph":"X","ts":0,"dur":5,"pid":1,"tid":1}]
                """);
        Cli r = Cli.run("diff", a.toString(), b.toString(), "--format", "csv");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.out().contains(",both,\"'-cmd\",\"'-cmd\",,2,1,-1,0.5,10000,5000,-5000,0.5,"), r::toString);
    }

    @Test
    void anEmptyInputIsEmptyWhetherItsFormatIsForcedOrDetected() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.json"), "");
        String said = "ppw-java: error: " + empty + ": the input is empty";
        assertEquals(said, Cli.run("profile", empty.toString()).err().strip());
        for (String format : List.of("chrome-json", "folded", "perf-script", "pprof", "perfetto", "lttng-text",
                "perf-stat")) {
            Cli r = Cli.run("profile", empty.toString(), "--input-format", format, "--format", "csv");
            assertEquals(1, r.exit(), format + ": " + r);
            assertEquals("", r.out(), format);
            assertEquals(said, r.err().strip(), format);
        }
    }

    @Test
    void aByteOrderMarkOrBlanksAloneAreRefusedWhetherTheFormatIsForcedOrDetected() throws IOException {
        // A forced reader given only a byte order mark read an empty profile and said nothing (exit 0).
        Map<String, byte[]> blank = new java.util.LinkedHashMap<>();
        blank.put("bom-only.json", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        blank.put("bom-blanks.json", new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, ' ', '\n', '\t', '\r', '\n'});
        blank.put("blanks.json", new byte[] {' ', '\n', '\n'});
        Cli formats = Cli.run("formats");
        List<String> names = formats.out().lines().skip(1).takeWhile(l -> !l.isBlank())
                .map(l -> l.substring(0, l.indexOf(' '))).toList();
        assertTrue(names.containsAll(List.of("chrome-json", "folded", "perf-script", "pprof", "jfr")), formats::toString);
        for (Map.Entry<String, byte[]> input : blank.entrySet()) {
            Path file = Files.write(dir.resolve(input.getKey()), input.getValue());
            Cli detected = Cli.run("profile", file.toString());
            assertEquals(1, detected.exit(), detected::toString);
            String said = detected.err().strip();
            assertTrue(said.startsWith("ppw-java: error: " + file + ": the input holds only "), said);
            for (String format : names) {
                Cli r = Cli.run("profile", file.toString(), "--input-format", format, "--format", "csv");
                assertEquals(1, r.exit(), format + ": " + r);
                assertEquals("", r.out(), format);
                assertEquals(said, r.err().strip(), format);
            }
        }
    }

    private Path trace() throws IOException {
        return Files.writeString(dir.resolve("hostile.json"), TRACE);
    }
}
