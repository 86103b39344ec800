package dev.ppw.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The build's version, from a resource that Maven fills in: what outputs name their writer by and what a stored
 * run records.
 */
public final class Version {
    private static final String VERSION = load();

    private Version() {
    }

    /** The project version, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String version() {
        return VERSION;
    }

    /** {@code ppw-java} and the version, as outputs name their writer. */
    public static String tool() {
        return "ppw-java " + VERSION;
    }

    private static String load() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
