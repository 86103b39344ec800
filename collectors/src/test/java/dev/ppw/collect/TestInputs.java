package dev.ppw.collect;

import dev.ppw.model.BadInputException;
import dev.ppw.model.EventSink;
import dev.ppw.model.format.EventFormat;
import dev.ppw.model.format.FormatRegistry;
import dev.ppw.model.format.InputFormat;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Small helpers to feed inline traces through detection and their format, as the command line does, named
 * {@code t.json} in messages.
 */
public final class TestInputs {
    public static final String NAME = "t.json";
    /** The formats registered in this module, as the command line finds them. */
    public static final FormatRegistry FORMATS = FormatRegistry.load(TestInputs.class.getClassLoader());

    private TestInputs() {
    }

    /**
     * The read options of the tests: the defaults, with {@code -Dppw.read.parallelFromBytes} and
     * {@code -Dppw.read.chunkBytes} as the command line maps them, so that the suite can be run with every
     * file read by the parallel reader ({@code -DargLine=-Dppw.read.parallelFromBytes=0}).
     */
    public static ReadOptions options() {
        ReadOptions d = ReadOptions.defaults();
        return d.withParallelFromBytes(Long.getLong("ppw.read.parallelFromBytes", d.parallelFromBytes()))
                .withChunkBytes(Integer.getInteger("ppw.read.chunkBytes", d.chunkBytes()));
    }

    /** Detects {@code source}'s format, which must be of events, and reads it into {@code sink}. */
    public static void readInto(InputSource source, EventSink sink, ReadOptions options) throws IOException {
        InputFormat format = FORMATS.detect(source.head());
        if (!(format instanceof EventFormat events)) {
            throw new AssertionError(source.name() + " is detected as " + format.name() + ", not a trace");
        }
        events.read(source, sink, options);
    }

    /** {@link #readInto(InputSource, EventSink, ReadOptions)} with {@link #options()}. */
    public static void readInto(InputSource source, EventSink sink) throws IOException {
        readInto(source, sink, options());
    }

    /** The bytes {@code raw} (maybe gzipped), named {@code name}, detected and read into {@code sink}. */
    public static void readInto(String name, byte[] raw, EventSink sink) throws IOException {
        readInto(InputSource.of(name, raw), sink);
    }

    public static RecordingSink read(String text) {
        return read(text.getBytes(StandardCharsets.UTF_8));
    }

    public static RecordingSink read(byte[] bytes) {
        RecordingSink sink = new RecordingSink();
        try {
            readInto(NAME, bytes, sink);
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
                () -> readInto(NAME, bytes, new RecordingSink()));
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

    /** The test resource {@code traces/PATH}. */
    public static byte[] resource(String path) {
        return testResource("traces/" + path);
    }

    /** The test resource at {@code path} from the resources' root ({@code unread/x.jfr}). */
    public static byte[] testResource(String path) {
        try (InputStream in = TestInputs.class.getResourceAsStream("/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
