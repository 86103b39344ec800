package dev.ppw.engine;

import dev.ppw.aggregate.FoldOptions;
import dev.ppw.aggregate.Folder;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.DroppedInputs;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.Profile;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.Head;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * One run of {@link Engine#follow}, all on the calling thread: the input's format detected from its first whole
 * lines (waiting for them), then its collector reading a {@link FollowStream} into a {@link Folder} (the final
 * profile, folded exactly as {@link Engine#analyze} folds a stream) and, through the same sink, into an
 * {@link EventLog}. Between two reads of the collector, at each interval, a snapshot folds the log into a fresh
 * folder: the live folder is never disturbed, and the collector's tables are only read, on the thread that writes
 * them.
 */
final class Following implements FollowStream.Listener {
    private final Context context;
    private final FollowedInput input;
    private final FollowOptions options;
    private final Consumer<AnalysisResult> onSnapshot;
    private final FollowStop stop;
    private final FoldOptions fold;

    private final EventLog log = new EventLog();
    private Folder live;
    private boolean begun;
    private long nextSnapshotNanos;
    private long eventsAtSnapshot = -1;
    private RuntimeException snapshotFailure;

    Following(Context context, FollowedInput input, FollowOptions options, Consumer<AnalysisResult> onSnapshot,
              FollowStop stop) {
        this.context = context;
        this.input = input;
        this.options = options;
        this.onSnapshot = onSnapshot;
        this.stop = stop;
        this.fold = Context.fold(options.reading(), !options.rows().percentiles().isEmpty());
    }

    AnalysisResult run() {
        Reading reading = context.reading(options.reading(), Workers.inline());
        nextSnapshotNanos = System.nanoTime() + options.intervalNanos();
        FollowStream stream;
        try {
            stream = new FollowStream(input.name(), input.open(), this, options.pollNanos());
        } catch (IOException e) {
            throw Problems.cannotRead(input.name(), e);
        }
        try (stream; Folder folder = new Folder(fold)) {
            live = folder;
            EventFormat format = formatOf(stream, reading);
            if (format.readsCutEvents()) {
                stream.handOverAsBytesCome();
            }
            FollowSource source = new FollowSource(input.name(), stream);
            ReadOptions read = reading.options().withProgress(bytes -> { });
            try {
                format.read(source, new Tee(), read);
            } catch (BadInputException e) {
                throwFailure(stream);
                throw e;
            } catch (IOException e) {
                throwFailure(stream);
                throw Problems.cannotRead(input.name(), e);
            } catch (UncheckedIOException e) {
                throw Problems.spillFailed(e);
            }
            throwFailure(stream);
            Diagnostics diagnostics = finalDiagnostics(folder.diagnostics(), stream);
            return result(folder, diagnostics);
        } catch (IOException e) {
            throw Problems.cannotRead(input.name(), e);
        }
    }

    private void throwFailure(FollowStream stream) {
        if (stream.failure() != null) {
            throw stream.failure();
        }
        if (snapshotFailure != null) {
            throw snapshotFailure;
        }
    }

    /**
     * The format: the forced one, else detection over the whole lines that have come, asked again as lines come
     * until it answers or the head is as long as detection reads (or nothing more will come).
     */
    private EventFormat formatOf(FollowStream stream, Reading reading) throws IOException {
        InputFormat format = reading.forced();
        while (format == null) {
            Head head = stream.head();
            if (head.length() > 0 || stream.ended()) {
                try {
                    format = context.formats().detect(head);
                    break;
                } catch (BadInputException e) {
                    if (stream.headComplete()) {
                        throwFailure(stream);
                        throw e;
                    }
                }
            }
            stream.step();
        }
        if (!(format instanceof EventFormat events) || !format.followable()) {
            throw new CannotFollowException("cannot follow " + input.name() + ": it is " + format.name()
                    + ", which cannot be read while it is written; --follow reads " + String.join(", ", followable()));
        }
        return events;
    }

    private List<String> followable() {
        return context.formats().formats().stream().filter(InputFormat::followable).map(InputFormat::name).toList();
    }

    /**
     * The live folder's diagnostics, where an input that ends inside an event (the reader's {@code truncated}
     * warning: following stopped within an event written over several lines, or in a run of zero bytes) and an
     * unfinished last line left out by the stream are the note {@link Diagnostics#UNFINISHED_EVENT}.
     */
    private Diagnostics finalDiagnostics(Diagnostics folded, FollowStream stream) {
        Diagnostics out = new Diagnostics(fold.warningExamples());
        for (Map.Entry<String, Diagnostics.Entry> e : folded.warnings().entrySet()) {
            if (Diagnostics.TRUNCATED.equals(e.getKey())) {
                continue;
            }
            out.warn(e.getKey(), e.getValue().count(), e.getValue().examples());
        }
        for (Map.Entry<String, Diagnostics.Entry> e : folded.notes().entrySet()) {
            addNotes(out, e.getKey(), e.getValue());
        }
        Diagnostics.Entry cut = folded.warnings().get(Diagnostics.TRUNCATED);
        if (cut != null) {
            addNotes(out, Diagnostics.UNFINISHED_EVENT, cut);
        }
        if (stream.unfinishedBytes() > 0) {
            out.note(Diagnostics.UNFINISHED_EVENT, input.name() + ": following stopped " + stream.handedOver()
                    + " bytes in, within a line its writer had not finished; its " + stream.unfinishedBytes()
                    + " bytes were left out");
        }
        return out;
    }

    private static void addNotes(Diagnostics out, String kind, Diagnostics.Entry entry) {
        for (String example : entry.examples()) {
            out.note(kind, example);
        }
        long rest = entry.count() - entry.examples().size();
        if (rest > 0) {
            out.note(kind, rest);
        }
    }

    @Override
    public boolean poll(long idleNanos) {
        if (stop.stopped() || snapshotFailure != null) {
            return true;
        }
        if (options.untilIdleNanos() > 0 && idleNanos >= options.untilIdleNanos()) {
            return true;
        }
        long now = System.nanoTime();
        if (begun && now - nextSnapshotNanos >= 0) {
            if (log.events() != eventsAtSnapshot) {
                eventsAtSnapshot = log.events();
                try {
                    onSnapshot.accept(snapshot());
                } catch (RuntimeException e) {
                    snapshotFailure = e;
                    return true;
                }
            }
            nextSnapshotNanos = System.nanoTime() + options.intervalNanos();
        }
        return false;
    }

    /** Everything read so far folded into a fresh folder, as if the input ended here. */
    private AnalysisResult snapshot() {
        try (Folder folder = new Folder(fold)) {
            folder.beginInput(input.name());
            log.replay(live.frames(), folder);
            folder.endInput();
            Diagnostics diagnostics = new Diagnostics(fold.warningExamples());
            diagnostics.addAll(live.diagnostics());
            diagnostics.addAll(folder.diagnostics());
            return result(folder, diagnostics);
        }
    }

    /** The profile {@code folder} holds of the input, its one node, in the view and rows asked. */
    private AnalysisResult result(Folder folder, Diagnostics diagnostics) {
        ViewSpec view = options.view();
        Profile profile = view.derive(ProfileRun.sumOfInputs(folder.toProfile(), List.of(input.name())));
        return context.result(ReportAssembly.rows(profile, diagnostics, options.rows()), DroppedInputs.NONE, 1);
    }

    /** The input as a source read once, whose content is the following stream. */
    private static final class FollowSource implements InputSource {
        private final String name;
        private final FollowStream stream;
        private boolean opened;

        FollowSource(String name, FollowStream stream) {
            this.name = name;
            this.stream = stream;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public InputStream open(LongConsumer rawBytesRead) {
            if (opened) {
                throw new IllegalStateException(name + " can be read once only");
            }
            opened = true;
            return new java.io.FilterInputStream(stream) {
                @Override
                public void close() {
                    // The follow closes the stream once it has folded what was read.
                }
            };
        }

        @Override
        public boolean rereadable() {
            return false;
        }

        @Override
        public Optional<Path> file() {
            return Optional.empty();
        }

        @Override
        public long sizeBytes() {
            return -1;
        }

        @Override
        public Head head() {
            return stream.head();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** The collector's sink: every call to the live folder and into the log. */
    private final class Tee implements EventSink {
        @Override
        public FrameTable frames() {
            return live.frames();
        }

        @Override
        public Diagnostics diagnostics() {
            return live.diagnostics();
        }

        @Override
        public void beginInput(String displayName) {
            live.beginInput(displayName);
            begun = true;
        }

        @Override
        public int thread(String pid, String tid) {
            int track = live.thread(pid, tid);
            log.thread(track, pid, tid);
            return track;
        }

        @Override
        public int asyncTrack(String pid, String cat, String id) {
            int track = live.asyncTrack(pid, cat, id);
            log.asyncTrack(track, pid, cat, id);
            return track;
        }

        @Override
        public void begin(int track, long tsNanos, int frameId) {
            log.begin(track, tsNanos, frameId);
            live.begin(track, tsNanos, frameId);
        }

        @Override
        public void end(int track, long tsNanos, int regionId) {
            log.end(track, tsNanos, regionId);
            live.end(track, tsNanos, regionId);
        }

        @Override
        public void complete(int track, long tsNanos, long durNanos, int frameId) {
            log.complete(track, tsNanos, durNanos, frameId);
            live.complete(track, tsNanos, durNanos, frameId);
        }

        @Override
        public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds,
                           int depth) {
            log.sample(track, tsNanos, weight, amount, samples, frameIds, depth);
            live.sample(track, tsNanos, weight, amount, samples, frameIds, depth);
        }

        @Override
        public void weigh(int track, long tsNanos, Metric weight, long amount, int[] frameIds, int depth) {
            log.sample(track, tsNanos, weight, amount, EventLog.WEIGHT_OF_CALLS, frameIds, depth);
            live.weigh(track, tsNanos, weight, amount, frameIds, depth);
        }

        @Override
        public void processName(String pid, String name) {
            log.processName(pid, name);
            live.processName(pid, name);
        }

        @Override
        public void threadName(String pid, String tid, String name) {
            log.threadName(pid, tid, name);
            live.threadName(pid, tid, name);
        }

        @Override
        public void regionCounter(int track, long tsNanos, int regionId, double cpuUsage, double memoryUsage) {
            log.regionCounter(track, tsNanos, regionId, cpuUsage, memoryUsage);
            live.regionCounter(track, tsNanos, regionId, cpuUsage, memoryUsage);
        }

        @Override
        public void counter(String pid, String name, String id, String series, long tsNanos, double value) {
            log.counter(pid, name, id, series, tsNanos, value);
            live.counter(pid, name, id, series, tsNanos, value);
        }

        @Override
        public void displayTimeUnit(String unit) {
            log.displayTimeUnit(unit);
            live.displayTimeUnit(unit);
        }

        @Override
        public void instant(String pid, String tid, long tsNanos, String name) {
            log.instant(pid, tid, tsNanos, name);
            live.instant(pid, tid, tsNanos, name);
        }

        @Override
        public void endInput() {
            live.endInput();
        }
    }
}
