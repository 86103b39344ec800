package dev.ppw.model.format;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongConsumer;

/**
 * Tells a progress consumer how many raw bytes were read so far (of the input as stored: a gzip layer above
 * reads ahead of the parser). The consumer may be set after some bytes were read, as a source read once
 * does when its head was read before anyone asked for progress: it is told the count at once.
 */
final class CountingInputStream extends FilterInputStream {
    private LongConsumer progress;
    private long count;

    CountingInputStream(InputStream in, LongConsumer progress) {
        super(in);
        this.progress = progress;
    }

    void reportTo(LongConsumer consumer) {
        progress = consumer;
        consumer.accept(count);
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            progress.accept(++count);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) {
            count += n;
            progress.accept(count);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count += skipped;
        progress.accept(count);
        return skipped;
    }
}
