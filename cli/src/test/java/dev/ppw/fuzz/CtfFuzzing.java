package dev.ppw.fuzz;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** What the two CTF targets share: where LTTng puts a per-user trace in its output folder, and the fixed files. */
final class CtfFuzzing {
    /** The folder, below the trace's root, of a 64-bit per-user LTTng-UST trace's metadata and streams. */
    static final String TRACE = "ust/uid/0/64-bit/";

    private CtfFuzzing() {
    }

    /** The bytes of {@code name} below this package's test resources (a file of the real trace). */
    static byte[] resource(String name) {
        try (InputStream in = CtfFuzzing.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource dev/ppw/fuzz/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
