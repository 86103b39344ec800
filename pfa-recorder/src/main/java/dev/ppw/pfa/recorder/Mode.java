package dev.ppw.pfa.recorder;

/**
 * What a recording mode does with the lanes: trace mode ({@link TraceMode}) writes events to a file, fold
 * mode ({@code FoldMode}, loaded by name so that trace mode never loads it) folds
 * them into a profile.
 */
public interface Mode {
    /** A new lane for a platform or a virtual thread. */
    Lane newLane(boolean virtual);

    /** {@link dev.ppw.pfa.PerfFlow#snapshot()}. */
    void snapshot();

    /** At exit: writes what is left. Called once. */
    void finish();
}
