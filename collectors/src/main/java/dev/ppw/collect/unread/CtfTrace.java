package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * Common Trace Format 1.8, as LTTng and barectf write it: a folder with a {@code metadata} file (TSDL text opening
 * with {@code /* CTF 1.8}, or packets of it opening with the magic {@code 0x75D11D57}) and binary stream files whose
 * packets open with the magic {@code 0xC1FC1FC1}, in the trace's byte order; on x86 a stream starts
 * <pre>{@code c1 1f fc c1}</pre>
 */
public final class CtfTrace extends Recognizer {
    private static final byte[] STREAM_LITTLE = {(byte) 0xc1, 0x1f, (byte) 0xfc, (byte) 0xc1};
    private static final byte[] STREAM_BIG = {(byte) 0xc1, (byte) 0xfc, 0x1f, (byte) 0xc1};
    private static final byte[] METADATA_LITTLE = {0x57, 0x1d, (byte) 0xd1, 0x75};
    private static final byte[] METADATA_BIG = {0x75, (byte) 0xd1, 0x1d, 0x57};
    private static final String METADATA_TEXT = "/* CTF 1.";

    public CtfTrace() {
        super("ctf", "a CTF trace file (Common Trace Format, written by LTTng or barectf)",
                "convert the trace folder with KDAB's ctf2ctf (ctf2ctf TRACE_DIR > OUT.json), then ppw-java profile"
                        + " OUT.json");
    }

    /** {@link Confidence#CERTAIN} for a stream or metadata packet's magic, or TSDL metadata text; else none. */
    @Override
    public Confidence probe(Head head) {
        boolean magic = startsWith(head, STREAM_LITTLE) || startsWith(head, STREAM_BIG)
                || startsWith(head, METADATA_LITTLE) || startsWith(head, METADATA_BIG);
        return magic || head.latin1().startsWith(METADATA_TEXT) ? Confidence.CERTAIN : Confidence.NONE;
    }
}
