package dev.ppw.model.format;

/**
 * How sure a format's {@link InputFormat#probe probe} is that an input is of its format, weakest first:
 * detection ({@link FormatRegistry#detect}) picks the highest, so the order of the constants is the
 * contract.
 */
public enum Confidence {
    /** The bytes are not of this format. */
    NONE,
    /**
     * Only the file name suggests the format, the bytes fit no known signature: a weak hint, beaten by any
     * format whose bytes fit (Chromium writes Perfetto protobuf into files named {@code .json}).
     */
    NAME_ONLY,
    /** The bytes fit the format, but other formats could read them too (JSON that starts with {@code [}). */
    POSSIBLE,
    /** The bytes show a signature that only this format has (a leading {@code "format": "ppw-profile"}). */
    CERTAIN;

    /** How messages and {@code ppw-java formats FILE} say it: lower case, a space for the underscore ({@code name only}). */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
