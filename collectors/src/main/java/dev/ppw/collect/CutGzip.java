package dev.ppw.collect;

import dev.ppw.model.BadInputException;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads of an input's content (gzip already undone by the {@code InputSource}) that turn a gzip layer ending early
 * into bad input at the place the text stops. {@code java.util.zip} says so with an {@link EOFException} ("Unexpected
 * end of ZLIB input stream"), which would otherwise reach the user as a failure to read with no place; a cut
 * {@code .gz} is a broken file like any other (found by fuzzing the line readers).
 */
public final class CutGzip {
    private CutGzip() {
    }

    /**
     * {@code in.read(buffer, offset, length)}, or, when the gzip data ends early, bad input at {@code line} and
     * {@code column} (1-based: where the next byte would have been).
     *
     * @throws BadInputException when the content's gzip layer ends before its end marker
     */
    public static int read(InputStream in, byte[] buffer, int offset, int length, String file, long line, long column)
            throws IOException {
        try {
            return in.read(buffer, offset, length);
        } catch (EOFException e) {
            throw BadInputException.at(file, line, column, "the gzip data ends here (a cut file?): " + e.getMessage(),
                    null);
        }
    }
}
