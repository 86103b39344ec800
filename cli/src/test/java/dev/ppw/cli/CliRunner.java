package dev.ppw.cli;

/** The command line's output for tests outside this package (the engine's), failing on a non-zero exit. */
public final class CliRunner {
    private CliRunner() {
    }

    /** What {@code ppw-java args...} prints on stdout; an exit code other than 0 is an error naming stderr. */
    public static String out(String... args) {
        Cli r = Cli.run(args);
        if (r.exit() != 0) {
            throw new AssertionError("ppw-java exited " + r.exit() + ": " + r.err());
        }
        return r.out();
    }
}
