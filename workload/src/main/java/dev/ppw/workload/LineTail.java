package dev.ppw.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;

/**
 * One of a workload's output streams, read line by line on a thread of its own: each line told to the listener, the
 * last few kept for the result. Bytes that are not UTF-8 are replaced, never fatal.
 */
final class LineTail {
    /** A line longer than this is kept cut to it in the tail (the listener hears it whole). */
    private static final int MAX_KEPT_CHARS = 4096;

    private final ArrayDeque<String> last = new ArrayDeque<>();
    private final int lines;
    private final Thread reader;

    private LineTail(InputStream in, WorkloadOutput stream, int lines, RunningWorkload.Told told) {
        this.lines = lines;
        this.reader = RunningWorkload.daemon("ppw-workload-" + stream.name().toLowerCase(java.util.Locale.ROOT))
                .newThread(() -> read(in, stream, told));
    }

    static LineTail start(InputStream in, WorkloadOutput stream, int lines, RunningWorkload.Told told) {
        LineTail tail = new LineTail(in, stream, lines, told);
        tail.reader.start();
        return tail;
    }

    private void read(InputStream in, WorkloadOutput stream, RunningWorkload.Told told) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, decoder))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String said = line;
                told.call(l -> l.output(stream, said));
                synchronized (last) {
                    last.addLast(line.length() > MAX_KEPT_CHARS ? line.substring(0, MAX_KEPT_CHARS) : line);
                    if (last.size() > lines) {
                        last.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            // the stream closed under us (the process was killed): the tail is what was read
        }
    }

    /** Waits until the stream has ended. */
    void join() throws InterruptedException {
        reader.join();
    }

    /** The last lines read, each ended by a newline; {@code ""} when none. */
    String tail() {
        synchronized (last) {
            StringBuilder s = new StringBuilder();
            last.forEach(l -> s.append(l).append('\n'));
            return s.toString();
        }
    }
}
