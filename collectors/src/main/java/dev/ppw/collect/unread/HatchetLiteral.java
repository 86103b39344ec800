package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * Hatchet's (and Thicket's) literal graph format: a JSON array of root nodes, each an object with its
 * {@code frame}, its {@code metrics} and its {@code children}, as {@code GraphFrame.to_literal()} writes it:
 * <pre>{@code [{"frame": {"name": "foo", "type": "function"}, "metrics": {"time (inc)": 130.0, "time": 0.0}, "children": [...]}]}</pre>
 */
public final class HatchetLiteral extends Recognizer {
    public HatchetLiteral() {
        super("hatchet-literal", "a Hatchet literal profile (a JSON call tree of frames and metrics, written by LLNL's"
                        + " Hatchet and Thicket)",
                "no converter to a format ppw-java reads is known to us (Hatchet's to_flamegraph() writes stacks with"
                        + " decimal values, which ppw-java reads only when they are whole)");
    }

    /**
     * {@link Confidence#CERTAIN} when the array's first element has a {@code frame} member and a {@code metrics} or
     * {@code children} one; else {@link Confidence#NONE}.
     */
    @Override
    public Confidence probe(Head head) {
        JsonKeys.Keys keys = JsonKeys.ofFirstElement(head);
        return keys != null && keys.has("frame") && (keys.has("metrics") || keys.has("children"))
                ? Confidence.CERTAIN : Confidence.NONE;
    }
}
