package dev.ppw.server;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ppw.engine.Engine;
import dev.ppw.store.GitInfo;
import dev.ppw.store.NewRun;
import dev.ppw.workload.CounterInterval;
import dev.ppw.workload.CounterValue;
import dev.ppw.workload.RunningWorkload;
import dev.ppw.workload.WorkloadException;
import dev.ppw.workload.WorkloadListener;
import dev.ppw.workload.WorkloadOutput;
import dev.ppw.workload.WorkloadResult;
import dev.ppw.workload.WorkloadSpec;
import dev.ppw.workload.Workloads;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The workloads started from the new-run form ({@code --allow-run}): one at a time (a second is a 409 while the first
 * runs or is being stored), each told to its watchers as server-sent events ({@code GET /api/live/K}): {@code started},
 * {@code interval} (each perf stat interval), {@code output} (each line the workload writes), {@code step},
 * {@code finished}, then {@code stored} with the run's id (or {@code failed} with one line when it could not be
 * stored). Every event is kept, so that a watcher who comes late is told all of them from the first; the last
 * {@link #KEPT} workloads' events are kept after they end.
 */
final class LiveRuns {
    /** How many ended workloads' events are kept for a late watcher. */
    static final int KEPT = 8;
    /** Lines of a workload's output told to watchers at most: a chatty workload must not fill the heap. */
    static final int MAX_OUTPUT_EVENTS = 2000;
    /** A comment sent after this long without an event, so that a proxy or the browser keeps the stream open. */
    private static final long KEEP_ALIVE_MILLIS = 15_000;

    /** What the form asked besides the workload: how the stored run is named. */
    record Naming(String label, String session, Map<String, String> tags) {
    }

    private final StorePool stores;
    private final Engine engine;
    private final Workloads.Options options;
    private final Consumer<String> problems;
    private final Map<String, String> host;
    private final Map<String, Live> byKey = new LinkedHashMap<>();
    private Live current;

    LiveRuns(StorePool stores, Engine engine, Workloads.Options options, Consumer<String> problems,
             Map<String, String> host) {
        this.stores = stores;
        this.engine = engine;
        this.options = options;
        this.problems = problems;
        this.host = host;
    }

    /**
     * Starts {@code spec}'s workload, or answers 409 while another runs; a workload that cannot start (perf missing or
     * not permitted, no such program) is a 400 with perf's or the runner's line.
     *
     * @return the key of its event stream
     */
    String start(WorkloadSpec spec, Naming naming) {
        Live live;
        synchronized (this) {
            if (current != null && !current.ended()) {
                throw new HttpError(409, "a workload is running already (" + current.key
                        + "): wait for it to be stored, then start another");
            }
            live = new Live(Guard.newToken().substring(0, 16));
            RunningWorkload running;
            try {
                running = Workloads.start(spec, live, options);
            } catch (WorkloadException e) {
                throw HttpError.badRequest(firstLine(e.getMessage()));
            }
            current = live;
            live.running = running;
            byKey.put(live.key, live);
            while (byKey.size() > KEPT) {
                byKey.remove(byKey.keySet().iterator().next());
            }
            Thread.ofVirtual().name("ppw-live-" + live.key).start(() -> store(live, running, naming));
        }
        return live.key;
    }

    /** Waits for the workload's end, stores its run, and tells the watchers its id. */
    private void store(Live live, RunningWorkload running, Naming naming) {
        try (running) {
            WorkloadResult result = running.await();
            // the work tree the workload ran in, as a run stored by the command line names the one it ran in
            NewRun stored = result.toNewRun();
            Map<String, String> environment = new LinkedHashMap<>(stored.environment());
            host.forEach(environment::putIfAbsent);
            NewRun run = stored.withEnvironment(environment).withLabel(naming.label()).withSession(naming.session())
                    .withTags(naming.tags()).withTool(dev.ppw.model.Version.tool())
                    .withGit(GitInfo.of(result.spec().workingFolder().orElse(Path.of(""))));
            long id = stores.with(store -> store.put(run, engine));
            live.end("stored", Json.text(g -> {
                g.writeStartObject();
                g.writeNumberField("run", id);
                g.writeStringField("url", "/runs/" + id);
                g.writeEndObject();
            }));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            live.end("failed", message("the server stopped before the run was stored"));
        } catch (RuntimeException e) {
            problems.accept("live run " + live.key + ": " + e);
            live.end("failed", message("the run could not be stored: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + firstLine(e.getMessage()))));
        }
    }

    /** The stream of {@code key}'s events, or 404. */
    Response stream(Request request) {
        return Response.stream("text/event-stream; charset=utf-8", kept(request.pathValue("key"))::writeTo);
    }

    /** The workload of {@code key}, running or among the last {@link #KEPT} ended, or 404. */
    private synchronized Live kept(String key) {
        Live live = byKey.get(key);
        if (live == null) {
            throw HttpError.notFound("no live run " + Ids.shorten(key) + " here (only the last " + KEPT
                    + " are kept)");
        }
        return live;
    }

    /**
     * {@code POST /api/live/{key}/cancel}: stops {@code key}'s workload as Ctrl-C stops {@code record} (perf writes
     * what it counted; the run is stored, failed and cancelled, and its stream ends as usual); 202. A key not kept is
     * a 404, a workload that has ended already a 409.
     */
    Response cancel(Request request) {
        String key = request.pathValue("key");
        Live live = kept(key);
        RunningWorkload running = live.running;
        if (live.ended() || running == null || !running.isAlive()) {
            throw new HttpError(409, "live run " + key + "'s workload has ended already: nothing to cancel");
        }
        running.cancel();
        return Response.bytes(202, Response.JSON, Json.bytes(g -> {
            g.writeStartObject();
            g.writeStringField("cancelled", key);
            g.writeStringField("live", "/api/live/" + key);
            g.writeEndObject();
        }));
    }

    /** Cancels the workload that runs, if one does: the server is stopping (perf writes what it counted). */
    synchronized void close() {
        if (current != null && current.running != null) {
            current.running.cancel();
        }
    }

    private static String message(String text) {
        return Json.text(g -> {
            g.writeStartObject();
            g.writeStringField("message", text);
            g.writeEndObject();
        });
    }

    static String firstLine(String message) {
        if (message == null) {
            return "";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    /** One workload's events as they come, each an SSE frame, and whether the last has been told. */
    static final class Live implements WorkloadListener {
        final String key;
        private final List<byte[]> frames = new ArrayList<>();
        private boolean ended;
        private int outputLines;
        volatile RunningWorkload running;

        Live(String key) {
            this.key = key;
        }

        synchronized boolean ended() {
            return ended;
        }

        private synchronized void add(String event, String json) {
            if (ended) {
                return;
            }
            // JSON written by Json has no line end in it, so one data line carries it whole
            frames.add(("event: " + event + "\ndata: " + json + "\n\n").getBytes(StandardCharsets.UTF_8));
            notifyAll();
        }

        synchronized void end(String event, String json) {
            add(event, json);
            ended = true;
            notifyAll();
        }

        @Override
        public void started(long pid, List<String> commandLine) {
            add("started", Json.text(g -> {
                g.writeStartObject();
                g.writeNumberField("pid", pid);
                g.writeArrayFieldStart("command");
                for (String a : commandLine) {
                    g.writeString(a);
                }
                g.writeEndArray();
                g.writeEndObject();
            }));
        }

        @Override
        public void interval(CounterInterval interval) {
            add("interval", Json.text(g -> {
                g.writeStartObject();
                g.writeNumberField("end_ns", interval.endNanos());
                g.writeArrayFieldStart("values");
                for (CounterValue v : interval.values()) {
                    g.writeStartObject();
                    g.writeStringField("event", v.event());
                    g.writeStringField("id", v.id());
                    g.writeStringField("unit", v.unit());
                    if (v.value().isPresent()) {
                        g.writeNumberField("value", v.value().getAsDouble());
                    } else {
                        g.writeNullField("value");
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }));
        }

        @Override
        public void output(WorkloadOutput stream, String line) {
            synchronized (this) {
                if (++outputLines > MAX_OUTPUT_EVENTS) {
                    return;
                }
            }
            add("output", Json.text(g -> {
                g.writeStartObject();
                g.writeStringField("stream", stream.name().toLowerCase(java.util.Locale.ROOT));
                g.writeStringField("line", line);
                g.writeEndObject();
            }));
        }

        @Override
        public void step(String what) {
            add("step", message(what));
        }

        @Override
        public void finished(WorkloadResult result) {
            add("finished", Json.text(g -> finished(g, result)));
        }

        private static void finished(JsonGenerator g, WorkloadResult r) throws IOException {
            g.writeStartObject();
            g.writeBooleanField("failed", r.failed());
            g.writeBooleanField("cancelled", r.cancelled());
            if (r.exitStatus().isPresent()) {
                g.writeNumberField("exit_status", r.exitStatus().getAsInt());
            }
            g.writeNumberField("wall_ns", r.wallNanos());
            g.writeNumberField("intervals", r.intervals());
            g.writeStringField("stderr_tail", r.stderrTail());
            g.writeArrayFieldStart("notes");
            for (String n : r.notes()) {
                g.writeString(n);
            }
            g.writeEndArray();
            g.writeEndObject();
        }

        /** Every event from the first, then each as it comes, until the last; a comment now and then meanwhile. */
        void writeTo(OutputStream out) throws IOException {
            out.write(("retry: 3000\n\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            int next = 0;
            while (true) {
                List<byte[]> batch;
                boolean last;
                synchronized (this) {
                    if (next == frames.size() && !ended) {
                        try {
                            wait(KEEP_ALIVE_MILLIS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                    batch = List.copyOf(frames.subList(next, frames.size()));
                    last = ended;
                }
                if (batch.isEmpty() && !last) {
                    out.write(": still running\n\n".getBytes(StandardCharsets.UTF_8));
                }
                for (byte[] f : batch) {
                    out.write(f);
                }
                next += batch.size();
                out.flush();
                if (last && batch.isEmpty()) {
                    return;
                }
            }
        }
    }
}
