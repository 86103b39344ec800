import dev.ppw.collect.ctf.CtfTraceReader;
import dev.ppw.model.work.Workers;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The parse floor of bench/ctf-bench.sh (not part of the test run): every event of an LTTng trace folder decoded
 * (its packets walked, its headers, contexts and payload read into fields, its clock rebuilt) and merged in time
 * order on one thread, then dropped: what any reader of the folder must do before it folds a call. Run cold in a
 * JVM of its own with the shaded jar on the class path. Prints the events read.
 */
public final class CtfDecode {
    public static void main(String[] args) throws IOException {
        long[] events = {0};
        long[] check = {0};
        CtfTraceReader.Result result = CtfTraceReader.read(Path.of(args[0]), args[0], Workers.inline(), e -> {
            events[0]++;
            check[0] += e.timestampNanos();
        });
        System.out.println(result.events() + " events, " + result.streams() + " streams, check " + check[0]);
    }
}
