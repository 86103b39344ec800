package dev.ppw.model.format;

import java.io.IOException;
import java.io.InputStream;

/** The bytes an {@link InputSource.Opener} gives, each block read from a stream opened at its offset. */
final class OpenerRanges implements ByteRanges {
    private final InputSource.Opener opener;
    private final long size;

    OpenerRanges(InputSource.Opener opener, long size) {
        this.opener = opener;
        this.size = size;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int readFully(long position, byte[] into, int offset, int length) throws IOException {
        if (position >= size) {
            return 0;
        }
        try (InputStream in = opener.open(position)) {
            return in.readNBytes(into, offset, (int) Math.min(length, size - position));
        }
    }

    @Override
    public InputStream openAt(long position) throws IOException {
        return opener.open(position);
    }
}
