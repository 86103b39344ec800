package dev.ppw.collect.v8;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.ppw.model.BadInputException;
import dev.ppw.model.EventSink;
import dev.ppw.model.Quote;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;

import java.io.CharConversionException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.zip.ZipException;

/**
 * Streams a V8 CPU profile ({@code .cpuprofile}) into an {@link EventSink} with Jackson's streaming parser:
 * the top-level members in any order ({@code node --cpu-prof} writes {@code nodes} first, other producers
 * write it last), memory holding the node table and the {@code samples} and {@code timeDeltas} arrays (4 and
 * 8 bytes a sample), never a document tree. Every sample goes to the one thread track (pid {@code ""}, tid
 * {@code ""}) when the profile is read whole, in order, weighing the time until the next sample
 * ({@link SampleTimeline}), the last one until {@code endTime}; docs/SEMANTICS.md "V8 CPU profiles" is the
 * contract.
 *
 * <p>The input is refused ({@link BadInputException}, {@code file:line:column}) when it is not JSON, is cut,
 * is not an object, lacks {@code nodes}, {@code samples} or {@code startTime}, has a member of the wrong
 * shape, or has a different number of {@code samples} and {@code timeDeltas}. A sample of a node the profile
 * does not define is skipped as a {@code bad_event} warning. One reader per input; not thread-safe; the caller
 * brackets the input.
 */
