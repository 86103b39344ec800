package dev.ppw.collect.perf;

import dev.ppw.collect.SamplesOnlySink;
import dev.ppw.model.Metric;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import static dev.ppw.collect.TestInputs.FORMATS;
import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every perf test file of Brendan Gregg's FlameGraph against {@code stackcollapse-perf.pl --tid}'s own expected
 * output, which FlameGraph ships beside them (resources/perf/flamegraph/README.md): detected as perf script, the
 * same stacks with the same counts. The test turns this reader's samples into the collapser's lines the way the
 * collapser prints them: a first frame {@code comm-pid/tid} (spaces {@code _}, {@code ?} for a pid not printed),
 * the first event's samples only, and its cosmetic tidying of names ({@link #tidy}), which ppw-java does not do
 * (it keeps perf's symbols as printed). Naming {@code [unknown]} frames by their module is the reader's own.
 */
class FlameGraphPerfFilesTest {
    private static final Pattern GO_METHOD = Pattern.compile("\\.\\(.*\\)\\.");
    private static final Pattern ADDRESS = Pattern.compile("[0-9a-f]+");
    private static final Pattern NOISE = Pattern.compile("\\((?!anonymous namespace\\)).*");

    @ParameterizedTest
    @ValueSource(strings = {"perf-cycles-instructions-01", "perf-dd-stacks-01", "perf-funcab-cmd-01",
            "perf-funcab-pid-01", "perf-iperf-stacks-pidtid-01", "perf-java-faults-01", "perf-java-stacks-01",
            "perf-java-stacks-02", "perf-js-stacks-01", "perf-mirageos-stacks-01", "perf-numa-stacks-01",
            "perf-rust-Yamakaky-dcpu", "perf-vertx-stacks-01"})
    void stacksAndCountsAreStackcollapsePerfs(String file) throws IOException {
        String name = file + ".txt";
        byte[] bytes = testResource("perf/flamegraph/" + name + ".gz");
        assertEquals("perf-script", FORMATS.detect(InputSource.of(name + ".gz", bytes).head()).name(), name);
        CommSink sink = new CommSink();
        new PerfScriptFormat().read(InputSource.of(name + ".gz", bytes), sink, ReadOptions.defaults());
        assertEquals(Map.of(), sink.warnings(), name);
        String text = new String(new GZIPInputStream(new ByteArrayInputStream(bytes)).readAllBytes(),
                StandardCharsets.UTF_8);
        if (!text.endsWith("\n\n")) {
            // The collapser records a sample at the blank line that ends it: a last one without is not in its output.
            sink.collapsed.merge(sink.lastLine, -sink.lastAmount, Long::sum);
            sink.collapsed.remove(sink.lastLine, 0L);
        }
        Map<String, Long> expected = expected(file);
        assertEquals(expected, sink.collapsed, () -> name + ": " + differences(expected, sink.collapsed));
    }

    /** The first lines that differ, for a readable failure. */
    private static String differences(Map<String, Long> expected, Map<String, Long> actual) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, Long> e : expected.entrySet()) {
            if (!e.getValue().equals(actual.get(e.getKey()))) {
                out.add("expected " + e.getKey() + " " + e.getValue() + ", got " + actual.get(e.getKey()));
            }
        }
        for (Map.Entry<String, Long> e : actual.entrySet()) {
            if (!expected.containsKey(e.getKey())) {
                out.add("unexpected " + e.getKey() + " " + e.getValue());
            }
        }
        return out.size() + " differences: " + String.join("\n", out.subList(0, Math.min(8, out.size())));
    }

    private static Map<String, Long> expected(String file) throws IOException {
        byte[] gz = testResource("perf/flamegraph/results/" + file + "-collapsed-tid.txt.gz");
        String text = new String(new GZIPInputStream(new ByteArrayInputStream(gz)).readAllBytes(), StandardCharsets.UTF_8);
        Map<String, Long> out = new TreeMap<>();
        for (String line : text.split("\n")) {
            if (!line.isEmpty()) {
                int space = line.lastIndexOf(' ');
                out.merge(line.substring(0, space), Long.parseLong(line.substring(space + 1)), Long::sum);
            }
        }
        return out;
    }

    /**
     * stackcollapse-perf.pl's {@code $tidy_generic}: {@code ;} becomes {@code :}, what follows the first {@code (}
     * is dropped (arguments; not in a Go method such as {@code net/http.(*Client).Do}, nor
     * {@code (anonymous namespace)}), quotes go. (Its {@code $tidy_java}, which drops a Java frame's leading
     * {@code L}, came after the shipped results were recorded, which keep the {@code L}.) A frame perf printed
     * without a symbol ({@code 7f1e2215d058  (/lib/libc-2.15.so)}), which this reader names by its address, is
     * {@code " "} there: the collapser's line pattern takes the blank before the dso as the symbol.
     */
    static String tidy(String region) {
        if (ADDRESS.matcher(region).matches()) {
            return " ";
        }
        String f = region.replace(';', ':');
        if (!GO_METHOD.matcher(f).find()) {
            f = NOISE.matcher(f).replaceFirst("");
        }
        return f.replace("\"", "").replace("'", "");
    }

    /** Collapses samples as stackcollapse-perf.pl --tid does, with the comm each thread had at each sample. */
    private static final class CommSink extends SamplesOnlySink {
        final Map<String, Long> collapsed = new TreeMap<>();
        private Metric event;
        String lastLine;
        long lastAmount;

        CommSink() {
            super("perf-script");
        }

        Map<String, Long> warnings() {
            Map<String, Long> out = new TreeMap<>();
            diagnostics().warnings().forEach((kind, entry) -> out.put(kind, entry.count()));
            return out;
        }

        @Override
        public void sample(int track, long tsNanos, Metric weight, long amount, long samples, int[] frameIds, int depth) {
            if (event == null) {
                event = weight;
            }
            if (!weight.equals(event)) {
                return;
            }
            String key = tracks.get(track);
            String pid = key.substring(0, key.indexOf('/'));
            String tid = key.substring(key.indexOf('/') + 1);
            String comm = threadNames.getOrDefault(tid, "");
            StringBuilder line = new StringBuilder(comm.replace(' ', '_')).append('-')
                    .append(pid.isEmpty() ? "?" : pid).append('/').append(tid);
            for (int i = 0; i < depth; i++) {
                line.append(';').append(tidy(frames().regionName(frameIds[i])));
            }
            collapsed.merge(line.toString(), amount, Long::sum);
            lastLine = line.toString();
            lastAmount = amount;
        }
    }
}
