package dev.ppw.model.output;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.GZIPOutputStream;

/**
 * Writes an output file so that a failure never leaves it half written or destroyed: the content goes to a
 * temporary file in the same directory, which is synced and then renamed over the target in one atomic
 * move. An existing target keeps its permissions; a new one gets the default permissions (umask).
 *
 * <p>A target whose name ends in {@code .gz} (any case) is written gzipped, so that
 * {@code -o merged.ppw.json.gz} saves a compressed profile that {@code ppw-java merge} reads back.
 */
public final class AtomicOutput {
    /** Writes the content to a stream that it must not close. */
    @FunctionalInterface
    public interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private static final int BUFFER = 1 << 16;

    private AtomicOutput() {
    }

    /**
     * Replaces {@code target} with what {@code body} writes (gzipped when {@link #gzipped} says so), or leaves
     * it untouched when anything fails.
     */
    public static void write(Path target, Body body) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        Path tmp = createTemp(dir, absolute.getFileName().toString());
        boolean moved = false;
        try {
            copyPermissions(absolute, tmp);
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                OutputStream file = new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER);
                if (gzipped(absolute)) {
                    GZIPOutputStream gzip = new GZIPOutputStream(file, BUFFER);
                    OutputStream out = new BufferedOutputStream(gzip, BUFFER);
                    body.writeTo(out);
                    out.flush();
                    gzip.finish();
                } else {
                    body.writeTo(file);
                }
                file.flush();
                channel.force(true);
            }
            Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /** True when {@code target}'s file name ends in {@code .gz}, in any case. */
    public static boolean gzipped(Path target) {
        Path name = target.getFileName();
        return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    private static Path createTemp(Path dir, String name) throws IOException {
        while (true) {
            String suffix = Long.toHexString(ThreadLocalRandom.current().nextLong());
            try {
                // createFile, unlike createTempFile, applies the umask rather than mode 0600.
                return Files.createFile(dir.resolve("." + name + "." + suffix + ".tmp"));
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
