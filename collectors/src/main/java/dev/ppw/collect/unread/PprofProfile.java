package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * pprof's {@code profile.proto}, as Go's {@code runtime/pprof}, {@code pprof} and async-profiler's {@code -o pprof}
 * write it, usually gzipped: a {@code Profile} message whose first fields are its {@code sample_type}s, each a small
 * {@code ValueType} of two varints (string table indices of type and unit), then its samples (field 2). The start
 * of a CPU profile's content: <pre>{@code 0a 04 08 01 10 02 0a 04 08 03 10 04 12 ...}</pre> (samples/count,
 * cpu/nanoseconds, then a sample).
 */
public final class PprofProfile extends Recognizer {
    private static final int SAMPLE_TYPE_TAG = 0x0a;
    private static final int MAX_VALUE_TYPE_BYTES = 22;

    public PprofProfile() {
        super("pprof", "a pprof profile (profile.proto, written by Go's runtime/pprof, pprof and other profilers)",
                "fold it with pprofutils (pprofutils folded IN OUT.folded), or with go tool pprof -raw and FlameGraph's"
                        + " stackcollapse-go.pl, then ppw-java profile OUT.folded");
    }

    /**
     * {@link Confidence#CERTAIN} when the content opens with at least one {@code sample_type} holding only the
     * varint fields 1 and 2, followed by another one or by a field of {@code Profile} with a length (a message);
     * {@link Confidence#NAME_ONLY} for a name ending {@code .pprof}, {@code .pb} or {@code .prof} after gzip.
     */
    @Override
    public Confidence probe(Head head) {
        int i = 0;
        int types = 0;
        int n = head.length();
        while (i < n && (head.byteAt(i) & 0xff) == SAMPLE_TYPE_TAG) {
            if (i + 1 >= n) {
                break;
            }
            int length = head.byteAt(i + 1) & 0xff;
            if (length < 2 || length > MAX_VALUE_TYPE_BYTES || !onlyVarintsOneAndTwo(head, i + 2, i + 2 + length)) {
                return byName(head);
            }
            types++;
            i += 2 + length;
        }
        boolean followed = i < n && ((head.byteAt(i) & 7) == 2) && (head.byteAt(i) & 0xff) >>> 3 >= 2;
        return types > 0 && followed ? Confidence.CERTAIN : byName(head);
    }

    private static Confidence byName(Head head) {
        String name = fileName(head);
        boolean named = head.gzipLayers() > 0
                && (name.endsWith(".pprof") || name.endsWith(".pb") || name.endsWith(".prof"));
        return named || name.endsWith(".pprof") ? Confidence.NAME_ONLY : Confidence.NONE;
    }

    /** Whether bytes {@code from} to {@code to} are fields 1 and 2 as varints (tags 0x08 and 0x10) only. */
    private static boolean onlyVarintsOneAndTwo(Head head, int from, int to) {
        if (to > head.length()) {
            return false;
        }
        int i = from;
        while (i < to) {
            int tag = head.byteAt(i) & 0xff;
            if (tag != 0x08 && tag != 0x10) {
                return false;
            }
            i++;
            while (i < to && (head.byteAt(i) & 0x80) != 0) {
                i++;
            }
            if (i >= to) {
                return false;
            }
            i++;
        }
        return true;
    }
}
