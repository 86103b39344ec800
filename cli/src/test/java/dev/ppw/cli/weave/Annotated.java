package dev.ppw.cli.weave;

import dev.ppw.pfa.CriticalPath;

/** A class for {@code ppw-java weave} to weave: two annotated methods, one not. */
public final class Annotated {
    private Annotated() {
    }

    @CriticalPath
    static void traced() {
    }

    @CriticalPath
    static void tracedToo() {
    }

    static void notTraced() {
    }
}
