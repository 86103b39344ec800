package dev.ppw.collect.jfr;

import dev.ppw.collect.SamplesOnlySink;
import dev.ppw.model.Metric;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Keeps every sample a reader pushes, as text: its thread, metric, amount, calls and stack
 * ({@code region@callsite;...}, outermost first), so tests compare the reader with other tools without the
 * aggregation module, which collectors may not see.
 */
final class SampleSink extends SamplesOnlySink {
    record Sample(String tid, String metric, long amount, long calls, String stack, long tsNanos) {
    }

    final List<Sample> samples = new ArrayList<>();

    SampleSink() {
        super("JFR");
    }

    @Override
    public void sample(int track, long tsNanos, Metric weight, long amount, long calls, int[] frameIds, int depth) {
        StringBuilder stack = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            if (i > 0) {
                stack.append(';');
            }
            stack.append(names.name(frames().region(frameIds[i])));
            String callsite = names.name(frames().callsite(frameIds[i]));
            if (!callsite.isEmpty()) {
                stack.append('@').append(callsite);
            }
        }
        String key = tracks.get(track);
        samples.add(new Sample(key.substring(key.indexOf('/') + 1), weight.name(), amount, calls, stack.toString(),
                tsNanos));
    }

    /** Samples of {@code metric}: their amounts summed by stack, in stack order. */
    Map<String, Long> amountsByStack(String metric) {
        Map<String, Long> m = new TreeMap<>();
        for (Sample s : samples) {
            if (s.metric().equals(metric)) {
                m.merge(s.stack(), s.amount(), Long::sum);
            }
        }
        return m;
    }
}
