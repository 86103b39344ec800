package dev.ppw.pfa.recorder;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * A test mode that feeds every event of one run to trace mode and to fold mode at once, with the same times,
 * so that the profile ppw-java reads from the trace and the profile fold mode wrote can be compared number for
 * number.
 */
final class TeeMode implements Mode {
    private final TraceMode trace;
    private final FoldMode fold;
    private final PerfFlowRecorder recorder;

    TeeMode(PerfFlowRecorder recorder, Path traceFile, Path profileFile, Consumer<String> err) {
        this.recorder = recorder;
        Options options = recorder.options();
        this.trace = new TraceMode(recorder, new TraceWriter(recorder, traceFile, options.arrayFormat(),
                ProcessHandle.current().pid(), err), options);
        this.fold = new FoldMode(recorder, options, profileFile, err);
    }

    @Override
    public Lane newLane(boolean virtual) {
        return new TeeLane(recorder, virtual, trace.newLane(virtual).traceLane(), fold.newLane(virtual).foldLane());
    }

    @Override
    public void snapshot() {
        fold.snapshot();
    }

    @Override
    public void finish() {
        trace.finish();
        fold.finish();
    }

    private static final class TeeLane extends Lane {
        private final TraceLane t;
        private final FoldLane f;

        TeeLane(PerfFlowRecorder recorder, boolean virtual, TraceLane t, FoldLane f) {
            super(recorder, virtual);
            this.t = t;
            this.f = f;
        }

        @Override
        TraceLane traceLane() {
            return t;
        }

        @Override
        FoldLane foldLane() {
            return f;
        }

        @Override
        protected void bound() {
            t.tid = tid;
            f.tid = tid;
            t.bound();
            f.bound();
        }

        @Override
        protected void abandon() {
            t.abandon();
            f.abandon();
        }

        @Override
        protected void begun(Frame fr, long now) {
            t.begun(fr, now);
            f.begun(fr, now);
        }

        @Override
        protected void ended(Frame fr, long now) {
            t.ended(fr, now);
            f.ended(fr, now);
        }

        @Override
        protected void looseEnded(Frame popped, String name, String cat, long now) {
            t.looseEnded(popped, name, cat, now);
            f.looseEnded(popped, name, cat, now);
        }

        @Override
        protected void endedElsewhere(String name, String cat, long startNanos, long endNanos) {
            t.endedElsewhere(name, cat, startNanos, endNanos);
            f.endedElsewhere(name, cat, startNanos, endNanos);
        }

        @Override
        protected void asyncSpanBegun(AsyncSpan span) {
            t.asyncSpanBegun(span);
            f.asyncSpanBegun(span);
        }

        @Override
        protected void asyncSpanEnded(AsyncSpan span, long now) {
            t.asyncSpanEnded(span, now);
            f.asyncSpanEnded(span, now);
        }

        @Override
        protected void asyncFrameBegun(AsyncFrame fr) {
            t.asyncFrameBegun(fr);
            f.asyncFrameBegun(fr);
        }

        @Override
        protected void asyncFrameEnded(AsyncFrame fr, long now) {
            t.asyncFrameEnded(fr, now);
            f.asyncFrameEnded(fr, now);
        }

        @Override
        protected void asyncPointcut(boolean begin, String name, String cat, String scope, long now) {
            t.asyncPointcut(begin, name, cat, scope, now);
            f.asyncPointcut(begin, name, cat, scope, now);
        }

        @Override
        protected void asyncEvent(boolean begin, String name, String cat, String scope, long id, long now) {
            t.asyncEvent(begin, name, cat, scope, id, now);
            f.asyncEvent(begin, name, cat, scope, id, now);
        }
    }
}
