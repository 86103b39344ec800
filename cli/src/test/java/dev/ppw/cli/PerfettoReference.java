package dev.ppw.cli;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import com.google.protobuf.UnknownFieldSet;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * A second reading of a Perfetto trace's slices, written apart from the {@code perfetto} reader to check it: the
 * packets are decoded as {@link DynamicMessage}s of Perfetto's own {@code TracePacket} type, from a descriptor set
 * protoc compiled from google/perfetto's {@code protos/perfetto/trace/trace.proto}
 * ({@code collectors/src/test/resources/perfetto/make-descriptors.sh}), so that no field number is shared with the
 * reader's {@code Proto}; the whole trace is held in memory; the slices of each track are sorted by time (packet
 * order on ties) and nested by the simplest rule (a begin opens, an end closes the innermost open slice, one with
 * nothing open is dropped, what is still open closes at the track's last begin or end). Tracks are resolved once
 * the whole trace is read, as Perfetto's trace processor resolves them after sorting, so a descriptor after its
 * track's events serves them too.
 *
 * <p>Times follow docs/SEMANTICS.md: a builtin clock's value as written; a sequence clock through the snapshot that
 * trace processor would pick for it, the one of the largest value at or below the packet's own among the snapshots
 * its sequence wrote so far (the first when the value is below them all), paired with the trace's primary clock
 * when that snapshot holds it, else its first builtin clock.
 *
 * <p>What it does not read it refuses ({@link UnsupportedOperationException}) rather than misreads: legacy
 * {@code X} events, the deprecated microsecond timestamps of a TrackEvent, a legacy ThreadDescriptor's tracks.
 */
final class PerfettoReference {
    /** One callpath row: {@code part} is thread or async, {@code path} the regions joined by {@code " => "}. */
    record Row(long calls, long subcalls, long inclusiveNanos) {
        Row plus(Row o) {
            return new Row(calls + o.calls, subcalls + o.subcalls, inclusiveNanos + o.inclusiveNanos);
        }
    }

    private static final String DESCRIPTORS = "perfetto-trace.desc.gz";
    private static final int FIRST_SEQUENCE_CLOCK = 64;
    private static final int LAST_SEQUENCE_CLOCK = 127;
    private static final int BOOTTIME = 6;

    private final Descriptor packetType;

    /** Slices read, by what became of them: {@code kept}, {@code unknown track}, {@code type 5}, ... */
    final Map<String, Long> counts = new TreeMap<>();

    private PerfettoReference(Descriptor packetType) {
        this.packetType = packetType;
    }

    /** The reference reading {@code descriptorFolder}'s descriptor set (the folder that holds it). */
    static PerfettoReference load(Path descriptorFolder) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(descriptorFolder.resolve(DESCRIPTORS)))) {
            FileDescriptorSet set = FileDescriptorSet.parseFrom(in);
            Map<String, FileDescriptor> built = new HashMap<>();
            Map<String, FileDescriptorProto> byName = new HashMap<>();
            for (FileDescriptorProto f : set.getFileList()) {
                byName.put(f.getName(), f);
            }
            for (FileDescriptorProto f : set.getFileList()) {
                build(f, byName, built);
            }
            return new PerfettoReference(built.get("protos/perfetto/trace/trace_packet.proto")
                    .findMessageTypeByName("TracePacket"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (DescriptorValidationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static FileDescriptor build(FileDescriptorProto f, Map<String, FileDescriptorProto> byName,
                                        Map<String, FileDescriptor> built) throws DescriptorValidationException {
        FileDescriptor done = built.get(f.getName());
        if (done != null) {
            return done;
        }
        List<FileDescriptor> deps = new ArrayList<>();
        for (String d : f.getDependencyList()) {
            deps.add(build(byName.get(d), byName, built));
        }
        FileDescriptor fd = FileDescriptor.buildFrom(f, deps.toArray(new FileDescriptor[0]));
        built.put(f.getName(), fd);
        return fd;
    }

    // ---- reading ----

    private record Snapshot(long sequenceClockNanos, long referenceNanos) {
    }

    private static final class SequenceClock {
        long unitNanos;
        boolean incremental;
        long lastNanos;
        final List<Snapshot> snapshots = new ArrayList<>();
    }

    private static final class SequenceState {
        boolean valid;
        final Map<Long, String> names = new HashMap<>();
        long defaultClock;
        Long defaultTrack;
        final Map<Long, SequenceClock> clocks = new HashMap<>();
    }

    private record Slice(String track, long tsNanos, boolean begin, String name, long order) {
    }

    /** A track event's track before descriptors are known: a uuid, or a key of its own (legacy async). */
    private record Pending(long uuid, String legacyKey, long tsNanos, boolean begin, String name, long order) {
    }

    private static final class TrackInfo {
        boolean thread;
        boolean counter;
        String pid;
        long parent = -1;
        boolean process;
    }

    private final Map<Long, SequenceState> sequences = new HashMap<>();
    private final Map<Long, TrackInfo> tracks = new HashMap<>();
    private final List<Pending> pending = new ArrayList<>();
    private long traceClock = -1;
    private long order;

    /** The callpath rows of {@code trace} (gzipped or not), keyed {@code part + "|" + path}. */
    Map<String, Row> callpaths(Path trace) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(trace))) {
            raw.mark(2);
            boolean gz = raw.read() == 0x1f && raw.read() == 0x8b;
            raw.reset();
            InputStream in = gz ? new GZIPInputStream(raw, 1 << 16) : raw;
            CodedInputStream stream = CodedInputStream.newInstance(in);
            stream.setSizeLimit(Integer.MAX_VALUE);
            while (!stream.isAtEnd()) {
                int tag = stream.readTag();
                if (tag != (1 << 3 | 2)) {
                    throw new IOException("not a packet: tag " + tag);
                }
                byte[] bytes = stream.readByteArray();
                stream.resetSizeCounter();
                packet(DynamicMessage.parseFrom(packetType, bytes));
            }
        }
        return fold();
    }

    private void packet(DynamicMessage p) {
        long seqId = longField(p, "trusted_packet_sequence_id", 0);
        SequenceState seq = sequences.computeIfAbsent(seqId, k -> new SequenceState());
        long flags = longField(p, "sequence_flags", 0);
        if (boolField(p, "incremental_state_cleared") || (flags & 1) != 0) {
            seq.valid = true;
            seq.names.clear();
            seq.defaultClock = 0;
            seq.defaultTrack = null;
        } else if (boolField(p, "previous_packet_dropped") && !boolField(p, "first_packet_on_sequence")) {
            seq.valid = false;
        }
        if ((flags & 2) != 0 && !seq.valid) {
            count("packet skipped: incremental state lost");
            return;
        }
        if (has(p, "thread_descriptor")) {
            throw new UnsupportedOperationException("legacy ThreadDescriptor packets");
        }
        if (has(p, "trace_packet_defaults")) {
            Message d = message(p, "trace_packet_defaults");
            seq.defaultClock = longField(d, "timestamp_clock_id", 0);
            if (has(d, "track_event_defaults") && has(message(d, "track_event_defaults"), "track_uuid")) {
                seq.defaultTrack = longField(message(d, "track_event_defaults"), "track_uuid", 0);
            }
        }
        if (has(p, "interned_data")) {
            for (Object o : list(message(p, "interned_data"), "event_names")) {
                Message n = (Message) o;
                seq.names.put(longField(n, "iid", 0), (String) n.getField(field(n, "name")));
            }
        }
        if (has(p, "clock_snapshot")) {
            snapshot(seq, message(p, "clock_snapshot"));
            return;
        }
        if (has(p, "track_descriptor")) {
            descriptor(message(p, "track_descriptor"));
        }
        // Trace processor converts the time of every timed packet, whatever it holds (Chromium times some track
        // descriptors in its incremental clock), so each one moves an incremental clock.
        Long ts = null;
        if (has(p, "timestamp")) {
            long clock = has(p, "timestamp_clock_id") ? longField(p, "timestamp_clock_id", 0) : seq.defaultClock;
            ts = time(seq, clock, longField(p, "timestamp", 0));
        }
        if (!has(p, "track_event")) {
            return;
        }
        Message e = message(p, "track_event");
        if (has(e, "timestamp_delta_us") || has(e, "timestamp_absolute_us")) {
            throw new UnsupportedOperationException("TrackEvent microsecond timestamps");
        }
        int type = eventType(e);
        String legacyKey = null;
        boolean begin;
        if (type == 1 || type == 2) {
            begin = type == 1;
        } else if (type == 0 && has(e, "legacy_event")) {
            Message legacy = message(e, "legacy_event");
            int phase = (int) longField(legacy, "phase", 0);
            if (phase == 'X') {
                throw new UnsupportedOperationException("legacy X events");
            }
            if (phase != 'B' && phase != 'E' && phase != 'b' && phase != 'e') {
                count("legacy phase " + (char) phase);
                return;
            }
            begin = phase == 'B' || phase == 'b';
            if (phase == 'b' || phase == 'e') {
                boolean global = has(legacy, "global_id");
                long id = has(legacy, "unscoped_id") ? longField(legacy, "unscoped_id", 0)
                        : has(legacy, "local_id") ? longField(legacy, "local_id", 0) : longField(legacy, "global_id", 0);
                String scope = has(legacy, "id_scope") ? (String) legacy.getField(field(legacy, "id_scope")) : "";
                legacyKey = "legacy " + (global ? "" : "pid-of:" + trackOf(e, seq)) + " " + scope + " " + id;
            }
        } else {
            count(type == 3 ? "instant" : type == 4 ? "counter" : "type " + type);
            return;
        }
        if (ts == null) {
            count("no time");
            return;
        }
        String name = name(e, seq);
        pending.add(new Pending(trackOf(e, seq), legacyKey, ts, begin, name, order++));
    }

    private static long trackOf(Message e, SequenceState seq) {
        if (has(e, "track_uuid")) {
            return longField(e, "track_uuid", 0);
        }
        return seq.defaultTrack != null ? seq.defaultTrack : 0;
    }

    /** TrackEvent.type, read from the unknown fields when the value is one the descriptor lacks. */
    private static int eventType(Message e) {
        FieldDescriptor f = field(e, "type");
        if (e.hasField(f)) {
            return ((EnumValueDescriptor) e.getField(f)).getNumber();
        }
        UnknownFieldSet.Field unknown = e.getUnknownFields().getField(f.getNumber());
        if (unknown != null && !unknown.getVarintList().isEmpty()) {
            return unknown.getVarintList().get(unknown.getVarintList().size() - 1).intValue();
        }
        return 0;
    }

    private String name(Message e, SequenceState seq) {
        String name = null;
        if (has(e, "name")) {
            name = (String) e.getField(field(e, "name"));
        } else if (has(e, "name_iid")) {
            name = seq.names.get(longField(e, "name_iid", 0));
        } else if (has(e, "legacy_event") && has(message(e, "legacy_event"), "name_iid")) {
            name = seq.names.get(longField(message(e, "legacy_event"), "name_iid", 0));
        }
        return name == null || name.isEmpty() ? "<unnamed>" : name;
    }

    private void snapshot(SequenceState seq, Message s) {
        List<long[]> clocks = new ArrayList<>();
        for (Object o : list(s, "clocks")) {
            Message c = (Message) o;
            clocks.add(new long[] {longField(c, "clock_id", 0), longField(c, "timestamp", 0),
                    longField(c, "unit_multiplier_ns", 1), boolField(c, "is_incremental") ? 1 : 0});
        }
        if (traceClock < 0) {
            traceClock = has(s, "primary_trace_clock")
                    ? ((EnumValueDescriptor) s.getField(field(s, "primary_trace_clock"))).getNumber() : BOOTTIME;
        }
        long[] reference = null;
        for (long[] c : clocks) {
            if (c[0] == traceClock) {
                reference = c;
            }
        }
        for (long[] c : clocks) {
            if (reference == null && c[0] > 0 && c[0] < FIRST_SEQUENCE_CLOCK) {
                reference = c;
            }
        }
        if (reference == null) {
            return;
        }
        for (long[] c : clocks) {
            if (c[0] < FIRST_SEQUENCE_CLOCK || c[0] > LAST_SEQUENCE_CLOCK) {
                continue;
            }
            SequenceClock clock = seq.clocks.computeIfAbsent(c[0], k -> new SequenceClock());
            clock.unitNanos = c[2];
            clock.incremental = c[3] != 0;
            clock.lastNanos = c[1] * c[2];
            clock.snapshots.add(new Snapshot(c[1] * c[2], reference[1]));
        }
    }

    private Long time(SequenceState seq, long clockId, long value) {
        if (clockId < FIRST_SEQUENCE_CLOCK) {
            return value;
        }
        SequenceClock clock = seq.clocks.get(clockId);
        if (clock == null) {
            return null;
        }
        long nanos = value * clock.unitNanos;
        if (clock.incremental) {
            clock.lastNanos += nanos;
            nanos = clock.lastNanos;
        }
        Snapshot chosen = null;
        for (Snapshot s : clock.snapshots) {
            if (s.sequenceClockNanos() <= nanos && (chosen == null || s.sequenceClockNanos() >= chosen.sequenceClockNanos())) {
                chosen = s;
            }
        }
        if (chosen == null) {
            chosen = clock.snapshots.stream().min(Comparator.comparingLong(Snapshot::sequenceClockNanos)).orElseThrow();
        }
        return nanos - chosen.sequenceClockNanos() + chosen.referenceNanos();
    }

    private void descriptor(Message d) {
        long uuid = longField(d, "uuid", 0);
        TrackInfo t = tracks.computeIfAbsent(uuid, k -> new TrackInfo());
        if (has(d, "parent_uuid") && longField(d, "parent_uuid", 0) != uuid) {
            t.parent = longField(d, "parent_uuid", 0);
        }
        if (has(d, "thread")) {
            Message th = message(d, "thread");
            t.thread = true;
            t.pid = longField(th, "pid", 0) + " " + longField(th, "tid", 0);
        } else if (has(d, "process")) {
            t.process = true;
            t.pid = Long.toString(longField(message(d, "process"), "pid", 0));
        } else if (has(d, "counter")) {
            t.counter = true;
        }
    }

    // ---- folding ----

    private Map<String, Row> fold() {
        Map<String, List<Slice>> byTrack = new HashMap<>();
        for (Pending e : pending) {
            String track;
            if (e.legacyKey() != null) {
                track = "async " + e.legacyKey();
            } else {
                TrackInfo t = tracks.get(e.uuid());
                if (t == null && e.uuid() != 0) {
                    count("unknown track");
                    continue;
                }
                if (t != null && t.counter) {
                    count("slice on a counter track");
                    continue;
                }
                track = t != null && t.thread ? "thread " + t.pid : "async " + e.uuid();
            }
            count("kept");
            byTrack.computeIfAbsent(track, k -> new ArrayList<>())
                    .add(new Slice(track, e.tsNanos(), e.begin(), e.name(), e.order()));
        }
        Map<String, Row> rows = new TreeMap<>();
        for (Map.Entry<String, List<Slice>> track : byTrack.entrySet()) {
            String part = track.getKey().startsWith("thread ") ? "thread" : "async";
            List<Slice> slices = track.getValue();
            slices.sort(Comparator.comparingLong(Slice::tsNanos).thenComparingLong(Slice::order));
            long last = slices.getLast().tsNanos();
            List<String> paths = new ArrayList<>();
            List<Long> starts = new ArrayList<>();
            for (Slice s : slices) {
                if (s.begin()) {
                    String path = paths.isEmpty() ? s.name() : paths.getLast() + " => " + s.name();
                    paths.add(path);
                    starts.add(s.tsNanos());
                } else if (!paths.isEmpty()) {
                    close(rows, part, paths, starts, s.tsNanos());
                }
            }
            while (!paths.isEmpty()) {
                close(rows, part, paths, starts, last);
            }
        }
        return rows;
    }

    private static void close(Map<String, Row> rows, String part, List<String> paths, List<Long> starts, long end) {
        String path = paths.removeLast();
        long start = starts.removeLast();
        rows.merge(part + "|" + path, new Row(1, 0, end - start), Row::plus);
        if (!paths.isEmpty()) {
            rows.merge(part + "|" + paths.getLast(), new Row(0, 1, 0), Row::plus);
        }
    }

    private void count(String what) {
        counts.merge(what, 1L, Long::sum);
    }

    // ---- DynamicMessage access by field name ----

    private static FieldDescriptor field(Message m, String name) {
        FieldDescriptor f = m.getDescriptorForType().findFieldByName(name);
        if (f == null) {
            throw new IllegalArgumentException(m.getDescriptorForType().getFullName() + " has no field " + name);
        }
        return f;
    }

    private static boolean has(Message m, String name) {
        return m.hasField(field(m, name));
    }

    private static Message message(Message m, String name) {
        return (Message) m.getField(field(m, name));
    }

    private static List<?> list(Message m, String name) {
        return (List<?>) m.getField(field(m, name));
    }

    private static boolean boolField(Message m, String name) {
        Object v = m.getField(field(m, name));
        return v instanceof Boolean b ? b : ((Number) v).longValue() != 0;
    }

    private static long longField(Message m, String name, long missing) {
        FieldDescriptor f = field(m, name);
        if (!m.hasField(f)) {
            return missing;
        }
        Object v = m.getField(f);
        return v instanceof EnumValueDescriptor e ? e.getNumber() : ((Number) v).longValue();
    }

    /** Prints the rows of a trace: {@code part|path calls subcalls inclusive_ns}, then the counts. */
    public static void main(String[] args) throws IOException {
        PerfettoReference reference = load(Path.of(args[0]));
        for (Map.Entry<String, Row> r : reference.callpaths(Path.of(args[1])).entrySet()) {
            System.out.println(r.getKey() + "\t" + r.getValue().calls() + "\t" + r.getValue().subcalls() + "\t"
                    + r.getValue().inclusiveNanos());
        }
        System.err.println(reference.counts);
    }
}
