package dev.ppw.collect.jfr;

import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * JDK Flight Recorder recordings, as {@code -XX:StartFlightRecording}, {@code jcmd JFR.dump} and async-profiler's
 * {@code -o jfr} write them: binary chunks, each opening with the magic {@code FLR\0} and its format version
 * (2.1 from the JDK 17 and 25, 2.0 from async-profiler 4.1): <pre>{@code 46 4c 52 00 00 02 00 01}</pre>
 *
 * <p>{@link JfrChunk} decodes each chunk (ppw-java's own parser, which reads what the JDK's refuses); what each
 * sample weighs and where it goes is {@link JfrReader}'s to say. Chunks are mapped from a file: an input that is no
 * plain file (standard input, a gzipped recording) is first copied to a temporary file of at most
 * {@link #MAX_COPY_BYTES}, deleted once read.
 */
public final class JfrFormat implements EventFormat {
    /** The largest recording copied to a temporary file (from standard input or gzip): 4 GiB. */
    public static final long MAX_COPY_BYTES = 4L << 30;

    private static final byte[] MAGIC = {'F', 'L', 'R', 0};
    /** A TAU run's file name, {@code profile.N.C.T}, which a folder search lists for the TAU reader by name alone. */
    private static final Pattern TAU_NAME = Pattern.compile("profile\\.\\d+\\.\\d+\\.\\d+(?:\\.gz)?");

    @Override
    public String name() {
        return "jfr";
    }

    @Override
    public List<String> fileEndings() {
        return List.of(".jfr");
    }

    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        return List.of(JfrReader.TRUNCATED_STACK, JfrReader.DAMAGED, JfrReader.NOT_UTF8, JfrReader.UNREAD_EVENTS);
    }

    @Override
    public String description() {
        return "JFR recordings (the JDK's Flight Recorder, async-profiler -o jfr): execution, CPU-time, wall-clock,"
                + " allocation, native memory and lock samples";
    }

    /** {@link Confidence#CERTAIN} for the chunk magic {@code FLR\0}; else {@link Confidence#NONE}. */
    @Override
    public Confidence probe(Head head) {
        if (head.length() < MAGIC.length) {
            return Confidence.NONE;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (head.byteAt(i) != MAGIC[i]) {
                return Confidence.NONE;
            }
        }
        return Confidence.CERTAIN;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        Optional<Path> file = source.file();
        String fileName = name.substring(Math.max(name.lastIndexOf('/'), name.lastIndexOf(java.io.File.separatorChar)) + 1);
        if (TAU_NAME.matcher(fileName.toLowerCase(java.util.Locale.ROOT)).matches()) {
            // Found beside a TAU run's profiles by its name: its samples join theirs, which must not go unsaid.
            sink.diagnostics().warn(Diagnostics.MISNAMED_INPUT, name + ": named as a TAU profile (profile.N.C.T) but"
                    + " a JFR recording (its bytes start with FLR\\0): read as a recording");
        }
        if (file.isPresent()) {
            Path path = file.get();
            long size = Files.size(path);
            EventFormat.bracketed(name, sink,
                    () -> new JfrReader(name, sink, options.workers().cancel(), options.progress()).read(path));
            options.progress().accept(size);
            return;
        }
        Path copy = Files.createTempFile("ppw-jfr-", ".jfr");
        try {
            try (InputStream content = source.open(options.progress());
                 OutputStream out = Files.newOutputStream(copy)) {
                copyBounded(name, content, out);
            }
            // The copy told the progress; reading it again from 0 would make it go back.
            EventFormat.bracketed(name, sink,
                    () -> new JfrReader(name, sink, options.workers().cancel(), bytes -> { }).read(copy));
        } finally {
            Files.deleteIfExists(copy);
        }
    }

    /**
     * Copies {@code in} to {@code out}, refusing an input over {@link #MAX_COPY_BYTES}: a recording read from a
     * pipe or gzip is mapped chunk by chunk from disk, and an endless pipe must not fill the disk.
     */
    private static void copyBounded(String name, InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[1 << 16];
        long total = 0;
        int n;
        while ((n = readCut(in, buffer)) > 0) {
            total += n;
            if (total > MAX_COPY_BYTES) {
                throw new BadInputException(name + ": a JFR recording read from a pipe or gzip is copied to a"
                        + " temporary file first, and this one is larger than " + (MAX_COPY_BYTES >> 30)
                        + " GiB: give the uncompressed recording as a file");
            }
            out.write(buffer, 0, n);
        }
    }

    /** Reads as {@link InputStream#read(byte[])} does, a cut gzip's end (EOF) being the content's end. */
    private static int readCut(InputStream in, byte[] buffer) throws IOException {
        try {
            return in.read(buffer);
        } catch (EOFException cut) {
            // What came before the cut is kept: the chunk scan then names the place where the recording ends.
            return -1;
        }
    }
}
