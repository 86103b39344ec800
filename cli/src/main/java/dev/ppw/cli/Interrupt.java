package dev.ppw.cli;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) as a request to finish rather than to die, for {@code profile --follow}: the first one runs an
 * action (stop following, then the final profile is written and the command exits as usual), a second one does
 * what Ctrl-C did before (the JVM's exit), for a user who does not want to wait. A JVM that does not let SIGINT
 * be handled (some embedders) keeps its own handling: the follow then ends by {@code --until-idle} or the end of
 * its input only.
 */
final class Interrupt implements AutoCloseable {
    private static final Signal INT = new Signal("INT");
    private final SignalHandler previous;

    private Interrupt(SignalHandler previous) {
        this.previous = previous;
    }

    /** Runs {@code action} on the first SIGINT until {@link #close}. */
    static Interrupt onFirst(Runnable action) {
        SignalHandler[] before = new SignalHandler[1];
        java.util.concurrent.atomic.AtomicBoolean seen = new java.util.concurrent.atomic.AtomicBoolean();
        try {
            before[0] = Signal.handle(INT, signal -> {
                if (seen.getAndSet(true)) {
                    passOn(before[0], signal);
                    return;
                }
                action.run();
            });
        } catch (IllegalArgumentException | UnsupportedOperationException e) {
            return new Interrupt(null);
        }
        return new Interrupt(before[0]);
    }

    private static void passOn(SignalHandler handler, Signal signal) {
        if (handler == SignalHandler.SIG_DFL || handler == null) {
            Runtime.getRuntime().exit(128 + signal.getNumber());
        } else if (handler != SignalHandler.SIG_IGN) {
            handler.handle(signal);
        }
    }

    /** Puts back the handling SIGINT had before. */
    @Override
    public void close() {
        if (previous != null) {
            Signal.handle(INT, previous);
        }
    }
}
