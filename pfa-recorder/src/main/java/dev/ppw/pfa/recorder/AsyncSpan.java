package dev.ppw.pfa.recorder;

import dev.ppw.pfa.Region;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A span of {@link dev.ppw.pfa.PerfFlow#asyncRegion}: {@code b} on the thread that opened it, {@code e} on the
 * thread that closes it, with an id of its own so that spans never nest into each other's tracks.
 */
public final class AsyncSpan implements Region {
    final PerfFlowRecorder recorder;
    final String name;
    final String cat;
    final String scope;
    final long id;
    final long startNanos;
    private final AtomicBoolean closed = new AtomicBoolean();

    AsyncSpan(PerfFlowRecorder recorder, String name, String cat, String scope, long id, long startNanos) {
        this.recorder = recorder;
        this.name = name;
        this.cat = cat;
        this.scope = scope;
        this.id = id;
        this.startNanos = startNanos;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            recorder.endAsyncSpan(this);
        }
    }
}
