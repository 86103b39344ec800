package dev.ppw.collect.lttng;

import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The text {@code babeltrace2} prints of an LTTng trace in its default layout (with or without
 * {@code --debug-info}, {@code --clock-seconds}, {@code --clock-date}): one event per line, read by
 * {@link BabeltraceTextReader} and folded by {@link UstFolding} (SEMANTICS.md, "LTTng"). Addresses are
 * named from the binaries found on this machine at the paths the trace's statedump gives.
 */
public final class BabeltraceTextFormat implements EventFormat {
    private static final int PROBE_LINES = 3;
    /** Clock time of day, seconds ({@code --clock-seconds}) or date and time ({@code --clock-date}), then the delta. */
    private static final Pattern EVENT = Pattern.compile(
            "\\[(?:\\d{4}-\\d{2}-\\d{2} )?(?:\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)\\] (?:\\(\\+(?:[\\d.]+|[?.]+)\\) )?\\S.*");

    /** The symbols of the binaries a trace names: null to read this machine's files (under --symfs when given). */
    private final AddressNames.BinaryLookup binaries;

    /**
     * The format as the registry loads it: binaries are looked up on this machine's files, under the read options'
     * {@code symbolRoot} when given.
     */
    public BabeltraceTextFormat() {
        this(null);
    }

    /** The format naming addresses with the symbols {@code binaries} finds (tests give their own). */
    public BabeltraceTextFormat(AddressNames.BinaryLookup binaries) {
        this.binaries = binaries;
    }

    /**
     * Text saved as {@code .txt} ({@code babeltrace2 TRACE > trace.txt}): found in folders when its content is this
     * format's.
     */
    @Override
    public boolean probedInFolders(Path file) {
        return InputFormat.bareName(file).endsWith(".txt");
    }

    @Override
    public String name() {
        return "lttng-text";
    }

    @Override
    public List<DiagnosticKind> diagnosticKinds() {
        return UstFolding.KINDS;
    }

    @Override
    public String description() {
        return "babeltrace2 text of an LTTng trace (one event per line, with or without --debug-info):"
                + " cyg-profile function entries/exits, Python calls, libc allocations";
    }

    /** {@link Confidence#CERTAIN} when the first lines that are not blank (up to 3) are all event lines. */
    @Override
    public Confidence probe(Head head) {
        if (head.looksLikeUtf16Or32()) {
            return Confidence.NONE;
        }
        String text = head.latin1();
        if (text.indexOf('\0') >= 0) {
            return Confidence.NONE;
        }
        int start = 0;
        int seen = 0;
        while (seen < PROBE_LINES) {
            int end = text.indexOf('\n', start);
            if (end < 0) {
                if (!head.whole() || start >= text.length()) {
                    break;
                }
                end = text.length();
            }
            String line = text.substring(start, end).strip();
            start = end + 1;
            if (line.isEmpty()) {
                continue;
            }
            if (!EVENT.matcher(line).matches()) {
                return Confidence.NONE;
            }
            seen++;
        }
        return seen > 0 ? Confidence.CERTAIN : Confidence.NONE;
    }

    /** Followed while written ({@code profile --follow}): one event per line, folded as soon as its line is read. */
    @Override
    public boolean followable() {
        return true;
    }

    /**
     * A plain file of at least {@link ReadOptions#parallelFromBytes()} is read on {@link ReadOptions#jobs()} threads
     * when there are several ({@link ParallelTextReader}); anything else line by line on this one. Both hand the
     * folding the same events in the same order.
     */
    @Override
    public void read(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        String name = source.name();
        Optional<Path> file = source.file();
        AddressNames addresses = new AddressNames(binaries != null ? binaries
                : AddressNames.fileSystem(options.symbolRoot()));
        if (file.isPresent() && options.jobs() > 1 && source.sizeBytes() >= options.parallelFromBytes()) {
            EventFormat.bracketed(name, sink, () -> {
                UstFolding folding = new UstFolding(sink, addresses, name);
                ParallelTextReader.read(file.get(), name, sink.diagnostics(), folding::accept, options.workers(),
                        options.chunkBytes(), options.progress());
                folding.finish();
            });
            return;
        }
        try (InputStream content = source.open(options.progress())) {
            EventFormat.bracketed(name, sink, () -> {
                UstFolding folding = new UstFolding(sink, addresses, name);
                new BabeltraceTextReader(name, sink.diagnostics(), folding::accept).read(content);
                folding.finish();
            });
        }
    }
}
