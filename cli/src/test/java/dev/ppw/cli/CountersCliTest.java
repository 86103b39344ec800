package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static dev.ppw.cli.Cli.csv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Counters and displayTimeUnit end to end: small traces in, every report form out, numbers by hand. */
class CountersCliTest {
    private static final String TREE = "path,id,parent_id,depth,name,callsite,calls,subcalls,"
            + "inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,"
            + "cpu_usage_samples,cpu_usage_mean_percent,memory_usage_peak,inclusive_per_call_ns,exclusive_per_call_ns";

    /*
     * PerfFlowAspect compact with cpu-mem-usage: per call a C at its start (cpu %, memory) and a reset C at
     * its end, then the X; children first. foo [0, 10] us twice calls bar; bar's samples 30 and 60 (mean 45),
     * peaks 200 and 250; foo's 10 and 20 (mean 15), peak 100 and 120. The resets at the ends attach nowhere.
     */
    private static final String CPUMEM_COMPACT = """
            [
            {"name":"bar","pid":1,"tid":1,"ts":2,"ph":"C","args":{"cpu_usage":30.0,"memory_usage":200.5}},
            {"name":"bar","pid":1,"tid":1,"ts":4,"ph":"C","args":{"cpu_usage":0,"memory_usage":0}},
            {"name":"bar","pid":1,"tid":1,"ts":2,"ph":"X","dur":2},
            {"name":"foo","pid":1,"tid":1,"ts":0,"ph":"C","args":{"cpu_usage":10.0,"memory_usage":100}},
            {"name":"foo","pid":1,"tid":1,"ts":10,"ph":"C","args":{"cpu_usage":0,"memory_usage":0}},
            {"name":"foo","pid":1,"tid":1,"ts":0,"ph":"X","dur":10},
            {"name":"bar","pid":1,"tid":1,"ts":22,"ph":"C","args":{"cpu_usage":60.0,"memory_usage":250}},
            {"name":"bar","pid":1,"tid":1,"ts":24,"ph":"C","args":{"cpu_usage":0,"memory_usage":0}},
            {"name":"bar","pid":1,"tid":1,"ts":22,"ph":"X","dur":2},
            {"name":"foo","pid":1,"tid":1,"ts":20,"ph":"C","args":{"cpu_usage":20.0,"memory_usage":120}},
            {"name":"foo","pid":1,"tid":1,"ts":30,"ph":"C","args":{"cpu_usage":0,"memory_usage":0}},
            {"name":"foo","pid":1,"tid":1,"ts":20,"ph":"X","dur":10},
            """;

    /* Generic counters of two processes, and one X so that there is a tree; displayTimeUnit after the events. */
    private static final String GENERIC = """
            {"traceEvents":[
             {"name":"main","ph":"X","pid":1,"tid":1,"ts":0,"dur":1500},
             {"name":"heap","ph":"C","pid":1,"ts":10,"args":{"used":5,"total":100}},
             {"name":"heap","ph":"C","pid":1,"ts":5,"args":{"used":2.5,"total":100}},
             {"name":"heap","ph":"C","pid":1,"ts":10,"args":{"used":7}},
             {"name":"fps","ph":"C","pid":2,"id":"0x1","ts":1,"args":{"value":60,"note":"text is ignored"}}
            ],"displayTimeUnit":"ms"}
            """;

    @TempDir
    Path dir;

    @Test
    void regionCountersInCsvEveryView() throws IOException {
        Path t = write("cpumem.pfw", CPUMEM_COMPACT);
        assertOut(csv(TREE,
                "foo,1,,0,foo,,2,2,20000,16000,10000,10000,sum,zero,1,2,15,120,10000,8000",
                "foo => bar,2,1,1,bar,,2,0,4000,4000,2000,2000,sum,zero,1,2,45,250,2000,2000"),
                "profile", t.toString(), "--format", "csv");
        assertOut(csv("path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,"
                        + "nodes,cpu_usage_samples,cpu_usage_mean_percent,memory_usage_peak,inclusive_per_call_ns,"
                        + "exclusive_per_call_ns",
                "foo,2,2,20000,16000,10000,10000,sum,zero,1,2,15,120,10000,8000",
                "bar,2,0,4000,4000,2000,2000,sum,zero,1,2,45,250,2000,2000"),
                "profile", t.toString(), "--format", "csv", "--view", "flat");
    }

