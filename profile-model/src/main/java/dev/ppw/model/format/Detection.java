package dev.ppw.model.format;

import java.util.Objects;

/**
 * What detection makes of one input's head ({@link FormatRegistry#identify}): a format that reads it, a format
 * recognised but not read, or nothing. Immutable.
 */
public sealed interface Detection {
    /** How sure the winning probe was; {@link Confidence#NONE} when nothing claimed the head. */
    Confidence confidence();

    /**
     * A registered format reads the input.
     *
     * @param format     the format that reads it
     * @param confidence its probe's answer (or {@link Confidence#CERTAIN} for a format forced by name)
     */
    record Read(InputFormat format, Confidence confidence) implements Detection {
        public Read {
            Objects.requireNonNull(format, "format");
            Objects.requireNonNull(confidence, "confidence");
        }
    }

    /**
     * The input is of a format ppw-java recognises but does not read.
     *
     * @param format     the recognizer that claimed it
     * @param confidence its probe's answer, at least {@link Confidence#NAME_ONLY}
     * @param message    one line naming the input, the format, the next step and the formats read
     */
    record Unread(UnreadFormat format, Confidence confidence, String message) implements Detection {
        public Unread {
            Objects.requireNonNull(format, "format");
            Objects.requireNonNull(confidence, "confidence");
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * No format claims the input (or it is empty, only whitespace, or UTF-16 text).
     *
     * @param message one line naming the input and saying what its bytes look like instead
     */
    record Unknown(String message) implements Detection {
        public Unknown {
            Objects.requireNonNull(message, "message");
        }

        @Override
        public Confidence confidence() {
            return Confidence.NONE;
        }
    }
}
