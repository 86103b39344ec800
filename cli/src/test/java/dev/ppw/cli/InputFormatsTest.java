package dev.ppw.cli;

import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.UnreadFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ppw-java formats} (with inputs, too), and {@code --input-format} forcing a format past detection. */
class InputFormatsTest {
    private static final String TRACE = "[{\"ph\":\"X\",\"name\":\"main\",\"ts\":0,\"dur\":3,\"pid\":1,\"tid\":1}]\n";
    private static final String CSV = Cli.csv("path,id,parent_id,depth,name,callsite,calls,subcalls,inclusive_ns,"
            + "exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,inclusive_per_call_ns,exclusive_per_call_ns",
            "main,1,,0,main,,1,0,3000,3000,3000,3000,sum,zero,1,3000,3000");

    /** The formats on the class path, as the command finds them. */
    private static final FormatRegistry REGISTERED = FormatRegistry.load(InputFormatsTest.class.getClassLoader());

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private Path saved() throws IOException {
        Path saved = dir.resolve("saved.json");
        Cli save = Cli.run("profile", write("t.json", TRACE).toString(), "--format", "json", "-o", saved.toString());
        assertEquals(0, save.exit(), save.toString());
        return saved;
    }

    @Test
    void formatsListsEveryRegisteredFormatWithWhatItYieldsThenTheFormatsOnlyRecognised() {
        Cli formats = Cli.run("formats");
        assertEquals(0, formats.exit(), formats.toString());
        List<String> lines = formats.out().lines().toList();
        int blank = lines.indexOf("");
        assertEquals(List.of("format", "yields", "description"), List.of(lines.get(0).split(" {2,}")));
        List<String> expected = new ArrayList<>();
        for (InputFormat f : REGISTERED.formats()) {
            expected.add(f.name() + "|" + FormatsCommand.yields(f) + "|" + f.description());
        }
        assertEquals(expected, lines.subList(1, blank).stream().map(l -> String.join("|", l.split(" {2,}", 3))).toList());
        assertTrue(REGISTERED.names().containsAll(List.of("chrome-json", "folded", "ppw-profile")), formats.out());
        // The columns are as wide as the longest name: whichever formats are registered, one row reads so.
        assertTrue(lines.stream().anyMatch(l -> l.replaceAll(" {2,}", "|").equals("folded|events|folded stacks"
                + " ('main;compute;sha256 1843' per line), as the FlameGraph and inferno collapsers, async-profiler"
                + " and ppw-java --format folded write them")), formats.out());

        assertEquals("Recognised, not read yet (detection names them and says what to do instead):", lines.get(blank + 1));
        assertEquals(List.of("format", "description"), List.of(lines.get(blank + 2).split(" {2,}")));
        List<String> recognised = new ArrayList<>();
        for (UnreadFormat f : REGISTERED.unread()) {
            recognised.add(f.name() + "|" + f.description());
        }
        assertEquals(recognised, lines.subList(blank + 3, lines.size()).stream()
                .map(l -> String.join("|", l.split(" {2,}", 2))).toList());
        assertTrue(lines.contains("caliper          a Caliper .cali file (written by LLNL's Caliper)"), formats.out());
        assertEquals("", formats.err());
    }

    @Test
    void formatsWithInputsSaysWhatEachIsAndWhyOneIsNotRead() throws IOException {
        Path trace = write("t.json", TRACE);
        Path cali = write("run.cali", "__rec=node,id=8,attr=8,data=cali.attribute.name,parent=3\n");
        Path text = write("notes.txt", "hello\n");
        Cli run = Cli.run("formats", trace.toString(), cali.toString(), text.toString(), trace.toString());
        assertEquals(Main.BAD_DATA, run.exit(), run.toString());
        int width = Math.max(trace.toString().length(), Math.max(cali.toString().length(), text.toString().length()));
        String row = "%-" + width + "s  %-11s  %-10s  %s%n";
        assertEquals(String.format(row, "input", "format", "confidence", "read")
                + String.format(row, trace, "chrome-json", "certain", "yes")
                + String.format(row, cali, "caliper", "certain", "no")
                + String.format(row, text, "-", "none", "no"), run.out());
        List<String> err = run.err().lines().toList();
        assertEquals(3, err.size(), run.err());
        assertTrue(err.get(0).startsWith("ppw-java: error: " + cali + ": this is a Caliper .cali file"), err.get(0));
        assertTrue(err.get(1).startsWith("ppw-java: error: " + text + ": unrecognized format"), err.get(1));
        assertEquals("ppw-java: note: an input named more than once is read once: " + trace + ": named twice ("
                + trace + ", " + trace + "), read once", err.get(2));

        Cli stdin = Cli.runWithInput(TRACE.getBytes(StandardCharsets.UTF_8), "formats", "-");
        assertEquals(0, stdin.exit(), stdin.toString());
        assertEquals("input  format       confidence  read\n-      chrome-json  certain     yes\n", stdin.out());
        assertEquals("", stdin.err());
    }