    @Test
    void regionCountersInTextAndJson() throws IOException {
        Path t = write("cpumem.pfw", CPUMEM_COMPACT);
        Cli text = Cli.run("profile", t.toString());
        assertTrue(text.out().contains("cpu% mean  memory peak  name"), text.toString());
        assertTrue(text.out().contains("      15.00          120  foo"), text.toString());
        assertTrue(text.out().contains("      45.00          250  \u2514\u2500 bar"), text.toString());
        Cli json = Cli.run("profile", t.toString(), "--format", "json");
        assertTrue(json.out().contains("\"cpu_usage_samples\",\n    \"cpu_usage_sum_percent\",\n"
                + "    \"cpu_usage_mean_percent\",\n    \"memory_usage_peak\""), json.toString());
        assertTrue(json.out().contains("[1, null, 0, \"foo\", \"\", 2, 2, 20000, 16000, 10000, 10000, 2, 30, 15, 120, 10000, "
                        + "8000]"),
                json.toString());
        assertTrue(json.out().contains("\"region_counters\": "), json.toString());
    }

    @Test
    void savedThenLoadedGivesTheSameCountersAndMergesAddThemWhateverTheOperator() throws IOException {
        Path t = write("cpumem.pfw", CPUMEM_COMPACT);
        Path saved = dir.resolve("saved.json");
        assertEquals(0, Cli.run("profile", t.toString(), "--format", "json", "-o", saved.toString()).exit());
        String direct = Cli.run("profile", t.toString(), "--format", "csv").out();
        assertOut(direct, "merge", saved.toString(), "--format", "csv");
        Path again = dir.resolve("again.json");
        assertEquals(0, Cli.run("merge", saved.toString(), "--format", "json", "-o", again.toString()).exit());
        assertEquals(rowsOf(Files.readString(saved)), rowsOf(Files.readString(again)));
        // Two nodes under max: times are the max (equal here), cpu samples and sums add, peaks are the max.
        assertOut(csv(TREE,
                "foo,1,,0,foo,,4,4,20000,16000,10000,10000,max,zero,2,4,15,120,,",
                "foo => bar,2,1,1,bar,,4,0,4000,4000,2000,2000,max,zero,2,4,45,250,,"),
                "merge", saved.toString(), t.toString(), "--agg", "max", "--format", "csv");
    }

    @Test
    void genericCountersAsAViewInEveryFormatAndAfterTheTextTable() throws IOException {
        Path t = write("generic.json", GENERIC);
        assertOut(csv("pid,counter,id,series,samples,min,max,mean,last",
                "1,heap,,total,2,100,100,100,100",
                "1,heap,,used,3,2.5,7,4.833333333333333,7",
                "2,fps,0x1,value,1,60,60,60,60"),
                "profile", t.toString(), "--view", "counters", "--format", "csv");
        Cli text = Cli.run("profile", t.toString());
        assertTrue(text.out().contains("counters: 3 series"), text.toString());
        assertTrue(text.out().contains("1    heap          total         2  100  100   100   100"), text.toString());
        Cli json = Cli.run("profile", t.toString(), "--format", "json");
        assertTrue(json.out().contains("\"counters\": [\n    {\"pid\": \"1\", \"counter\": \"heap\", \"id\": \"\", "
                + "\"series\": \"total\", \"samples\": 2, \"min\": 100, \"max\": 100, \"mean\": 100, \"last\": 100, "
                + "\"sum\": 200, \"last_ts_ns\": 10000}"), json.toString());
        Cli view = Cli.run("profile", t.toString(), "--view", "counters", "--format", "json");
        assertTrue(view.out().contains("\"columns\": [\"pid\", \"counter\", \"id\", \"series\", \"samples\", \"min\", "
                + "\"max\", \"mean\", \"last\"]") || view.out().contains("\"series\",\n"), view.toString());
        assertFalse(view.out().contains("\"inclusive_ns\""), view.toString());
        // The text header of the view counts its own rows, the series, and not the tree's.
        Cli textView = Cli.run("profile", t.toString(), "--view", "counters");
        assertTrue(textView.out().startsWith("view: counters   series: 3\n"), textView.toString());
        assertFalse(textView.out().contains("total:"), textView.toString());
    }

