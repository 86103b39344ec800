package dev.ppw.pfa;

/**
 * An open region: closing it ends it. A region of {@link PerfFlow#region} is meant to be closed on the thread
 * that opened it (try-with-resources); one closed on another thread is written as an async span and counted.
 * A region of {@link PerfFlow#asyncRegion} may be closed on any thread. Closing twice does nothing.
 *
 * <p>The object may be reused for a later region once closed: do not keep it past its {@link #close()}.
 */
public interface Region extends AutoCloseable {
    /** Ends the region now. Never throws. */
    @Override
    void close();
}