    /**
     * JSON objects longer than the head that only look like a Chrome trace there (Caliper's JSON from Hatchet's test
     * data, a pyinstrument-shaped profile): formats runs profile's reader before it says "yes", so both refuse them
     * with the same words (issue 29: formats said yes, profile refused).
     */
    @Test
    void formatsSaysYesOnlyWhenProfileReadsTheInput() throws IOException {
        Path caliper = Path.of("src/test/resources/other-json/caliper-cpi-callpath-profile.json");
        StringBuilder frames = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            frames.append(i == 0 ? "" : ",").append("{\"function\": \"f").append(i)
                    .append("\", \"file_path_short\": \"examples.py\", \"line_no\": ").append(i)
                    .append(", \"time\": 0.001, \"children\": []}");
        }
        Path pyinstrument = write("pyinstrument.json", "{\"start_time\": 1601984370.032729, \"duration\": 0.478172,"
                + " \"sample_count\": 432, \"program\": \"examples.py\", \"cpu_time\": 1.194035, \"root_frame\":"
                + " {\"function\": \"<module>\", \"time\": 0.47815, \"children\": [" + frames + "]}}\n");
        assertTrue(Files.size(pyinstrument) > dev.ppw.model.format.Head.PROBE_BYTES);
        Path trace = write("t.json", TRACE);
        for (Path input : List.of(caliper, pyinstrument)) {
            Cli profile = Cli.run("profile", input.toString());
            assertEquals(Main.BAD_DATA, profile.exit(), profile.toString());
            Cli formats = Cli.run("formats", input.toString(), trace.toString());
            assertEquals(Main.BAD_DATA, formats.exit(), formats.toString());
            List<String> rows = formats.out().lines().toList();
            assertTrue(rows.get(1).startsWith(input.toString()) && rows.get(1).endsWith("  no"), formats.out());
            assertTrue(rows.get(2).endsWith("  yes"), formats.out());
            assertEquals(profile.err(), formats.err(), "the same refusal, in the same words");
            assertTrue(formats.err().contains("without a traceEvents array is not a Chrome trace"), formats.err());
        }
    }

    @Test
    void aForcedFormatIsReadWhateverTheContentSays() throws IOException {
        Path saved = saved();
        Cli asSaved = Cli.run("merge", saved.toString(), "--input-format", "ppw-profile", "--format", "csv");
        assertEquals(0, asSaved.exit(), asSaved.toString());
        assertEquals(CSV, asSaved.out());

        Cli asTrace = Cli.run("profile", write("u.json", TRACE).toString(), "--input-format", "chrome-json",
                "--format", "csv");
        assertEquals(0, asTrace.exit(), asTrace.toString());
        assertEquals(CSV, asTrace.out());
    }

    @Test
    void forcingTheChromeReaderOnASavedProfileGivesItsOwnClearError() throws IOException {
        Path saved = saved();
        Cli merge = Cli.run("merge", saved.toString(), "--input-format", "chrome-json");
        assertEquals(Main.BAD_DATA, merge.exit(), merge.toString());
        assertEquals("", merge.out());
        assertEquals("ppw-java: error: " + saved + ":1:1: a JSON object without a traceEvents array is not a Chrome"
                + " trace (its keys: format, version, tool, view, unit): \"{\"\n", merge.err());

        Cli asProfile = Cli.run("merge", write("t2.json", TRACE).toString(), "--input-format", "ppw-profile");
        assertEquals(Main.BAD_DATA, asProfile.exit(), asProfile.toString());
        assertEquals("ppw-java: error: " + dir.resolve("t2.json") + ":1:1: not a ppw-profile: expected a JSON"
                + " object: \"[\"\n", asProfile.err());
    }

    @Test
    void anUnknownFormatIsAUsageErrorNamingTheKnownOnes() throws IOException {
        Path trace = write("t.json", TRACE);
        for (String command : new String[] {"profile", "merge"}) {
            Cli run = Cli.run(command, trace.toString(), "--input-format", "flamegraph-svg");
            assertEquals(Main.BAD_USAGE, run.exit(), run.toString());
            assertTrue(run.err().startsWith("ppw-java: error: unknown input format 'flamegraph-svg': expected one of "
                    + String.join(", ", REGISTERED.names()) + "\n"), run.err());
            assertEquals("", run.out());

            Cli recognised = Cli.run(command, trace.toString(), "--input-format", "caliper");
            assertEquals(Main.BAD_USAGE, recognised.exit(), recognised.toString());
            assertTrue(recognised.err().startsWith("ppw-java: error: unknown input format 'caliper': ppw-java recognises"
                    + " a Caliper .cali file (written by LLNL's Caliper) but does not read it yet"
                    + " (next: no converter to a format ppw-java reads is known to us"), recognised.err());
            assertTrue(recognised.err().contains("; it reads " + String.join(", ", REGISTERED.names()) + "\n"),
                    recognised.err());
        }
    }
}
