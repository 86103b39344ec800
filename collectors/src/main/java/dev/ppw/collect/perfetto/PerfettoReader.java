package dev.ppw.collect.perfetto;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import dev.ppw.collect.chrome.PhaseNotes;
import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import org.eclipse.collections.api.map.primitive.MutableLongObjectMap;
import org.eclipse.collections.impl.list.mutable.primitive.DoubleArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.LongObjectHashMap;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipException;

/**
 * Reads one Perfetto trace, packet by packet, into a sink (what is read and how is {@link PerfettoFormat}'s
 * to say). The framing (tag and length of each packet) is read from the stream; a packet's bytes, bounded by
 * {@link #MAX_PACKET_BYTES}, are then walked field by field, since a writer may put the interned names a
 * TrackEvent uses after it in the same packet. Memory holds one packet, the tracks and the sequences' state.
 */
final class PerfettoReader {
    /** Warning: a packet that needs the incremental state its sequence lost (or never had), skipped. */
    static final DiagnosticKind LOST_INCREMENTAL_STATE = DiagnosticKind.warning("lost_incremental_state",
            "packet needing incremental state its sequence had lost (skipped)",
            "packets needing incremental state their sequence had lost (skipped)");
    /** Warning: an event on a track that no TrackDescriptor describes, dropped. */
    static final DiagnosticKind UNKNOWN_TRACK = DiagnosticKind.warning("unknown_track",
            "event on a track no descriptor describes (dropped)", "events on tracks no descriptor describes (dropped)");
    /** Warning: a packet timed in a clock its sequence never defined by a ClockSnapshot, its event dropped. */
    static final DiagnosticKind UNKNOWN_CLOCK = DiagnosticKind.warning("unknown_clock",
            "packet timed in a clock its sequence never defined (dropped)",
            "packets timed in clocks their sequence never defined (dropped)");
    /** Warning: an event name id its sequence never interned: the region is {@code <unnamed>}. */
    static final DiagnosticKind UNKNOWN_NAME = DiagnosticKind.warning("unknown_interned_name",
            "event name never interned on its sequence (read as <unnamed>)",
            "event names never interned on their sequence (read as <unnamed>)");
    /** Note: an instant event, which is not a call. */
    static final DiagnosticKind INSTANT_EVENT = DiagnosticKind.note("instant_event", "instant event (not a call)",
            "instant events (not calls)");
    /** Note: a track event with neither a type nor a legacy phase. */
    static final DiagnosticKind UNKNOWN_EVENT_TYPE = DiagnosticKind.note("unknown_event_type",
            "track event with neither a type nor a legacy phase (skipped)",
            "track events with neither a type nor a legacy phase (skipped)");
    /**
     * Notes counting track events by a type that is no call, one kind per type ({@code event_type_9}): a type
     * Perfetto's protos do not define (a newer writer's) is said by its number.
     */
    static final DiagnosticKind EVENT_TYPES = DiagnosticKind.note("event_type_" + DiagnosticKind.ANY,
            "track event of type " + DiagnosticKind.ANY + ", which Perfetto's protos do not define (skipped)",
            "track events of type " + DiagnosticKind.ANY + ", which Perfetto's protos do not define (skipped)");
    /** Note: a {@code TYPE_STATE} track event, a track's symbolic value rather than a call. */
    static final DiagnosticKind STATE_EVENT = DiagnosticKind.note(EVENT_TYPES.kind(Integer.toString(Proto.TYPE_STATE)),
            "state event (TYPE_STATE, a track's symbolic value: no call)",
            "state events (TYPE_STATE, a track's symbolic value: no call)");
    /** Its own kinds, and the notes of legacy events' phases, which are the Trace Event Format's. */
    static final List<DiagnosticKind> KINDS;

    static {
        List<DiagnosticKind> kinds = new ArrayList<>(List.of(LOST_INCREMENTAL_STATE, UNKNOWN_TRACK, UNKNOWN_CLOCK,
                UNKNOWN_NAME, INSTANT_EVENT, UNKNOWN_EVENT_TYPE, EVENT_TYPES, STATE_EVENT));
        kinds.addAll(PhaseNotes.KINDS);
        KINDS = List.copyOf(kinds);
    }

    /**
     * The largest packet read: Perfetto's writers cut their data into chunks far smaller (compressed packets stay
     * under 512 KiB), so a longer length is the mark of something that is no trace.
     */
    static final int MAX_PACKET_BYTES = 64 << 20;
    private static final String UNNAMED = "<unnamed>";
    private static final long NO_TIME = Long.MIN_VALUE;
    /** Field 1, length-delimited: the tag of every packet of a trace. */
    private static final int PACKET_TAG = Proto.TRACE_PACKET << 3 | WireFormat.WIRETYPE_LENGTH_DELIMITED;

    private final String input;
    private final EventSink sink;
    private final Diagnostics diagnostics;
    private final MutableLongObjectMap<Sequence> sequences = new LongObjectHashMap<>();
    private final MutableLongObjectMap<Track> tracks = new LongObjectHashMap<>();
    /** The trace's own clock: the first snapshot's primary trace clock, else the first builtin clock a snapshot pairs. */
    private int traceClockId = -1;

    /** Where the packet being read starts, in bytes of the content, and how many packets came before it. */
    private long packetOffset;
    private long packets;
    /** Where the messages say an event was: the packet being read, or a held event's while it is released. */
    private long placeOffset;
    private long placePacket;
    /**
     * Events held until their track is described (by uuid), and how many: at most {@link #MAX_HELD_EVENTS}, so that
     * a trace of events on tracks never described does not hold the whole trace.
     */
    private final MutableLongObjectMap<List<HeldEvent>> held = new LongObjectHashMap<>();
    private long heldCount;
    static final int MAX_HELD_EVENTS = 1 << 20;

    // The packet being read: its scalars and where its messages are in `packet`.
    private byte[] packet;
    private long timestamp;
    private boolean hasTimestamp;
    private int clockId;
    private boolean hasClockId;
    private long sequenceId;
    private int sequenceFlags;
    private boolean cleared;
    private boolean dropped;
    private boolean firstOnSequence;
    private final int[] at = new int[64];
    private final int[] length = new int[64];

