package dev.ppw.report;

import dev.ppw.aggregate.RowOrder;
import dev.ppw.model.CallTree;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.Report;
import dev.ppw.model.SortKey;
import dev.ppw.model.output.OutputWriter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static dev.ppw.report.Fixtures.crlf;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every writer keeps the thread part and the async part apart (SEMANTICS.md section 2, "Parts"). */
class AsyncPartWritersTest {

    /**
     * Thread part: main (1000 ns) calls work (400 ns). Async part: main (2 spans, 3000 + 2000 ns) calls io
     * (2000 ns). Nodes: main 1, work 2, async main 3, io 4. Thread total 1000 ns, async total 5000 ns.
     */
    private static Profile twoParts() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int work = t.child(main, t.frames().intern("work"));
        int asyncMain = t.child(CallTree.ROOT, t.frames().intern("main"), Part.ASYNC);
        int io = t.child(asyncMain, t.frames().intern("io"));
        t.addCall(work, 400);
        t.addCall(main, 1000);
        t.addCall(io, 2000);
        t.addCall(asyncMain, 3000);
        t.addCall(asyncMain, 2000);
        return Profile.single(t, List.of("t.json"), Map.of(), Map.of());
    }

    private static String render(OutputWriter writer, Profile p, DisplayUnit unit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(new Report(p, RowOrder.order(p, SortKey.INCLUSIVE, 0, 0), RowOrder.totalNanos(p),
                Optional.ofNullable(unit)), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void textShowsTheAsyncSpansAsASectionWithItsOwnTotal() throws IOException {
        assertEquals("""
                view: tree   total: 1.000 us   rows: 2
                input: t.json

                %total  inclusive us  exclusive us  calls  subcalls  incl us/call  excl us/call  min us/call  max us/call  name
                 100.0         1.000         0.600      1         1         1.000         0.600        1.000        1.000  main
                  40.0         0.400         0.400      1         0         0.400         0.400        0.400        0.400  \u2514\u2500 work

                async spans   total: 5.000 us (sum of span durations, which overlap)   rows: 2
                %total  inclusive us  exclusive us  calls  subcalls  incl us/call  excl us/call  min us/call  max us/call  name
                 100.0         5.000         3.000      2         1         2.500         1.500        2.000        3.000  main
                  40.0         2.000         2.000      1         0         2.000         2.000        2.000        2.000  \u2514\u2500 io
                """, render(new TextWriter(), twoParts(), DisplayUnit.US));
    }

    @Test
    void csvHasAPartColumnFirstWhenThereIsAnAsyncPart() throws IOException {
        assertEquals(crlf(
                "part,path,id,parent_id,depth,name,callsite,calls,subcalls,inclusive_ns,exclusive_ns,"
                        + "min_inclusive_ns,max_inclusive_ns,agg,missing,nodes,inclusive_per_call_ns,exclusive_per_call_ns",
                "thread,main,1,,0,main,,1,1,1000,600,1000,1000,sum,zero,1,1000,600",
                "thread,main => work,2,1,1,work,,1,0,400,400,400,400,sum,zero,1,400,400",
                "async,main,3,,0,main,,2,1,5000,3000,2000,3000,sum,zero,1,2500,1500",
                "async,main => io,4,3,1,io,,1,0,2000,2000,2000,2000,sum,zero,1,2000,2000"),
                render(new CsvWriter(), twoParts(), null));
    }

    @Test
    void jsonIsVersion2WithAPartColumnAndTheAsyncTotal() throws IOException {
        String json = render(new JsonWriter(), twoParts(), null);
        assertEquals(List.of(
                "  \"version\": 2,",
                "  \"total_inclusive_ns\": 1000,",
                "  \"async_total_inclusive_ns\": 5000,",
                "    \"part\",",
                "    [\"thread\", 1, null, 0, \"main\", \"\", 1, 1, 1000, 600, 1000, 1000, 1000, 600],",
                "    [\"thread\", 2, 1, 1, \"work\", \"\", 1, 0, 400, 400, 400, 400, 400, 400],",
                "    [\"async\", 3, null, 0, \"main\", \"\", 2, 1, 5000, 3000, 2000, 3000, 2500, 1500],",
                "    [\"async\", 4, 3, 1, \"io\", \"\", 1, 0, 2000, 2000, 2000, 2000, 2000, 2000]"),
                json.lines().filter(l -> l.contains("version") || l.contains("total_inclusive")
                        || l.contains("\"part\"") || l.contains("\"thread\"") || l.contains("\"async\"")).toList());
    }

    @Test
    void foldedWritesTheAsyncStacksUnderAFrameOfTheirOwn() throws IOException {
        assertEquals("""
                # ppw-java folded stacks: each value is nanoseconds of time
                main 600
                main;work 400
                [async];main 3000
                [async];main;io 2000
                """, render(new FoldedWriter(), twoParts(), null));
    }
}
