package dev.ppw.workload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/** The perf program: running it for a short answer, and the one-line messages when it is missing or not allowed. */
final class Perf {
    /** perf as the PATH finds it. */
    static final String DEFAULT = "perf";
    /** Where Linux says who may use perf events. */
    static final Path PARANOID = Path.of("/proc/sys/kernel/perf_event_paranoid");
    /**
     * The highest {@code perf_event_paranoid} at which a user without CAP_PERFMON measures the user-space part of
     * programs of their own, which is what the runner asks (3, a Debian addition, forbids every perf event to them).
     */
    static final int HIGHEST_PARANOID_FOR_USERS = 2;

    /** What to install, said when perf cannot be run. */
    static final String INSTALL = "install it: Debian 'apt-get install linux-perf', Ubuntu 'apt-get install"
            + " linux-tools-generic', Fedora and RHEL 'dnf install perf'";

    private Perf() {
    }

    /** What a short perf command printed. */
    record Output(int exitStatus, String stdout, String stderr) {
    }

    /**
     * Runs {@code perf args} to its end and returns what it printed.
     *
     * @throws WorkloadException when perf cannot be started at all (not installed)
     */
    static Output run(String perf, List<String> args) {
        List<String> argv = new ArrayList<>();
        argv.add(perf);
        argv.addAll(args);
        Process p;
        try {
            p = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
        } catch (IOException e) {
            throw missing(perf, e);
        }
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        String out = readAll(p.getInputStream());
        try {
            int status = p.waitFor();
            return new Output(status, out, err.join());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new WorkloadException("interrupted while waiting for " + perf + " " + String.join(" ", args), e);
        }
    }

    private static String readAll(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The one line said when {@code perf} could not be started. */
    static WorkloadException missing(String perf, IOException e) {
        String why = e.getMessage() == null ? "" : e.getMessage();
        String said = why.contains("error=2") || why.contains("No such file") ? "not installed (no " + perf
                + (perf.contains("/") ? ")" : " on the PATH)") : "cannot be run (" + firstLine(why) + ")";
        return new WorkloadException("perf is " + said + ": " + INSTALL, e);
    }

    /**
     * Checks that perf runs and that its events are permitted, before a workload is started under it.
     *
     * @param paranoidFile where {@code perf_event_paranoid} is read ({@link #PARANOID}; a test's own file)
     * @throws WorkloadException when perf is missing, or when this user may not use perf events: the message names the
     *                           {@code perf_event_paranoid} value needed
     */
    static String check(String perf, Path paranoidFile) {
        Output version = run(perf, List.of("--version"));
        if (version.exitStatus() != 0) {
            // Debian's /usr/bin/perf is a wrapper that says which linux-perf package the running kernel needs.
            String said = firstLine(version.stderr().isBlank() ? version.stdout() : version.stderr());
            throw new WorkloadException("perf does not run (exit " + version.exitStatus() + "): " + said);
        }
        int paranoid = paranoid(paranoidFile);
        if (paranoid > HIGHEST_PARANOID_FOR_USERS && !privileged()) {
            throw new WorkloadException(paranoidFile + " is " + paranoid + ": perf may not measure programs of"
                    + " yours; it needs " + HIGHEST_PARANOID_FOR_USERS + " or less (sudo sysctl"
                    + " kernel.perf_event_paranoid=" + HIGHEST_PARANOID_FOR_USERS + "), or run as root");
        }
        return firstLine(version.stdout());
    }

    /** {@code perf_event_paranoid}'s value, or {@link Integer#MIN_VALUE} when it cannot be read (not Linux). */
    static int paranoid(Path file) {
        try {
            return Integer.parseInt(Files.readString(file).strip());
        } catch (IOException | NumberFormatException e) {
            return Integer.MIN_VALUE;
        }
    }

    /** True when this process runs as root, which perf_event_paranoid does not restrict. */
    private static boolean privileged() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The one line said when perf ran but was refused its events: its own complaint, and the value of
     * {@code perf_event_paranoid} with the one needed; empty when {@code stderr} is no such refusal.
     */
    static java.util.Optional<String> refusal(String stderr, Path paranoidFile) {
        String lower = stderr.toLowerCase(Locale.ROOT);
        if (!lower.contains("perf_event_paranoid") && !lower.contains("no permission")
                && !lower.contains("permission denied") && !lower.contains("access to performance monitoring")) {
            return java.util.Optional.empty();
        }
        int paranoid = paranoid(paranoidFile);
        return java.util.Optional.of("perf was refused its events" + (paranoid == Integer.MIN_VALUE ? ""
                : " (" + paranoidFile + " is " + paranoid + ")") + ": it needs " + HIGHEST_PARANOID_FOR_USERS
                + " or less (sudo sysctl kernel.perf_event_paranoid=" + HIGHEST_PARANOID_FOR_USERS + "), or root");
    }

    static String firstLine(String text) {
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                return line.strip();
            }
        }
        return "";
    }
}
