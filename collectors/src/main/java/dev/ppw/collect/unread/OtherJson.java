package dev.ppw.collect.unread;

import dev.ppw.model.Quote;
import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * A JSON object that is no format ppw-java knows: whole within the head, it has no {@code traceEvents} member, so
 * the Chrome reader would refuse it. Detection then names it and its members instead, for example
 * <pre>{@code {"name": "run 7", "values": [1, 2, 3]}}</pre>
 * Only possible: every JSON format that is an object fits, and its own recognizer (certain) or reader wins. An
 * object longer than the head is left to the Chrome reader, whose message names its members too.
 */
public final class OtherJson extends Recognizer {
    private static final int MEMBERS_SHOWN = 8;

    public OtherJson() {
        super("json", "JSON of another kind (an object without a traceEvents member)",
                "if a profiler wrote it, ask it for Chrome trace JSON or folded stacks instead");
    }

    /**
     * {@link Confidence#POSSIBLE} for a JSON object that ends within the head and has no {@code traceEvents}
     * member; else {@link Confidence#NONE}.
     */
    @Override
    public Confidence probe(Head head) {
        JsonKeys.Keys keys = JsonKeys.ofObject(head);
        return keys != null && keys.complete() && !keys.has("traceEvents") ? Confidence.POSSIBLE : Confidence.NONE;
    }

    /** JSON named by its members: {@code JSON, an object with the members a, b, c (no traceEvents)}. */
    @Override
    public String describe(Head head) {
        JsonKeys.Keys keys = JsonKeys.ofObject(head);
        if (keys == null || keys.names().isEmpty()) {
            return "JSON, an empty object (no traceEvents member)";
        }
        int shown = Math.min(MEMBERS_SHOWN, keys.names().size());
        String more = shown < keys.names().size() ? " and " + (keys.names().size() - shown) + " more" : "";
        // A member name may hold any character: quoted, so that the message stays one printable line.
        return "JSON, an object with the members " + String.join(", ", keys.names().subList(0, shown).stream()
                .map(Quote::text).toList()) + more + " (no traceEvents)";
    }
}