    @Test
    void displayTimeUnitIsTheDefaultUnitOfTextOnly() throws IOException {
        Path t = write("generic.json", GENERIC);
        Cli text = Cli.run("profile", t.toString());
        assertTrue(text.out().startsWith("view: tree   total: 1.500 ms"), text.toString());
        assertTrue(text.out().contains("display unit: ms"), text.toString());
        assertTrue(Cli.run("profile", t.toString(), "--unit", "us").out().startsWith("view: tree   total: 1500.000 us"));
        assertTrue(Cli.run("profile", t.toString(), "--format", "csv").out().contains(",1500000,"));
        Cli json = Cli.run("profile", t.toString(), "--format", "json");
        assertTrue(json.out().contains("\"display_time_unit\": \"ms\""), json.toString());
        assertTrue(json.out().contains("\"unit\": \"ns\""), json.toString());
        // Another input saying ns: inputs that disagree read in ms, the Trace Event Format's default, so that
        // neither input's hint decides how the other's times read.
        Path ns = write("ns.json", GENERIC.replace("\"ms\"", "\"ns\""));
        Cli both = Cli.run("profile", t.toString(), ns.toString());
        assertTrue(both.out().startsWith("view: tree   total: 3.000 ms"), both.toString());
        // An input that asks for nothing beside one asking for ns: ms too, not the one input's ns.
        Path none = write("none.json", GENERIC.replace(",\"displayTimeUnit\":\"ms\"", ""));
        Cli mixed = Cli.run("profile", none.toString(), write("ns2.json", GENERIC.replace("\"ms\"", "\"ns\"")).toString());
        assertTrue(mixed.out().startsWith("view: tree   total: 3.000 ms"), mixed.toString());
        Path tiny = write("tiny.json", "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":0,\"dur\":2000}]}");
        assertTrue(Cli.run("profile", tiny.toString()).out().startsWith("view: tree   total: 2000000 ns"));
    }

    @Test
    void aMergeTakesTheUnitEveryNodeAsksForElseMs() throws IOException {
        Path us1 = write("us1.json", GENERIC.replace("\"ms\"", "\"us\""));
        Path us2 = write("us2.json", GENERIC.replace("\"ms\"", "\"us\""));
        Path none = write("none.json", GENERIC.replace(",\"displayTimeUnit\":\"ms\"", ""));
        Cli same = Cli.run("merge", us1.toString(), us2.toString());
        assertTrue(same.out().startsWith("view: tree   total: 3000.000 us"), same.toString());
        Cli oneAsks = Cli.run("merge", us1.toString(), none.toString());
        assertTrue(oneAsks.out().startsWith("view: tree   total: 3.000 ms"), oneAsks.toString());
        Cli noneAsks = Cli.run("merge", none.toString(), none.toString());
        assertFalse(noneAsks.out().contains("display unit:"), noneAsks.toString());
    }

    @Test
    void genericSeriesAndTheDisplayUnitSurviveASavedProfileAndACountersReportIsNotOne() throws IOException {
        Path t = write("generic.json", GENERIC);
        Path saved = dir.resolve("saved.json");
        assertEquals(0, Cli.run("profile", t.toString(), "--format", "json", "-o", saved.toString()).exit());
        String direct = Cli.run("profile", t.toString(), "--view", "counters", "--format", "csv").out();
        assertOut(direct, "merge", saved.toString(), "--view", "counters", "--format", "csv");
        assertTrue(Cli.run("merge", saved.toString()).out().contains("display unit: ms"));
        // Two nodes: samples and sums add, min/max combine, the last is the later node's on a tie of time.
        assertOut(csv("pid,counter,id,series,samples,min,max,mean,last",
                "1,heap,,total,4,100,100,100,100",
                "1,heap,,used,6,2.5,7,4.833333333333333,7",
                "2,fps,0x1,value,2,60,60,60,60"),
                "merge", saved.toString(), t.toString(), "--view", "counters", "--format", "csv");
        Path report = dir.resolve("counters.json");
        assertEquals(0, Cli.run("profile", t.toString(), "--view", "counters", "--format", "json", "-o",
                report.toString()).exit());
        Cli refused = Cli.run("merge", report.toString());
        assertEquals(1, refused.exit(), refused.toString());
        assertTrue(refused.err().contains("it is a report, not a saved profile"), refused.toString());
    }

    private static String rowsOf(String json) {
        return json.substring(json.indexOf("\"columns\""));
    }

    private void assertOut(String expected, String... args) {
        Cli r = Cli.run(args);
        assertEquals(0, r.exit(), r.toString());
        assertEquals(expected, r.out(), r.toString());
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
