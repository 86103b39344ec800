package dev.ppw.model.format;

/**
 * A format ppw-java recognises but does not read yet: detection names it and says what works today, instead
 * of calling it unrecognized or handing it to a reader that would fail on it with a parser's error (a JFR
 * recording, {@code perf script} text, a TAU profile). One class per format in {@code collectors}'
 * {@code dev.ppw.collect.unread}, registered for {@link java.util.ServiceLoader} in
 * {@code META-INF/services/dev.ppw.model.format.UnreadFormat}, found through a {@link FormatRegistry}.
 *
 * <p>A reader replaces its recognizer by deleting one registration: the reader takes the recognizer's
 * {@link #name()}, and since a registry refuses two formats of one name, the recognizer's line is removed
 * in the same change. Until then a reader's probe is heard first anyway (detection asks recognizers only
 * when no reader is certain).
 *
 * <p>Implementations hold no mutable state: one instance serves every input, on any thread.
 */
public interface UnreadFormat {
    /** The format's name in messages and {@code ppw-java formats}: lower case, dashes, unique among all formats. */
    String name();

    /**
     * What the format is and who writes it, as words that follow "this is": {@code a JFR recording (written by the
     * JDK's Flight Recorder or async-profiler)}. One line, no final period.
     */
    String description();

    /**
     * What the user can do today to get a profile from such an input: the command that turns it into a format
     * ppw-java reads, or, when none is known, that plainly. One line, no final period.
     */
    String nextStep();

    /**
     * How sure this recognizer is that {@code head} is of its format: a pure function of the head, as
     * {@link InputFormat#probe}. {@link Confidence#CERTAIN} for magic bytes or a structure only this format has,
     * {@link Confidence#POSSIBLE} when the bytes fit but a reader's or another recognizer's format could fit too,
     * {@link Confidence#NAME_ONLY} when only the file name suggests it.
     */
    Confidence probe(Head head);

    /**
     * What {@code head} is, for the message that names it: {@link #description()} unless the head tells more
     * (a JSON object's keys). Called only for a head this recognizer's probe claimed.
     */
    default String describe(Head head) {
        return description();
    }
}
