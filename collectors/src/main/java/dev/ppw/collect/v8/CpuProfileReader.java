package dev.ppw.collect.v8;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
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
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
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
        boolean sawNodes = false;
        boolean sawSamples = false;
        boolean sawDeltas = false;
        JsonLocation samplesAt = null;
        long startNanos = SampleTimeline.NO_END;
        long endNanos = SampleTimeline.NO_END;
        String field;
        while ((field = p.nextFieldName()) != null) {
            JsonToken v = p.nextToken();
            switch (field) {
                case "nodes" -> {
                    ProfileJson.readNodes(p, nodes, adoptions);
                    sawNodes = true;
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
                case "startTime" -> startNanos = ProfileJson.nanos(p, v, "startTime");
                case "endTime" -> endNanos = ProfileJson.nanos(p, v, "endTime");
                default -> p.skipChildren();
            }
        }
        if (p.nextToken() != null) {
            throw new ProfileJson.Shape("more JSON after the profile object", p.currentTokenLocation());
        }
        if (!sawNodes || !sawSamples || startNanos == SampleTimeline.NO_END) {
            throw new ProfileJson.Shape("a V8 CPU profile has nodes, samples and startTime; this object lacks "
                    + (!sawNodes ? "nodes" : !sawSamples ? "samples" : "startTime"), start);
        }
        if (!sawDeltas || deltas.size() != samples.size()) {
            throw new ProfileJson.Shape(samples.size() + " samples but " + (sawDeltas ? deltas.size() : "no")
                    + " timeDeltas: each sample needs its delta", samplesAt);
        }
        for (int k = 0; k < adoptions.size(); k += 2) {
            String problem = nodes.adopt(adoptions.get(k), adoptions.get(k + 1));
            if (problem != null) {
                throw new ProfileJson.Shape(problem, start);
            }
        }
        emit(nodes, samples, deltas, startNanos, endNanos, samplesAt);
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
