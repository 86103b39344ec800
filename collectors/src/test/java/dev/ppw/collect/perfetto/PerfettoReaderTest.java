package dev.ppw.collect.perfetto;

import dev.ppw.collect.RecordingSink;
import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticWords;
import dev.ppw.testing.perfetto.PerfettoTraceWriter;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.ppw.collect.TestInputs.failure;
import static dev.ppw.collect.TestInputs.gzip;
import static dev.ppw.collect.TestInputs.read;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Small traces written field by field ({@link PerfettoTraceWriter}), each showing one rule of the reader. */
class PerfettoReaderTest {
    private static final long THREAD = 11;
    private static final int BEGIN = Proto.TYPE_SLICE_BEGIN;
    private static final int END = Proto.TYPE_SLICE_END;

    @Test
    void threadSlicesNestAndAnUnnamedEndClosesTheInnermost() {
        byte[] trace = new PerfettoTraceWriter().threadTrack(THREAD, 10, 12, "worker")
                .event(1000, THREAD, BEGIN, "main").event(2000, THREAD, BEGIN, "work")
                .event(3000, THREAD, END, null).event(4000, THREAD, END, "main").toBytes();
        RecordingSink sink = read(trace);
        assertEquals(List.of("beginInput t.json", "thread_name 10 12 worker", "B T(10,12) 1000 main",
                "B T(10,12) 2000 work", "E T(10,12) 3000 (no name)", "E T(10,12) 4000 main", "endInput"), sink.calls());
        assertEquals(Map.of(), sink.warnings());
        assertEquals(sink.calls(), read(gzip(trace)).calls(), "gzipped, the same");
    }

    @Test
    void equalTimestampsKeepPacketOrderAndEndsPassThroughForTheFolderToJudge() {
        // The folder counts the unmatched end and closes the open begin at its track's end: the reader hands on
        // every event in packet order, as the Chrome reader does.
        byte[] trace = new PerfettoTraceWriter().threadTrack(THREAD, 1, 1, null)
                .event(5, THREAD, END, null).event(7, THREAD, BEGIN, "a").event(7, THREAD, BEGIN, "b")
                .event(7, THREAD, END, null).toBytes();
        assertEquals(List.of("E T(1,1) 5 (no name)", "B T(1,1) 7 a", "B T(1,1) 7 b", "E T(1,1) 7 (no name)"),
                read(trace).events());
    }

