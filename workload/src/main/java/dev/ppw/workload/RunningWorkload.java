package dev.ppw.workload;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A workload started by {@link Workloads#start}: its process, a way to end it, and how it ended. Thread-safe: any
 * thread may cancel it while another awaits it. {@link #close()} ends it if it still runs and removes the runner's
 * scratch folder (perf's outputs): close it after the result is stored.
 */
public final class RunningWorkload implements AutoCloseable {
    /** The name of perf stat's counts among the raw files. */
    static final String PERF_STAT_FILE = "perf-stat.csv";
    /** The name of perf record's samples among the raw files. */
    static final String PERF_DATA_FILE = "perf.data";

    private final WorkloadSpec spec;
    private final List<String> commandLine;
    private final Process process;
    private final Path scratch;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final CompletableFuture<WorkloadResult> result = new CompletableFuture<>();

    private RunningWorkload(WorkloadSpec spec, List<String> commandLine, Process process, Path scratch) {
        this.spec = spec;
        this.commandLine = List.copyOf(commandLine);
        this.process = process;
        this.scratch = scratch;
    }

    static RunningWorkload start(WorkloadSpec spec, WorkloadListener listener, Workloads.Options options) {
        Workloads.checkPerf(spec.tool(), options);
        Path workingFolder = spec.workingFolder().orElse(null);
        if (workingFolder != null && !Files.isDirectory(workingFolder)) {
            throw new WorkloadException("cannot run the workload in " + workingFolder + ": no such folder");
        }
        Path traceDir = spec.traceDir().map(d -> workingFolder == null ? d : workingFolder.resolve(d)).orElse(null);
        TraceFiles traces;
        try {
            if (traceDir != null) {
                Files.createDirectories(traceDir);
            }
            traces = TraceFiles.before(traceDir);
        } catch (IOException e) {
            throw new WorkloadException("cannot make the trace folder " + traceDir + ": " + e.getMessage(), e);
        }
        Path scratch;
        try {
            scratch = options.scratchParent().isPresent()
                    ? Files.createTempDirectory(Files.createDirectories(options.scratchParent().get()), "ppw-workload-")
                    : Files.createTempDirectory("ppw-workload-");
        } catch (IOException e) {
            throw new WorkloadException("cannot make a scratch folder for the workload: " + e.getMessage(), e);
        }
        List<String> argv = commandLine(spec, options.perf(), scratch);
        ProcessBuilder builder = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new File(
                "/dev/null")));
        if (workingFolder != null) {
            builder.directory(workingFolder.toFile());
        }
        Map<String, String> environment = builder.environment();
        environment.putAll(spec.environment());
        if (traceDir != null && !spec.environment().containsKey(TraceFiles.OPTIONS)) {
            String inherited = environment.get(TraceFiles.OPTIONS);
            String logDir = "log-dir=" + traceDir.toAbsolutePath();
            environment.put(TraceFiles.OPTIONS, inherited == null || inherited.isBlank() ? logDir
                    : inherited + ":" + logDir);
        }
        Instant started = Instant.now();
        long startNanos = System.nanoTime();
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            Folding.deleteTree(scratch);
            if (spec.tool() != WorkloadSpec.Tool.NONE) {
                throw Perf.missing(options.perf(), e);
            }
            String program = spec.command().get(0);
            String why = String.valueOf(e.getMessage());
            // the JDK's words differ by version and launch mechanism; the errno's text is the same in all
            String said = why.contains("No such file") ? "no such program" + (program.contains("/") ? ""
                    : " on the PATH") : why.contains("Permission denied") ? "not an executable file"
                    : Perf.firstLine(why).replaceFirst("^Cannot run program \"[^\"]*\"[^:]*: ", "");
            throw new WorkloadException("cannot run " + program + ": " + said, e);
        }
        RunningWorkload running = new RunningWorkload(spec, argv, process, scratch);
        running.watch(listener, options, traces, started, startNanos);
        return running;
    }

    /** What is run: perf and its options, then the workload's command. */
    static List<String> commandLine(WorkloadSpec spec, String perf, Path scratch) {
        List<String> argv = new ArrayList<>();
        switch (spec.tool()) {
            case STAT -> {
                argv.addAll(List.of(perf, "stat", "-I", Long.toString(spec.intervalMillis()), "-x",
                        String.valueOf(PerfStatCsv.SEPARATOR), "-o", scratch.resolve(PERF_STAT_FILE).toString()));
                if (!spec.events().isEmpty()) {
                    argv.addAll(List.of("-e", String.join(",", spec.events())));
                }
                argv.add("--");
            }
            case RECORD -> {
                argv.addAll(List.of(perf, "record", "-q", "-F", Integer.toString(spec.frequencyHz())));
                if (spec.callGraph()) {
                    argv.add("-g");
                }
                if (!spec.events().isEmpty()) {
                    argv.addAll(List.of("-e", String.join(",", spec.events())));
                }
                argv.addAll(List.of("-o", scratch.resolve(PERF_DATA_FILE).toString(), "--"));
            }
            case NONE -> {
            }
        }
        argv.addAll(spec.command());
        return argv;
    }

    /** Starts the threads that read the workload's streams and perf's counts, and the one that sees it end. */
    private void watch(WorkloadListener listener, Workloads.Options options, TraceFiles traces, Instant started,
                       long startNanos) {
        ExecutorService calls = Executors.newSingleThreadExecutor(daemon("ppw-workload-listener"));
        Told told = new Told(listener, calls);
        told.call(l -> l.started(process.pid(), commandLine));
        LineTail out = LineTail.start(process.getInputStream(), WorkloadOutput.STDOUT, options.tailLines(), told);
        LineTail err = LineTail.start(process.getErrorStream(), WorkloadOutput.STDERR, options.tailLines(), told);
        StatTail stat = spec.tool() == WorkloadSpec.Tool.STAT
                ? StatTail.start(scratch.resolve(PERF_STAT_FILE), spec.intervalMillis(), process, told) : null;
        daemon("ppw-workload-end").newThread(() -> {
            WorkloadResult ended;
            try {
                int status = process.waitFor();
                long wallNanos = System.nanoTime() - startNanos;
                out.join();
                err.join();
                int intervals = stat == null ? 0 : stat.join();
                ended = new Folding(spec, options, scratch, told).fold(started, wallNanos, OptionalInt.of(status),
                        cancelled.get(), out.tail(), err.tail(), intervals, traces);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                result.completeExceptionally(e);
                calls.shutdown();
                return;
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
                calls.shutdown();
                return;
            }
            WorkloadResult last = ended;
            told.call(l -> l.finished(last));
            calls.shutdown();
            try {
                calls.awaitTermination(1, TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            result.complete(ended);
        }).start();
    }

    static java.util.concurrent.ThreadFactory daemon(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** The listener, told one call at a time on a thread of its own; what it throws is dropped. */
    static final class Told {
        private final WorkloadListener listener;
        private final ExecutorService calls;

        Told(WorkloadListener listener, ExecutorService calls) {
            this.listener = listener;
            this.calls = calls;
        }

        void call(java.util.function.Consumer<WorkloadListener> call) {
            try {
                calls.execute(() -> {
                    try {
                        call.accept(listener);
                    } catch (RuntimeException e) {
                        // the listener's trouble is not the workload's: it runs on, and the listener hears the rest
                    }
                });
            } catch (java.util.concurrent.RejectedExecutionException e) {
                // told after the end: nothing is listening any more
            }
        }
    }

    /** What was run. */
    public WorkloadSpec spec() {
        return spec;
    }

    /** The command line started: perf and its options, then the workload's command. */
    public List<String> commandLine() {
        return commandLine;
    }

    /** The process started: perf's, or the workload's without perf. */
    public long pid() {
        return process.pid();
    }

    /** True until the workload's process has ended (its folding may still go on: {@link #await()}). */
    public boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Asks the workload to end (SIGTERM to it and to perf): perf writes what it counted so far, which is folded and
     * kept; the result says {@code cancelled} and {@code failed}. Does nothing once it has ended.
     */
    public void cancel() {
        end(false);
    }

    /** Ends the workload at once (SIGKILL to it, its children and perf); what perf had not written is lost. */
    public void kill() {
        end(true);
    }

    private void end(boolean force) {
        if (!process.isAlive()) {
            return;
        }
        cancelled.set(true);
        // The workload first, then perf: perf stat and perf record end with their child, writing what they have.
        process.descendants().forEach(p -> {
            if (force) {
                p.destroyForcibly();
            } else {
                p.destroy();
            }
        });
        if (force) {
            process.destroyForcibly();
        } else if (spec.tool() == WorkloadSpec.Tool.NONE) {
            process.destroy();
        }
    }

    /**
     * Waits for the workload to end and what it left to be folded.
     *
     * @throws InterruptedException when this thread is interrupted while it waits (the workload runs on)
     */
    public WorkloadResult await() throws InterruptedException {
        try {
            return result.get();
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    /** As {@link #await()}, waiting at most {@code timeout}: empty when it has not ended by then. */
    public Optional<WorkloadResult> await(Duration timeout) throws InterruptedException {
        try {
            return Optional.of(result.get(timeout.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            return Optional.empty();
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    /** The result, when the workload has ended and been folded. */
    public CompletableFuture<WorkloadResult> result() {
        return result.copy();
    }

    private static RuntimeException unwrap(ExecutionException e) {
        if (e.getCause() instanceof RuntimeException r) {
            return r;
        }
        if (e.getCause() instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(e.getCause());
    }

    /**
     * Kills the workload if it still runs, waits for its end, and removes the scratch folder with perf's outputs (the
     * result's raw files there are gone after: store the run first).
     */
    @Override
    public void close() {
        kill();
        try {
            result.handle((r, e) -> r).get(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // ended badly or not yet: the scratch folder goes either way
        }
        Folding.deleteTree(scratch);
    }

    /** The folder perf writes into, for the tests. */
    Path scratch() {
        return scratch;
    }

    static UncheckedIOException unchecked(IOException e) {
        return new UncheckedIOException(e);
    }
}
