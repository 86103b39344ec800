package dev.ppw.server;

import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The history of a run of samples only (perf, pprof, JFR): its rows are in the samples part, which the server reads
 * when no run has the region in thread time, as {@code ppw-java history} does.
 */
class SampledHistoryTest {
    @TempDir
    static java.nio.file.Path folder;

    private static Served served;

    @BeforeAll
    static void start() throws IOException {
        served = Served.start(folder);
        try (RunStore store = RunStore.open(served.location, RunStore.Options.defaults())) {
            for (int r = 1; r <= 2; r++) {
                store.put(NewRun.of(sampled(r)).withLabel("sampled " + r), Served.ENGINE);
            }
        }
    }

    @AfterAll
    static void stop() {
        served.close();
    }

    /** 'work' calling 'hash', sampled r times at 1 ms, and once in 'work' itself: the samples part only. */
    private static Profile sampled(int r) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int work = t.child(CallTree.ROOT, t.frames().intern("work"), Part.SAMPLES);
        t.addSamples(t.child(work, t.frames().intern("hash")), 1_000_000L * r, r);
        t.addSample(work, 1_000_000L);
        return Profile.single(t, List.of("perf" + r + ".txt"), Map.of(), Map.of());
    }

    @Test
    void aSampledRegionsHistoryIsOfTheSamplesPart() throws IOException {
        Map<?, ?> history = (Map<?, ?>) Json.parse(served.get("/api/history?context=work+%3D%3E+hash").text());
        assertEquals("samples", history.get("part"));
        List<?> runs = (List<?>) history.get("runs");
        assertEquals(2, runs.size(), history.toString());
        assertEquals(List.of(1_000_000L, 2_000_000L), runs.stream().map(p -> ((Map<?, ?>) p).get("value")).toList());
        Map<?, ?> thread = (Map<?, ?>) Json.parse(served.get("/api/history?context=work+%3D%3E+hash&part=thread").text());
        assertEquals(List.of(), thread.get("runs"));
        assertEquals(400, served.get("/api/history?context=work&part=wall").status());
        String page = served.get("/history?context=work+%3D%3E+hash").text();
        assertTrue(page.contains("work =&gt; hash [samples]"), page);
        // A region in thread time keeps reading thread time.
        Map<?, ?> plain = (Map<?, ?>) Json.parse(served.get("/api/history?context=main+%3D%3E+solve").text());
        assertEquals("thread", plain.get("part"));
    }
}
