package dev.ppw.report;

import dev.ppw.model.Report;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.model.DisplayUnit;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Small hand-built profiles whose every number is worked out in the tests that use them. */
final class Fixtures {
    private Fixtures() {
    }

    /**
     * main (1 call of 1234567 ns) calls a twice (1000 and 234000 ns), the second a calls b (500 ns); a
     * second root idle was sampled (3 samples, 7 ns, min/max unset). Nodes: main 1, a 2, b 3, idle 4.
     */
    static Profile smallTree() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int a = t.child(main, t.frames().intern("a"));
        int b = t.child(a, t.frames().intern("b"));
        int idle = t.child(CallTree.ROOT, t.frames().intern("idle"));
        t.addCall(b, 500);
        t.addCall(a, 1000);
        t.addCall(a, 234000);
        t.addCall(main, 1234567);
        t.setMetrics(idle, 3, 0, 7, 7, CallTree.UNSET, CallTree.UNSET);
        return Profile.single(t, List.of("t.json"), Map.of(), Map.of());
    }

    static String render(OutputWriter writer, Profile p, int[] rows, long total, DisplayUnit unit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.write(new Report(p, rows, total, Optional.ofNullable(unit)), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    static String render(OutputWriter writer, Profile p, DisplayUnit unit) throws IOException {
        return render(writer, p, Report.allRows(p), p.tree().totalInclusiveNanos(), unit);
    }

    /** Lines joined with CRLF, each ended by one: RFC 4180 records. */
    static String crlf(String... lines) {
        StringBuilder sb = new StringBuilder();
        for (String l : lines) {
            sb.append(l).append("\r\n");
        }
        return sb.toString();
    }
}
