package dev.ppw.pfa.recorder;

/** Trace mode: each lane a ring of records, one {@link TraceWriter} thread writing the {@code .pfw} file. */
final class TraceMode implements Mode {
    /** Slots of a platform thread's ring: 4096 slots (48 KiB) hold 1,024 verbose regions between two writes. */
    static final int PLATFORM_SLOTS = 4096;
    /**
     * What a platform thread's ring may grow to when it fills (3 MiB, 65,536 verbose regions: some 15 ms of a
     * thread that records a region every 250 ns, the time a busy machine may keep the writer off a core), within
     * the writer's budget ({@link TraceWriter#RING_BUDGET_BYTES}). Measured on two loaded cores, the recording
     * thread's CPU time per region fell with each doubling up to here (waits for the writer), little beyond.
     */
    static final int PLATFORM_MAX_SLOTS = 1 << 18;
    /** Slots of a virtual thread's ring: small, since a million of them may each hold a lane at once. */
    static final int VIRTUAL_SLOTS = 256;

    private final PerfFlowRecorder recorder;
    private final TraceWriter writer;
    private final Options options;

    TraceMode(PerfFlowRecorder recorder, TraceWriter writer, Options options) {
        this.recorder = recorder;
        this.writer = writer;
        this.options = options;
    }

    TraceWriter writer() {
        return writer;
    }

    @Override
    public Lane newLane(boolean virtual) {
        return new TraceLane(recorder, virtual, writer, virtual ? VIRTUAL_SLOTS : PLATFORM_SLOTS,
                virtual ? VIRTUAL_SLOTS : PLATFORM_MAX_SLOTS, options.compact(), options.cpuMemUsage());
    }

    @Override
    public void snapshot() {
        writer.wake();
    }

    @Override
    public void finish() {
        writer.finish();
    }
}
