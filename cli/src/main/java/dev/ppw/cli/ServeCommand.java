package dev.ppw.cli;

import dev.ppw.server.Server;
import dev.ppw.store.StoreLocation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ppw-java serve}: the run store in a browser (docs/server.md) until Ctrl-C. Prints the URL to open, with
 * its token, on standard output; a bind beyond loopback is warned about on standard error.
 */
@Command(name = "serve", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        description = {"Serves the stored runs in a browser: the runs and sessions, a run's report, the diff of "
                + "two runs, a region's history, raw data, and a JSON API under /api/.",
                "Every request needs the token printed in the URL at start. Stops on Ctrl-C."},
        footerHeading = "%nExamples:%n",
        footer = {
                "  ppw-java serve",
                "  ppw-java serve --store results/runs.db --port 8765",
                "  ppw-java serve --allow-run                     # the new-run form at /runs/new",
                "  curl -H \"Authorization: token TOKEN\" http://127.0.0.1:8765/api/runs"})
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Mixin
    StoreOptions store;

    @Option(names = "--port", paramLabel = "N", defaultValue = "8765",
            description = "The port (default: ${DEFAULT-VALUE}; 0 for any free one).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "The address to listen on (default: ${DEFAULT-VALUE}, this machine only). Any other lets "
                    + "anyone who can reach it and has the token read every stored run.")
    String bind;

    @Option(names = "--allow-run",
            description = "Serve the new-run form too (/runs/new): a command run under perf stat or perf record, "
                    + "its counters live, the run stored at the end. Whoever has the token may run any command "
                    + "as this user.")
    boolean allowRun;

    @Override
    public Integer call() throws IOException {
        if (port < 0 || port > 65535) {
            throw ReportOptions.usage(spec, "--port must be 0 to 65535, got " + port);
        }
        InetAddress address = address();
        StoreLocation location = store.location();
        StoreOptions.prepare(location);
        PrintStream err = main.streams().err();
        Server.Options options = Server.Options.of(location, port).withBind(address)
                .withProblems(line -> err.println("ppw-java serve: " + line)).withAllowRun(allowRun)
                .withHost(HostDescription.here());
        Server server;
        try {
            server = Server.start(options, main.engine());
        } catch (BindException e) {
            err.println(Main.PREFIX + "error: cannot listen on " + bind + ":" + port + ": " + e.getMessage()
                    + (port == 0 ? "" : " (another program has the port? try --port 0)"));
            return Main.BAD_DATA;
        }
        CountDownLatch stop = new CountDownLatch(1);
        try (server; Interrupt interrupt = Interrupt.onFirst(stop::countDown)) {
            if (!server.loopbackOnly()) {
                err.println("ppw-java serve: warning: listening on " + bind + ", not loopback: anyone who can reach"
                        + " port " + server.address().getPort() + " there and has the token can read every stored"
                        + " run, and the token travels unencrypted (plain HTTP)");
                if (allowRun) {
                    err.println("ppw-java serve: warning: --allow-run beyond loopback: anyone who can reach port "
                            + server.address().getPort() + " there and has the token can run commands on this"
                            + " machine as this user");
                }
            }
            PrintStream out = main.streams().out();
            out.println("ppw-java serve: the runs of " + location + ", until Ctrl-C, at");
            out.println("    " + server.url());
            out.flush();
            stop.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Main.OK;
    }

    private InetAddress address() {
        try {
            return InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw ReportOptions.usage(spec, "--bind: no address '" + bind + "': give an IP address such as"
                    + " 127.0.0.1, ::1 or 0.0.0.0");
        }
    }
}
