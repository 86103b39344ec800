package dev.ppw.server;

import com.sun.net.httpserver.HttpServer;
import dev.ppw.engine.Engine;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;
import dev.ppw.workload.Workloads;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

/**
 * {@code ppw-java serve} (docs/server.md): the stored runs, a run's HTML report, the diff of two runs, a region's
 * history and a JSON API under {@code /api/}, on the JDK's HTTP server with a virtual thread per request. Every
 * request must carry the token made at start ({@link #url()} holds it) and name this server as its Host; see
 * {@link Guard}. A thin front end: each answer is one or two store reads and, for a report or a diff, one engine
 * call and one writer, as {@code ppw-java report run:ID} and {@code ppw-java diff run:A run:B} make them.
 *
 * <p>Started, it serves until {@link #close()}; it prints nothing (the command line says where it is and warns
 * about a bind beyond loopback) and tells {@link Options#problems()} one line per request it could not answer
 * for a reason of its own (a 500), never the client a stack trace.
 */
public final class Server implements AutoCloseable {
    /**
     * How to serve.
     *
     * @param store        the run store, opened at start (a store that does not exist is refused)
     * @param storeOptions how it is opened; its mode is taken as {@link RunStore.Mode#EXISTING}
     * @param bind         the address listened on: loopback unless the user asked otherwise
     * @param port         the port, 0 for any free one
     * @param token        the token every request must carry, or empty for a new random one
     * @param problems     where a line goes for each request answered 500 (the command line: standard error)
     * @param allowRun     true to serve the new-run form ({@code /runs/new}, {@code POST /api/runs/new},
     *                     {@code /api/live/K}, {@code POST /api/live/K/cancel}, {@code /api/events}): whoever has
     *                     the token may then run any command as this process's user. False: those routes are 404
     * @param workloads    how the form's workloads are run (perf, scratch folder); its engine is the server's
     * @param host         what each run stored from the form says of the machine it ran on, added to its environment
     *                     (a variable of the form's of the same name stays): the command line gives the host's
     *                     name, operating system, kernel, processor and JVM, as it does for the runs it stores
     *                     (docs/store.md); empty adds nothing
     */
    public record Options(StoreLocation store, RunStore.Options storeOptions, InetAddress bind, int port,
                          String token, Consumer<String> problems, boolean allowRun, Workloads.Options workloads,
                          Map<String, String> host) {
        public Options {
            Objects.requireNonNull(store, "store");
            Objects.requireNonNull(storeOptions, "storeOptions");
            Objects.requireNonNull(bind, "bind");
            Objects.requireNonNull(token, "token");
            Objects.requireNonNull(problems, "problems");
            Objects.requireNonNull(workloads, "workloads");
            host = Collections.unmodifiableMap(new LinkedHashMap<>(host));
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0 to 65535, got " + port);
            }
            if (!token.isEmpty() && !token.matches("[A-Za-z0-9_-]{16,128}")) {
                throw new IllegalArgumentException("a token is 16 to 128 letters, digits, '-' or '_'");
            }
        }

        /** {@code store} on the loopback address at {@code port}, a new token, problems dropped. */
        public static Options of(StoreLocation store, int port) {
            return new Options(store, RunStore.Options.defaults(), InetAddress.getLoopbackAddress(), port, "",
                    line -> { }, false, Workloads.Options.defaults(), Map.of());
        }

        public Options withBind(InetAddress address) {
            return new Options(store, storeOptions, address, port, token, problems, allowRun, workloads, host);
        }

        public Options withToken(String fixed) {
            return new Options(store, storeOptions, bind, port, fixed, problems, allowRun, workloads, host);
        }

        public Options withProblems(Consumer<String> sink) {
            return new Options(store, storeOptions, bind, port, token, sink, allowRun, workloads, host);
        }

        public Options withStoreOptions(RunStore.Options how) {
            return new Options(store, how, bind, port, token, problems, allowRun, workloads, host);
        }

        public Options withAllowRun(boolean allow) {
            return new Options(store, storeOptions, bind, port, token, problems, allow, workloads, host);
        }

        public Options withWorkloads(Workloads.Options how) {
            return new Options(store, storeOptions, bind, port, token, problems, allowRun, how, host);
        }

