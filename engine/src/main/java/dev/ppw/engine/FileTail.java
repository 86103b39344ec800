package dev.ppw.engine;

import dev.ppw.model.BadInputException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/**
 * A regular file read as it grows: from where the last read stopped to its current end, then, at the end, its
 * size looked at again after each wait. Only appending is followed: a file whose size falls below what was read
 * (cut, or overwritten) or whose path now names another file (rotated, replaced, removed) is a
 * {@link BadInputException}, since the bytes already folded no longer describe it.
 */
final class FileTail implements Tail {
    private final String name;
    private final Path path;
    private final FileChannel channel;
    /** The file's identity (device and inode where the platform has one), to notice its path naming another. */
    private final Object key;
    private long position;

    FileTail(String name, Path path) throws IOException {
        this.name = name;
        this.path = path;
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
        this.key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = channel.read(ByteBuffer.wrap(b, off, len));
        if (n > 0) {
            position += n;
            return n;
        }
        checkStillAppended();
        return 0;
    }

    private void checkStillAppended() throws IOException {
        long size = channel.size();
        if (size < position) {
            throw new BadInputException(name + ": the file shrank from " + position + " to " + size
                    + " bytes while it was followed (cut or rewritten); --follow follows a file that is only appended to");
        }
        Object now;
        try {
            now = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
        } catch (NoSuchFileException e) {
            throw new BadInputException(name + ": the file was removed or renamed while it was followed (rotated?);"
                    + " --follow follows one file that is only appended to");
        }
        if (key != null && !Objects.equals(key, now)) {
            throw new BadInputException(name + ": the path names another file than the one followed (rotated or"
                    + " replaced); --follow follows one file that is only appended to");
        }
    }

    @Override
    public void await(long nanos) {
        LockSupport.parkNanos(nanos);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
