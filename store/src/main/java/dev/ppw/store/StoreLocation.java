package dev.ppw.store;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Where a store is: an SQLite file or a PostgreSQL database.
 *
 * <p>Spellings ({@link #parse}): a path, or {@code sqlite:PATH}, is an SQLite file; {@code postgresql://host[:port]/db}
 * (user and password as the PostgreSQL JDBC driver takes them, in the URL's query) or a whole
 * {@code jdbc:postgresql:...} URL is a PostgreSQL database. Without one, {@link #defaultLocation} gives
 * {@code $PPW_STORE}, else {@code ~/.local/share/ppw-java/runs.db}.
 *
 * <p>Raw files (perf.data, traces) kept with a run go beside the store: in {@code PATH.raw/} for an SQLite file, and
 * for a PostgreSQL store in the folder the caller names ({@link #withRawFolder}), by default
 * {@code ~/.local/share/ppw-java/raw/HOST-PORT-DB/} as {@link #defaultLocation} sets it.
 *
 * @param kind       the back end
 * @param shown      how messages name the store: the path as given, or the server URL without its password
 * @param jdbcUrl    the URL the JDBC driver opens
 * @param file       the SQLite file, null for PostgreSQL
 * @param rawFolder  where raw files are copied, null when none was given (PostgreSQL without a folder)
 */
public record StoreLocation(Kind kind, String shown, String jdbcUrl, Path file, Path rawFolder) {
    /** The environment variable naming the default store. */
    public static final String ENVIRONMENT = "PPW_STORE";

    /** The back ends. */
    public enum Kind { SQLITE, POSTGRESQL }

    public StoreLocation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(shown, "shown");
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    }

    /**
     * The store {@code location} names (class Javadoc); a relative path is taken from {@code workingFolder}.
     *
     * @throws StoreException when a server URL names no database, or cannot be parsed
     */
    public static StoreLocation parse(String location, Path workingFolder) {
        String text = location.strip();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("jdbc:postgresql:")) {
            return new StoreLocation(Kind.POSTGRESQL, withoutPassword(text), text, null, null);
        }
        if (lower.startsWith("postgresql://") || lower.startsWith("postgres://")) {
            String rest = text.substring(text.indexOf("://") + 3);
            checkServer(text, rest);
            return new StoreLocation(Kind.POSTGRESQL, withoutPassword(text), "jdbc:postgresql://" + rest, null, null);
        }
        if (text.isEmpty()) {
            throw new StoreException("the store location is empty: give a file or postgresql://host[:port]/db");
        }
        String path = lower.startsWith("sqlite:") ? text.substring("sqlite:".length()) : text;
        Path file = workingFolder.resolve(path).toAbsolutePath().normalize();
        return new StoreLocation(Kind.SQLITE, path, "jdbc:sqlite:" + file, file,
                file.resolveSibling(file.getFileName() + ".raw"));
    }

    private static void checkServer(String text, String rest) {
        try {
            URI uri = new URI("postgresql://" + rest);
            String db = uri.getPath();
            if (uri.getHost() == null || db == null || db.length() <= 1) {
                throw new StoreException("cannot open store " + withoutPassword(text)
                        + ": expected postgresql://host[:port]/database");
            }
        } catch (URISyntaxException e) {
            throw new StoreException("cannot open store " + withoutPassword(text) + ": not a URL ("
                    + e.getReason() + "): expected postgresql://host[:port]/database");
        }
    }

    /** The URL with the value of a {@code password} query parameter replaced, for messages. */
    static String withoutPassword(String url) {
        return url.replaceAll("(?i)(password=)[^&]*", "$1***");
    }

    /**
     * The store to use when none is named: {@code env}'s {@value #ENVIRONMENT} when set and not blank, else
     * {@code home/.local/share/ppw-java/runs.db}. A PostgreSQL store's raw files then go to
     * {@code home/.local/share/ppw-java/raw/} in a folder named after the server and database.
     */
    public static StoreLocation defaultLocation(Map<String, String> env, Path home, Path workingFolder) {
        String named = env.get(ENVIRONMENT);
        StoreLocation location = named != null && !named.isBlank() ? parse(named, workingFolder)
                : parse(home.resolve(".local/share/ppw-java/runs.db").toString(), workingFolder);
        return location.withDefaultRawFolder(home);
    }

    /** This location, and for a server without a raw folder one under {@code home/.local/share/ppw-java/raw/}. */
    public StoreLocation withDefaultRawFolder(Path home) {
        if (rawFolder != null) {
            return this;
        }
        String name = jdbcUrl.replaceFirst("(?i)^jdbc:postgresql:/*", "").replaceAll("\\?.*$", "")
                .replaceAll("[^A-Za-z0-9._-]+", "-");
        return withRawFolder(home.resolve(".local/share/ppw-java/raw").resolve(name));
    }

    /** This location with raw files kept in {@code folder}. */
    public StoreLocation withRawFolder(Path folder) {
        return new StoreLocation(kind, shown, jdbcUrl, file, folder);
    }

    @Override
    public String toString() {
        return shown;
    }
}