    // The track event being read.
    private int type;
    private boolean hasType;
    private boolean hasTrackUuid;
    private long trackUuid;
    private boolean hasNameIid;
    private long nameIid;
    private String name;
    private boolean hasCounterValue;
    private long counterValue;
    private boolean hasDoubleCounterValue;
    private double doubleCounterValue;
    private boolean hasAbsoluteMicros;
    private long absoluteMicros;
    private boolean hasDeltaMicros;
    private long deltaMicros;
    private int legacyPhase;
    private boolean hasLegacyId;
    private long legacyId;
    private boolean legacyIdGlobal;
    private String legacyScope;
    private long legacyDurationMicros;
    private boolean hasLegacyDuration;
    private final LongArrayList extraCounterUuids = new LongArrayList();
    private final LongArrayList extraCounterValues = new LongArrayList();
    private final LongArrayList extraDoubleCounterUuids = new LongArrayList();
    private final DoubleArrayList extraDoubleCounterValues = new DoubleArrayList();
    private boolean hasExtraCounterUuids;
    private boolean hasExtraDoubleCounterUuids;

    PerfettoReader(String input, EventSink sink) {
        this.input = input;
        this.sink = sink;
        this.diagnostics = sink.diagnostics();
    }

    /** Reads every packet of {@code content}; a stream cut inside a packet keeps the packets before it. */
    void read(InputStream content) throws IOException {
        try {
            readPackets(content);
            dropHeld();
        } catch (ZipException e) {
            throw new BadInputException(input + ": byte " + packetOffset + ": corrupt gzip data: " + e.getMessage(), e);
        }
    }

    private void readPackets(InputStream content) throws IOException {
        EndWatch watched = new EndWatch(content);
        CodedInputStream in = CodedInputStream.newInstance(watched);
        while (true) {
            int tag;
            int size;
            try {
                if (in.isAtEnd()) {
                    return;
                }
                tag = in.readRawByte() & 0xff;
                if (tag == 0 && zerosToTheEnd(in)) {
                    return;
                }
                if (tag != PACKET_TAG) {
                    throw notAPacket(tag);
                }
                long announced = in.readUInt64();
                if (announced < 0 || announced > MAX_PACKET_BYTES) {
                    throw new BadInputException(input + ": byte " + packetOffset + ": packet " + (packets + 1)
                            + " announces " + Long.toUnsignedString(announced) + " bytes, more than the "
                            + (MAX_PACKET_BYTES >> 20) + " MiB a Perfetto packet may take: not a Perfetto trace,"
                            + " or a corrupt one");
                }
                size = (int) announced;
                packet = in.readRawBytes(size);
            } catch (InvalidProtocolBufferException | EOFException e) {
                if (watched.ended) {
                    diagnostics.warn(Diagnostics.TRUNCATED, input + ": byte " + packetOffset + ": the input ends"
                            + " inside the packet that starts here; the " + packets + " complete packets before it"
                            + " are kept");
                    return;
                }
                throw new BadInputException(input + ": byte " + packetOffset + ": not a Perfetto trace: "
                        + e.getMessage(), e);
            }
            long frameBytes = in.getTotalBytesRead();
            // The stream's own counter is an int: restart it at each packet and keep the offset here.
            in.resetSizeCounter();
            try {
                readPacket(size);
            } catch (InvalidProtocolBufferException | ArithmeticException e) {
                diagnostics.warn(Diagnostics.BAD_EVENT, input + ": byte " + packetOffset + ": packet " + (packets + 1)
                        + " is not a valid TracePacket (skipped): " + e.getMessage());
            }
            packets++;
            packetOffset += frameBytes;
        }
    }

    /**
     * Whether the input ends in zero bytes from here (the first already read): what a file system leaves when
     * the writer died before its data reached the disk. They are counted as a cut, as in a Chrome trace.
     */
    private boolean zerosToTheEnd(CodedInputStream in) throws IOException {
        long zeros = 1;
        while (!in.isAtEnd()) {
            if (in.readRawByte() != 0) {
                throw new BadInputException(input + ": byte " + (packetOffset + zeros) + ": not a Perfetto trace: "
                        + zeros + " zero bytes from byte " + packetOffset + " and then data, where a TracePacket"
                        + " (tag 0x0a) belongs");
            }
            zeros++;
            if ((zeros & 0xffff) == 0) {
                in.resetSizeCounter();
            }
        }
        diagnostics.warn(Diagnostics.TRUNCATED, input + ": byte " + packetOffset + ": the input ends in " + zeros
                + " zero bytes (its writer died before its data reached the disk?); the " + packets
                + " complete packets before them are kept");
        return true;
    }

    /** Packets read so far. */
    long packets() {
        return packets;
    }

    private BadInputException notAPacket(int tag) {
        return new BadInputException(input + ": byte " + packetOffset + ": not a Perfetto trace: tag 0x"
                + Integer.toHexString(tag) + " (field " + WireFormat.getTagFieldNumber(tag) + ", wire type "
                + WireFormat.getTagWireType(tag) + ") where a TracePacket (tag 0x0a) belongs"
                + (packets == 0 ? "" : ", after " + packets + (packets == 1 ? " packet" : " packets")));
    }

