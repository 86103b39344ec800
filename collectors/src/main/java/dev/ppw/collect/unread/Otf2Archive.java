package dev.ppw.collect.unread;

import dev.ppw.model.format.Confidence;
import dev.ppw.model.format.Head;

/**
 * OTF2 trace archives, as Score-P writes them: an anchor file ({@code traces.otf2}) beside the global definitions
 * ({@code traces.def}) and a folder of event files ({@code traces/*.evt}). The anchor's name is the hint.
 */
public final class Otf2Archive extends Recognizer {
    public Otf2Archive() {
        super("otf2", "an OTF2 trace archive (an anchor .otf2 file, written by Score-P)",
                "no converter to a format ppw-java reads is known to us; otf2-print prints its events as text");
    }

    /** {@link Confidence#NAME_ONLY} for a name ending {@code .otf2}; else none. */
    @Override
    public Confidence probe(Head head) {
        return fileName(head).endsWith(".otf2") ? Confidence.NAME_ONLY : Confidence.NONE;
    }
}
