package dev.ppw.aggregate;

import dev.ppw.aggregate.TestTrace.Ev;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.ThreadMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static dev.ppw.aggregate.TestTrace.b;
import static dev.ppw.aggregate.TestTrace.e;
import static dev.ppw.aggregate.TestTrace.x;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The temporary files of sorted runs, and the second reading of an input whose replay while reading broke. */
class FolderSpillTest {
    @TempDir
    Path dir;

    /** PerfFlowAspect's compact order: children first, so the track is out of order and spills. */
    private static final List<Ev> CHILDREN_FIRST = List.of(x(3, 1, "g"), x(2, 3, "c"), x(6, 1, "d"), x(0, 10, "p"),
            x(13, 1, "g"), x(12, 3, "c"), x(16, 1, "d"), x(10, 10, "p"));

    private FoldOptions limit(long events) {
        return new FoldOptions(false, ThreadMode.MERGE, events, 0, dir);
    }

    @Test
    void theRunsFileExistsWhileReadingAndIsGoneAfterEndInput() throws IOException {
        Folder folder = new Folder(limit(2));
        feedWithoutEnd(folder, CHILDREN_FIRST);
        Path runs = folder.spillPath();
        assertNotNull(runs, "spilled");
        assertEquals(List.of(runs), files(), "one file per input, in the spill directory");
        folder.endInput();
        assertEquals(List.of(), files());
        assertEquals(expected("spilled.json", CHILDREN_FIRST), FolderMemoryPropertiesTest.dump(folder));
    }

    @Test
    void theRunsFileIsGoneWhenEndInputFails() throws IOException {
        Folder folder = new Folder(limit(2));
        feedWithoutEnd(folder, CHILDREN_FIRST);
        int track = folder.thread("1", "1");
        // An E with no open B is reported by name; a region id that was never interned makes that fail,
        // after the runs have been opened for the merge.
        folder.end(track, 100, 999_999);
        assertEquals(1, files().size());
        assertThrows(IndexOutOfBoundsException.class, folder::endInput);
        assertEquals(List.of(), files());
        // The folder is left ready for the next input.
        FolderMemoryPropertiesTest.feedInput("next.json", CHILDREN_FIRST, folder);
        assertEquals(List.of(), files());
    }

    @Test
    void theRunsFileIsGoneWhenTheReadingFails() throws IOException {
        Folder folder = new Folder(limit(2));
        IOException cut = assertThrows(IOException.class, () -> folder.fold(sink -> {
            // As TraceReaders does: the input is ended even when reading fails, and the failure passed on.
            sink.beginInput("cut.json");
            try {
                feedEvents(sink, CHILDREN_FIRST);
                assertEquals(1, files().size());
                throw new IOException("cut short");
            } finally {
                sink.endInput();
            }
        }));
        assertEquals("cut short", cut.getMessage());
        assertEquals(List.of(), files());
        assertEquals(expected("spilled.json", CHILDREN_FIRST), FolderMemoryPropertiesTest.dump(folder), "kept what was read");
    }

    @Test
    void completionOrderSpillsFromTheFirstParentInsteadOfReplayingWhileReading() throws IOException {
        // Window 15: X c@20+30 comes 10 ns before the latest event (X g@30+10), within the window, but around
        // it: a parent after its child. From then on the track is not replayed while reading, so the root
        // p@0, which comes last, breaks nothing (replaying before 60 - 15 at the third event would have).
        List<Ev> events = List.of(x(30, 10, "g"), x(20, 30, "c"), x(60, 10, "d"), x(0, 100, "p"),
                x(130, 10, "g"), x(120, 30, "c"), x(160, 10, "d"), x(100, 100, "p"));
        Folder folder = new Folder(limit(2).withReorderWindowNanos(15));
        folder.fold(sink -> FolderMemoryPropertiesTest.feedInput("compact.json", events, sink));
        assertEquals(0, folder.secondReadings());
        assertTrue(folder.runsSpilled() > 0);
        assertEquals(expected("compact.json", events), FolderMemoryPropertiesTest.dump(folder));
    }

    @Test
    void closeDeletesTheRunsOfAnInputThatWasNeverEnded() throws IOException {
        Folder folder = new Folder(limit(2));
        feedWithoutEnd(folder, CHILDREN_FIRST);
        assertEquals(1, files().size());
        folder.close();
        assertEquals(List.of(), files());
    }