    private void readPacket(int size) throws IOException {
        placeOffset = packetOffset;
        placePacket = packets + 1;
        hasTimestamp = false;
        hasClockId = false;
        sequenceId = 0;
        sequenceFlags = 0;
        cleared = false;
        dropped = false;
        firstOnSequence = false;
        java.util.Arrays.fill(length, -1);
        CodedInputStream p = CodedInputStream.newInstance(packet, 0, size);
        while (true) {
            int tag = p.readTag();
            if (tag == 0) {
                break;
            }
            int field = WireFormat.getTagFieldNumber(tag);
            switch (field) {
                case Proto.PACKET_TIMESTAMP -> {
                    timestamp = p.readUInt64();
                    hasTimestamp = true;
                }
                case Proto.PACKET_TIMESTAMP_CLOCK_ID -> {
                    clockId = p.readUInt32();
                    hasClockId = true;
                }
                case Proto.PACKET_SEQUENCE_ID -> sequenceId = p.readUInt32() & 0xffffffffL;
                case Proto.PACKET_SEQUENCE_FLAGS -> sequenceFlags = p.readUInt32();
                case Proto.PACKET_INCREMENTAL_STATE_CLEARED -> cleared = p.readBool();
                case Proto.PACKET_PREVIOUS_PACKET_DROPPED -> dropped = p.readUInt64() != 0;
                case Proto.PACKET_FIRST_ON_SEQUENCE -> firstOnSequence = p.readBool();
                case Proto.PACKET_CLOCK_SNAPSHOT, Proto.PACKET_TRACK_EVENT, Proto.PACKET_INTERNED_DATA,
                     Proto.PACKET_PROCESS_DESCRIPTOR, Proto.PACKET_THREAD_DESCRIPTOR, Proto.PACKET_DEFAULTS,
                     Proto.PACKET_TRACK_DESCRIPTOR -> {
                    if (WireFormat.getTagWireType(tag) != WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                        throw new InvalidProtocolBufferException("field " + field + " is not a message");
                    }
                    int n = p.readRawVarint32();
                    if (n < 0 || n > p.getBytesUntilLimit()) {
                        throw new InvalidProtocolBufferException("a message longer than what holds it");
                    }
                    at[slot(field)] = p.getTotalBytesRead();
                    length[slot(field)] = n;
                    p.skipRawBytes(n);
                }
                default -> p.skipField(tag);
            }
        }
        Sequence seq = sequences.get(sequenceId);
        if (seq == null) {
            seq = new Sequence();
            sequences.put(sequenceId, seq);
        }
        if (cleared || (sequenceFlags & Proto.SEQ_INCREMENTAL_STATE_CLEARED) != 0) {
            seq.clearIncrementalState();
        } else if (dropped && !firstOnSequence) {
            seq.valid = false;
        }
        if ((sequenceFlags & Proto.SEQ_NEEDS_INCREMENTAL_STATE) != 0 && !seq.valid) {
            diagnostics.warn(LOST_INCREMENTAL_STATE, input + ": byte " + packetOffset + ": packet "
                    + (packets + 1) + " of sequence " + sequenceId + " needs incremental state the sequence lost"
                    + " (or never had): skipped until the writer clears its state");
            return;
        }
        if (has(Proto.PACKET_DEFAULTS)) {
            readDefaults(seq, message(Proto.PACKET_DEFAULTS));
        }
        if (has(Proto.PACKET_INTERNED_DATA)) {
            readInternedData(seq, message(Proto.PACKET_INTERNED_DATA));
        }
        if (has(Proto.PACKET_CLOCK_SNAPSHOT)) {
            readClockSnapshot(seq, message(Proto.PACKET_CLOCK_SNAPSHOT));
        }
        if (has(Proto.PACKET_TRACK_DESCRIPTOR)) {
            readTrackDescriptor(message(Proto.PACKET_TRACK_DESCRIPTOR));
        }
        if (has(Proto.PACKET_PROCESS_DESCRIPTOR)) {
            readLegacyProcess(message(Proto.PACKET_PROCESS_DESCRIPTOR));
        }
        if (has(Proto.PACKET_THREAD_DESCRIPTOR)) {
            readLegacyThread(seq, message(Proto.PACKET_THREAD_DESCRIPTOR));
        }
        long tsNanos = NO_TIME;
        if (hasTimestamp && !has(Proto.PACKET_CLOCK_SNAPSHOT)) {
            // Every timed packet moves an incremental clock, whether or not its event is kept.
            tsNanos = traceTime(seq, hasClockId ? clockId : seq.defaultClockId, timestamp);
        }
        if (has(Proto.PACKET_TRACK_EVENT)) {
            readTrackEvent(seq, message(Proto.PACKET_TRACK_EVENT), tsNanos);
        }
    }

    /** A slot per message field of the packet: the field numbers are small, and distinct modulo 64. */
    private static int slot(int field) {
        return field & 63;
    }

    private boolean has(int field) {
        return length[slot(field)] >= 0;
    }

    private CodedInputStream message(int field) {
        return CodedInputStream.newInstance(packet, at[slot(field)], length[slot(field)]);
    }

    private CodedInputStream nested(CodedInputStream in) throws IOException {
        int n = in.readRawVarint32();
        if (n < 0 || n > in.getBytesUntilLimit()) {
            throw new InvalidProtocolBufferException("a message longer than what holds it");
        }
        byte[] bytes = in.readRawBytes(n);
        return CodedInputStream.newInstance(bytes);
    }

