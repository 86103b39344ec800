package dev.ppw.engine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link FollowStream}'s stop: what the writer wrote before the stop was asked is read, whatever step of following
 * the stop falls in. The races are staged with a tail that says what has come and a listener that acts on its
 * n-th poll, so no assertion depends on timing.
 */
class FollowStreamTest {
    /** A tail whose bytes come in the chunks it is given; it never ends by itself. */
    private static final class StagedTail implements Tail {
        private final Deque<byte[]> chunks = new ArrayDeque<>();
        int emptyReads;

        void write(String text) {
            chunks.add(text.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public int read(byte[] b, int off, int len) {
            byte[] next = chunks.poll();
            if (next == null) {
                emptyReads++;
                return 0;
            }
            assertTrue(next.length <= len);
            System.arraycopy(next, 0, b, off, next.length);
            return next.length;
        }

        @Override
        public void await(long nanos) {
        }

        @Override
        public void close() {
        }
    }

    private static String drain(FollowStream stream) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[7];
        for (int n; (n = stream.read(buf, 0, buf.length)) >= 0; ) {
            out.write(buf, 0, n);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void bytesWrittenBetweenAnEmptyReadAndTheStopAreRead() throws IOException {
        StagedTail tail = new StagedTail();
        tail.write("[\n{\"a\": 1},\n");
        // The writer's last bytes come, and the stop is asked, after a read found nothing and before the idle poll
        // that follows it: the poll is where the follow first learns of the stop.
        int[] polls = {0};
        FollowStream.Listener listener = idleNanos -> {
            if (tail.emptyReads == 0) {
                return false;
            }
            if (polls[0]++ == 0) {
                tail.write("{\"b\": 2},\n");
            }
            return true;
        };
        FollowStream stream = new FollowStream("staged", tail, listener, 1_000_000);
        assertEquals("[\n{\"a\": 1},\n{\"b\": 2},\n", drain(stream));
        assertEquals(0, stream.unfinishedBytes());
        assertTrue(stream.stopped());
    }

    @Test
    void aStopAskedBeforeAReadStillReadsEverythingThatCame() throws IOException {
        StagedTail tail = new StagedTail();
        tail.write("one\n");
        tail.write("two\n");
        tail.write("thr");
        FollowStream stream = new FollowStream("staged", tail, idleNanos -> true, 1_000_000);
        assertEquals("one\ntwo\n", drain(stream));
        assertEquals(3, stream.unfinishedBytes(), "an unfinished last line is left out and counted");
    }

    @Test
    void anIdleInputEndsOnlyAfterAReadFindsNothingMore() throws IOException {
        StagedTail tail = new StagedTail();
        tail.write("x\n");
        int[] idlePolls = {0};
        FollowStream.Listener listener = idleNanos -> {
            if (tail.emptyReads > 0 && idlePolls[0]++ == 0) {
                tail.write("y\n");
                return true;
            }
            return tail.emptyReads > 1;
        };
        FollowStream stream = new FollowStream("staged", tail, listener, 1_000_000);
        assertEquals("x\ny\n", drain(stream));
    }
}
