package dev.ppw.model.output;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * Writes an output file so that a failure never leaves it half written or destroyed: the content goes to a
 * temporary file in the same directory, which is synced and then renamed over the target in one atomic
 * move. An existing target keeps its permissions; a new one gets the default permissions (umask).
 *
 * <p>Only a regular file is ever replaced. A symbolic link is followed (through a chain of links) and the
 * file it names is replaced, the link staying a link. Anything else that exists (a device such as
 * {@code /dev/null} or {@code /dev/stdout}, a named pipe) is written straight through, as a shell's
 * {@code >} would, since renaming over it would destroy it. The temporary name is short and fixed in
 * length, so any name the file system accepts can be the target.
 *
 * <p>A target whose name ends in {@code .gz} (any case) is written gzipped, so that
 * {@code -o merged.ppw.json.gz} saves a compressed profile that {@code ppw-java merge} reads back.
 *
 * <p>Temporary files are named {@code .ppw-<16 hex digits>.tmp}. Those being written are listed
 * ({@link #removeUnfinished()}), so that a program stopped on the way (Ctrl-C, SIGTERM) can remove them from a
 * shutdown hook; one left by a program that could not (SIGKILL, a power cut) is removed by the next write beside
 * it once it is more than a day old ({@link #STALE_AFTER}), a write in progress never being that old.
 */
public final class AtomicOutput {
    /** Writes the content to a stream that it must not close. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes the files of a folder through the entries it is given, closing each before the next. */
    @FunctionalInterface
    public interface FolderBody {
        void writeTo(FolderWriter.Entries entries) throws IOException;
    }

    private static final int BUFFER = 1 << 16;
    /** How old a temporary file beside a target must be to count as left behind by a program that died. */
    public static final Duration STALE_AFTER = Duration.ofDays(1);
    private static final String TEMP_GLOB = ".ppw-*.tmp";
    /** The temporary files and folders being written now, by any thread. */
    private static final Set<Path> UNFINISHED = ConcurrentHashMap.newKeySet();
    /** Links followed before a chain counts as a loop (Linux's own limit). */
    private static final int MAX_LINKS = 40;

    private AtomicOutput() {
    }

    /**
     * Replaces {@code target} with what {@code body} writes (gzipped when {@link #gzipped} says so), or leaves
     * it untouched when anything fails.
     */
    public static void write(Path target, Body body) throws IOException {
        write(target, gzipped(target), body);
    }

    /**
     * Replaces {@code target} with what {@code body} writes, gzipped when {@code gzip} says so whatever the name
     * (a format that is gzipped itself, such as pprof's, is not gzipped twice for a name ending in {@code .gz}).
     */
    public static void write(Path target, boolean gzip, Body body) throws IOException {
        // The system follows the links to what exists: /dev/stdout is a link to a link to a pipe.
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            try (OutputStream device = Files.newOutputStream(target, StandardOpenOption.WRITE)) {
                writeBody(new BufferedOutputStream(device, BUFFER), gzip, body);
            }
            return;
        }
        Path absolute = followLinks(target.toAbsolutePath());
        Path dir = absolute.getParent();
        removeStale(dir, Instant.now().minus(STALE_AFTER));
        Path tmp = createTemp(dir);
        UNFINISHED.add(tmp);
        boolean moved = false;
        try {
            copyPermissions(absolute, tmp);
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                writeBody(new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER), gzip, body);
                channel.force(true);
            }
            Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            moved = true;
        } finally {
            UNFINISHED.remove(tmp);
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /**
     * Removes every temporary file and folder being written now (their targets stay as they were): for a shutdown
     * hook of a program stopped while writing. Never throws; what cannot be removed stays.
     */
    public static void removeUnfinished() {
        for (Path tmp : UNFINISHED) {
            try {
                if (Files.isDirectory(tmp, LinkOption.NOFOLLOW_LINKS)) {
                    deleteFolder(tmp);
                } else {
                    Files.deleteIfExists(tmp);
                }
            } catch (IOException | RuntimeException e) {
                // left as it is: the next write beside it removes it once it is stale
            }
        }
    }

    /** Removes the temporary files in {@code dir} last changed before {@code before}: left by a program that died. */
    static void removeStale(Path dir, Instant before) {
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(dir, TEMP_GLOB)) {
            for (Path tmp : temps) {
                try {
                    if (Files.isRegularFile(tmp, LinkOption.NOFOLLOW_LINKS) && !UNFINISHED.contains(tmp)
                            && Files.getLastModifiedTime(tmp, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(before)) {
                        Files.deleteIfExists(tmp);
                    }
                } catch (IOException e) {
                    // another's to remove, or gone already
                }
            }
        } catch (IOException | DirectoryIteratorException e) {
            // a folder that cannot be listed: the write that follows says what is wrong with it
        }
    }

    /**
     * Creates the folder {@code target} holding the files {@code writer} writes, or leaves everything as it was
     * when anything fails: the files go to a temporary folder beside it, renamed to {@code target} in one atomic
     * move. {@code target} must not exist, or be an empty folder (replaced by the new one); nothing else is ever
     * replaced.
     *
     * @throws FileAlreadyExistsException when {@code target} exists and is not an empty folder
     */
    public static void writeFolder(Path target, FolderBody writer) throws IOException {
        Path absolute = target.toAbsolutePath();
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) && !isEmptyFolder(absolute)) {
            throw new FileAlreadyExistsException(target.toString(), null,
                    "exists and is not an empty folder");
        }
        Path tmp = Files.createTempDirectory(absolute.getParent(), ".ppw-");
        UNFINISHED.add(tmp);
        boolean moved = false;
        try {
            Set<String> created = new HashSet<>();
            writer.writeTo(name -> {
                if (name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0
                        || name.indexOf('\\') >= 0 || name.indexOf('\0') >= 0 || !created.add(name)) {
                    throw new IllegalArgumentException("not a new plain file name: " + name);
                }
                return new BufferedOutputStream(Files.newOutputStream(tmp.resolve(name), StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE), BUFFER);
            });
            Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE);
            moved = true;
        } finally {
            UNFINISHED.remove(tmp);
            if (!moved) {
                deleteFolder(tmp);
            }
        }
    }

    /** True when {@code path} is a folder (not a link to one) with nothing in it. */
    public static boolean isEmptyFolder(Path path) throws IOException {
        if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (Stream<Path> entries = Files.list(path)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void deleteFolder(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            for (Path p : entries.toList()) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(folder);
    }

    /** Writes the body to {@code file}, through gzip when asked, and flushes it (the caller closes {@code file}). */
    private static void writeBody(OutputStream file, boolean gzip, Body body) throws IOException {
        if (gzip) {
            GZIPOutputStream zip = new GZIPOutputStream(file, BUFFER);
            OutputStream out = new BufferedOutputStream(zip, BUFFER);
            body.writeTo(out);
            out.flush();
            zip.finish();
        } else {
            body.writeTo(file);
        }
        file.flush();
    }

    /**
     * The path a chain of symbolic links ends at ({@code path} itself when it is no link); the end may not
     * exist yet. A chain longer than the system's own limit is a loop.
     */
    static Path followLinks(Path path) throws IOException {
        Path p = path;
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == MAX_LINKS) {
                throw new FileSystemException(path.toString(), null, "too many levels of symbolic links");
            }
            Path to = Files.readSymbolicLink(p);
            p = to.isAbsolute() ? to : p.resolveSibling(to);
        }
        return p;
    }

    /** True when {@code target}'s file name ends in {@code .gz}, in any case. */
    public static boolean gzipped(Path target) {
        Path name = target.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    private static Path createTemp(Path dir) throws IOException {
        while (true) {
            String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong());
            try {
                // createFile, unlike createTempFile, applies the umask rather than mode 0600. The name is short:
                // one built from the target's would pass the file system's limit for a target near it.
                return Files.createFile(dir.resolve(".ppw-" + suffix + ".tmp"));
            } catch (FileAlreadyExistsException e) {
                // another name then
            }
        }
    }

    private static void copyPermissions(Path from, Path to) throws IOException {
        if (!Files.isRegularFile(from)) {
            return;
        }
        try {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the default permissions will do
        }
    }
}
