package dev.ppw.collect.pprof;

import dev.ppw.collect.folded.FoldedFormat;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.NameTable;
import dev.ppw.model.SampleWeights;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.LongIntHashMap;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The legacy CPU profile that gperftools' profiler and Go's {@code runtime/pprof} wrote before profile.proto, which
 * {@code go tool pprof} still reads ({@code profile/legacy_profile.go}, its {@code parseCPU}; its test data
 * {@code gobench.cpu}, {@code cppbench.cpu}): machine words, 32 or 64 bits, in either byte order. A header of five
 * words, {@code 0 3 0 <sampling period in microseconds> 0}, then a record per stack, {@code <count> <depth>
 * <pc>...} (the leaf first), an end record {@code 0 1 0}, then the process's memory map as text
 * ({@code /proc/self/maps} lines). The start of {@code gobench.cpu}, 64-bit little-endian words:
 * <pre>{@code 00 00 00 00 00 00 00 00  03 00 00 00 00 00 00 00  00 00 ... 10 27 00 00 00 00 00 00  00 ...}</pre>
 * (a period of 10000 us).
 *
 * <p>It is read as {@code go tool pprof} reads it, to the same samples: each record is {@code count} samples of
 * {@code count x period} nanoseconds of time (its {@code samples/count} and {@code cpu/nanoseconds}); a caller's
 * address is its return address less 1, so that it falls inside the call; a frame that most records share just
 * below the leaf (the profiler's signal handler: at least all records but one in 32) is dropped, up to twice; a
 * leaf repeated as its own caller (the profiler took it twice) is dropped once. The profile holds addresses, no
 * symbols: a frame is named by its binary and offset from the memory map's executable mappings
 * ({@code cppbench_server_main+0x2ef04}), else by its address ({@code 0x427ac9}), as pprof's own locations without
 * lines are (docs/formats.md "pprof"). Records of count 0 weigh nothing and are left out, as pprof leaves them out.
 * The records are held in memory (the heuristics above look at all of them), as the input's own bytes are.
 *
 * <p>A record that runs past the end of the input, or a depth no record can have, is bad input at its byte
 * offset; an input without the end record (cut) keeps its whole records with a {@code truncated} warning; a
 * record whose time leaves 64-bit nanoseconds is a {@code bad_event} warning. The variant with {@code 1} as its
 * third word (Java's) is refused with the command that converts it. One per input; not thread-safe.
 */
final class LegacyCpuProfile {
    /** The words of a header, in one of the four layouts. */
    private static final int HEADER_WORDS = 5;
    private static final int HEADER_MAGIC = 3;
    private static final long NANOS_PER_MICRO = 1000;
    /** pprof's margin: one record in 32 may differ from the signal handler's frame that the others share. */
    private static final int SIMILAR_SAMPLES = 32;
    private static final int MAX_STRIPPED_FRAMES = 2;
    /** The deepest stack read, as the profile.proto reader's. */
    private static final int MAX_DEPTH = PprofReader.MAX_DEPTH;

    /** A {@code /proc/self/maps} line, or pprof's brief form ({@code start-end [perm] file [(@offset)] [buildid]}). */
    private static final String HEX_RANGE = "\\s*(?:0x)?([0-9a-fA-F]+)[\\s-]?\\s*(?:0x)?([0-9a-fA-F]+):?";
    private static final String PERM = "(?:\\s+([-rwxp]+))?";
    private static final Pattern PROC_MAPS = Pattern.compile("^" + HEX_RANGE + PERM + "(?:\\s+([0-9a-fA-F]+))?"
            + "\\s+[0-9a-fA-F]+:[0-9a-fA-F]+\\s+[0-9]+(?:\\s+(\\S+))?");
    private static final Pattern BRIEF_MAPS = Pattern.compile("^" + HEX_RANGE + PERM + "(?:\\s+(\\S+))?"
            + "(?:\\s+\\(@([0-9a-fA-F]+)\\))?(?:\\s+([0-9a-fA-F]+))?");
    private static final Pattern LOG_PREFIX = Pattern.compile("^[^\\[\\]]+:[0-9]+]\\s");

    /** How the words of a legacy profile are laid out. */
    enum Words {
        LITTLE_32(4, false), BIG_32(4, true), LITTLE_64(8, false), BIG_64(8, true);

        final int bytes;
        final boolean bigEndian;

        Words(int bytes, boolean bigEndian) {
            this.bytes = bytes;
            this.bigEndian = bigEndian;
        }

        /** The word at {@code at} (unsigned: a 64-bit word above 2^63 is negative). */
        long at(byte[] b, int at) {
            long v = 0;
            for (int i = 0; i < bytes; i++) {
                int k = bigEndian ? i : bytes - 1 - i;
                v = (v << 8) | (b[at + k] & 0xff);
            }
            return v;
        }
    }

    /**
     * The layout of a legacy CPU profile's header in {@code b[0 .. length-1]}, tried as pprof tries them (32-bit
     * little-endian first), or null when it is none. {@code java} asks for the Java variant's header instead.
     */
    static Words header(byte[] b, int length, boolean java) {
        for (Words w : Words.values()) {
            if (length < HEADER_WORDS * w.bytes) {
                continue;
            }
            long third = w.at(b, 2 * w.bytes);
            if (w.at(b, 0) == 0 && w.at(b, w.bytes) == HEADER_MAGIC && third == (java ? 1 : 0)
                    && w.at(b, 3 * w.bytes) != 0 && w.at(b, 4 * w.bytes) == 0) {
                return w;
            }
        }
        return null;
    }

    private final String input;
    private final EventSink sink;
    private final Diagnostics diagnostics;

    LegacyCpuProfile(String input, EventSink sink) {
        this.input = input;
        this.sink = sink;
        this.diagnostics = sink.diagnostics();
    }

    /** Reads the whole content into the sink. */
    void read(InputStream content) throws IOException {
        byte[] b;
        try {
            b = content.readAllBytes();
        } catch (EOFException e) {
            throw new BadInputException(input + ": the input ends inside the profile (a cut file)", e);
        }
        if (header(b, b.length, true) != null && header(b, b.length, false) == null) {
            throw new BadInputException(input + ": byte 0: a legacy Java CPU profile (pprof's javaCPUProfile), which"
                    + " ppw-java does not read: convert it with go tool pprof -proto " + input + " > OUT.pb.gz");
        }
        Words w = header(b, b.length, false);
        if (w == null) {
            throw new BadInputException(input + ": byte 0: not a legacy CPU profile: its header is not the words"
                    + " 0 3 0 <period> 0");
        }
        long periodMicros = w.at(b, 3 * w.bytes);
        int at = HEADER_WORDS * w.bytes;
        // Records: each one's count, and its addresses (leaf first) in one list.
        LongArrayList counts = new LongArrayList();
        IntArrayList starts = new IntArrayList();
        LongArrayList addresses = new LongArrayList();
        boolean ended = false;
        while (at + 2 * w.bytes <= b.length) {
            long count = w.at(b, at);
            long depth = w.at(b, at + w.bytes);
            int record = at;
            at += 2 * w.bytes;
            if (depth < 0 || depth > (b.length - at) / w.bytes) {
                throw new BadInputException(input + ": byte " + record + ": a record of " + Long.toUnsignedString(depth)
                        + " addresses, more than the " + (b.length - at) + " bytes after it hold: not a legacy CPU"
                        + " profile, or a damaged one");
            }
            if (count == 0 && depth == 1 && w.at(b, at) == 0) {
                at += w.bytes;
                ended = true;
                break;
            }
            counts.add(count);
            starts.add(addresses.size());
            for (long k = 0; k < depth; k++) {
                long pc = w.at(b, at);
                addresses.add(k > 0 ? pc - 1 : pc);
                at += w.bytes;
            }
        }
        starts.add(addresses.size());
        if (!ended) {
            diagnostics.warn(Diagnostics.TRUNCATED, input + ": byte " + at + ": the input ends without the record that"
                    + " ends the samples (a cut file?); the " + counts.size() + " whole records before are kept");
        }
        long[] all = addresses.toArray();
        List<long[]> stacks = new ArrayList<>(counts.size());
        for (int r = 0; r < counts.size(); r++) {
            stacks.add(Arrays.copyOfRange(all, starts.get(r), starts.get(r + 1)));
        }
        stripSignalHandler(stacks);
        for (int r = 0; r < stacks.size(); r++) {
            long[] s = stacks.get(r);
            if (s.length > 1 && s[0] == s[1] + 1) {
                stacks.set(r, remove(s, 1));
            }
        }
        Mappings mappings = ended ? Mappings.parse(new String(b, at, b.length - at, StandardCharsets.ISO_8859_1))
                : Mappings.parse("");
        emit(stacks, counts, periodMicros, mappings);
    }

    /**
     * pprof's guess at the profiler's own frame: when the frame just below the leaf is one address in all
     * records but one in 32, it is the signal handler's, and goes, up to twice.
     */
    private static void stripSignalHandler(List<long[]> stacks) {
        int margin = stacks.size() / SIMILAR_SAMPLES;
        for (int iter = 0; iter < MAX_STRIPPED_FRAMES; iter++) {
            LongIntHashMap second = new LongIntHashMap();
            for (long[] s : stacks) {
                if (s.length > 1) {
                    second.addToValue(s[1], 1);
                }
            }
            long[] common = {0};
            boolean[] found = {false};
            second.forEachKeyValue((address, count) -> {
                if (!found[0] && count >= stacks.size() - margin) {
                    common[0] = address;
                    found[0] = true;
                }
            });
            if (!found[0]) {
                continue;
            }
            for (int r = 0; r < stacks.size(); r++) {
                long[] s = stacks.get(r);
                if (s.length > 1 && s[1] == common[0]) {
                    stacks.set(r, remove(s, 1));
                }
            }
        }
    }

    private static long[] remove(long[] s, int index) {
        long[] out = new long[s.length - 1];
        System.arraycopy(s, 0, out, 0, index);
        System.arraycopy(s, index + 1, out, index, s.length - index - 1);
        return out;
    }

    private void emit(List<long[]> stacks, LongArrayList counts, long periodMicros, Mappings mappings) {
        NameTable names = sink.frames().names();
        LongIntHashMap frameOf = new LongIntHashMap();
        long periodNanos;
        try {
            periodNanos = Math.multiplyExact(periodMicros, NANOS_PER_MICRO);
        } catch (ArithmeticException e) {
            throw new BadInputException(input + ": byte " + 3 * HEADER_WORDS + ": a sampling period of "
                    + Long.toUnsignedString(periodMicros) + " us, beyond 64-bit nanoseconds");
        }
        int track = -1;
        int[] frames = new int[64];
        long totalSamples = 0;
        long totalNanos = 0;
        for (int r = 0; r < stacks.size(); r++) {
            long count = counts.get(r);
            long[] s = stacks.get(r);
            if (count == 0) {
                continue;
            }
            long nanos;
            try {
                if (count < 0) {
                    throw new ArithmeticException();
                }
                nanos = Math.multiplyExact(count, periodNanos);
                totalSamples = Math.addExact(totalSamples, count);
                totalNanos = Math.addExact(totalNanos, nanos);
            } catch (ArithmeticException e) {
                diagnostics.warn(Diagnostics.BAD_EVENT, input + ": record " + (r + 1) + ": a count of "
                        + Long.toUnsignedString(count) + " samples whose time, or the input's, leaves 64-bit nanoseconds"
                        + " (skipped)");
                continue;
            }
            if (s.length == 0) {
                diagnostics.note(Diagnostics.EMPTY_STACK);
                continue;
            }
            if (s.length > MAX_DEPTH) {
                diagnostics.warn(Diagnostics.BAD_EVENT, input + ": record " + (r + 1) + ": a stack of " + s.length
                        + " frames, deeper than the " + MAX_DEPTH + " read (skipped)");
                continue;
            }
            if (frames.length < s.length) {
                frames = new int[Math.max(s.length, 2 * frames.length)];
            }
            for (int d = 0; d < s.length; d++) {
                long address = s[s.length - 1 - d];
                int frame = frameOf.getIfAbsent(address, -1);
                if (frame < 0) {
                    frame = sink.frames().intern(names.intern(mappings.name(address)), NameTable.EMPTY);
                    frameOf.put(address, frame);
                }
                frames[d] = frame;
            }
            if (track < 0) {
                track = sink.thread("", "");
            }
            sink.sample(track, r, SampleWeights.TIME, nanos, count, frames, s.length);
            sink.sample(track, r, FoldedFormat.SAMPLES, count, 0, frames, s.length);
        }
    }

    /** The executable mappings of the memory map, as pprof places a location's address in them. */
    private static final class Mappings {
        private final List<long[]> ranges = new ArrayList<>();
        private final List<String> files = new ArrayList<>();

        static Mappings parse(String text) {
            Mappings m = new Mappings();
            for (String raw : text.split("\n")) {
                String line = raw;
                Matcher log = LOG_PREFIX.matcher(line);
                if (log.find()) {
                    line = line.substring(log.end());
                }
                String start;
                String end;
                String perm;
                String offset;
                String file;
                Matcher proc = PROC_MAPS.matcher(line);
                Matcher brief = BRIEF_MAPS.matcher(line);
                if (proc.find()) {
                    start = proc.group(1);
                    end = proc.group(2);
                    perm = proc.group(3);
                    offset = proc.group(4);
                    file = proc.group(5);
                } else if (brief.find()) {
                    start = brief.group(1);
                    end = brief.group(2);
                    perm = brief.group(3);
                    file = brief.group(4);
                    offset = brief.group(5);
                } else {
                    continue;
                }
                if (perm != null && !perm.contains("x")) {
                    continue;
                }
                try {
                    m.add(Long.parseUnsignedLong(start, 16), Long.parseUnsignedLong(end, 16),
                            offset == null ? 0 : Long.parseUnsignedLong(offset, 16), file == null ? "" : file);
                } catch (NumberFormatException e) {
                    // pprof skips a line whose numbers do not parse as it skips any line it does not know.
                }
            }
            m.settle();
            return m;
        }

        private void add(long start, long limit, long offset, String file) {
            int last = ranges.size() - 1;
            if (last >= 0) {
                long[] lm = ranges.get(last);
                String lf = files.get(last);
                // Adjacent pieces of one mapping are one, as pprof merges them.
                if ((lf.isEmpty() || file.isEmpty() || lf.equals(file)) && lm[1] == start
                        && (lm[2] == 0 && offset == 0 || offset == lm[2] + (lm[1] - lm[0]))) {
                    lm[1] = limit;
                    if (!file.isEmpty()) {
                        files.set(last, file);
                    }
                    return;
                }
            }
            ranges.add(new long[] {start, limit, offset});
            files.add(file);
        }

        /** pprof's fixes: a first /anon_hugepage region before an adjacent one goes. */
        private void settle() {
            if (ranges.size() > 1 && files.getFirst().startsWith("/anon_hugepage")
                    && ranges.getFirst()[1] == ranges.get(1)[0]) {
                ranges.removeFirst();
                files.removeFirst();
            }
        }

        /** The frame name of {@code address}: its binary's file name and offset, else the address in hex. */
        String name(long address) {
            if (address != 0) {
                for (int i = 0; i < ranges.size(); i++) {
                    long[] r = ranges.get(i);
                    if (Long.compareUnsigned(r[0], address) <= 0 && Long.compareUnsigned(address, r[1]) < 0) {
                        return named(i, address);
                    }
                }
                for (int i = 0; i < ranges.size(); i++) {
                    long[] r = ranges.get(i);
                    if (r[2] != 0 && Long.compareUnsigned(r[0] - r[2], address) <= 0
                            && Long.compareUnsigned(address, r[0]) < 0) {
                        return named(i, address);
                    }
                }
            }
            return "0x" + Long.toHexString(address);
        }

        private String named(int i, long address) {
            String file = files.get(i);
            if (file.isEmpty()) {
                return "0x" + Long.toHexString(address);
            }
            long[] r = ranges.get(i);
            return file.substring(file.lastIndexOf('/') + 1) + "+0x" + Long.toHexString(address - r[0] + r[2]);
        }
    }
}
