package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The speedscope and Hatchet exports from the command line: chosen by --format or the -o name's ending, a
 * profile per node for merge (the writers' own tests check the files against speedscope's schema and
 * Hatchet's reader rules).
 */
class ExportFormatsTest {
    private static final String NODES4 = "src/test/resources/traces/perfflowaspect/nodes4";
    private static final String VERBOSE = "src/test/resources/traces/perfflowaspect/verbose";
    // The writer's compact layout: each profile's name, unit and end value, in order.
    private static final Pattern PROFILE = Pattern.compile(
            "\\{\"type\":\"sampled\",\"name\":\"([^\"]*)\",\"unit\":\"([a-z]+)\",\"startValue\":0,\"endValue\":([0-9.]+)");

    private record Profile(String name, String unit, BigDecimal end) {
    }

    @Test
    void aMergeIsTheAggregateThenOneProfilePerNodeWhoseTotalsAddUpToTheSum() {
        Cli r = Cli.run("merge", NODES4, "--format", "speedscope");
        assertEquals(0, r.exit(), r.err());
        List<Profile> profiles = profiles(r.out());
        assertEquals(5, profiles.size(), r.out());
        assertEquals("sum over 4 nodes", profiles.getFirst().name());
        BigDecimal nodes = BigDecimal.ZERO;
        for (Profile p : profiles.subList(1, 5)) {
            assertEquals("nanoseconds", p.unit());
            assertTrue(p.name().contains("node"), p.name());
            nodes = nodes.add(p.end());
        }
        assertEquals(profiles.getFirst().end(), nodes);
        // The text's total of the same merge, in ns.
        String text = Cli.run("merge", NODES4, "--unit", "ns").out();
        assertTrue(text.startsWith("view: tree   total: " + profiles.getFirst().end().toPlainString() + " ns"), text);
    }

    @Test
    void oneThreadIsOneProfile() {
        List<Profile> profiles = profiles(Cli.run("profile", VERBOSE, "--format", "speedscope").out());
        assertEquals(List.of("all threads"), profiles.stream().map(Profile::name).toList());
        assertEquals(new BigDecimal("9997200"), profiles.getFirst().end());
    }

    @Test
    void theEndingsOfOutputNamesChooseTheExports(@TempDir Path dir) throws Exception {
        Path speedscope = dir.resolve("run.speedscope.json");
        Path hatchet = dir.resolve("run.hatchet.json");
        assertEquals(0, Cli.run("profile", VERBOSE, "-o", speedscope.toString()).exit());
        assertEquals(0, Cli.run("profile", VERBOSE, "-o", hatchet.toString()).exit());
        assertTrue(Files.readString(speedscope).startsWith(
                "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\""));
        assertTrue(Files.readString(hatchet).startsWith("[{\"frame\":{\"name\":\"foo\",\"type\":\"function\"},"
                + "\"metrics\":{\"time (inc)\":9997200,\"time\":5050400,\"calls\":4}"), Files.readString(hatchet));
    }

    @Test
    void aMergeWithItsBreakdownGivesHatchetTheSpreadOverNodes() {
        Cli r = Cli.run("merge", NODES4, "--agg", "max", "--breakdown", "--format", "hatchet");
        assertEquals(0, r.exit(), r.err());
        Matcher m = Pattern.compile("\"time \\(inc\\)\":([0-9]+),.*?\"time \\(inc\\)\\.max\":([0-9]+)")
                .matcher(r.out());
        int rows = 0;
        while (m.find()) {
            assertEquals(m.group(1), m.group(2), "the max aggregate is the breakdown's max: " + m.group());
            rows++;
        }
        assertEquals(3, rows, r.out());
    }

    @Test
    void whatTheExportsHaveNoPlaceForIsSaid() {
        Cli speedscope = Cli.run("merge", NODES4, "--breakdown", "--format", "speedscope");
        assertEquals(0, speedscope.exit());
        assertEquals("ppw-java: warning: --breakdown has no place in speedscope's format (each node is a profile of"
                + " its own); ignored with --format speedscope\n", speedscope.err());
        Cli hatchet = Cli.run("merge", NODES4, "--top-imbalance", "2", "--format", "hatchet");
        assertEquals(0, hatchet.exit());
        assertEquals("ppw-java: warning: --top-imbalance lists rows apart, and Hatchet's graph has every row"
                + " (--breakdown gives each its spread); ignored with --format hatchet\n", hatchet.err());
    }

    private static List<Profile> profiles(String file) {
        List<Profile> found = new ArrayList<>();
        Matcher m = PROFILE.matcher(file);
        while (m.find()) {
            found.add(new Profile(m.group(1), m.group(2), new BigDecimal(m.group(3))));
        }
        return found;
    }
}
