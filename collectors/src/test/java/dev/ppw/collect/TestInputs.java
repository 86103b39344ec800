package dev.ppw.collect;

import dev.ppw.model.BadInputException;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertThrows;

/** Small helpers to feed inline traces through {@link TraceReaders}, named {@code t.json} in messages. */
public final class TestInputs {
    public static final String NAME = "t.json";

    private TestInputs() {
    }

    public static RecordingSink read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    public static RecordingSink read(byte[] bytes) {
        RecordingSink sink = new RecordingSink();
        try {
            TraceReaders.read(NAME, new ByteArrayInputStream(bytes), sink);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sink;
    }

    public static BadInputException failure(String text) {
        return failure(text.getBytes(StandardCharsets.UTF_8));
    }

    public static BadInputException failure(byte[] bytes) {
        return assertThrows(BadInputException.class,
                () -> TraceReaders.read(NAME, new ByteArrayInputStream(bytes), new RecordingSink()));
    }

    public static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] resource(String path) {
        try (InputStream in = TestInputs.class.getResourceAsStream("/traces/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource traces/" + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