    @Test
    void namesAreInternedPerSequenceAndLostStateSkipsPackets() {
        PerfettoTraceWriter w = new PerfettoTraceWriter().threadTrack(THREAD, 3, 4, null);
        // Needs state before the writer ever cleared it: skipped.
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 10).varint(Proto.PACKET_SEQUENCE_ID, 7)
                .varint(Proto.PACKET_SEQUENCE_FLAGS, Proto.SEQ_NEEDS_INCREMENTAL_STATE)
                .message(Proto.PACKET_TRACK_EVENT, e -> e.varint(Proto.EVENT_TYPE, BEGIN)
                        .varint(Proto.EVENT_TRACK_UUID, THREAD).string(Proto.EVENT_NAME, "lost")));
        // Cleared, with interned names (after the event that uses them) and the default track.
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 20).varint(Proto.PACKET_SEQUENCE_ID, 7)
                .varint(Proto.PACKET_SEQUENCE_FLAGS, Proto.SEQ_INCREMENTAL_STATE_CLEARED | Proto.SEQ_NEEDS_INCREMENTAL_STATE)
                .message(Proto.PACKET_DEFAULTS, d -> d.message(Proto.DEFAULTS_TRACK_EVENT,
                        t -> t.varint(Proto.EVENT_DEFAULTS_TRACK_UUID, THREAD)))
                .message(Proto.PACKET_TRACK_EVENT, e -> e.varint(Proto.EVENT_TYPE, BEGIN).varint(Proto.EVENT_NAME_IID, 1))
                .message(Proto.PACKET_INTERNED_DATA, i -> i.message(Proto.INTERNED_EVENT_NAMES,
                        n -> n.varint(Proto.EVENT_NAME_ENTRY_IID, 1).string(Proto.EVENT_NAME_ENTRY_NAME, "step"))));
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 30).varint(Proto.PACKET_SEQUENCE_ID, 7)
                .varint(Proto.PACKET_SEQUENCE_FLAGS, Proto.SEQ_NEEDS_INCREMENTAL_STATE)
                .message(Proto.PACKET_TRACK_EVENT, e -> e.varint(Proto.EVENT_TYPE, END).varint(Proto.EVENT_NAME_IID, 1)));
        // Packets were dropped before this one: the state is gone until the next clearing.
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 40).varint(Proto.PACKET_SEQUENCE_ID, 7)
                .varint(Proto.PACKET_SEQUENCE_FLAGS, Proto.SEQ_NEEDS_INCREMENTAL_STATE)
                .varint(Proto.PACKET_PREVIOUS_PACKET_DROPPED, 1)
                .message(Proto.PACKET_TRACK_EVENT, e -> e.varint(Proto.EVENT_TYPE, BEGIN).varint(Proto.EVENT_NAME_IID, 1)));
        // Cleared again: the old names are gone, so iid 1 names nothing now.
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 50).varint(Proto.PACKET_SEQUENCE_ID, 7)
                .varint(Proto.PACKET_INCREMENTAL_STATE_CLEARED, 1)
                .message(Proto.PACKET_TRACK_EVENT, e -> e.varint(Proto.EVENT_TYPE, BEGIN)
                        .varint(Proto.EVENT_TRACK_UUID, THREAD).varint(Proto.EVENT_NAME_IID, 1)));
        RecordingSink sink = read(w.toBytes());
        assertEquals(List.of("B T(3,4) 20 step", "E T(3,4) 30 step", "B T(3,4) 50 <unnamed>"), sink.events());
        assertEquals(Map.of("lost_incremental_state", 2L, "unknown_interned_name", 1L), sink.warnings());
        assertEquals("t.json: byte " + firstPacketLength(w) + ": packet 2 of sequence 7 needs incremental state the"
                + " sequence lost (or never had): skipped until the writer clears its state",
                sink.firstExample("lost_incremental_state"));
    }

    private static int firstPacketLength(PerfettoTraceWriter w) {
        byte[] b = w.toBytes();
        return 2 + (b[1] & 0xff);
    }

    @Test
    void sequenceClocksResolveThroughTheirSnapshotKeepingTheSubMicrosecondOffset() {
        // As Chromium writes them: clock 64 counts microseconds incrementally, 65 absolutely, both on MONOTONIC.
        PerfettoTraceWriter w = new PerfettoTraceWriter().threadTrack(THREAD, 1, 2, null);
        w.packet(p -> p.varint(Proto.PACKET_SEQUENCE_ID, 3)
                .varint(Proto.PACKET_SEQUENCE_FLAGS, Proto.SEQ_INCREMENTAL_STATE_CLEARED)
                .message(Proto.PACKET_CLOCK_SNAPSHOT, s -> s
                        .message(Proto.SNAPSHOT_CLOCKS, c -> c.varint(Proto.CLOCK_ID, 3).varint(Proto.CLOCK_TIMESTAMP, 5_000_000_250L))
                        .message(Proto.SNAPSHOT_CLOCKS, c -> c.varint(Proto.CLOCK_ID, 64).varint(Proto.CLOCK_TIMESTAMP, 5_000_000)
                                .varint(Proto.CLOCK_IS_INCREMENTAL, 1).varint(Proto.CLOCK_UNIT_MULTIPLIER_NS, 1000))
                        .message(Proto.SNAPSHOT_CLOCKS, c -> c.varint(Proto.CLOCK_ID, 65).varint(Proto.CLOCK_TIMESTAMP, 5_000_000)
                                .varint(Proto.CLOCK_UNIT_MULTIPLIER_NS, 1000)))
                .message(Proto.PACKET_DEFAULTS, d -> d.varint(Proto.DEFAULTS_TIMESTAMP_CLOCK_ID, 64)
                        .message(Proto.DEFAULTS_TRACK_EVENT, t -> t.varint(Proto.EVENT_DEFAULTS_TRACK_UUID, THREAD))));
        long[][] packets = {{0, -1}, {3, -1}, {5_000_010, 65}, {5_000_020_000L, 3}, {2, -1}, {9, 66}};
        for (long[] packet : packets) {
            w.packet(p -> {
                p.varint(Proto.PACKET_TIMESTAMP, packet[0]).varint(Proto.PACKET_SEQUENCE_ID, 3)
                        .varint(Proto.PACKET_SEQUENCE_FLAGS, Proto.SEQ_NEEDS_INCREMENTAL_STATE);
                if (packet[1] >= 0) {
                    p.varint(Proto.PACKET_TIMESTAMP_CLOCK_ID, packet[1]);
                }
                p.message(Proto.PACKET_TRACK_EVENT, e -> e.varint(Proto.EVENT_TYPE, BEGIN).string(Proto.EVENT_NAME, "t"));
            });
        }
        RecordingSink sink = read(w.toBytes());
        assertEquals(List.of("B T(1,2) 5000000250 t", "B T(1,2) 5000003250 t", "B T(1,2) 5000010250 t",
                "B T(1,2) 5000020000 t", "B T(1,2) 5000005250 t"), sink.events());
        assertEquals(Map.of("unknown_clock", 1L), sink.warnings());
    }

    @Test
    void legacyCompleteEventsAndInstants() {
        PerfettoTraceWriter w = new PerfettoTraceWriter().threadTrack(THREAD, 1, 1, null);
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 1000).message(Proto.PACKET_TRACK_EVENT, e -> e
                .varint(Proto.EVENT_TRACK_UUID, THREAD).string(Proto.EVENT_NAME, "complete")
                .message(Proto.EVENT_LEGACY, l -> l.varint(Proto.LEGACY_PHASE, 'X').sint(Proto.LEGACY_DURATION_US, 7))));
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 2000).message(Proto.PACKET_TRACK_EVENT, e -> e
                .varint(Proto.EVENT_TRACK_UUID, THREAD).string(Proto.EVENT_NAME, "mark")
                .message(Proto.EVENT_LEGACY, l -> l.varint(Proto.LEGACY_PHASE, 'R'))));
        w.event(3000, THREAD, Proto.TYPE_INSTANT, "now");
        w.event(3000, THREAD, 5, "newer type");
        RecordingSink sink = read(w.toBytes());
        assertEquals(List.of("X T(1,1) 1000 7000 complete"), sink.events());
        assertEquals(Map.of("phase_R", 1L, "instant_event", 1L, "event_type_5", 1L), sink.notes());
    }

    @Test
    void legacyAsyncEventsAreStacksKeyedByTheirId() {
        PerfettoTraceWriter w = new PerfettoTraceWriter().threadTrack(THREAD, 4, 5, null);
        long[][] events = {{10, 'b', Proto.LEGACY_LOCAL_ID, 0x1a}, {11, 'b', Proto.LEGACY_GLOBAL_ID, 0x1a},
                {12, 'e', Proto.LEGACY_LOCAL_ID, 0x1a}, {13, 'e', Proto.LEGACY_GLOBAL_ID, 0x1a}};
        for (long[] e : events) {
            w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, e[0]).message(Proto.PACKET_TRACK_EVENT, te -> te
                    .varint(Proto.EVENT_TRACK_UUID, THREAD).string(Proto.EVENT_NAME, "load")
                    .message(Proto.EVENT_LEGACY, l -> l.varint(Proto.LEGACY_PHASE, e[1]).varint((int) e[2], e[3])
                            .string(Proto.LEGACY_ID_SCOPE, "net"))));
        }
        assertEquals(List.of("B A(4,net,0x1a) 10 load", "B A(,net,0x1a) 11 load", "E A(4,net,0x1a) 12 load",
                "E A(,net,0x1a) 13 load"), read(w.toBytes()).events());
    }

    @Test
    void cmsswLanesAreStacksOfTheirOwnNamedUnderTheirStream() {
        long process = 1;
        long stream0 = 100;
        long lane = 101;
        long otherLane = 102;
        PerfettoTraceWriter w = new PerfettoTraceWriter().processTrack(process, 42, "cmsRun")
                .customTrack(stream0, process, "stream 0").customTrack(lane, stream0, "thread 1")
                .customTrack(otherLane, stream0, "thread 2")
                .counterTrack(200, process, "Throughput", 1, false)
                .counterTrack(201, stream0, "event", 1, false)
                .counterTrack(202, process, "device memory", 1024, true);
        w.event(10, lane, BEGIN, "source").event(12, otherLane, BEGIN, "producer").event(15, lane, END, null)
                .event(20, otherLane, END, null);
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 30).message(Proto.PACKET_TRACK_EVENT, e -> e
                .varint(Proto.EVENT_TYPE, Proto.TYPE_COUNTER).varint(Proto.EVENT_TRACK_UUID, 200)
                .real(Proto.EVENT_DOUBLE_COUNTER_VALUE, 12.5)));
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 31).message(Proto.PACKET_TRACK_EVENT, e -> e
                .varint(Proto.EVENT_TYPE, Proto.TYPE_COUNTER).varint(Proto.EVENT_TRACK_UUID, 201)
                .sint(Proto.EVENT_COUNTER_VALUE, 3)));
        for (long delta : new long[] {5, -2}) {
            w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 32).message(Proto.PACKET_TRACK_EVENT, e -> e
                    .varint(Proto.EVENT_TYPE, Proto.TYPE_COUNTER).varint(Proto.EVENT_TRACK_UUID, 202)
                    .sint(Proto.EVENT_COUNTER_VALUE, delta)));
        }
        RecordingSink sink = read(w.toBytes());
        assertEquals(List.of("beginInput t.json", "process_name 42 cmsRun",
                "B A(42,stream 0 / thread 1,101) 10 source", "B A(42,stream 0 / thread 2,102) 12 producer",
                "E A(42,stream 0 / thread 1,101) 15 (no name)", "E A(42,stream 0 / thread 2,102) 20 (no name)",
                "counter 42 Throughput id  value 30 12.5", "counter 42 event id stream 0 value 31 3.0",
                "counter 42 device memory id  value 32 5120.0", "counter 42 device memory id  value 32 3072.0",
                "endInput"), sink.calls());
    }

    @Test
    void eventsOnUndescribedOrCounterTracksAreCountedAndDropped() {
        PerfettoTraceWriter w = new PerfettoTraceWriter().counterTrack(5, 0, "c", 1, false);
        w.event(1, 999, BEGIN, "nowhere").event(2, 5, BEGIN, "on a counter").event(3, 0, BEGIN, "global");
        RecordingSink sink = read(w.toBytes());
        assertEquals(List.of("B A(,global,0) 3 global"), sink.events(), "track 0 is the trace-global track");
        assertEquals(Map.of("unknown_track", 1L, "bad_event", 1L), sink.warnings());
        assertEquals(List.of("t.json: byte 14: packet 2: an event on track 999, which no TrackDescriptor describes"
                + " (dropped)"), sink.diagnostics().warnings().get("unknown_track").examples(),
                "the place is the held event's own packet, not the end of the trace");
    }

    @Test
    void eventsBeforeTheirTracksDescriptorWaitForItInTheOrderTheyCame() {
        // Another sequence writes on thread 7's track before thread 7's own sequence describes it, as a
        // compositor may write on a renderer's main thread: held, then handed on in packet order.
        long counter = 30;
        PerfettoTraceWriter w = new PerfettoTraceWriter().threadTrack(THREAD, 1, 2, "main");
        w.event(10, 70, BEGIN, "Commit").event(11, THREAD, BEGIN, "other").event(12, 70, BEGIN, "inner")
                .event(13, 70, END, null);
        for (long delta : new long[] {4, 6}) {
            w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 14).varint(Proto.PACKET_SEQUENCE_ID, 1)
                    .message(Proto.PACKET_TRACK_EVENT, e -> e.varint(Proto.EVENT_TYPE, Proto.TYPE_COUNTER)
                            .varint(Proto.EVENT_TRACK_UUID, counter).sint(Proto.EVENT_COUNTER_VALUE, delta)));
        }
        w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, 15).message(Proto.PACKET_TRACK_EVENT, e -> e
                .varint(Proto.EVENT_TRACK_UUID, 70).string(Proto.EVENT_NAME, "load")
                .message(Proto.EVENT_LEGACY, l -> l.varint(Proto.LEGACY_PHASE, 'b')
                        .varint(Proto.LEGACY_LOCAL_ID, 0x2b).string(Proto.LEGACY_ID_SCOPE, "net"))));
        w.threadTrack(70, 1, 7, "CrRendererMain").counterTrack(counter, 70, "bytes", 2, true)
                .event(16, 70, END, null);
        RecordingSink sink = read(w.toBytes());
        assertEquals(List.of("B T(1,2) 11 other", "B T(1,7) 10 Commit", "B T(1,7) 12 inner", "E T(1,7) 13 (no name)",
                "B A(1,net,0x2b) 15 load", "E T(1,7) 16 (no name)"), sink.events());
        assertEquals(List.of("counter 1 bytes id tid 7 value 14 8.0", "counter 1 bytes id tid 7 value 14 20.0"),
                sink.calls().stream().filter(c -> c.startsWith("counter ")).toList(),
                "incremental values summed in the order read, once the track says they are deltas");
        assertEquals(Map.of(), sink.warnings());
    }

    @Test
    void everyClockSnapshotServesTheTimesAtAndAfterIt() {
        // Clock 65 counts microseconds on MONOTONIC; each snapshot pairs it anew, with another sub-microsecond
        // offset. A time is read through the snapshot of the largest value at or below it, even one written
        // before a later snapshot or after it.
        PerfettoTraceWriter w = new PerfettoTraceWriter().threadTrack(THREAD, 1, 2, null);
        long[][] snapshots = {{1_000, 1_000_250}, {2_000, 2_000_700}};
        for (long[] snap : snapshots) {
            w.packet(p -> p.varint(Proto.PACKET_SEQUENCE_ID, 3)
                    .varint(Proto.PACKET_SEQUENCE_FLAGS, Proto.SEQ_INCREMENTAL_STATE_CLEARED)
                    .message(Proto.PACKET_CLOCK_SNAPSHOT, s -> s
                            .message(Proto.SNAPSHOT_CLOCKS, c -> c.varint(Proto.CLOCK_ID, 3).varint(Proto.CLOCK_TIMESTAMP, snap[1]))
                            .message(Proto.SNAPSHOT_CLOCKS, c -> c.varint(Proto.CLOCK_ID, 65).varint(Proto.CLOCK_TIMESTAMP, snap[0])
                                    .varint(Proto.CLOCK_UNIT_MULTIPLIER_NS, 1000)))
                    .message(Proto.PACKET_DEFAULTS, d -> d.varint(Proto.DEFAULTS_TIMESTAMP_CLOCK_ID, 65)
                            .message(Proto.DEFAULTS_TRACK_EVENT, t -> t.varint(Proto.EVENT_DEFAULTS_TRACK_UUID, THREAD))));
            long[] times = snap[0] == 1_000 ? new long[] {1_500} : new long[] {1_800, 2_500, 900};
            for (long t : times) {
                w.packet(p -> p.varint(Proto.PACKET_TIMESTAMP, t).varint(Proto.PACKET_SEQUENCE_ID, 3)
                        .varint(Proto.PACKET_SEQUENCE_FLAGS, Proto.SEQ_NEEDS_INCREMENTAL_STATE)
                        .message(Proto.PACKET_TRACK_EVENT, e -> e.varint(Proto.EVENT_TYPE, BEGIN).string(Proto.EVENT_NAME, "t")));
            }
        }
        assertEquals(List.of("B T(1,2) 1500250 t", "B T(1,2) 1800250 t", "B T(1,2) 2500700 t",
                "B T(1,2) 900250 t"), read(w.toBytes()).events(), "900 us is before every snapshot: the first serves");
    }

    @Test
    void eventsOfATypeThatIsNoCallAreCountedByType() {
        PerfettoTraceWriter w = new PerfettoTraceWriter().threadTrack(THREAD, 1, 1, null);
        w.event(1, THREAD, 5, "state").event(2, THREAD, 5, "state").event(3, THREAD, 9, "future").event(4, THREAD, BEGIN, "a");
        RecordingSink sink = read(w.toBytes());
        assertEquals(List.of("B T(1,1) 4 a"), sink.events());
        assertEquals(Map.of("event_type_5", 2L, "event_type_9", 1L), sink.notes());
        assertEquals("2 state events (TYPE_STATE, a track's symbolic value: no call)",
                DiagnosticWords.of(PerfettoReader.KINDS).counted("event_type_5", 2));
        assertEquals("1 track event of type 9, which Perfetto's protos do not define (skipped)",
                DiagnosticWords.of(PerfettoReader.KINDS).counted("event_type_9", 1));
    }

    @Test
    void aCutTraceKeepsItsWholePacketsAndGarbageAfterThemIsAnError() {
        byte[] trace = new PerfettoTraceWriter().threadTrack(THREAD, 1, 1, null).event(1, THREAD, BEGIN, "a")
                .event(2, THREAD, END, null).toBytes();
        RecordingSink cut = read(java.util.Arrays.copyOf(trace, trace.length - 2));
        assertEquals(List.of("B T(1,1) 1 a"), cut.events());
        assertEquals(Map.of("truncated", 1L), cut.warnings());
        byte[] garbage = java.util.Arrays.copyOf(trace, trace.length + 3);
        garbage[trace.length] = 0x7f;
        BadInputException e = failure(garbage);
        assertEquals("t.json: byte " + trace.length + ": not a Perfetto trace: tag 0x7f (field 15, wire type 7) where"
                + " a TracePacket (tag 0x0a) belongs, after 3 packets", e.getMessage());
    }

    @Test
    void zeroBytesToTheEndAreACutAndZerosBeforeDataAnError() {
        byte[] trace = new PerfettoTraceWriter().threadTrack(THREAD, 1, 1, null).event(1, THREAD, BEGIN, "a").toBytes();
        RecordingSink zeros = read(java.util.Arrays.copyOf(trace, trace.length + 5000));
        assertEquals(List.of("B T(1,1) 1 a"), zeros.events());
        assertEquals("t.json: byte " + trace.length + ": the input ends in 5000 zero bytes (its writer died before its"
                + " data reached the disk?); the 2 complete packets before them are kept", zeros.firstExample("truncated"));
        byte[] thenData = java.util.Arrays.copyOf(trace, trace.length + 10);
        thenData[trace.length + 9] = 0x0a;
        assertEquals("t.json: byte " + (trace.length + 9) + ": not a Perfetto trace: 9 zero bytes from byte "
                + trace.length + " and then data, where a TracePacket (tag 0x0a) belongs", failure(thenData).getMessage());
    }
}
