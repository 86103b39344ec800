package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ppw-java report} and {@code --format html}: which inputs make one profile and which a merge with its
 * per-node values, and what the command refuses. The page itself is tested in the report module.
 */
class ReportCommandTest {
    @TempDir
    Path dir;

    /** main (10 us) calls A (a us) then B (b us). */
    private Path node(String name, int aMicros, int bMicros) throws IOException {
        String trace = "[\n"
                + "{\"ph\":\"B\",\"name\":\"main\",\"ts\":0,\"pid\":1,\"tid\":1},\n"
                + "{\"ph\":\"X\",\"name\":\"A\",\"ts\":0,\"dur\":" + aMicros + ",\"pid\":1,\"tid\":1},\n"
                + "{\"ph\":\"X\",\"name\":\"B\",\"ts\":" + aMicros + ",\"dur\":" + bMicros + ",\"pid\":1,\"tid\":1},\n"
                + "{\"ph\":\"E\",\"name\":\"main\",\"ts\":10,\"pid\":1,\"tid\":1}\n]\n";
        Path p = dir.resolve(name);
        Files.createDirectories(p.getParent());
        Files.writeString(p, trace, StandardCharsets.UTF_8);
        return p;
    }

    private static String page(Path html) throws IOException {
        String text = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(text.startsWith("<!DOCTYPE html>\n"), text);
        assertTrue(text.endsWith("</html>\n"));
        return text;
    }

    @Test
    void oneFileIsOneProfileWithoutPerNodeValues() throws IOException {
        Path out = dir.resolve("one.html");
        Cli r = Cli.run("report", node("n0.json", 3, 5).toString(), "-o", out.toString(), "-q");
        assertEquals(0, r.exit(), r.toString());
        assertEquals("", r.out());
        String text = page(out);
        assertTrue(text.contains("<title>ppw-java tree: " + dir.resolve("n0.json") + "</title>"), text);
        String data = text.substring(text.indexOf("id=\"ppw-data\">"), text.indexOf("</script>", text.indexOf("ppw-data")));
        assertFalse(data.contains("\"per_node\""), data);
        assertFalse(data.contains("\"imbalance\""), "no breakdown");
        assertTrue(data.contains("\"name\""), data);
    }

    @Test
    void aFolderIsAMergeOfItsNodesWithEachRowsTimeOnEveryNode() throws IOException {
        node("run/n0.json", 3, 5);
        node("run/n1.json", 1, 2);
        Path out = dir.resolve("run.html");
        Cli r = Cli.run("report", dir.resolve("run").toString(), "-o", out.toString(), "-q");
        assertEquals(0, r.exit(), r.toString());
        String text = page(out);
        assertTrue(text.contains("<title>ppw-java tree: sum of 2 nodes</title>"), text);
        assertTrue(text.contains("\"nodes\":[\"n0.json\",\"n1.json\"],\"rows_total\":3,"), text);
        // Worst spread first: A (3 and 1 us, imbalance 1.5), B (5 and 2 us, 1.43), main (10 and 10 us, 1).
        assertTrue(text.contains("\"inclusive_ns\":[[3000,1000],[5000,2000],[10000,10000]]"), text);
    }

    @Test
    void percentilesReachThePageOfOneProfileAndOfAMerge() throws IOException {
        Path one = dir.resolve("one.html");
        Cli r = Cli.run("report", node("n0.json", 3, 5).toString(), "--percentiles", "50,99.9", "-o", one.toString(), "-q");
        assertEquals(0, r.exit(), r.toString());
        String text = page(one);
        // One call each: every percentile is that call, exactly (the sketch's value is brought into min..max).
        assertTrue(text.contains("\"flat_percentiles\":{\"columns\":[\"p50_ns\",\"p99_9_ns\"],\"rows\":[[\"main\","
                + "\"thread\",10000,10000],[\"A\",\"thread\",3000,3000],[\"B\",\"thread\",5000,5000]]}"), text);
        assertTrue(text.contains("\"p50_ns\",\"p99_9_ns\",\"weight\""), "the rows' percentile columns");
        assertFalse(text.contains("call_times"), "the sketches stay out of the page");
        node("run/n0.json", 3, 5);
        node("run/n1.json", 1, 2);
        Path merged = dir.resolve("merged.html");
        r = Cli.run("report", dir.resolve("run").toString(), "--percentiles", "90", "-o", merged.toString(), "-q");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(page(merged).contains("\"p90_ns\",\"weight\""));
    }

    @Test
    void mergeAsHtmlGivesTheSamePageAsReport() throws IOException {
        node("run/n0.json", 3, 5);
        node("run/n1.json", 1, 2);
        Path viaReport = dir.resolve("report.html");
        Path viaMerge = dir.resolve("merge.html");
        assertEquals(0, Cli.run("report", dir.resolve("run").toString(), "-o", viaReport.toString(), "-q").exit());
        Cli r = Cli.run("merge", dir.resolve("run").toString(), "--format", "html", "-o", viaMerge.toString(), "-q");
        assertEquals(0, r.exit(), r.toString());
        assertEquals(page(viaReport), page(viaMerge));
    }

    @Test
    void profileWritesHtmlByTheEndingOfTheOutput() throws IOException {
        Path out = dir.resolve("p.html");
        Cli r = Cli.run("profile", node("n0.json", 3, 5).toString(), "-o", out.toString(), "-q");
        assertEquals(0, r.exit(), r.toString());
        assertTrue(page(out).contains("\"view\":\"tree\""));
    }

    @Test
    void aBrokenInputStopsWithOneLineAndWritesNoPage() throws IOException {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1},\n{\"ph\": @}]\n",
                StandardCharsets.UTF_8);
        Path out = dir.resolve("bad.html");
        Cli r = Cli.run("report", bad.toString(), "-o", out.toString(), "-q");
        assertEquals(1, r.exit(), r.toString());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("ppw-java: error: " + bad + ":2:8: not valid JSON: "), r.err());
        assertFalse(Files.exists(out), "no half-written page");
    }

    @Test
    void reportRefusesAnotherFormat() throws IOException {
        Cli r = Cli.run("report", node("n0.json", 3, 5).toString(), "--format", "csv");
        assertEquals(2, r.exit(), r.toString());
        assertEquals("ppw-java: error: report writes HTML; for --format csv use 'ppw-java profile' or 'ppw-java merge'\n"
                + "ppw-java: see 'ppw-java report --help'\n", r.err());
        assertEquals("", r.out());
    }
}
