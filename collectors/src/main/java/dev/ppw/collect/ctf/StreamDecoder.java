package dev.ppw.collect.ctf;

import dev.ppw.model.BadInputException;
import dev.ppw.model.format.PositionalReads;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Decodes one stream file of a trace, event by event, packet by packet: a window of the file is kept in a buffer
 * (at least {@link #CHUNK_BYTES}, at most the largest packet), so memory does not grow with the file. Events
 * come in file order, which is time order within a stream. Not thread-safe: one thread at a time.
 */
final class StreamDecoder implements Closeable {
    /** Bytes read at once; a packet larger than this is read whole. */
    private static final int CHUNK_BYTES = 1 << 20;
    /** A packet's header and context must fit in this many bytes. */
    private static final int HEADER_WINDOW = 1 << 16;
    /** Larger packets are refused: LTTng's sub-buffers are far smaller, and garbage must not claim the heap. */
    private static final long MAX_PACKET_BYTES = 1L << 28;
    private static final long PACKET_MAGIC = 0xC1FC1FC1L;

    private final CompiledTrace trace;
    private final FileChannel channel;
    private final long fileSize;
    private final BitCursor c;
    private final String name;
    private byte[] buffer = new byte[0];
    private long bufferStart;
    private long bufferEnd;

    private long packetStart;
    private long nextPacketStart;
    private boolean inPacket;
    private CompiledTrace.StreamType stream;
    private FieldDecoder.Frame packetContext;
    private FieldDecoder.Frame headerFrame;
    private long lastDiscarded;
    private long discardedEvents;
    private String firstDiscard;
    /** Packets read, and those holding events (content beyond their header and context). */
    private long packets;
    private long packetsWithEvents;
    /** Packets skipped because they carry another trace's UUID, and where the first was. */
    private long foreignPackets;
    private String firstForeign;
    /** Packets whose events_discarded cannot be a count of lost events (it overflows), and the first. */
    private long badDiscardCounts;
    private String firstBadDiscardCount;

    StreamDecoder(CompiledTrace trace, Path file, String name) throws IOException {
        this.trace = trace;
        this.name = name;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.fileSize = channel.size();
        this.c = new BitCursor(name);
    }

    /** Events the tracer discarded in the packets read so far ({@code events_discarded} grew by this much). */
    long discardedEvents() {
        return discardedEvents;
    }

    /** Where the first discard was seen, for the warning's example; null when none. */
    String firstDiscard() {
        return firstDiscard;
    }

    /** The stream file as messages name it. */
    String name() {
        return name;
    }

    /** Packets read so far, skipped ones included. */
    long packets() {
        return packets;
    }

    /** Packets read so far whose content holds events. */
    long packetsWithEvents() {
        return packetsWithEvents;
    }

    /** Packets skipped so far because their UUID is not the trace's. */
    long foreignPackets() {
        return foreignPackets;
    }

    String firstForeign() {
        return firstForeign;
    }

    /** Packets whose {@code events_discarded} overflowed a count of lost events. */
    long badDiscardCounts() {
        return badDiscardCounts;
    }

    String firstBadDiscardCount() {
        return firstBadDiscardCount;
    }

    /**
     * The next event, or null at the end of the file.
     *
     * @throws BadInputException when a packet or an event is broken, naming the file and the byte
     */
    CtfEvent next() throws IOException {
        try {
            while (true) {
                if (inPacket && c.positionBits < c.limitBits) {
                    return event();
                }
                inPacket = false;
                if (!nextPacket()) {
                    return null;
                }
            }
        } catch (IndexOutOfBoundsException | ArithmeticException | NegativeArraySizeException e) {
            throw c.error("corrupt data (" + e.getClass().getSimpleName() + ")");
        }
    }

    private CtfEvent event() {
        long startBits = c.positionBits;
        c.eventId = 0;
        CompiledTrace.StreamType st = stream;
        st.eventHeader().root().decode(c, headerFrame);
        long eventByte = c.fileByte();
        FieldDecoder.Frame streamContext = st.eventContext().decode(c);
        CompiledTrace.EventType type = st.event(c.eventId);
        if (type == null) {
            throw new BadInputException(name + ": byte " + eventByte + ": event id " + c.eventId
                    + " is not declared for stream class " + st.id() + " in the metadata");
        }
        FieldDecoder.Frame context = type.context().decode(c);
        FieldDecoder.Frame payload = type.payload().decode(c);
        if (c.positionBits == startBits) {
            throw new BadInputException(name + ": byte " + eventByte + ": an event of no bits (its header and fields"
                    + " are all empty): the packet's content would never end");
        }
        long nanos = st.clock() == null ? c.clockCycles : st.clock().nanos(c.clockCycles);
        return new CtfEvent(nanos, type, payload, context, streamContext, packetContext);
    }

    /** Moves to the next packet that is the trace's (skipping, and counting, another trace's); false at the end. */
    private boolean nextPacket() throws IOException {
        while (true) {
            int read = readPacket();
            if (read != SKIPPED) {
                return read == PACKET;
            }
        }
    }

    private static final int END = 0;
    private static final int PACKET = 1;
    private static final int SKIPPED = 2;

    private int readPacket() throws IOException {
        packetStart = nextPacketStart;
        if (packetStart >= fileSize) {
            return END;
        }
        long left = fileSize - packetStart;
        ensure(packetStart, Math.min(left, HEADER_WINDOW));
        c.bytes = buffer;
        c.fileOffset = bufferStart;
        c.originBits = (packetStart - bufferStart) * 8;
        c.positionBits = c.originBits;
        c.limitBits = c.originBits + Math.min(left, HEADER_WINDOW) * 8;

        FieldDecoder.Frame header = trace.packetHeader.decode(c);
        long magic = trace.packetHeader.integer(header, "magic", PACKET_MAGIC);
        if (magic != PACKET_MAGIC) {
            throw new BadInputException(name + ": byte " + packetStart + ": not a CTF packet (magic 0x"
                    + Long.toHexString(magic) + ", expected 0xc1fc1fc1)");
        }
        long streamId = trace.packetHeader.integer(header, "stream_id", Long.MIN_VALUE);
        CompiledTrace.StreamType st = streamId == Long.MIN_VALUE ? trace.onlyStream() : trace.stream(streamId);
        if (st == null) {
            throw new BadInputException(name + ": byte " + packetStart + ": stream class "
                    + (streamId == Long.MIN_VALUE ? "(none named)" : Long.toString(streamId))
                    + " is not declared in the metadata");
        }
        if (st != stream) {
            stream = st;
            headerFrame = new FieldDecoder.Frame(new long[st.eventHeader().intSlots()],
                    new Object[st.eventHeader().textSlots()]);
        }
        packetContext = st.packetContext().decode(c);
        long contextEndBits = c.positionBits - c.originBits;
        long packetBits = st.packetContext().integer(packetContext, "packet_size", -1);
        long contentBits = st.packetContext().integer(packetContext, "content_size", -1);
        if (packetBits == -1) {
            packetBits = contentBits == -1 ? left * 8 : contentBits;
        }
        if (contentBits == -1) {
            contentBits = packetBits;
        }
        if (packetBits <= 0 || packetBits % 8 != 0 || Long.compareUnsigned(contentBits, packetBits) > 0
                || contentBits < contextEndBits) {
            throw new BadInputException(name + ": byte " + packetStart + ": bad packet sizes (content "
                    + Long.toUnsignedString(contentBits) + " bits, packet " + Long.toUnsignedString(packetBits)
                    + " bits, header and context " + contextEndBits + " bits)");
        }
        long packetBytes = packetBits / 8;
        if (packetBytes > left) {
            throw new BadInputException(name + ": byte " + packetStart + ": the packet of " + packetBytes
                    + " bytes is cut: the file ends " + left + " bytes after its start");
        }
        if (packetBytes > MAX_PACKET_BYTES) {
            throw new BadInputException(name + ": byte " + packetStart + ": a packet of " + packetBytes
                    + " bytes (more than " + MAX_PACKET_BYTES + " read)");
        }
        packets++;
        nextPacketStart = packetStart + packetBytes;
        if (trace.uuid != null && !uuidMatches(packetStart)) {
            foreignPackets++;
            if (firstForeign == null) {
                firstForeign = name + ": byte " + (packetStart + trace.uuidOffsetBits / 8) + ": the packet carries"
                        + " trace UUID " + uuidText(packetStart) + ", the metadata's is " + trace.metadata.uuid()
                        + ": a stream of another trace (its packets skipped)";
            }
            return SKIPPED;
        }
        if (contentBits > contextEndBits) {
            packetsWithEvents++;
        }
        if (st.packetContext().hasInteger("events_discarded")) {
            discards(st.packetContext().integer(packetContext, "events_discarded", 0));
        }
        long contentBytes = (contentBits + 7) / 8;
        ensure(packetStart, contentBytes);
        c.bytes = buffer;
        c.fileOffset = bufferStart;
        long origin = (packetStart - bufferStart) * 8;
        c.positionBits = origin + contextEndBits;
        c.originBits = origin;
        c.limitBits = origin + contentBits;
        inPacket = true;
        return PACKET;
    }

    /**
     * A packet's {@code events_discarded}: the events its stream's tracer has lost since the stream began, a running
     * count (it only grows; a smaller one is a new count from a restarted stream). Its growth is added to the
     * discards, unless the count would pass 2^63 - 1: no tracer loses that many events, so such a value is a
     * damaged context or a count that wrapped, and is told apart instead of added.
     */
    private void discards(long discarded) {
        long delta = Long.compareUnsigned(discarded, lastDiscarded) >= 0 ? discarded - lastDiscarded : discarded;
        if (delta < 0 || discardedEvents > Long.MAX_VALUE - delta) {
            badDiscardCounts++;
            if (firstBadDiscardCount == null) {
                firstBadDiscardCount = name + ": byte " + packetStart + ": events_discarded is "
                        + Long.toUnsignedString(discarded) + " after " + Long.toUnsignedString(lastDiscarded)
                        + ": a growth of " + Long.toUnsignedString(delta) + " events lost would overflow the count"
                        + " of discards (2^63 - 1): no tracer loses that many, so the packet context is damaged"
                        + " or the tracer's counter wrapped (not counted as discards)";
            }
        } else if (delta != 0) {
            discardedEvents += delta;
            if (firstDiscard == null) {
                firstDiscard = name + ": byte " + packetStart + ": " + Long.toUnsignedString(delta)
                        + " events discarded by the tracer by the end of this packet";
            }
        }
        lastDiscarded = discarded;
    }

    private boolean uuidMatches(long packetStart) {
        int at = (int) (packetStart - bufferStart + trace.uuidOffsetBits / 8);
        for (int i = 0; i < 16; i++) {
            if (buffer[at + i] != trace.uuid[i]) {
                return false;
            }
        }
        return true;
    }

    private String uuidText(long packetStart) {
        int at = (int) (packetStart - bufferStart + trace.uuidOffsetBits / 8);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                sb.append('-');
            }
            sb.append(Character.forDigit(buffer[at + i] >> 4 & 0xf, 16)).append(Character.forDigit(buffer[at + i] & 0xf, 16));
        }
        return sb.toString();
    }

    /** Makes the buffer hold the file's bytes {@code [offset, offset + need)}, reading ahead a chunk. */
    private void ensure(long offset, long need) throws IOException {
        if (offset >= bufferStart && offset + need <= bufferEnd) {
            return;
        }
        int capacity = (int) Math.max(need, CHUNK_BYTES);
        byte[] target = buffer.length >= capacity ? buffer : new byte[capacity];
        int kept = 0;
        if (offset >= bufferStart && offset < bufferEnd) {
            kept = (int) (bufferEnd - offset);
            System.arraycopy(buffer, (int) (offset - bufferStart), target, 0, kept);
        }
        buffer = target;
        bufferStart = offset;
        int want = (int) Math.min(target.length, fileSize - offset);
        int read = PositionalReads.readFully(channel, offset + kept, target, kept, want - kept);
        if (read < want - kept) {
            throw new EOFException(name + ": the file ended at byte " + (offset + kept + read) + " while it was read");
        }
        bufferEnd = offset + want;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
