package dev.ppw.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** The raw folder's housekeeping: a removed run's files, and folders that no run references. */
final class RawFiles {
    private RawFiles() {
    }

    /** Deletes {@code folder} and everything below it; what cannot be deleted stays for the next gc. */
    static void deleteTree(Path folder) {
        if (folder == null || !Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // left for gc: a file in use or a folder without write permission is not worth failing the removal for
        }
    }

    /** Removes the folders of {@code rawFolder} that no run's raw file is in; returns how many. */
    static long removeOrphans(Connection connection, Path rawFolder) throws SQLException {
        if (rawFolder == null || !Files.isDirectory(rawFolder)) {
            return 0;
        }
        Set<String> kept = new HashSet<>();
        try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery("SELECT path FROM raw_files")) {
            while (r.next()) {
                String path = r.getString(1);
                int slash = path.indexOf('/');
                kept.add(slash < 0 ? path : path.substring(0, slash));
            }
        }
        long removed = 0;
        List<Path> folders;
        try (Stream<Path> list = Files.list(rawFolder)) {
            folders = list.toList();
        } catch (IOException e) {
            return 0;
        }
        for (Path f : folders) {
            if (!kept.contains(f.getFileName().toString())) {
                deleteTree(f);
                removed++;
            }
        }
        return removed;
    }
}
