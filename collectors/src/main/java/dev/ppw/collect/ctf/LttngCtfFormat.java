package dev.ppw.collect.ctf;

import dev.ppw.collect.lttng.AddressNames;
import dev.ppw.collect.lttng.UstFolding;
import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * LTTng traces read directly from their CTF folders, as {@code lttng create --output DIR} leaves them
 * ({@code DIR/ust/uid/0/64-bit/{metadata,channel0_0,...}}, or one folder per process under {@code ust/pid}): the
 * folder is one input, its streams decoded by {@link CtfTraceReader} on {@link ReadOptions#jobs()} threads and
 * merged in time order, and the events folded by {@link UstFolding} exactly as babeltrace2's text of the same
 * trace is, addresses named from the statedump's {@code bin_info} and the binaries' ELF symbols when the
 * binaries are on this machine. Holds no mutable state. Events the tracer discarded are a counted warning ({@link #DISCARDED_EVENTS}).
 */
public final class LttngCtfFormat implements EventFormat {
    /** The warning kind of events the tracer discarded (its buffers were full), counted per event. */
    public static final DiagnosticKind DISCARDED_EVENTS = DiagnosticKind.warning("lttng_discarded_events",
            "event discarded by the tracer (its buffer was full)",
            "events discarded by the tracer (its buffers were full)");

    private static final byte[] STREAM_LITTLE = {(byte) 0xc1, 0x1f, (byte) 0xfc, (byte) 0xc1};
    private static final byte[] STREAM_BIG = {(byte) 0xc1, (byte) 0xfc, 0x1f, (byte) 0xc1};
    private static final byte[] METADATA_LITTLE = {0x57, 0x1d, (byte) 0xd1, 0x75};
    private static final byte[] METADATA_BIG = {0x75, (byte) 0xd1, 0x1d, 0x57};
    private static final String METADATA_TEXT = "/* CTF 1.";

    /** The symbols of the binaries a trace names: null to read this machine's files (under --symfs when given). */
    private final AddressNames.BinaryLookup binaries;

    /**
     * The format as the registry loads it: binaries are looked up on this machine's files, under the read options'
     * {@code symbolRoot} when given.
     */
    public LttngCtfFormat() {
        this(null);
    }

    /** The format naming addresses with the symbols {@code binaries} finds (tests give their own). */
    public LttngCtfFormat(AddressNames.BinaryLookup binaries) {
        this.binaries = binaries;
    }

    @Override
    public String name() {
        return "lttng-ctf";
    }

    /** Its own warning, a damaged trace folder's, and the notes of the folding it shares with the text reader. */
    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        List<DiagnosticKind> kinds = new ArrayList<>(List.of(DISCARDED_EVENTS));
        kinds.addAll(CtfTraceReader.KINDS);
        kinds.addAll(UstFolding.KINDS);
        return kinds;
    }

    @Override
    public String description() {
        return "an LTTng trace folder (CTF 1.8: metadata and stream files, as lttng create --output leaves it),"
                + " read without babeltrace2";
    }

    /**
     * {@link Confidence#CERTAIN} for a file of a CTF trace (a stream or metadata packet's magic, or TSDL text), so
     * that one named alone is told to name its folder; else none. Folders are claimed by {@link #readsDirectory}.
     */
    @Override
    public Confidence probe(Head head) {
        boolean magic = startsWith(head, STREAM_LITTLE) || startsWith(head, STREAM_BIG)
                || startsWith(head, METADATA_LITTLE) || startsWith(head, METADATA_BIG);
        return magic || head.latin1().startsWith(METADATA_TEXT) ? Confidence.CERTAIN : Confidence.NONE;
    }

    private static boolean startsWith(Head head, byte[] prefix) {
        if (head.length() < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (head.byteAt(i) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * A CTF trace folder (its {@code metadata} file opens as CTF metadata), or an LTTng output folder or its
     * {@code ust}/{@code kernel} folder: one whose {@code ust} or {@code kernel} folder holds trace folders within a
     * few levels. Every trace below such a folder belongs to the one input.
     */
    @Override
    public boolean readsDirectory(Path directory) {
        if (CtfFolders.isMetadata(directory.resolve(CtfFolders.METADATA))) {
            return true;
        }
        // Stream files without their metadata: claimed, so that reading says what is missing.
        if (!Files.exists(directory.resolve(CtfFolders.METADATA), LinkOption.NOFOLLOW_LINKS)
                && hasStreamFile(directory)) {
            return true;
        }
        Path name = directory.getFileName();
        if (name != null && (name.toString().equals("ust") || name.toString().equals("kernel"))
                && (CtfFolders.holdsTrace(directory) || CtfFolders.holdsStreamsWithoutMetadata(directory))) {
            return true;
        }
        for (String domain : new String[] {"ust", "kernel"}) {
            Path child = directory.resolve(domain);
            if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)
                    && (CtfFolders.holdsTrace(child) || CtfFolders.holdsStreamsWithoutMetadata(child))) {
                return true;
            }
        }
        return false;
    }

    private static boolean hasStreamFile(Path directory) {
        try (java.nio.file.DirectoryStream<Path> entries = Files.newDirectoryStream(directory)) {
            for (Path p : entries) {
                if (CtfFolders.isStreamFile(p)) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        Optional<Path> directory = source.directory();
        if (directory.isEmpty()) {
            throw new BadInputException(source.name() + ": a file of a CTF trace (LTTng): name the trace's folder"
                    + " instead (the one lttng create --output made), e.g. ppw-java profile TRACE_DIR");
        }
        EventFormat.bracketed(source.name(), sink, () -> {
            UstFolding folding = new UstFolding(sink, new AddressNames(binaries != null ? binaries
                        : AddressNames.fileSystem(options.symbolRoot())), source.name());
            CtfTraceReader.Result result = CtfTraceReader.read(directory.get(), source.name(), options.workers(),
                    folding::accept);
            folding.finish();
            for (CtfTraceReader.Warning w : result.warnings()) {
                sink.diagnostics().warn(w.kind(), w.count(), w.examples().subList(0,
                        Math.min(w.examples().size(), sink.diagnostics().examplesPerKind())));
            }
            if (result.discardedEvents() > 0) {
                sink.diagnostics().warn(DISCARDED_EVENTS, result.discardedEvents(),
                        result.discardExamples().subList(0, (int) Math.min(result.discardExamples().size(),
                                Math.min(result.discardedEvents(), sink.diagnostics().examplesPerKind()))));
            }
            options.progress().accept(Math.max(0, source.sizeBytes()));
        });
    }
}
