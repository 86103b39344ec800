package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Inputs that cannot be read among good ones (docs/merge.md, "Inputs that cannot be read"): by default every
 * input is checked and every bad one listed (the first ten, then how many more), nothing is written, exit 1;
 * {@code --skip-bad} reads the others and every output counts what it left out; {@code --strict} makes a
 * left-out input an error; none readable is an error either way.
 */
class SkipBadInputsTest {
    private static final String BROKEN = "[{\"name\":\"a\" \"ph\":\"X\"}]\n";
    private static final byte[] OLD = "old contents\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    /** A good node: main of {@code micros} us calling work of 1 us. */
    private Path good(String name, int micros) throws IOException {
        return write(name, "[{\"name\":\"main\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":" + micros + "},\n"
                + "{\"name\":\"work\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1}]\n");
    }

    private Path write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static List<String> lines(String text) {
        return text.isEmpty() ? List.of() : Arrays.asList(text.split("\n"));
    }

    private static String[] args(String command, List<Path> inputs, String... more) {
        List<String> all = new ArrayList<>();
        all.add(command);
        inputs.forEach(p -> all.add(p.toString()));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** Twelve inputs in a folder: n05 is empty, the others good. */
    private List<Path> twelveWithOneEmpty() throws IOException {
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String name = String.format("twelve/n%02d.json", i);
            inputs.add(i == 5 ? write(name, "") : good(name, 2 + i));
        }
        return inputs;
    }

    @Test
    void oneBadInputOfTwelveIsNamedAndNothingIsWritten() throws IOException {
        List<Path> inputs = twelveWithOneEmpty();
        Path target = Files.write(dir.resolve("out.csv"), OLD);
        Cli r = Cli.run(args("merge", List.of(dir.resolve("twelve")), "--format", "csv", "-o", target.toString(), "-q"));
        assertEquals(1, r.exit(), r.toString());
        assertEquals(List.of("ppw-java: error: " + inputs.get(5) + ": the input is empty",
                "ppw-java: hint: --skip-bad reads the other 11 inputs and counts the ones left out in every output"),
                lines(r.err()));
        assertEquals("", r.out());
        assertArrayEquals(OLD, Files.readAllBytes(target));
    }

    @Test
    void fifteenBadOfTwentyListsTheFirstTenAndHowManyMore() throws IOException {
        List<Path> bad = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String name = String.format("twenty/n%02d.json", i);
            if (i % 4 == 0) {
                good(name, 3);
            } else {
                bad.add(i % 2 == 0 ? write(name, "") : write(name, BROKEN));
            }
        }
        for (String jobs : new String[] {"1", "3"}) {
            Cli r = Cli.run("merge", dir.resolve("twenty").toString(), "-j", jobs, "-q");
            assertEquals(1, r.exit(), r.toString());
            List<String> err = lines(r.err());
            assertEquals("ppw-java: error: 15 of 20 inputs cannot be read (not valid JSON 10, the input is empty 5):",
                    err.get(0));
            assertEquals(13, err.size(), r.err());
            for (int k = 0; k < 10; k++) {
                Path p = bad.get(k);
                String expected = "ppw-java:   " + p + (p.getFileName().toString().matches("n\\d[02468].json")
                        ? ": the input is empty" : ":1:14: not valid JSON: ");
                assertTrue(err.get(1 + k).startsWith(expected), err.get(1 + k) + " should start with " + expected);
            }
            assertEquals("ppw-java:   and 5 more", err.get(11));
            assertEquals("ppw-java: hint: --skip-bad reads the other 5 inputs and counts the ones left out in every"
                    + " output", err.get(12));
            assertEquals("", r.out());
        }
    }

    @Test
    void everyInputBadIsAnErrorEvenWithSkipBad() throws IOException {
        List<Path> inputs = List.of(write("a.json", ""), write("b.json", BROKEN), write("c.json", "  \n"));
        for (String command : new String[] {"merge", "profile"}) {
            Cli r = Cli.run(args(command, inputs, "--skip-bad", "-q"));
            assertEquals(1, r.exit(), r.toString());
            List<String> err = lines(r.err());
            assertTrue(err.get(0).startsWith("ppw-java: error: none of the 3 inputs can be read ("), r.err());
            assertEquals(4, err.size(), r.err());
            assertEquals("", r.out());
        }
        Cli plain = Cli.run(args("merge", inputs, "-q"));
        assertEquals(1, plain.exit());
        assertTrue(plain.err().startsWith("ppw-java: error: none of the 3 inputs can be read ("), plain.err());
        assertTrue(!plain.err().contains("hint"), "nothing else to read: " + plain.err());
    }

    @Test
    void skipBadMergesTheRestAndEveryOutputCountsWhatWasLeftOut() throws IOException {
        List<Path> inputs = twelveWithOneEmpty();
        List<Path> goodOnes = new ArrayList<>(inputs);
        goodOnes.remove(5);
        Cli text = Cli.run(args("merge", inputs, "--skip-bad", "-q", "--breakdown"));
        assertEquals(0, text.exit(), text.toString());
        assertEquals(List.of("ppw-java: warning: left out 1 of 12 inputs, which cannot be read (the input is empty 1):",
                "ppw-java:   " + inputs.get(5) + ": the input is empty"), lines(text.err()));
        assertTrue(text.out().contains("\naggregation: sum over 11 nodes (missing rows count as 0)\n"), text.out());
        assertTrue(text.out().contains("\nleft out: 1 input that cannot be read (the input is empty 1)\n"), text.out());

        // CSV: the numbers of the good inputs alone (the breakdown's mean over 11 nodes), two columns more.
        Cli csv = Cli.run(args("merge", inputs, "--skip-bad", "-q", "--breakdown", "--format", "csv"));
        Cli alone = Cli.run(args("merge", goodOnes, "-q", "--breakdown", "--format", "csv"));
        assertEquals(0, alone.exit(), alone.toString());
        List<String> withDropped = lines(csv.out());
        List<String> without = lines(alone.out());
        assertEquals(without.size(), withDropped.size());
        assertTrue(withDropped.get(0).startsWith("path,id,parent_id,depth,name,callsite,calls,subcalls,inclusive_ns,"
                + "exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,dropped_inputs,dropped_reasons,"
                + "node_min_inclusive_ns"), withDropped.get(0));
        for (int i = 1; i < without.size(); i++) {
            assertEquals(without.get(i).replace(",sum,zero,11,", ",sum,zero,11,1,the input is empty 1,"),
                    withDropped.get(i));
        }
        // main: 2..13 us without n05's 7 us = 83 us over 11 nodes, a mean of 7545.454... ns, printed 7545 ns.
        assertTrue(withDropped.get(1).startsWith("main,1,,0,main,,11,11,83000,"), withDropped.get(1));
        assertTrue(withDropped.get(1).contains(",7545,"), withDropped.get(1));

        Cli json = Cli.run(args("merge", inputs, "--skip-bad", "-q", "--format", "json"));
        assertTrue(json.out().contains("\n  \"dropped\": {\"inputs\": 1, \"reasons\": {\"the input is empty\": 1},"
                + " \"examples\": [\"" + inputs.get(5) + ": the input is empty\"]},\n"), json.out());
        assertTrue(json.out().contains("\"aggregation\": {\"op\": \"sum\", \"missing\": \"zero\", \"nodes\": 11}"),
                json.out());
    }

    @Test
    void aMergedProfileOfAMergedProfileKeepsCountingWhatWasLeftOut() throws IOException {
        List<Path> inputs = twelveWithOneEmpty();
        Path saved = dir.resolve("first.ppw.json");
        Cli first = Cli.run(args("merge", inputs, "--skip-bad", "-q", "--format", "json", "-o", saved.toString()));
        assertEquals(0, first.exit(), first.toString());
        Path broken = write("late.json", BROKEN);
        Cli again = Cli.run(args("merge", List.of(saved, broken, inputs.get(0)), "--skip-bad", "-q"));
        assertEquals(0, again.exit(), again.toString());
        // This merge left out one input; the profile lacks two: that one and the first merge's.
        assertTrue(again.err().startsWith("ppw-java: warning: left out 1 of 3 inputs, which cannot be read"
                + " (not valid JSON 1):\n"), again.err());
        assertTrue(again.out().contains(
                "\nleft out: 2 inputs that cannot be read (not valid JSON 1, the input is empty 1)\n"), again.out());
        Cli json = Cli.run(args("merge", List.of(saved, inputs.get(0)), "-q", "--format", "json"));
        assertTrue(json.out().contains("\"dropped\": {\"inputs\": 1, \"reasons\": {\"the input is empty\": 1}"),
                json.out());
    }

    @Test
    void underStrictALeftOutInputIsAnErrorAndNothingIsWritten() throws IOException {
        List<Path> inputs = List.of(good("a.json", 3), write("b.json", ""), good("c.json", 4));
        Path target = Files.write(dir.resolve("out.csv"), OLD);
        for (String command : new String[] {"merge", "profile"}) {
            Cli r = Cli.run(args(command, inputs, "--skip-bad", "--strict", "-q", "-o", target.toString()));
            assertEquals(1, r.exit(), r.toString());
            assertEquals(List.of("ppw-java: error: 1 of 3 inputs cannot be read (the input is empty 1); --strict makes"
                    + " leaving them out an error, so no output was written:",
                    "ppw-java:   " + inputs.get(1) + ": the input is empty"), lines(r.err()));
            assertArrayEquals(OLD, Files.readAllBytes(target));
        }
    }

    @Test
    void profileStopsAtABadInputUnlessSkipBadAndThenFoldsTheOthers() throws IOException {
        List<Path> inputs = List.of(good("a.json", 3), write("b.json", BROKEN), good("c.json", 4), write("d.json", ""));
        Cli stopped = Cli.run(args("profile", inputs, "-q"));
        assertEquals(1, stopped.exit());
        assertEquals(1, lines(stopped.err()).size(), stopped.err());
        assertTrue(stopped.err().startsWith("ppw-java: error: " + inputs.get(1) + ":1:14: not valid JSON: "),
                stopped.err());
        for (String threads : new String[] {"merge", "split"}) {
            for (String jobs : new String[] {"1", "2"}) {
                Cli skipped = Cli.run(args("profile", inputs, "--skip-bad", "-q", "-j", jobs, "--threads", threads,
                        "--format", "csv"));
                Cli goodOnly = Cli.run(args("profile", List.of(inputs.get(0), inputs.get(2)), "-q", "-j", jobs,
                        "--threads", threads, "--format", "csv"));
                assertEquals(0, skipped.exit(), skipped.toString());
                // the dropped columns follow nodes; the time per call stays last
                assertEquals(goodOnly.out().replace(",sum,zero,2,", ",sum,zero,2,2,\"not valid JSON 1, the input is"
                        + " empty 1\",").replace(",nodes,", ",nodes,dropped_inputs,dropped_reasons,"),
                        skipped.out(), threads + " -j " + jobs);
                assertTrue(skipped.err().startsWith("ppw-java: warning: left out 2 of 4 inputs, which cannot be read"
                        + " (not valid JSON 1, the input is empty 1):\n"), skipped.err());
            }
        }
        Cli text = Cli.run(args("profile", inputs, "--skip-bad", "-q"));
        assertTrue(text.out().contains("\nleft out: 2 inputs that cannot be read (not valid JSON 1, the input is empty 1)\n"),
                text.out());
    }
}