    private void readDefaults(Sequence seq, CodedInputStream in) throws IOException {
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Proto.DEFAULTS_TIMESTAMP_CLOCK_ID -> seq.defaultClockId = in.readUInt32();
                case Proto.DEFAULTS_TRACK_EVENT -> {
                    CodedInputStream d = nested(in);
                    LongArrayList counters = new LongArrayList();
                    LongArrayList doubles = new LongArrayList();
                    for (int t = d.readTag(); t != 0; t = d.readTag()) {
                        switch (WireFormat.getTagFieldNumber(t)) {
                            case Proto.EVENT_DEFAULTS_TRACK_UUID -> {
                                seq.hasDefaultTrack = true;
                                seq.defaultTrackUuid = d.readUInt64();
                            }
                            case Proto.EVENT_DEFAULTS_EXTRA_COUNTER_UUIDS -> readLongs(d, t, counters);
                            case Proto.EVENT_DEFAULTS_EXTRA_DOUBLE_COUNTER_UUIDS -> readLongs(d, t, doubles);
                            default -> d.skipField(t);
                        }
                    }
                    seq.defaultExtraCounterUuids = counters.toArray();
                    seq.defaultExtraDoubleCounterUuids = doubles.toArray();
                }
                default -> in.skipField(tag);
            }
        }
    }

    /** A repeated varint field, packed or not. */
    private static void readLongs(CodedInputStream in, int tag, LongArrayList into) throws IOException {
        if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
            int limit = in.pushLimit(in.readRawVarint32());
            while (in.getBytesUntilLimit() > 0) {
                into.add(in.readRawVarint64());
            }
            in.popLimit(limit);
        } else {
            into.add(in.readRawVarint64());
        }
    }

    /** A repeated double field, packed or not. */
    private static void readDoubles(CodedInputStream in, int tag, DoubleArrayList into) throws IOException {
        if (WireFormat.getTagWireType(tag) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
            int limit = in.pushLimit(in.readRawVarint32());
            while (in.getBytesUntilLimit() > 0) {
                into.add(in.readDouble());
            }
            in.popLimit(limit);
        } else {
            into.add(in.readDouble());
        }
    }

    private void readInternedData(Sequence seq, CodedInputStream in) throws IOException {
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (WireFormat.getTagFieldNumber(tag) != Proto.INTERNED_EVENT_NAMES) {
                in.skipField(tag);
                continue;
            }
            CodedInputStream e = nested(in);
            long iid = 0;
            String text = "";
            for (int t = e.readTag(); t != 0; t = e.readTag()) {
                switch (WireFormat.getTagFieldNumber(t)) {
                    case Proto.EVENT_NAME_ENTRY_IID -> iid = e.readUInt64();
                    case Proto.EVENT_NAME_ENTRY_NAME -> text = e.readStringRequireUtf8();
                    default -> e.skipField(t);
                }
            }
            seq.names.put(iid, new Sequence.Name(text));
        }
    }

    /**
     * A ClockSnapshot: each sequence clock it holds gains a snapshot tied to the builtin clock it is read in (the
     * trace's own clock when the snapshot holds it, else the snapshot's first builtin clock). Builtin clocks are
     * never converted into one another.
     */
    private void readClockSnapshot(Sequence seq, CodedInputStream in) throws IOException {
        LongArrayList ids = new LongArrayList();
        LongArrayList values = new LongArrayList();
        LongArrayList units = new LongArrayList();
        LongArrayList incremental = new LongArrayList();
        int primary = -1;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Proto.SNAPSHOT_PRIMARY_TRACE_CLOCK -> primary = in.readUInt32();
                case Proto.SNAPSHOT_CLOCKS -> {
                    CodedInputStream c = nested(in);
                    long id = 0;
                    long value = 0;
                    long unit = 1;
                    boolean inc = false;
                    for (int t = c.readTag(); t != 0; t = c.readTag()) {
                        switch (WireFormat.getTagFieldNumber(t)) {
                            case Proto.CLOCK_ID -> id = c.readUInt32() & 0xffffffffL;
                            case Proto.CLOCK_TIMESTAMP -> value = c.readUInt64();
                            case Proto.CLOCK_IS_INCREMENTAL -> inc = c.readBool();
                            case Proto.CLOCK_UNIT_MULTIPLIER_NS -> unit = c.readUInt64();
                            default -> c.skipField(t);
                        }
                    }
                    ids.add(id);
                    values.add(value);
                    units.add(unit);
                    incremental.add(inc ? 1 : 0);
                }
                default -> in.skipField(tag);
            }
        }
        if (traceClockId < 0 && primary > 0) {
            traceClockId = primary;
        }
        int reference = -1;
        for (int i = 0; i < ids.size(); i++) {
            long id = ids.get(i);
            if (id > 0 && id < Proto.FIRST_SEQUENCE_CLOCK && (reference < 0 || id == traceClockId)) {
                if (reference < 0 || ids.get(reference) != traceClockId) {
                    reference = i;
                }
            }
        }
        if (reference < 0) {
            return;
        }
        if (traceClockId < 0) {
            traceClockId = (int) ids.get(reference);
        }
        long referenceNanos = values.get(reference);
        for (int i = 0; i < ids.size(); i++) {
            long id = ids.get(i);
            if (id < Proto.FIRST_SEQUENCE_CLOCK || id > Proto.LAST_SEQUENCE_CLOCK || values.get(i) < 0
                    || units.get(i) <= 0 || referenceNanos < 0) {
                continue;
            }
            int slot = (int) id - Proto.FIRST_SEQUENCE_CLOCK;
            Sequence.Clock clock = seq.clocks[slot];
            if (clock == null) {
                clock = new Sequence.Clock();
                seq.clocks[slot] = clock;
            }
            clock.unitNanos = units.get(i);
            clock.incremental = incremental.get(i) != 0;
            long clockNanos = Math.multiplyExact(values.get(i), clock.unitNanos);
            // An incremental clock counts on from its latest snapshot, whatever the order of the values.
            clock.lastNanos = clockNanos;
            clock.addSnapshot(clockNanos, referenceNanos);
        }
    }

    /**
     * A packet's time in the trace's clock, or {@link #NO_TIME} (counted) when its clock is not defined on its
     * sequence or the time is out of range.
     */
    private long traceTime(Sequence seq, int packetClockId, long value) {
        if (value < 0) {
            diagnostics.warn(Diagnostics.MISSING_TS, where() + "timestamp " + Long.toUnsignedString(value)
                    + " is out of range (its events are dropped)");
            return NO_TIME;
        }
        if (packetClockId < Proto.FIRST_SEQUENCE_CLOCK && packetClockId >= 0) {
            return value;
        }
        // A clock id is a uint32: read as an int, ids of 2^31 and more are negative, and no sequence defines them.
        Sequence.Clock clock = packetClockId >= Proto.FIRST_SEQUENCE_CLOCK && packetClockId <= Proto.LAST_SEQUENCE_CLOCK
                ? seq.clocks[packetClockId - Proto.FIRST_SEQUENCE_CLOCK] : null;
        if (clock == null) {
            diagnostics.warn(UNKNOWN_CLOCK, where() + "timed in clock "
                    + Integer.toUnsignedString(packetClockId) + ", which no clock snapshot of sequence "
                    + sequenceId + " defined (its events are dropped)");
            return NO_TIME;
        }
        try {
            long nanos = Math.multiplyExact(value, clock.unitNanos);
            if (clock.incremental) {
                nanos = Math.addExact(clock.lastNanos, nanos);
                clock.lastNanos = nanos;
            }
            int at = clock.snapshotFor(nanos);
            long t = Math.addExact(clock.referenceNanos.get(at),
                    Math.subtractExact(nanos, clock.snapshotNanos.get(at)));
            if (t < 0) {
                throw new ArithmeticException("negative");
            }
            return t;
        } catch (ArithmeticException e) {
            diagnostics.warn(Diagnostics.MISSING_TS, where() + "timestamp " + value + " in clock " + packetClockId
                    + " is out of range (its events are dropped)");
            return NO_TIME;
        }
    }

    private String where() {
        return input + ": byte " + placeOffset + ": packet " + placePacket + ": ";
    }

    private Track track(long uuid) {
        Track t = tracks.get(uuid);
        if (t == null) {
            t = new Track(uuid);
            tracks.put(uuid, t);
        }
        return t;
    }

    private void readTrackDescriptor(CodedInputStream in) throws IOException {
        long uuid = 0;
        boolean hasParent = false;
        long parent = 0;
        String trackName = null;
        String staticName = null;
        String[] process = null;
        String[] thread = null;
        long[] counter = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Proto.TRACK_UUID -> uuid = in.readUInt64();
                case Proto.TRACK_PARENT_UUID -> {
                    hasParent = true;
                    parent = in.readUInt64();
                }
                case Proto.TRACK_NAME -> trackName = in.readStringRequireUtf8();
                case Proto.TRACK_STATIC_NAME -> staticName = in.readStringRequireUtf8();
                case Proto.TRACK_PROCESS -> process = readProcess(nested(in));
                case Proto.TRACK_THREAD -> thread = readThread(nested(in));
                case Proto.TRACK_COUNTER -> counter = readCounter(nested(in));
                default -> in.skipField(tag);
            }
        }
        Track t = track(uuid);
        if (hasParent && parent != uuid) {
            t.hasParent = true;
            t.parentUuid = parent;
        }
        String named = trackName != null && !trackName.isEmpty() ? trackName : staticName;
        if (named != null && !named.isEmpty()) {
            t.name = named;
        }
        if (thread != null) {
            t.kind = Track.Kind.THREAD;
            t.pid = thread[0];
            t.tid = thread[1];
            String threadName = !thread[2].isEmpty() ? thread[2] : t.name;
            if (!threadName.isEmpty()) {
                sink.threadName(t.pid, t.tid, threadName);
            }
        } else if (process != null) {
            t.kind = Track.Kind.PROCESS;
            t.pid = process[0];
            String processName = !process[1].isEmpty() ? process[1] : t.name;
            if (!processName.isEmpty()) {
                sink.processName(t.pid, processName);
            }
        } else if (counter != null) {
            t.kind = Track.Kind.COUNTER;
            t.counterUnit = counter[0] == 0 ? 1 : counter[0];
            t.counterIncremental = counter[1] != 0;
        }
        release(uuid);
    }

    /** {pid, name} of a ProcessDescriptor. */
    private static String[] readProcess(CodedInputStream in) throws IOException {
        String[] p = {"", ""};
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Proto.PROCESS_PID -> p[0] = Integer.toString(in.readInt32());
                case Proto.PROCESS_NAME -> p[1] = in.readStringRequireUtf8();
                default -> in.skipField(tag);
            }
        }
        return p;
    }

    /** {pid, tid, name, reference microseconds} of a ThreadDescriptor. */
    private static String[] readThread(CodedInputStream in) throws IOException {
        String[] t = {"", "", "", ""};
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Proto.THREAD_PID -> t[0] = Integer.toString(in.readInt32());
                case Proto.THREAD_TID -> t[1] = Integer.toString(in.readInt32());
                case Proto.THREAD_NAME -> t[2] = in.readStringRequireUtf8();
                case Proto.THREAD_REFERENCE_TIMESTAMP_US -> t[3] = Long.toString(in.readInt64());
                default -> in.skipField(tag);
            }
        }
        return t;
    }

    /** {unit multiplier, is incremental} of a CounterDescriptor. */
    private static long[] readCounter(CodedInputStream in) throws IOException {
        long[] c = {1, 0};
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Proto.COUNTER_UNIT_MULTIPLIER -> c[0] = in.readInt64();
                case Proto.COUNTER_IS_INCREMENTAL -> c[1] = in.readBool() ? 1 : 0;
                default -> in.skipField(tag);
            }
        }
        return c;
    }

    private void readLegacyProcess(CodedInputStream in) throws IOException {
        String[] p = readProcess(in);
        if (!p[1].isEmpty()) {
            sink.processName(p[0], p[1]);
        }
    }

    private void readLegacyThread(Sequence seq, CodedInputStream in) throws IOException {
        String[] t = readThread(in);
        seq.hasThread = true;
        seq.threadPid = t[0];
        seq.threadTid = t[1];
        seq.referenceMicros = t[3].isEmpty() ? 0 : Long.parseLong(t[3]);
        if (!t[2].isEmpty()) {
            sink.threadName(t[0], t[1], t[2]);
        }
    }

    private void readTrackEvent(Sequence seq, CodedInputStream in, long packetNanos) throws IOException {
        hasType = false;
        hasTrackUuid = false;
        hasNameIid = false;
        name = null;
        hasCounterValue = false;
        hasDoubleCounterValue = false;
        hasAbsoluteMicros = false;
        hasDeltaMicros = false;
        legacyPhase = 0;
        hasLegacyId = false;
        legacyIdGlobal = false;
        legacyScope = "";
        hasLegacyDuration = false;
        hasExtraCounterUuids = false;
        hasExtraDoubleCounterUuids = false;
        extraCounterUuids.clear();
        extraCounterValues.clear();
        extraDoubleCounterUuids.clear();
        extraDoubleCounterValues.clear();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Proto.EVENT_TYPE -> {
                    type = in.readEnum();
                    hasType = true;
                }
                case Proto.EVENT_TRACK_UUID -> {
                    trackUuid = in.readUInt64();
                    hasTrackUuid = true;
                }
                case Proto.EVENT_NAME_IID -> {
                    nameIid = in.readUInt64();
                    hasNameIid = true;
                    name = null;
                }
                case Proto.EVENT_NAME -> {
                    name = in.readStringRequireUtf8();
                    hasNameIid = false;
                }
                case Proto.EVENT_COUNTER_VALUE -> {
                    counterValue = in.readInt64();
                    hasCounterValue = true;
                    hasDoubleCounterValue = false;
                }
                case Proto.EVENT_DOUBLE_COUNTER_VALUE -> {
                    doubleCounterValue = in.readDouble();
                    hasDoubleCounterValue = true;
                    hasCounterValue = false;
                }
                case Proto.EVENT_EXTRA_COUNTER_UUIDS -> {
                    hasExtraCounterUuids = true;
                    readLongs(in, tag, extraCounterUuids);
                }
                case Proto.EVENT_EXTRA_COUNTER_VALUES -> readLongs(in, tag, extraCounterValues);
                case Proto.EVENT_EXTRA_DOUBLE_COUNTER_UUIDS -> {
                    hasExtraDoubleCounterUuids = true;
                    readLongs(in, tag, extraDoubleCounterUuids);
                }
                case Proto.EVENT_EXTRA_DOUBLE_COUNTER_VALUES -> readDoubles(in, tag, extraDoubleCounterValues);
                case Proto.EVENT_TIMESTAMP_ABSOLUTE_US -> {
                    absoluteMicros = in.readInt64();
                    hasAbsoluteMicros = true;
                    hasDeltaMicros = false;
                }
                case Proto.EVENT_TIMESTAMP_DELTA_US -> {
                    deltaMicros = in.readInt64();
                    hasDeltaMicros = true;
                    hasAbsoluteMicros = false;
                }
                case Proto.EVENT_LEGACY -> readLegacy(nested(in));
                default -> in.skipField(tag);
            }
        }
        long tsNanos = packetNanos;
        if (hasDeltaMicros) {
            // Deltas add up from the sequence's ThreadDescriptor even when this event is dropped.
            seq.referenceMicros = Math.addExact(seq.referenceMicros, deltaMicros);
            tsNanos = Math.multiplyExact(seq.referenceMicros, 1000L);
        } else if (hasAbsoluteMicros) {
            tsNanos = Math.multiplyExact(absoluteMicros, 1000L);
        } else if (!hasTimestamp) {
            diagnostics.warn(Diagnostics.MISSING_TS, where() + "a track event without a timestamp (dropped)");
            return;
        }
        if (tsNanos == NO_TIME) {
            return;
        }
        if (tsNanos < 0) {
            diagnostics.warn(Diagnostics.MISSING_TS, where() + "a track event before time 0 (dropped)");
            return;
        }
        readExtraCounters(seq, tsNanos);
        int kind = hasType ? type : 0;
        if (!hasType || type == 0) {
            if (legacyPhase == 0) {
                diagnostics.note(UNKNOWN_EVENT_TYPE, where() + "a track event of no type");
                return;
            }
            readLegacyEvent(seq, tsNanos);
            return;
        }
        switch (kind) {
            case Proto.TYPE_SLICE_BEGIN -> slice(HeldEvent.Kind.BEGIN, seq, tsNanos, 0);
            case Proto.TYPE_SLICE_END -> slice(HeldEvent.Kind.END, seq, tsNanos, 0);
            case Proto.TYPE_INSTANT -> slice(HeldEvent.Kind.INSTANT, seq, tsNanos, 0);
            case Proto.TYPE_COUNTER -> counter(seq, tsNanos);
            // TYPE_STATE (5) and whatever a newer writer defines: counted by type, no call.
            default -> diagnostics.note(EVENT_TYPES.kind(Integer.toUnsignedString(kind)),
                    where() + "a track event of type " + Integer.toUnsignedString(kind));
        }
    }

    private void readLegacy(CodedInputStream in) throws IOException {
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (WireFormat.getTagFieldNumber(tag)) {
                case Proto.LEGACY_NAME_IID -> {
                    if (name == null && !hasNameIid) {
                        nameIid = in.readUInt64();
                        hasNameIid = true;
                    } else {
                        in.readUInt64();
                    }
                }
                case Proto.LEGACY_PHASE -> legacyPhase = in.readInt32();
                case Proto.LEGACY_UNSCOPED_ID, Proto.LEGACY_LOCAL_ID, Proto.LEGACY_GLOBAL_ID -> {
                    legacyIdGlobal = WireFormat.getTagFieldNumber(tag) == Proto.LEGACY_GLOBAL_ID;
                    legacyId = in.readUInt64();
                    hasLegacyId = true;
                }
                case Proto.LEGACY_ID_SCOPE -> legacyScope = in.readStringRequireUtf8();
                case Proto.LEGACY_DURATION_US -> {
                    legacyDurationMicros = in.readInt64();
                    hasLegacyDuration = true;
                }
                default -> in.skipField(tag);
            }
        }
    }

    /** A legacy event: Chrome JSON's B, E and X phases are calls, every other phase is counted as in JSON. */
    private void readLegacyEvent(Sequence seq, long tsNanos) {
        switch (legacyPhase) {
            case 'B' -> slice(HeldEvent.Kind.BEGIN, seq, tsNanos, 0);
            case 'E' -> slice(HeldEvent.Kind.END, seq, tsNanos, 0);
            case 'X' -> {
                if (legacyDurationMicros < 0 || legacyDurationMicros > Long.MAX_VALUE / 1000) {
                    diagnostics.warn(Diagnostics.BAD_DURATION, where() + "a legacy X event lasting "
                            + legacyDurationMicros + " us (dropped)");
                    return;
                }
                slice(HeldEvent.Kind.COMPLETE, seq, tsNanos, hasLegacyDuration ? legacyDurationMicros * 1000 : 0);
            }
            case 'b', 'e' -> legacyAsync(seq, tsNanos);
            default -> diagnostics.note(PhaseNotes.kind(legacyPhase > ' ' && legacyPhase < 0x7f
                    ? String.valueOf((char) legacyPhase) : Integer.toString(legacyPhase)));
        }
    }

    /**
     * A legacy {@code b} or {@code e}: Chrome JSON's nestable async track (pid, cat, id). A global id belongs to no
     * process; a local one to the process of the event's track, which waits for its descriptor like any event. The
     * id's scope stands where JSON has the category, which the reader does not keep.
     */
    private void legacyAsync(Sequence seq, long tsNanos) {
        if (!hasLegacyId) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where() + "a legacy async '" + (char) legacyPhase
                    + "' event without an id (dropped)");
            return;
        }
        boolean begin = legacyPhase == 'b';
        String id = "0x" + Long.toHexString(legacyId);
        boolean byUuid = hasTrackUuid || seq.hasDefaultTrack;
        long uuid = hasTrackUuid ? trackUuid : seq.defaultTrackUuid;
        int nameId = begin ? frame(seq) : region(seq);
        if (!legacyIdGlobal && byUuid && uuid != 0 && !tracks.containsKey(uuid)) {
            HeldEvent held = held(begin ? HeldEvent.Kind.ASYNC_BEGIN : HeldEvent.Kind.ASYNC_END, uuid, tsNanos, seq);
            held.nameId = nameId;
            held.scope = legacyScope;
            held.asyncId = id;
            hold(held);
            return;
        }
        String pid = legacyIdGlobal ? "" : byUuid ? pidOf(uuid) : seq.hasThread ? seq.threadPid : "";
        async(begin, pid, legacyScope, id, tsNanos, nameId);
    }

    private void async(boolean begin, String pid, String scope, String id, long tsNanos, int nameId) {
        int track = sink.asyncTrack(pid, scope, id);
        if (begin) {
            sink.begin(track, tsNanos, nameId);
        } else {
            sink.end(track, tsNanos, nameId);
        }
    }

    private String pidOf(long uuid) {
        Track t = tracks.get(uuid);
        return t == null ? "" : pid(t);
    }

    /** The event's name as a frame: {@code <unnamed>} when it has none or names an iid its sequence lacks. */
    private int frame(Sequence seq) {
        if (name != null) {
            return sink.frames().intern(name.isEmpty() ? UNNAMED : name);
        }
        Sequence.Name n = interned(seq);
        if (n == null) {
            return sink.frames().intern(UNNAMED);
        }
        if (n.frameId < 0) {
            n.frameId = sink.frames().intern(n.text.isEmpty() ? UNNAMED : n.text);
        }
        return n.frameId;
    }

    /** The end's name as a region id, or {@link EventSink#NO_NAME} when it has none. */
    private int region(Sequence seq) {
        if (name != null) {
            return name.isEmpty() ? EventSink.NO_NAME : sink.frames().names().intern(name);
        }
        Sequence.Name n = interned(seq);
        if (n == null || n.text.isEmpty()) {
            return EventSink.NO_NAME;
        }
        if (n.regionId < 0) {
            n.regionId = sink.frames().names().intern(n.text);
        }
        return n.regionId;
    }

    private Sequence.Name interned(Sequence seq) {
        if (!hasNameIid) {
            return null;
        }
        Sequence.Name n = seq.names.get(nameIid);
        if (n == null) {
            diagnostics.warn(UNKNOWN_NAME, where() + "event name " + Long.toUnsignedString(nameIid)
                    + " is not interned on sequence " + sequenceId + " (read as " + UNNAMED + ")");
        }
        return n;
    }

    /**
     * A slice event (begin, end, complete or instant) on its track: the event's own, else its sequence's default,
     * else the legacy ThreadDescriptor's thread, else the trace-global track 0. A track no descriptor has described
     * yet holds the event until one does.
     */
    private void slice(HeldEvent.Kind kind, Sequence seq, long tsNanos, long durNanos) {
        long uuid;
        if (hasTrackUuid) {
            uuid = trackUuid;
        } else if (seq.hasDefaultTrack) {
            uuid = seq.defaultTrackUuid;
        } else if (seq.hasThread) {
            emit(kind, sink.thread(seq.threadPid, seq.threadTid), tsNanos, durNanos, nameId(kind, seq));
            return;
        } else {
            uuid = 0;
        }
        int nameId = nameId(kind, seq);
        if (uuid != 0 && !tracks.containsKey(uuid)) {
            HeldEvent held = held(kind, uuid, tsNanos, seq);
            held.nameId = nameId;
            held.durNanos = durNanos;
            hold(held);
            return;
        }
        int track = sliceTrack(uuid);
        if (track >= 0) {
            emit(kind, track, tsNanos, durNanos, nameId);
        }
    }

    private int nameId(HeldEvent.Kind kind, Sequence seq) {
        return switch (kind) {
            case BEGIN, COMPLETE -> frame(seq);
            case END -> region(seq);
            default -> EventSink.NO_NAME;
        };
    }

    private void emit(HeldEvent.Kind kind, int track, long tsNanos, long durNanos, int nameId) {
        switch (kind) {
            case BEGIN -> sink.begin(track, tsNanos, nameId);
            case END -> sink.end(track, tsNanos, nameId);
            case COMPLETE -> sink.complete(track, tsNanos, durNanos, nameId);
            default -> diagnostics.note(INSTANT_EVENT);
        }
    }

    /**
     * The sink track of a described track (or of the trace-global track 0, described or not), or -1 (counted) for
     * a counter track.
     */
    private int sliceTrack(long uuid) {
        Track t = tracks.get(uuid);
        if (t == null) {
            t = track(0);
            t.name = "global";
        }
        if (t.kind == Track.Kind.COUNTER) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where() + "a slice event on counter track "
                    + Long.toUnsignedString(uuid) + " (dropped)");
            return -1;
        }
        if (t.sinkTrack < 0) {
            t.sinkTrack = t.kind == Track.Kind.THREAD ? sink.thread(t.pid, t.tid)
                    : sink.asyncTrack(pid(t), path(t), Long.toUnsignedString(t.uuid));
        }
        return t.sinkTrack;
    }

    private HeldEvent held(HeldEvent.Kind kind, long uuid, long tsNanos, Sequence seq) {
        return new HeldEvent(kind, uuid, tsNanos, seq, placeOffset, placePacket);
    }

    /** Holds an event until its track is described, or drops it (counted) when too many wait already. */
    private void hold(HeldEvent event) {
        if (heldCount >= MAX_HELD_EVENTS) {
            diagnostics.warn(UNKNOWN_TRACK, where() + "an event on track "
                    + Long.toUnsignedString(event.trackUuid) + ", which no TrackDescriptor describes yet, while "
                    + MAX_HELD_EVENTS + " events wait for theirs (dropped)");
            return;
        }
        List<HeldEvent> waiting = held.get(event.trackUuid);
        if (waiting == null) {
            waiting = new ArrayList<>();
            held.put(event.trackUuid, waiting);
        }
        waiting.add(event);
        heldCount++;
    }

    /** Hands the events held for {@code uuid}, just described, to the sink, in the order they were read. */
    private void release(long uuid) {
        List<HeldEvent> waiting = held.remove(uuid);
        if (waiting == null) {
            return;
        }
        heldCount -= waiting.size();
        long offset = placeOffset;
        long packet = placePacket;
        // Counter deltas of a sequence's generation cleared since: summed apart, from 0, as they were then.
        Map<Sequence, long[]> stale = new IdentityHashMap<>();
        for (HeldEvent e : waiting) {
            placeOffset = e.packetOffset;
            placePacket = e.packet;
            switch (e.kind) {
                case INTEGER_VALUE, DOUBLE_VALUE -> {
                    long[] apart = null;
                    if (e.generation != e.sequence.generation) {
                        apart = stale.get(e.sequence);
                        if (apart == null || apart[0] != e.generation) {
                            apart = new long[] {e.generation, 0};
                            stale.put(e.sequence, apart);
                        }
                    }
                    long sum = counterValue(e.sequence, apart == null, uuid, e.tsNanos, e.integer,
                            e.kind == HeldEvent.Kind.INTEGER_VALUE, e.real, apart == null ? 0 : apart[1]);
                    if (apart != null) {
                        apart[1] = sum;
                    }
                }
                case ASYNC_BEGIN, ASYNC_END -> async(e.kind == HeldEvent.Kind.ASYNC_BEGIN, pidOf(uuid), e.scope,
                        e.asyncId, e.tsNanos, e.nameId);
                default -> {
                    int track = sliceTrack(uuid);
                    if (track >= 0) {
                        emit(e.kind, track, e.tsNanos, e.durNanos, e.nameId);
                    }
                }
            }
        }
        placeOffset = offset;
        placePacket = packet;
    }

    /** At the end of the trace: the events still held are on tracks nothing described, and are dropped. */
    private void dropHeld() {
        held.forEachValue(waiting -> {
            for (HeldEvent e : waiting) {
                boolean value = e.kind == HeldEvent.Kind.INTEGER_VALUE || e.kind == HeldEvent.Kind.DOUBLE_VALUE;
                diagnostics.warn(UNKNOWN_TRACK, input + ": byte " + e.packetOffset + ": packet "
                        + e.packet + ": " + (value ? "a counter value" : "an event") + " on track "
                        + Long.toUnsignedString(e.trackUuid) + ", which no TrackDescriptor describes (dropped)");
            }
        });
        held.clear();
        heldCount = 0;
    }

    private static final int MAX_DEPTH = 64;

    /** The pid of the process or thread a track is under (itself included), "" when none. */
    private String pid(Track t) {
        Track at = t;
        for (int depth = 0; at != null && depth < MAX_DEPTH; depth++) {
            if (at.kind == Track.Kind.PROCESS || at.kind == Track.Kind.THREAD) {
                return at.pid;
            }
            at = at.hasParent ? tracks.get(at.parentUuid) : null;
        }
        return "";
    }

    /**
     * How a track is named among the process's tracks: its ancestors' names below the process, then its own,
     * joined by {@code " / "} ({@code stream 3 / lane 1}); a thread is {@code tid N}, an unnamed track
     * {@code #uuid}, a process track "".
     */
    private String path(Track t) {
        StringBuilder sb = new StringBuilder();
        Track at = t;
        for (int depth = 0; at != null && depth < MAX_DEPTH; depth++) {
            String part;
            if (at.kind == Track.Kind.PROCESS) {
                break;
            } else if (at.kind == Track.Kind.THREAD) {
                part = "tid " + at.tid;
            } else {
                part = at.name.isEmpty() ? "#" + Long.toUnsignedString(at.uuid) : at.name;
            }
            sb.insert(0, sb.isEmpty() ? part : part + " / ");
            if (at.kind == Track.Kind.THREAD) {
                break;
            }
            at = at.hasParent ? tracks.get(at.parentUuid) : null;
        }
        return sb.toString();
    }

    private void counter(Sequence seq, long tsNanos) {
        long uuid = hasTrackUuid ? trackUuid : seq.hasDefaultTrack ? seq.defaultTrackUuid : 0;
        if (hasCounterValue) {
            counterValue(seq, uuid, tsNanos, counterValue, true, 0);
        } else if (hasDoubleCounterValue) {
            counterValue(seq, uuid, tsNanos, 0, false, doubleCounterValue);
        } else {
            diagnostics.warn(Diagnostics.BAD_EVENT, where() + "a counter event without a value (dropped)");
        }
    }

    private void readExtraCounters(Sequence seq, long tsNanos) {
        long[] defaults = seq.defaultExtraCounterUuids;
        int n = extraCounterValues.size();
        for (int i = 0; i < n; i++) {
            long uuid;
            if (hasExtraCounterUuids) {
                uuid = i < extraCounterUuids.size() ? extraCounterUuids.get(i) : -1;
            } else {
                uuid = i < defaults.length ? defaults[i] : -1;
            }
            if (uuid == -1) {
                diagnostics.warn(Diagnostics.BAD_EVENT, where() + "more extra counter values than counter tracks");
                break;
            }
            counterValue(seq, uuid, tsNanos, extraCounterValues.get(i), true, 0);
        }
        long[] doubleDefaults = seq.defaultExtraDoubleCounterUuids;
        n = extraDoubleCounterValues.size();
        for (int i = 0; i < n; i++) {
            long uuid;
            if (hasExtraDoubleCounterUuids) {
                uuid = i < extraDoubleCounterUuids.size() ? extraDoubleCounterUuids.get(i) : -1;
            } else {
                uuid = i < doubleDefaults.length ? doubleDefaults[i] : -1;
            }
            if (uuid == -1) {
                diagnostics.warn(Diagnostics.BAD_EVENT, where() + "more extra counter values than counter tracks");
                break;
            }
            counterValue(seq, uuid, tsNanos, 0, false, extraDoubleCounterValues.get(i));
        }
    }

    /** A counter value read now: held when its track is not described yet. */
    private void counterValue(Sequence seq, long uuid, long tsNanos, long integer, boolean isInteger, double real) {
        if (!tracks.containsKey(uuid)) {
            HeldEvent held = held(isInteger ? HeldEvent.Kind.INTEGER_VALUE : HeldEvent.Kind.DOUBLE_VALUE, uuid,
                    tsNanos, seq);
            held.integer = integer;
            held.real = real;
            hold(held);
            return;
        }
        counterValue(seq, true, uuid, tsNanos, integer, isInteger, real, 0);
    }

    /**
     * One value of described track {@code uuid}: an integer one is scaled by the descriptor's unit multiplier and,
     * on an incremental track, added to the sequence's last value of the track ({@code live}) or to {@code base}
     * (a held value of a generation of the sequence cleared since). Returns the integer value so reached.
     */
    private long counterValue(Sequence seq, boolean live, long uuid, long tsNanos, long integer, boolean isInteger,
                              double real, long base) {
        Track t = tracks.get(uuid);
        if (t.kind != Track.Kind.COUNTER) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where() + "a counter value on track " + Long.toUnsignedString(uuid)
                    + ", which is no counter track (dropped)");
            return base;
        }
        long v = integer;
        double value;
        if (isInteger) {
            if (t.counterIncremental) {
                v = (live ? seq.counterValues.get(uuid) : base) + integer;
                if (live) {
                    seq.counterValues.put(uuid, v);
                }
            }
            value = (double) v * t.counterUnit;
        } else {
            value = real * t.counterUnit;
        }
        if (!Double.isFinite(value)) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where() + "a counter value that is not finite (dropped)");
            return v;
        }
        if (t.counterName == null) {
            t.counterPid = pid(t);
            t.counterName = t.name.isEmpty() ? "#" + Long.toUnsignedString(t.uuid) : t.name;
            Track parent = t.hasParent ? tracks.get(t.parentUuid) : null;
            t.counterId = parent == null ? "" : path(parent);
        }
        sink.counter(t.counterPid, t.counterName, t.counterId, "value", tsNanos, value);
        return v;
    }

    /** Notes whether the content ran out, so that a protobuf error can be told a cut input. */
    private static final class EndWatch extends FilterInputStream {
        boolean ended;

        EndWatch(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b;
            try {
                b = super.read();
            } catch (EOFException e) {
                ended = true;
                throw e;
            }
            ended |= b < 0;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = super.read(b, off, len);
            } catch (EOFException e) {
                ended = true;
                throw e;
            }
            ended |= n < 0;
            return n;
        }
    }
}
