package dev.ppw.workload;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * perf stat's counts read from its output file as perf writes them (it flushes after each interval): whole lines
 * parsed ({@link PerfStatCsv}), lines of one time gathered into an interval, and the interval told once a line of a
 * later time comes, or once a poll finds nothing new after it (perf writes an interval at once), or at the end.
 */
final class StatTail {
    private static final long MIN_POLL_MILLIS = 10;
    private static final long MAX_POLL_MILLIS = 100;

    private final Path file;
    private final long pollMillis;
    private final Process process;
    private final PerfStatCsv.Grouping grouping;
    private final Thread reader;
    private final java.io.ByteArrayOutputStream pendingBytes = new java.io.ByteArrayOutputStream();

    private StatTail(Path file, long intervalMillis, Process process, RunningWorkload.Told told) {
        this.file = file;
        this.pollMillis = Math.max(MIN_POLL_MILLIS, Math.min(MAX_POLL_MILLIS, intervalMillis / 4));
        this.process = process;
        this.grouping = new PerfStatCsv.Grouping(interval -> told.call(l -> l.interval(interval)));
        this.reader = RunningWorkload.daemon("ppw-workload-perf-stat").newThread(this::follow);
    }

    static StatTail start(Path file, long intervalMillis, Process process, RunningWorkload.Told told) {
        StatTail tail = new StatTail(file, intervalMillis, process, told);
        tail.reader.start();
        return tail;
    }

    private void follow() {
        long position = 0;
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        FileChannel channel = null;
        try {
            while (true) {
                boolean ended = !process.isAlive();
                if (channel == null) {
                    try {
                        channel = FileChannel.open(file, StandardOpenOption.READ);
                    } catch (NoSuchFileException e) {
                        if (ended) {
                            return;
                        }
                    }
                }
                boolean more = false;
                if (channel != null) {
                    for (int n = channel.read(buffer, position); n > 0; n = channel.read(buffer, position)) {
                        position += n;
                        more = true;
                        buffer.flip();
                        take(buffer);
                        buffer.clear();
                    }
                }
                if (ended) {
                    if (pendingBytes.size() > 0) {
                        line(decodePending());
                    }
                    grouping.flush();
                    return;
                }
                if (!more) {
                    // nothing since the last poll: perf has written its interval whole
                    grouping.flush();
                }
                Thread.sleep(pollMillis);
            }
        } catch (IOException e) {
            grouping.flush();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // read-only: nothing to lose
                }
            }
        }
    }

    /** Splits what was read into lines; a line's bytes may end mid-character, so they are decoded per whole line. */
    private void take(ByteBuffer bytes) {
        while (bytes.hasRemaining()) {
            byte b = bytes.get();
            if (b == '\n') {
                line(decodePending());
            } else {
                pendingBytes.write(b);
            }
        }
    }

    private String decodePending() {
        String s = pendingBytes.toString(StandardCharsets.UTF_8);
        pendingBytes.reset();
        return s;
    }

    private void line(String text) {
        PerfStatCsv.parseLine(text).ifPresent(grouping::add);
    }

    /** Waits until the counts are read to their end; returns how many intervals were told. */
    int join() throws InterruptedException {
        reader.join();
        return grouping.emitted();
    }
}
