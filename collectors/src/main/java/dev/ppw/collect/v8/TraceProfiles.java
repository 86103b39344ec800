package dev.ppw.collect.v8;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The V8 CPU profiles inside a Chrome trace, folded as samples on the thread that was profiled. Chrome writes
 * one {@code Profile} event on that thread, then {@code ProfileChunk} events (from V8's profiler thread, the
 * same pid and {@code id}), each with the call-tree nodes new since the last chunk (a node names its
 * {@code parent}), the samples' node ids and their time deltas in microseconds:
 * <pre>{@code {"args":{"data":{"cpuProfile":{"nodes":[{"callFrame":{"codeType":"other","functionName":"(idle)","scriptId":0},"id":11,"parent":1}],"samples":[2,11]},"timeDeltas":[469,130]}},"cat":"disabled-by-default-v8.cpu_profiler","id":"0x1","name":"ProfileChunk","ph":"P","pid":9886,"tid":9975,"ts":400922437}}</pre>
 *
 * <p>A profile is keyed by (pid, id) and its samples go to the track (pid, tid) of its {@code Profile} event,
 * timed from that event's {@code args.data.startTime} (else its {@code ts}) in the trace's clock, each weighing
 * the time to the next sample ({@link SampleTimeline}); the last one weighs 0 unless a chunk gives an
 * {@code endTime}. A chunk before its profile's {@code Profile} event in the file waits for it (traces are not
 * always in time order). A chunk of a profile the input never starts, or whose data has a member of the wrong
 * shape or a different number of samples and deltas, is a {@code bad_event} warning and is skipped. Memory grows with the nodes,
 * not the samples: one sample per profile is held back until the next gives its weight.
 *
 * <p>Its reader hands it each event's {@code args.data} ({@link #readData}), then the event
 * ({@link #profile}, {@link #chunk}), and at the end of the input calls {@link #finish}. The sink is passed to
 * every call: a reader that passes over events delivered already swaps it. One per input; not thread-safe.
 */
public final class TraceProfiles {
    /** The kinds a V8 profile's samples raise, for a format that reads profiles in its traces to declare. */
    public static final List<DiagnosticKind> KINDS = List.of(SampleTimeline.NEGATIVE_DELTA);
    /** Samples of chunks waiting for their Profile event, at most: a bound on memory, whatever the input. */
    static final int MAX_WAITING_SAMPLES = 1 << 24;

    private final Map<String, Profile> profiles = new LinkedHashMap<>();
    /** Chunks read before their profile's Profile event, by key, in file order. */
    private final Map<String, List<Waiting>> waiting = new LinkedHashMap<>();
    private long waitingSamples;

    private record Waiting(String pid, String id, String where, ProfileNodes nodes, MutableIntList adoptions,
                           MutableIntList samples, MutableLongList deltas, long endNanos) {
    }

    // The event being read: its args.data, as far as a profile uses it.
    private final ProfileNodes stagedNodes = new ProfileNodes();
    private final MutableIntList adoptions = new IntArrayList();
    private final MutableIntList samples = new IntArrayList();
    private final MutableLongList deltas = new LongArrayList();
    private long startNanos;
    private long endNanos;
    private boolean sawSamples;
    private boolean sawDeltas;
    private String problem;

    private static final class Profile {
        final String pid;
        final String tid;
        final ProfileNodes nodes = new ProfileNodes();
        final SampleTimeline timeline;
        long endNanos = SampleTimeline.NO_END;
        EventSink trackSink;
        int track;

        Profile(String pid, String tid, long startNanos) {
            this.pid = pid;
            this.tid = tid;
            this.timeline = new SampleTimeline(nodes, startNanos);
        }

        int track(EventSink sink) {
            if (sink != trackSink) {
                track = sink.thread(pid, tid);
                trackSink = sink;
            }
            return track;
        }
    }

    /** True for the name of an event this class reads (with {@code ph} {@code P}). */
    public static boolean isProfileEvent(String name) {
        return "Profile".equals(name) || "ProfileChunk".equals(name);
    }

    /** Forgets the data of the event read before: called at the start of each event. */
    public void resetEvent() {
        if (stagedNodes.size() > 0) {
            stagedNodes.clear();
        }
        adoptions.clear();
        samples.clear();
        deltas.clear();
        startNanos = SampleTimeline.NO_END;
        endNanos = SampleTimeline.NO_END;
        sawSamples = false;
        sawDeltas = false;
        problem = null;
    }

    /**
     * Reads an event's {@code args.data}, whose value ({@code p}'s current token) is any JSON value: an object's
     * {@code cpuProfile} ({@code nodes}, {@code samples}), {@code timeDeltas}, {@code startTime} and
     * {@code endTime} are kept for the event, the rest skipped. A member of the wrong shape is remembered (it
     * matters only if the event turns out to be a profile's) and the object is passed over to its end.
     */
    public void readData(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        int depth = p.getParsingContext().getNestingDepth();
        try {
            String field;
            while ((field = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (field) {
                    case "cpuProfile" -> readCpuProfile(p, v);
                    case "timeDeltas" -> readDeltas(p);
                    case "startTime" -> startNanos = ProfileJson.nanos(p, v, "startTime");
                    case "endTime" -> endNanos = ProfileJson.nanos(p, v, "endTime");
                    default -> p.skipChildren();
                }
            }
        } catch (ProfileJson.Shape e) {
            problem = e.getMessage();
            // Pass over the rest of the data object, whatever the shape error left open.
            while (p.getParsingContext().getNestingDepth() >= depth) {
                if (p.nextToken() == null) {
                    return;
                }
            }
        }
    }

    private void readCpuProfile(JsonParser p, JsonToken v) throws IOException, ProfileJson.Shape {
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            throw new ProfileJson.Shape("cpuProfile is " + ProfileJson.describe(v) + ", not an object",
                    p.currentTokenLocation());
        }
        String field;
        while ((field = p.nextFieldName()) != null) {
            p.nextToken();
            switch (field) {
                case "nodes" -> ProfileJson.readNodes(p, stagedNodes, adoptions);
                case "samples" -> {
                    ProfileJson.readIds(p, samples, "samples");
                    sawSamples = true;
                }
                case "timeDeltas" -> readDeltas(p);
                default -> p.skipChildren();
            }
        }
    }

    private void readDeltas(JsonParser p) throws IOException, ProfileJson.Shape {
        ProfileJson.readDeltas(p, deltas, "timeDeltas");
        sawDeltas = true;
    }

    /**
     * A {@code Profile} event of thread ({@code pid}, {@code tid}) at {@code tsNanos}: profile {@code id} of
     * {@code pid} starts (again, ending the one of that key before it). {@code where} ({@code file:line:column})
     * names the event in warnings.
     */
    public void profile(String pid, String tid, String id, long tsNanos, String where, EventSink sink) {
        if (problem != null) {
            warnShape(where, sink);
            return;
        }
        Profile before = profiles.remove(key(pid, id));
        if (before != null) {
            before.timeline.finish(before.endNanos, before.track(sink), sink);
        }
        Profile profile = new Profile(pid, tid, startNanos != SampleTimeline.NO_END ? startNanos : tsNanos);
        profiles.put(key(pid, id), profile);
        List<Waiting> early = waiting.remove(key(pid, id));
        if (early != null) {
            for (Waiting w : early) {
                waitingSamples -= w.samples.size();
                apply(profile, w.nodes, w.adoptions, w.samples, w.deltas, w.endNanos, w.where, sink);
            }
        }
    }

    /**
     * A {@code ProfileChunk} event of profile {@code id} of {@code pid}: its nodes, then its samples. A chunk that
     * comes before its profile's {@code Profile} event in the file (a trace not in time order: Chrome 70 writes a
     * worker's chunks before the worker's {@code Profile}) waits for it, up to {@value #MAX_WAITING_SAMPLES}
     * samples in all.
     */
    public void chunk(String pid, String id, String where, EventSink sink) {
        Diagnostics diagnostics = sink.diagnostics();
        if (problem != null) {
            warnShape(where, sink);
            return;
        }
        if (sawSamples != sawDeltas || samples.size() != deltas.size()) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where + ": a ProfileChunk of " + samples.size() + " samples and "
                    + deltas.size() + " timeDeltas; each sample needs its delta; skipped");
            return;
        }
        Profile profile = profiles.get(key(pid, id));
        if (profile == null) {
            waitForProfile(pid, id, where, diagnostics);
            return;
        }
        apply(profile, stagedNodes, adoptions, samples, deltas, endNanos, where, sink);
    }

    /** Keeps the chunk being read until the {@code Profile} event of its key. */
    private void waitForProfile(String pid, String id, String where, Diagnostics diagnostics) {
        if (waitingSamples + samples.size() > MAX_WAITING_SAMPLES) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where + ": a ProfileChunk of profile " + id + " of pid " + pid
                    + " before any Profile event of it, when " + waitingSamples + " samples of such chunks wait already;"
                    + " skipped");
            return;
        }
        ProfileNodes nodes = new ProfileNodes();
        String moved = stagedNodes.size() == 0 ? null : stagedNodes.moveInto(nodes);
        if (moved != null) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where + ": " + moved + "; the ProfileChunk is skipped");
            return;
        }
        waitingSamples += samples.size();
        waiting.computeIfAbsent(key(pid, id), k -> new ArrayList<>()).add(new Waiting(pid, id, where, nodes,
                IntArrayList.newList(adoptions), IntArrayList.newList(samples), LongArrayList.newList(deltas), endNanos));
    }

    /** A chunk's nodes into its profile, then its samples. */
    private static void apply(Profile profile, ProfileNodes newNodes, MutableIntList adopted, MutableIntList sampled,
            MutableLongList deltasOf, long endOf, String where, EventSink sink) {
        Diagnostics diagnostics = sink.diagnostics();
        String moved = newNodes.size() == 0 ? null : newNodes.moveInto(profile.nodes);
        for (int k = 0; moved == null && k < adopted.size(); k += 2) {
            moved = profile.nodes.adopt(adopted.get(k), adopted.get(k + 1));
        }
        if (moved != null) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where + ": " + moved + "; the ProfileChunk is skipped");
            return;
        }
        if (endOf != SampleTimeline.NO_END) {
            profile.endNanos = endOf;
        }
        int track = profile.track(sink);
        for (int i = 0; i < sampled.size(); i++) {
            if (!profile.timeline.add(sampled.get(i), deltasOf.get(i), where, i, track, sink)) {
                diagnostics.warn(Diagnostics.BAD_EVENT, where + ": the time of sample " + i
                        + ", or its gap to the sample before, does not fit in 64-bit nanoseconds; the rest of the ProfileChunk is skipped");
                return;
            }
        }
    }

    /** The input ends: every profile's last sample goes out; chunks still waiting have no profile. */
    public void finish(EventSink sink) {
        for (Profile profile : profiles.values()) {
            profile.timeline.finish(profile.endNanos, profile.track(sink), sink);
        }
        profiles.clear();
        for (List<Waiting> chunks : waiting.values()) {
            for (Waiting w : chunks) {
                sink.diagnostics().warn(Diagnostics.BAD_EVENT, w.where + ": a ProfileChunk of profile " + w.id
                        + " of pid " + w.pid + ", and no Profile event of it in the input; skipped");
            }
        }
        waiting.clear();
        waitingSamples = 0;
    }

    private void warnShape(String where, EventSink sink) {
        sink.diagnostics().warn(Diagnostics.BAD_EVENT, where + ": in args.data, " + problem + "; the event is skipped");
    }

    private static String key(String pid, String id) {
        return pid + '\u0000' + id;
    }
}
