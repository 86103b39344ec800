package dev.ppw.cli;

import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.OSInfo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;

/**
 * sqlite-jdbc's native library, unpacked once per sqlite-jdbc version into the user's cache folder
 * ({@code $XDG_CACHE_HOME/ppw-java/sqlite-jdbc/VERSION/OS-ARCH/}, else {@code ~/.cache/...}) and loaded from there.
 * Left to itself, sqlite-jdbc writes its 1.1 MB library to the temporary folder under a new name at every start,
 * compares it byte for byte with the jar's copy, and lists the whole temporary folder for old copies to delete: about
 * 100 ms of CPU in each run of {@code ppw-java runs list}, and a copy left behind by every run that was killed
 * (docs/performance.md, "Run store"). The command line, not the store library, does this: it sets sqlite-jdbc's own
 * system properties ({@code org.sqlite.lib.path}, {@code org.sqlite.lib.name}, {@code org.sqlite.tmpdir}).
 *
 * <p>The folder is keyed by the version and by {@code os.name} and {@code os.arch}, known without starting sqlite-jdbc's
 * platform probe; what is unpacked is the library sqlite-jdbc itself picks for this platform. The file is written
 * under a temporary name and renamed, so a reader never sees half of one and processes starting at once each get a
 * whole file. When the cache folder cannot be made or written, or the properties are set already, nothing changes:
 * sqlite-jdbc then does as it always did.
 */
final class SqliteLibrary {
    static final String LIB_PATH = "org.sqlite.lib.path";
    static final String LIB_NAME = "org.sqlite.lib.name";
    static final String TMPDIR = "org.sqlite.tmpdir";

    private static boolean prepared;

    private SqliteLibrary() {
    }

    /** Points sqlite-jdbc at its library in the user's cache folder, unpacking it there first if it is not yet. */
    static synchronized void prepare() {
        if (prepared) {
            return;
        }
        prepared = true;
        if (System.getProperty(LIB_PATH) != null || System.getProperty(LIB_NAME) != null) {
            return;
        }
        folder(System.getenv(), Path.of(System.getProperty("user.home")), System.getProperty("os.name"),
                System.getProperty("os.arch"), SQLiteJDBCLoader.getVersion())
                .flatMap(SqliteLibrary::unpacked)
                .ifPresent(lib -> {
                    System.setProperty(LIB_PATH, lib.getParent().toString());
                    System.setProperty(LIB_NAME, lib.getFileName().toString());
                    // sqlite-jdbc lists this folder, not /tmp, for old copies of its own to delete: it holds none
                    System.setProperty(TMPDIR, lib.getParent().toString());
                });
    }

    /**
     * The folder for sqlite-jdbc {@code version} on this platform, under {@code $XDG_CACHE_HOME} (an absolute path),
     * else {@code home/.cache}; empty for a version sqlite-jdbc could not tell ({@code unknown}).
     */
    static Optional<Path> folder(Map<String, String> env, Path home, String osName, String osArch, String version) {
        if (version == null || version.isEmpty() || version.equals("unknown")) {
            return Optional.empty();
        }
        String xdg = env.get("XDG_CACHE_HOME");
        Path cache = xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home.resolve(".cache");
        String platform = (osName + "-" + osArch).replaceAll("[^A-Za-z0-9._-]", "_");
        return Optional.of(cache.resolve("ppw-java").resolve("sqlite-jdbc").resolve(version).resolve(platform));
    }

    /** The library in {@code folder}, unpacked from the jar if it is not there; empty when that cannot be done. */
    static Optional<Path> unpacked(Path folder) {
        Path lib = folder.resolve(System.mapLibraryName("sqlitejdbc"));
        if (Files.isRegularFile(lib)) {
            return Optional.of(lib);
        }
        String resource = "/org/sqlite/native/" + OSInfo.getNativeLibFolderPathForCurrentOS() + "/"
                + lib.getFileName();
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            Files.createDirectories(folder);
            Path tmp = Files.createTempFile(folder, "unpacking-", ".tmp");
            try {
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                try {
                    Files.move(tmp, lib, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            return Optional.of(lib);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
