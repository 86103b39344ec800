package dev.ppw.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteJDBCLoader;
import org.sqlite.util.OSInfo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** sqlite-jdbc's native library unpacked once into the user's cache folder, keyed by version and platform. */
class SqliteLibraryTest {
    @TempDir
    Path dir;

    @Test
    void theFolderIsUnderXdgCacheHomeElseHomeCacheKeyedByVersionAndPlatform() {
        Path home = Path.of("/home/u");
        assertEquals(Optional.of(Path.of("/home/u/.cache/ppw-java/sqlite-jdbc/3.54.1.0/Linux-amd64")),
                SqliteLibrary.folder(Map.of(), home, "Linux", "amd64", "3.54.1.0"));
        assertEquals(Optional.of(Path.of("/c/ppw-java/sqlite-jdbc/3.54.1.0/Mac_OS_X-aarch64")),
                SqliteLibrary.folder(Map.of("XDG_CACHE_HOME", "/c"), home, "Mac OS X", "aarch64", "3.54.1.0"));
        // a relative XDG_CACHE_HOME is to be ignored (XDG Base Directory specification)
        assertEquals(Optional.of(Path.of("/home/u/.cache/ppw-java/sqlite-jdbc/1.0/Linux-amd64")),
                SqliteLibrary.folder(Map.of("XDG_CACHE_HOME", "rel"), home, "Linux", "amd64", "1.0"));
        assertEquals(Optional.empty(), SqliteLibrary.folder(Map.of(), home, "Linux", "amd64", "unknown"));
    }

    @Test
    void theLibraryIsUnpackedWholeOnceAndThenFoundWithoutBeingWrittenAgain() throws IOException {
        Path folder = dir.resolve("cache/sqlite-jdbc/" + SQLiteJDBCLoader.getVersion());
        Path lib = SqliteLibrary.unpacked(folder).orElseThrow();
        byte[] expected;
        try (InputStream in = SQLiteJDBCLoader.class.getResourceAsStream("/org/sqlite/native/"
                + OSInfo.getNativeLibFolderPathForCurrentOS() + "/" + System.mapLibraryName("sqlitejdbc"))) {
            expected = in.readAllBytes();
        }
        assertArrayEquals(expected, Files.readAllBytes(lib));
        try (var files = Files.list(folder)) {
            assertEquals(1, files.count(), "no temporary file left beside it");
        }
        FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(lib, old);
        assertEquals(Optional.of(lib), SqliteLibrary.unpacked(folder));
        assertEquals(old, Files.getLastModifiedTime(lib));
    }

    @Test
    void aFolderThatCannotBeMadeLeavesSqliteJdbcToItsOwnWays() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        assertTrue(SqliteLibrary.unpacked(file.resolve("sub")).isEmpty());
    }
}