        public Options withHost(Map<String, String> description) {
            return new Options(store, storeOptions, bind, port, token, problems, allowRun, workloads, description);
        }
    }

    /** Requests served at once; more wait in the listener's backlog. */
    private static final int BACKLOG = 64;

    private final HttpServer http;
    private final ExecutorService threads;
    private final StorePool stores;
    private final Guard guard;
    private final InetSocketAddress address;

    private final LiveRuns live;

    private Server(HttpServer http, ExecutorService threads, StorePool stores, Guard guard, LiveRuns live) {
        this.live = live;
        this.http = http;
        this.threads = threads;
        this.stores = stores;
        this.guard = guard;
        this.address = http.getAddress();
    }

    /**
     * Opens the store and starts serving it.
     *
     * @throws dev.ppw.store.StoreException when the store cannot be opened (its one-line message names it)
     * @throws IOException                  when the address cannot be bound (a port in use)
     */
    public static Server start(Options options, Engine engine) throws IOException {
        RunStore.Options storeOptions = options.storeOptions().withMode(RunStore.Mode.EXISTING);
        RunStore first = RunStore.open(options.store(), storeOptions);
        StorePool stores = new StorePool(options.store(), storeOptions, Runtime.getRuntime().availableProcessors() * 4,
                first);
        HttpServer http;
        try {
            http = HttpServer.create(new InetSocketAddress(options.bind(), options.port()), BACKLOG);
        } catch (IOException | RuntimeException e) {
            stores.close();
            throw e;
        }
        int port = http.getAddress().getPort();
        Guard guard = new Guard(options.token().isEmpty() ? Guard.newToken() : options.token(), options.bind(), port);
        Reports reports = new Reports(engine);
        LiveRuns live = new LiveRuns(stores, engine, options.workloads().withEngine(engine), options.problems(),
                options.host());
        Dispatcher dispatcher = new Dispatcher(guard, routes(stores, options, reports, live), options.problems());
        http.createContext("/", dispatcher);
        ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
        http.setExecutor(threads);
        http.start();
        return new Server(http, threads, stores, guard, live);
    }

    private static Router routes(StorePool stores, Options options, Reports reports, LiveRuns live) {
        Pages pages = new Pages(stores, options.store(), reports, options.allowRun());
        Api api = new Api(stores, reports);
        Assets assets = new Assets();
        Router router = new Router();
        if (options.allowRun()) {
            // before /runs/{id}, which would take "new" for an id (a 400)
            RunForm form = new RunForm(stores, live, options.workloads().perf());
            router.get("/runs/new", form::page)
                    .post("/api/runs/new", form::start)
                    .get("/api/live/{key}", live::stream)
                    .post("/api/live/{key}/cancel", live::cancel)
                    .get("/api/events", form::events);
        } else {
            // the form's routes are no routes at all, not a bad run id "new" or a method /api/runs/{id} lacks
            Router.Handler off = r -> {
                throw HttpError.notFound("no page " + Ids.shorten(r.path()) + " here: this server runs nothing"
                        + " (ppw-java serve --allow-run serves the new-run form)");
            };
            router.get("/runs/new", off).post("/api/runs/new", off).post("/api/live/{key}/cancel", off);
        }
        return router
                .get("/", pages::runs)
                .get("/runs/{id}", pages::run)
                .get("/runs/{id}/report", pages::report)
                .get("/diff", pages::diff)
                .get("/history", pages::history)
                .get("/assets/{name}", r -> assets.get(r.pathValue("name")))
                .get("/api", api::index)
                .get("/api/runs", api::runs)
                .get("/api/sessions", api::sessions)
                .get("/api/runs/{id}", api::run)
                .get("/api/runs/{id}/counters", api::counters)
                .get("/api/runs/{id}/profile", api::profile)
                .get("/api/runs/{id}/report", api::report)
                .get("/api/runs/{id}/raw/{name}", api::raw)
                .get("/api/diff", api::diff)
                .get("/api/history", api::history);
    }

    /** The address served, with the port chosen when 0 was asked. */
    public InetSocketAddress address() {
        return address;
    }

    /** The token every request carries. */
    public String token() {
        return guard.token();
    }

    /**
     * The URL to open: the run list with the token, at {@code 127.0.0.1} (or {@code [::1]}) when bound to a
     * wildcard or loopback address, else at the bound address.
     */
    public URI url() {
        InetAddress a = address.getAddress();
        String host = a.isAnyLocalAddress() || a.isLoopbackAddress()
                ? (a instanceof java.net.Inet6Address && a.isLoopbackAddress() ? "[::1]" : "127.0.0.1")
                : a instanceof java.net.Inet6Address ? "[" + a.getHostAddress() + "]" : a.getHostAddress();
        return URI.create("http://" + host + ":" + address.getPort() + "/?token=" + guard.token());
    }

    /** True when only this machine can reach the server: it is bound to a loopback address. */
    public boolean loopbackOnly() {
        return address.getAddress().isLoopbackAddress();
    }

    /** Stops listening, lets the requests being answered end (at most a second), and closes the store. */
    @Override
    public void close() {
        live.close();
        http.stop(1);
        threads.shutdown();
        stores.close();
    }
}
