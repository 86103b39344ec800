package dev.ppw.report;

import dev.ppw.model.MissingRule;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Report;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Map;

import static dev.ppw.report.Fixtures.crlf;
import static dev.ppw.report.Fixtures.render;
import static org.junit.jupiter.api.Assertions.assertEquals;

class CsvWriterTest {
    private static final String TREE_HEADER = "path,id,parent_id,depth,name,callsite,calls,subcalls,"
            + "inclusive_%1$s,exclusive_%1$s,min_inclusive_%1$s,max_inclusive_%1$s,agg,missing,nodes,"
            + "inclusive_per_call_%1$s,exclusive_per_call_%1$s";

    @Test
    void treeInNanosecondsByDefault() throws IOException {
        assertEquals(crlf(
                TREE_HEADER.formatted("ns"),
                "main,1,,0,main,,1,2,1234567,999567,1234567,1234567,sum,zero,1,1234567,999567",
                "main => a,2,1,1,a,,2,1,235000,234500,1000,234000,sum,zero,1,117500,117250",
                "main => a => b,3,2,2,b,,1,0,500,500,500,500,sum,zero,1,500,500",
                "idle,4,,0,idle,,3,0,7,7,,,sum,zero,1,,"),
                render(new CsvWriter(), Fixtures.smallTree(), null));
    }

    @Test
    void treeInMicroseconds() throws IOException {
        assertEquals(crlf(
                TREE_HEADER.formatted("us"),
                "main,1,,0,main,,1,2,1234.567,999.567,1234.567,1234.567,sum,zero,1,1234.567,999.567",
                "main => a,2,1,1,a,,2,1,235,234.5,1,234,sum,zero,1,117.5,117.25",
                "main => a => b,3,2,2,b,,1,0,0.5,0.5,0.5,0.5,sum,zero,1,0.5,0.5",
                "idle,4,,0,idle,,3,0,0.007,0.007,,,sum,zero,1,,"),
                render(new CsvWriter(), Fixtures.smallTree(), DisplayUnit.US));
    }

    @Test
    void treeInMilliseconds() throws IOException {
        assertEquals(crlf(
                TREE_HEADER.formatted("ms"),
                "main,1,,0,main,,1,2,1.234567,0.999567,1.234567,1.234567,sum,zero,1,1.234567,0.999567",
                "main => a,2,1,1,a,,2,1,0.235,0.2345,0.001,0.234,sum,zero,1,0.1175,0.11725",
                "main => a => b,3,2,2,b,,1,0,0.0005,0.0005,0.0005,0.0005,sum,zero,1,0.0005,0.0005",
                "idle,4,,0,idle,,3,0,0.000007,0.000007,,,sum,zero,1,,"),
                render(new CsvWriter(), Fixtures.smallTree(), DisplayUnit.MS));
    }

    @Test
    void treeInSeconds() throws IOException {
        assertEquals(crlf(
                TREE_HEADER.formatted("s"),
                "main,1,,0,main,,1,2,0.001234567,0.000999567,0.001234567,0.001234567,sum,zero,1,0.001234567,"
                        + "0.000999567",
                "main => a,2,1,1,a,,2,1,0.000235,0.0002345,0.000001,0.000234,sum,zero,1,0.0001175,0.00011725",
                "main => a => b,3,2,2,b,,1,0,0.0000005,0.0000005,0.0000005,0.0000005,sum,zero,1,0.0000005,0.0000005",
                "idle,4,,0,idle,,3,0,0.000000007,0.000000007,,,sum,zero,1,,"),
                render(new CsvWriter(), Fixtures.smallTree(), DisplayUnit.S));
    }

    @Test
    void rowsComeInTheGivenOrderOnly() throws IOException {
        Profile p = Fixtures.smallTree();
        assertEquals(crlf(
                TREE_HEADER.formatted("ns"),
                "idle,4,,0,idle,,3,0,7,7,,,sum,zero,1,,",
                "main,1,,0,main,,1,2,1234567,999567,1234567,1234567,sum,zero,1,1234567,999567"),
                render(new CsvWriter(), p, new int[] {4, 1}, p.tree().totalInclusiveNanos(), null));
    }

    @Test
    void flatRowsAreKeyedByTheirRegionAndCarryAggregation() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int foo = t.child(CallTree.ROOT, t.frames().intern("foo"));
        int bar = t.child(CallTree.ROOT, t.frames().intern("a => b"));
        t.setMetrics(foo, 8, 4, 2000, -1500, 10, 900);
        t.setMetrics(bar, 2, 0, 1, 1, CallTree.UNSET, 1);
        Profile p = new Profile(t, ViewKind.FLAT, 0, MergeOp.AVG, MissingRule.PRESENT, 4, List.of("x", "y"), Map.of(), Map.of());
        assertEquals(crlf(
                "path,calls,subcalls,inclusive_us,exclusive_us,min_inclusive_us,max_inclusive_us,agg,missing,nodes,"
                        + "inclusive_per_call_us,exclusive_per_call_us",
                // an avg aggregate has no time per call: its times are means over nodes, its calls sums
                "foo,8,4,2,-1.5,0.01,0.9,avg,present,4,,",
                "a => b,2,0,0.001,0.001,,0.001,avg,present,4,,"),
                render(new CsvWriter(), p, Report.allRows(p), 2000, DisplayUnit.US));
    }

    @Test
    void tauHasTheFlatColumns() throws IOException {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int k = t.child(CallTree.ROOT, t.frames().intern("main => a"));
        t.setMetrics(k, 1, 0, 5, 5, 5, 5);
        Profile p = new Profile(t, ViewKind.TAU, 2, MergeOp.SUM, MissingRule.ZERO, 1, List.of("x"), Map.of(), Map.of());
        assertEquals(crlf(
                "path,calls,subcalls,inclusive_ns,exclusive_ns,min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,"
                        + "inclusive_per_call_ns,exclusive_per_call_ns",
                "main => a,1,0,5,5,5,5,sum,zero,1,5,5"),
                render(new CsvWriter(), p, null));
    }

    @Test
    void oddNamesAreQuotedAsRfc4180SaysAndReadBackIntact() throws IOException {
        List<String> names = List.of("a,b", "say \"hi\"", "two\nlines", "x => y", " lead", "caf\u00e9", "cr\r");
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int parent = CallTree.ROOT;
        for (String n : names) {
            parent = t.child(parent, t.frames().intern(n, n.equals("x => y") ? "file.c:12" : ""));
            t.addCall(parent, 1);
        }
        Profile p = Profile.single(t, List.of("t"), Map.of(), Map.of());
        String csv = render(new CsvWriter(), p, null);
        String[] lines = csv.split("\r\n", 3);
        assertEquals("\"a,b\",1,,0,\"a,b\",,1,1,1,0,1,1,sum,zero,1,1,0", lines[1]);
        assertEquals("\"a,b => say \"\"hi\"\"\",2,1,1,\"say \"\"hi\"\"\",,1,1,1,0,1,1,sum,zero,1,1,0", lines[2]
                .substring(0, lines[2].indexOf("\r\n")));

        List<CSVRecord> records = CSVParser.parse(new StringReader(csv),
                CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).build()).getRecords();
        assertEquals(names.size(), records.size());
        for (int i = 0; i < names.size(); i++) {
            CSVRecord r = records.get(i);
            assertEquals(names.get(i), r.get("name"));
            assertEquals(String.join(" => ", names.subList(0, i + 1)), r.get("path"));
            assertEquals(Integer.toString(i), r.get("depth"));
        }
        assertEquals("file.c:12", records.get(3).get("callsite"));
    }
}
