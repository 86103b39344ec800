package dev.ppw.fuzz;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.AnalysisResult;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ReadingOptions;
import dev.ppw.engine.Tuning;
import dev.ppw.model.BadInputException;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ProfileFormat;
import dev.ppw.model.format.ReadOptions;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The harness of every reader's fuzz target: fuzz bytes read as one input format, an event format's through the
 * engine into a real {@code Folder} and its tree, as {@code ppw-java profile --input-format NAME} reads a file, a
 * profile format's by its reader, the profile whole. The only failure a reader may give is a
 * {@link BadInputException} whose one-line message says where ({@code name:line[:column]:} or a byte offset), or
 * what about the whole input is wrong (empty, only whitespace, a broken gzip layer); anything else thrown, a
 * reading that hangs ({@link #CPU_LIMIT_SECONDS}, {@link #WALL_LIMIT_SECONDS}), or one that allocates out of
 * proportion to the input ({@link #allocationLimit}) fails the target, and Jazzer keeps the input as a finding.
 *
 * <p>A target for a new reader is a class of this package named {@code *FuzzTest} (docs/testing.md):
 * <pre>{@code
 * private final ReaderFuzzing reading = ReaderFuzzing.of("perf-script");
 * @FuzzTest void perfScript(byte[] input) { reading.read(input); }
 * }</pre>
 *
 * <p>Not thread-safe: one instance per target, used by the fuzzer's one thread.
 */
final class ReaderFuzzing implements AutoCloseable {
    /** Longer inputs are skipped: the readers' state machines show themselves in small inputs, and runs stay fast. */
    static final int MAX_INPUT_BYTES = 1 << 16;
    /** A reading of at most {@link #MAX_INPUT_BYTES} whose thread has used this much CPU hangs (a loop). */
    static final int CPU_LIMIT_SECONDS = 10;
    /** A reading with no result after this long hangs (blocked, or looping on threads of its own). */
    static final int WALL_LIMIT_SECONDS = 120;
    /** The name of every fuzz input in messages. */
    static final String INPUT_NAME = "fuzz-input";

    /**
     * {@code fuzz-input:LINE:} or {@code fuzz-input:LINE:COLUMN:} at the start; for an input that is a folder, the
     * file inside it may come between ({@code fuzz-input: metadata:LINE:COLUMN:}).
     */
    private static final Pattern LINE_AND_COLUMN =
            Pattern.compile("^" + Pattern.quote(INPUT_NAME) + "(: [^:\\s]+)?:\\d+(:\\d+)?: ");
    /** A byte offset anywhere in the message (binary formats have no lines). */
    private static final Pattern BYTE_OFFSET = Pattern.compile("\\b(byte|offset) \\d+|\\bbyte offset \\d+");
    /** Problems of the whole input, which have no position of their own. */
    private static final Pattern WHOLE_INPUT = Pattern.compile("^" + Pattern.quote(INPUT_NAME)
            + ": (the input is empty|the input holds only|empty file|corrupt gzip|the gzip data ends|gzip nested)");

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final Engine engine = Engine.fromClassPath();
    private final InputFormat format;
    private final ReadOptions reading;
    private final boolean asFile;
    /** For a format that reads folders: the files (relative path to bytes) an input is laid out as; else null. */
    private final Function<byte[], Map<String, byte[]>> layout;
    private ExecutorService worker = newWorker();
    /** What a reading that ends normally must also hold, beyond ending normally. */
    private java.util.function.Consumer<AnalysisResult> check = result -> { };
    private Path file;
    private Path folder;

    private ReaderFuzzing(String format, ReadOptions reading, boolean asFile,
            Function<byte[], Map<String, byte[]>> layout) {
        this.format = engine.formats().byName(format).orElseThrow(() -> new IllegalArgumentException(
                "no input format named " + format + " is registered: " + engine.formats().names()));
        this.reading = reading;
        this.asFile = asFile;
        this.layout = layout;
    }

    /** Reads each input from memory as {@code format}, one thread, default tuning. */
    static ReaderFuzzing of(String format) {
        return new ReaderFuzzing(format, ReadOptions.defaults(), false, null);
    }

    /**
     * Reads each input as {@code format}, a format of folders (a CTF trace), from a fresh folder holding the files
     * {@code layout} makes of the input's bytes (say, fixed metadata beside the fuzzed stream), with {@code reading}.
     */
    static ReaderFuzzing ofFolder(String format, ReadOptions reading, Function<byte[], Map<String, byte[]>> layout) {
        return new ReaderFuzzing(format, reading, false, Objects.requireNonNull(layout, "layout"));
    }

    /**
     * Reads each input as {@code format} from a plain file with {@code reading}: the path a format takes only for
     * files (the Chrome reader's parallel chunks, with {@link ReadOptions#withParallelFromBytes} 0).
     */
    static ReaderFuzzing ofFile(String format, ReadOptions reading) {
        return new ReaderFuzzing(format, reading, true, null);
    }

    /**
     * The same reading, which also holds a reading that ends normally to {@code check}: say, that a damaged input
     * read at all yields rows or warnings, never an empty profile without a word.
     */
    ReaderFuzzing checking(java.util.function.Consumer<AnalysisResult> check) {
        this.check = Objects.requireNonNull(check, "check");
        return this;
    }

    /**
     * Reads {@code input}; returns normally when it was read or refused as bad input with a position.
     *
     * @throws AssertionError for any other outcome: another exception (as its cause), a hang, too much memory
     */
    void read(byte[] input) {
        if (input.length > MAX_INPUT_BYTES) {
            return;
        }
        long limit = allocationLimit(input.length);
        long allocated = allocatedReading(input);
        if (allocated > limit) {
            // The first reading of a path also loads (and Jazzer instruments) its classes on this thread: only a
            // second reading, which allocates what the reader itself does, can say the reader is at fault.
            allocated = allocatedReading(input);
            if (allocated > limit) {
                throw new AssertionError(format.name() + " allocated " + allocated + " bytes reading " + input.length
                        + " bytes (limit " + limit + ")");
            }
        }
    }

    /** Bytes allocated on the reading thread to read {@code input}, or -1 when it was refused as it may be. */
    private long allocatedReading(byte[] input) {
        InputSource source = source(input);
        AtomicLong readingThread = new AtomicLong(-1);
        Future<Long> outcome = worker.submit(() -> {
            readingThread.set(Thread.currentThread().threadId());
            long before = allocatedBytes();
            if (format instanceof ProfileFormat profiles) {
                // The profile whole, as its reader gives it: which views it can give is the engine's business.
                Objects.requireNonNull(profiles.read(source, reading), "profile");
            } else {
                AnalysisResult result = engine.analyze(Analysis.profile(List.of(source)).withJobs(reading.jobs())
                        .withReading(ReadingOptions.defaults().withInputFormat(format.name()).withTuning(
                                Tuning.defaults().withParallelFromBytes(reading.parallelFromBytes())
                                        .withChunkBytes(reading.chunkBytes()))));
                Objects.requireNonNull(result.profile(), "profile");
                check.accept(result);
            }
            return allocatedBytes() - before;
        });
        long startNanos = System.nanoTime();
        while (true) {
            try {
                return outcome.get(1, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                // A loop burns the reading thread's CPU; a reading blocked for good (or looping on other threads)
                // shows as wall time. Wall time alone would call a reading starved by a busy machine a hang.
                long cpuNanos = readingThread.get() < 0 ? 0 : THREADS.getThreadCpuTime(readingThread.get());
                long wallNanos = System.nanoTime() - startNanos;
                if (cpuNanos > TimeUnit.SECONDS.toNanos(CPU_LIMIT_SECONDS)
                        || wallNanos > TimeUnit.SECONDS.toNanos(WALL_LIMIT_SECONDS)) {
                    outcome.cancel(true);
                    // The stuck thread cannot be stopped: later readings get a thread of their own.
                    worker.shutdownNow();
                    worker = newWorker();
                    throw new AssertionError(format.name() + " hangs: no result after " + cpuNanos / 1_000_000
                            + " ms of the reading thread's CPU, " + wallNanos / 1_000_000 + " ms in all, on "
                            + input.length + " bytes");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            } catch (ExecutionException e) {
                checkFailure(e.getCause());
                return -1;
            }
        }
    }

    /** The failure {@code thrown} is allowed: bad input, one line, with a position. */
    static void checkFailure(Throwable thrown) {
        if (!(thrown instanceof BadInputException bad)) {
            throw new AssertionError("not a BadInputException: " + thrown, thrown);
        }
        checkMessage(bad.getMessage(), bad);
    }

    /** A bad input's message is one line that says where, or what about the whole input is wrong. */
    static void checkMessage(String message, Throwable thrown) {
        if (message == null || message.isBlank() || message.indexOf('\n') >= 0 || message.indexOf('\r') >= 0) {
            throw new AssertionError("a bad input's message is one line, got: " + message, thrown);
        }
        if (!LINE_AND_COLUMN.matcher(message).find() && !BYTE_OFFSET.matcher(message).find()
                && !WHOLE_INPUT.matcher(message).find()) {
            throw new AssertionError("a bad input's message says where (" + INPUT_NAME
                    + ":line:column or a byte offset), got: " + message, thrown);
        }
    }

    /**
     * The most a reading of {@code inputBytes} may allocate on the reading thread: a fixed allowance for buffers
     * and tables, plus a generous multiple of the input (names, events, the tree, its view).
     */
    static long allocationLimit(int inputBytes) {
        return (256L << 20) + 4096L * inputBytes;
    }

    private InputSource source(byte[] input) {
        if (layout != null) {
            return folderSource(input);
        }
        if (!asFile) {
            return InputSource.of(INPUT_NAME, input);
        }
        try {
            if (file == null) {
                file = Files.createTempFile("ppw-fuzz-" + format.name(), ".input");
                file.toFile().deleteOnExit();
            }
            Files.write(file, input);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return InputSource.of(file, INPUT_NAME);
    }

    /** A fresh folder with the files {@link #layout} makes of {@code input}, as one input. */
    private InputSource folderSource(byte[] input) {
        try {
            if (folder == null) {
                folder = Files.createTempDirectory("ppw-fuzz-" + format.name());
            }
            deleteBelow(folder);
            for (Map.Entry<String, byte[]> entry : layout.apply(input).entrySet()) {
                Path target = folder.resolve(entry.getKey());
                Files.createDirectories(target.getParent());
                Files.write(target, entry.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return InputSource.ofDirectory(folder, INPUT_NAME);
    }

    /** Deletes everything below {@code root}, which stays. */
    private static void deleteBelow(Path root) throws IOException {
        try (Stream<Path> below = Files.walk(root)) {
            for (Path path : below.sorted(Comparator.reverseOrder()).toList()) {
                if (!path.equals(root)) {
                    Files.delete(path);
                }
            }
        }
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "fuzz-reading");
            thread.setDaemon(true);
            return thread;
        });
    }

    private static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    @Override
    public void close() throws IOException {
        worker.shutdownNow();
        if (file != null) {
            Files.deleteIfExists(file);
        }
        if (folder != null) {
            deleteBelow(folder);
            Files.deleteIfExists(folder);
        }
    }
}