    @Test
    void anEventAtTheReplayedTimeComesTooLateAndTheInputIsReadAgain() throws IOException {
        // Limit 2, window 0. X a@5+3, X q@6+1, B w@7: the third event passes the limit; the track is in order,
        // so everything before 7 is replayed (a, then q on a). Then B b@6 comes: at t=6, B sorts before X,
        // so b opens on a and q on b. What was replayed is wrong: the input is read a second time, buffering.
        List<Ev> events = List.of(x(5, 3, "a"), x(6, 1, "q"), b(7, "w"), b(6, "b"), e(9, "b"), e(10, "w"));
        Folder folder = new Folder(limit(2));
        int[] readings = {0};
        folder.fold(sink -> {
            readings[0]++;
            sink.diagnostics().warn(Diagnostics.MISSING_TS, "the collector's own warning, once per reading");
            FolderMemoryPropertiesTest.feedInput("late.json", events, sink);
        });
        assertEquals(2, readings[0]);
        assertEquals(1, folder.secondReadings());
        assertEquals(1, folder.diagnostics().warningCount(Diagnostics.MISSING_TS), "counted in the first reading only");
        Folder inMemory = new Folder(new FoldOptions(false, ThreadMode.MERGE, Long.MAX_VALUE, 0, dir));
        inMemory.diagnostics().warn(Diagnostics.MISSING_TS, "the collector's own warning, once per reading");
        FolderMemoryPropertiesTest.feedInput("late.json", events, inMemory);
        assertEquals(FolderMemoryPropertiesTest.dump(inMemory), FolderMemoryPropertiesTest.dump(folder));
        assertEquals(List.of(), files());
    }

    @Test
    void onlyTheBrokenTrackIsReadAgainAndTheOthersKeepTheirFirstReading() throws IOException {
        TestTrace.Track t2 = TestTrace.Track.thread("1", "2");
        // Limit 3, window 0. The fourth event passes the limit: thread 1 replays a@5, thread 2 u@1. Then thread 1
        // gets B b@5, at the time it replayed (b should be under nothing, a under b): it breaks and is read
        // again. Thread 2 is in order throughout and keeps what it replayed in the first reading.
        List<Ev> events = List.of(x(t2, 1, 1, "u"), x(5, 3, "a"), x(t2, 3, 1, "v"), x(6, 1, "q"), b(7, "w"),
                x(t2, 8, 1, "u"), b(5, "b"), x(t2, 11, 2, "v"), e(9, "b"), e(10, "w"), x(t2, 20, 1, "u"));
        Folder folder = new Folder(limit(3));
        List<String> secondReadingTracks = new java.util.ArrayList<>();
        int[] readings = {0};
        folder.fold(sink -> {
            readings[0]++;
            sink.beginInput("two.json");
            for (Ev ev : events) {
                int track = sink.thread(ev.track().pid(), ev.track().tidOrCat());
                if (readings[0] == 2 && track >= 0) {
                    secondReadingTracks.add(ev.track().toString());
                }
                switch (ev.ph()) {
                    case 'B' -> sink.begin(track, ev.tsNanos(), sink.frames().intern(ev.name()));
                    case 'E' -> sink.end(track, ev.tsNanos(), TestTrace.endName(sink, ev));
                    default -> sink.complete(track, ev.tsNanos(), ev.durNanos(), sink.frames().intern(ev.name()));
                }
            }
            sink.endInput();
        });
        assertEquals(2, readings[0]);
        assertTrue(!secondReadingTracks.isEmpty() && secondReadingTracks.stream().allMatch("thread(1,1)"::equals),
                "second reading takes thread(1,1) only: " + secondReadingTracks);
        assertEquals(expected("two.json", events), FolderMemoryPropertiesTest.dump(folder));
    }

    /** The dump of {@code events} folded in memory as input {@code name}. */
    private String expected(String name, List<Ev> events) {
        Folder inMemory = new Folder(new FoldOptions(false, ThreadMode.MERGE, Long.MAX_VALUE, 0, dir));
        FolderMemoryPropertiesTest.feedInput(name, events, inMemory);
        return FolderMemoryPropertiesTest.dump(inMemory);
    }

    private static void feedWithoutEnd(Folder folder, List<Ev> events) {
        folder.beginInput("spilled.json");
        feedEvents(folder, events);
    }

    private static void feedEvents(EventSink sink, List<Ev> events) {
        for (Ev ev : events) {
            int track = sink.thread(ev.track().pid(), ev.track().tidOrCat());
            sink.complete(track, ev.tsNanos(), ev.durNanos(), sink.frames().intern(ev.name()));
        }
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
