package dev.ppw.model.format;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A regular file's bytes at offsets, through one channel shared by every thread ({@link PositionalReads}). */
final class FileRanges implements ByteRanges {
    private final FileChannel channel;

    FileRanges(Path file) throws IOException {
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
    }

    @Override
    public long size() throws IOException {
        return channel.size();
    }

    @Override
    public int readFully(long position, byte[] into, int offset, int length) throws IOException {
        return PositionalReads.readFully(channel, position, into, offset, length);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