final class CpuProfileReader {
    /**
     * The old layout's {@code head} nests two levels per stack frame (a node, its children array): Jackson's
     * default limit of 1000 would refuse stacks deeper than 500. Reading it takes no thread stack
     * ({@link ProfileJson#readHead}).
     */
    private static final int MAX_NESTING = 1 << 17;
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_NESTING).build())
            .build();

    private final String file;
    private final EventSink sink;
    private JsonParser p;

    CpuProfileReader(String file, EventSink sink) {
        this.file = file;
        this.sink = sink;
    }

    void read(InputStream in) throws IOException {
        try {
            p = FACTORY.createParser(in);
            try {
                readProfile();
            } finally {
                p.close();
            }
        } catch (StreamConstraintsException e) {
            throw bad(e.getLocation(), "JSON exceeds a parser limit: " + oneLine(e.getOriginalMessage()));
        } catch (JsonEOFException e) {
            throw bad(e.getLocation(), "the input ends inside the profile (a cut file?)");
        } catch (JsonProcessingException e) {
            String message = e.getOriginalMessage();
            if (message != null && message.startsWith("Unexpected end-of-input")) {
                throw bad(e.getLocation(), "the input ends inside the profile (a cut file?)");
            }
            throw bad(e.getLocation(), "not valid JSON: " + oneLine(message));
        } catch (CharConversionException e) {
            throw bad(p == null ? null : p.currentLocation(), "not valid text: " + oneLine(e.getMessage()));
        } catch (ZipException e) {
            throw bad(p == null ? null : p.currentLocation(), "corrupt gzip data: " + oneLine(e.getMessage()));
        } catch (EOFException e) {
            throw bad(p == null ? null : p.currentLocation(), "the compressed stream ends early (a cut file?)");
        } catch (ProfileJson.Shape e) {
            throw bad(e.at, e.getMessage());
        }
    }

    private void readProfile() throws IOException, ProfileJson.Shape {
        JsonToken t = p.nextToken();
        if (t != JsonToken.START_OBJECT) {
            throw new ProfileJson.Shape("a V8 CPU profile is a JSON object, not " + ProfileJson.describe(t),
                    p.currentTokenLocation());
        }
        JsonLocation start = p.currentTokenLocation();
        ProfileNodes nodes = new ProfileNodes();
        MutableIntList adoptions = new IntArrayList();
        MutableIntList samples = new IntArrayList();
        MutableLongList deltas = new LongArrayList();
        MutableLongList stamps = new LongArrayList();
        boolean sawNodes = false;
        boolean sawHead = false;
        boolean sawSamples = false;
        boolean sawDeltas = false;
        boolean sawStamps = false;
        JsonLocation samplesAt = null;
        JsonLocation headAt = null;
        BigDecimal startTime = null;
        BigDecimal endTime = null;
        String field;
        while ((field = p.nextFieldName()) != null) {
            JsonToken v = p.nextToken();
            switch (field) {
                case "nodes" -> {
                    ProfileJson.readNodes(p, nodes, adoptions);
                    sawNodes = true;
                }
                case "head" -> {
                    headAt = p.currentTokenLocation();
                    ProfileJson.readHead(p, nodes);
                    sawHead = true;
                }
                case "samples" -> {
                    samplesAt = p.currentTokenLocation();
                    ProfileJson.readIds(p, samples, "samples");
                    sawSamples = true;
                }
                case "timeDeltas" -> {
                    ProfileJson.readDeltas(p, deltas, "timeDeltas");
                    sawDeltas = true;
                }
                case "timestamps" -> {
                    ProfileJson.readDeltas(p, stamps, "timestamps");
                    sawStamps = true;
                }
                case "startTime" -> startTime = ProfileJson.decimal(p, v, "startTime");
                case "endTime" -> endTime = ProfileJson.decimal(p, v, "endTime");
                default -> p.skipChildren();
            }
        }
        if (p.nextToken() != null) {
            throw new ProfileJson.Shape("more JSON after the profile object", p.currentTokenLocation());
        }
        if (sawNodes && sawHead) {
            throw new ProfileJson.Shape("a V8 CPU profile has its nodes as a nodes array or as a head tree, not both",
                    headAt);
        }
        if (!(sawNodes || sawHead) || !sawSamples || startTime == null) {
            throw new ProfileJson.Shape("a V8 CPU profile has nodes (or a head tree), samples and startTime; this"
                    + " object lacks " + (!(sawNodes || sawHead) ? "nodes" : !sawSamples ? "samples" : "startTime"),
                    start);
        }
        // The layout before Node.js 11 (v8-profiler's head tree) gives startTime and endTime in seconds.
        long secondsOrMicros = sawHead ? 1_000_000_000L : 1_000L;
        long startNanos = nanos(startTime, secondsOrMicros, "startTime", start);
        long endNanos = endTime == null ? SampleTimeline.NO_END : nanos(endTime, secondsOrMicros, "endTime", start);
        if (sawDeltas) {
            if (deltas.size() != samples.size()) {
                throw new ProfileJson.Shape(samples.size() + " samples but " + deltas.size()
                        + " timeDeltas: each sample needs its delta", samplesAt);
            }
        } else if (sawStamps) {
            if (stamps.size() != samples.size() && stamps.size() != samples.size() + 1) {
                throw new ProfileJson.Shape(samples.size() + " samples but " + stamps.size()
                        + " timestamps: each sample needs its time", samplesAt);
            }
            if (sawHead) {
                // Its endTime is whole seconds, no end for a sample: a timestamp after the last sample is where
                // that sample ends; without one it weighs nothing, as speedscope weighs it.
                endNanos = stamps.size() > samples.size() ? stamps.getLast() : SampleTimeline.NO_END;
            }
            long previous = startNanos;
            for (int i = 0; i < samples.size(); i++) {
                long stamp = stamps.get(i);
                try {
                    deltas.add(Math.subtractExact(stamp, previous));
                } catch (ArithmeticException e) {
                    throw new ProfileJson.Shape("timestamp " + i + " is too far from the one before it for 64-bit"
                            + " nanoseconds", samplesAt);
                }
                previous = stamp;
            }
        } else {
            throw new ProfileJson.Shape(samples.size() + " samples but no timeDeltas (or timestamps): each sample needs"
                    + " its time", samplesAt);
        }
        for (int k = 0; k < adoptions.size(); k += 2) {
            String problem = nodes.adopt(adoptions.get(k), adoptions.get(k + 1));
            if (problem != null) {
                throw new ProfileJson.Shape(problem, start);
            }
        }
        emit(nodes, samples, deltas, startNanos, endNanos, samplesAt);
    }

    /** {@code value} of a unit of {@code nanosPerUnit} nanoseconds in exact nanoseconds, halves away from zero. */
    private static long nanos(BigDecimal value, long nanosPerUnit, String what, JsonLocation at)
            throws ProfileJson.Shape {
        try {
            return value.multiply(BigDecimal.valueOf(nanosPerUnit)).setScale(0, RoundingMode.HALF_UP).longValueExact();
        } catch (ArithmeticException e) {
            throw new ProfileJson.Shape(what + " of " + value.toPlainString() + " does not fit in 64-bit nanoseconds",
                    at);
        }
    }

    private void emit(ProfileNodes nodes, MutableIntList samples, MutableLongList deltas, long startNanos,
            long endNanos, JsonLocation samplesAt) throws ProfileJson.Shape {
        int track = sink.thread("", "");
        SampleTimeline timeline = new SampleTimeline(nodes, startNanos);
        String where = file + ":" + samplesAt.getLineNr() + ":" + samplesAt.getColumnNr();
        for (int i = 0; i < samples.size(); i++) {
            if (!timeline.add(samples.get(i), deltas.get(i), where, i, track, sink)) {
                throw new ProfileJson.Shape("the time of sample " + i + ", or its gap to the sample before, does not fit in 64-bit nanoseconds",
                        samplesAt);
            }
        }
        timeline.finish(endNanos, track, sink);
    }

    /**
     * The refusal of {@code problem} at {@code at}; with no location (the parser was not made: the first bytes
     * are in no encoding it reads, found by fuzzing with {@code 00 f9 00 00}) the problem is at 1:1.
     */
    private BadInputException bad(JsonLocation at, String problem) {
        long line = at == null ? 1 : Math.max(1, at.getLineNr());
        long column = at == null ? 1 : Math.max(1, at.getColumnNr());
        return BadInputException.at(file, line, column, problem, null);
    }

    private static String oneLine(String message) {
        if (message == null) {
            return "(no detail)";
        }
        int newline = message.indexOf('\n');
        String first = newline >= 0 ? message.substring(0, newline) : message;
        first = first.replaceAll("\\s*\\(for \\w+ starting at \\[Source:[^\\]]*\\]\\)|\\s*\\[Source:[^\\]]*\\]", "");
        first = Quote.text(first.strip());
        return first.length() <= 200 ? first : first.substring(0, 200) + "...";
    }
}
