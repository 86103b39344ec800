package dev.ppw.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A listener that keeps what it was told, and when, for the tests to look at. */
final class Recorder implements WorkloadListener {
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    final List<CounterInterval> intervals = Collections.synchronizedList(new ArrayList<>());
    /** For each interval told, whether the workload's process was still running then. */
    final List<Boolean> toldWhileRunning = Collections.synchronizedList(new ArrayList<>());
    final List<String> stdout = Collections.synchronizedList(new ArrayList<>());
    final List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    volatile RunningWorkload running;
    volatile WorkloadResult finished;

    @Override
    public void started(long pid, List<String> commandLine) {
        calls.add("started");
    }

    @Override
    public void interval(CounterInterval interval) {
        calls.add("interval");
        intervals.add(interval);
        RunningWorkload r = running;
        toldWhileRunning.add(r != null && r.isAlive());
    }

    @Override
    public void output(WorkloadOutput stream, String line) {
        calls.add("output");
        (stream == WorkloadOutput.STDOUT ? stdout : stderr).add(line);
    }

    @Override
    public void finished(WorkloadResult result) {
        calls.add("finished");
        finished = result;
    }
}
