package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

import java.util.regex.Pattern;

/**
 * speedscope's file format: a JSON object naming its schema, then shared frames and profiles, as speedscope's
 * exporter and py-spy, rbspy and others write it:
 * <pre>{@code {"$schema": "https://www.speedscope.app/file-format-schema.json", "shared": {"frames": [...]}, ...}</pre>
 */
public final class SpeedscopeFile extends Recognizer {
    private static final Pattern SCHEMA = Pattern.compile("\"\\$schema\"\\s*:\\s*\"[^\"]*speedscope[^\"]*\"");

    public SpeedscopeFile() {
        super("speedscope", "a speedscope profile (written by speedscope's exporter, py-spy and other profilers)",
                "ask the profiler for folded stacks instead (py-spy record --format raw), then ppw-java profile the"
                        + " folded file");
    }

    /**
     * {@link Confidence#CERTAIN} for a JSON object with a {@code $schema} member naming speedscope;
     * {@link Confidence#NAME_ONLY} for a name ending {@code .speedscope.json}.
     */
    @Override
    public Confidence probe(Head head) {
        JsonKeys.Keys keys = JsonKeys.ofObject(head);
        if (keys != null && keys.has("$schema") && SCHEMA.matcher(head.latin1()).find()) {
            return Confidence.CERTAIN;
        }
        return fileName(head).endsWith(".speedscope.json") ? Confidence.NAME_ONLY : Confidence.NONE;
    }
}
