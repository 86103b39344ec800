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

    private boolean nextPacket() throws IOException {
        packetStart = nextPacketStart;
        if (packetStart >= fileSize) {
            return false;
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
        long discarded = st.packetContext().integer(packetContext, "events_discarded", -1);
        if (discarded != -1) {
            long delta = Long.compareUnsigned(discarded, lastDiscarded) >= 0 ? discarded - lastDiscarded : discarded;
            if (delta != 0) {
                discardedEvents += delta;
                if (firstDiscard == null) {
                    firstDiscard = name + ": byte " + packetStart + ": " + Long.toUnsignedString(delta)
                            + " events discarded by the tracer by the end of this packet";
                }
            }
            lastDiscarded = discarded;
        }
        long contentBytes = (contentBits + 7) / 8;
        ensure(packetStart, contentBytes);
        c.bytes = buffer;
        c.fileOffset = bufferStart;
        long origin = (packetStart - bufferStart) * 8;
        c.positionBits = origin + contextEndBits;
        c.originBits = origin;
        c.limitBits = origin + contentBits;
        nextPacketStart = packetStart + packetBytes;
        inPacket = true;
        return true;
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
