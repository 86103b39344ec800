package dev.ppw.engine;

/** {@link FollowTraces} for the command line's tests in another package. */
public final class FollowTracesAccess {
    private FollowTracesAccess() {
    }

    public static String pfw(long seed, int events) {
        return FollowTraces.pfw(seed, events);
    }

    public static String perfStatCsv(int intervals) {
        return EngineFollowTest.perfStatCsv(intervals);
    }
}
