package dev.ppw.collect.pprof;

import dev.ppw.collect.RecordingSink;
import dev.ppw.collect.TestInputs;
import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.format.InputSource;
import dev.ppw.model.format.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.ppw.collect.TestInputs.testResource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * pprof's legacy CPU profiles (resources/pprof/README.md, "legacy") against {@code go tool pprof -raw} of the same
 * files: the same stacks with the same sample counts and times, after pprof's own heuristics (return addresses
 * less 1, the signal handler's frame dropped), and the total {@code go tool pprof -top} shows.
 */
class LegacyCpuProfileTest {
    private static final Pattern SAMPLE = Pattern.compile("^\\s*(\\d+)\\s+(\\d+): ([\\d ]+)$");
    private static final Pattern LOCATION = Pattern.compile("^\\s*(\\d+): 0x([0-9a-f]+) M=(\\d+)");
    private static final Pattern MAPPING = Pattern.compile("^(\\d+): 0x([0-9a-f]+)/0x([0-9a-f]+)/0x([0-9a-f]+) ?(\\S*)");
    private static final Pattern TOTAL = Pattern.compile("of ([0-9.]+)s total");

    @ParameterizedTest
    @ValueSource(strings = {"gobench.cpu", "cppbench.cpu", "go.crc32.cpu"})
    void everyStackIsGoToolPprofsWithItsSamplesAndTime(String file) throws IOException {
        byte[] bytes = testResource("pprof/legacy/" + file);
        assertEquals("pprof", TestInputs.FORMATS.detect(InputSource.of(file, bytes).head()).name(), file);
        RecordingSink sink = new RecordingSink();
        new PprofFormat().read(InputSource.of(file, bytes), sink, ReadOptions.defaults());
        assertEquals(Map.of(), sink.warnings(), file);
        Map<String, long[]> ours = new TreeMap<>();
        for (String call : sink.calls()) {
            if (call.startsWith("sample ") && call.contains(" time ")) {
                String[] f = call.split(" ", 7);
                long[] v = ours.computeIfAbsent(f[6], k -> new long[2]);
                v[0] += Long.parseLong(f[5].substring(1));
                v[1] += Long.parseLong(f[3]);
            }
        }
        Map<String, long[]> theirs = raw(new String(testResource("pprof/legacy/" + file + ".raw.txt"),
                StandardCharsets.UTF_8));
        assertEquals(theirs.keySet(), ours.keySet(), file);
        for (String stack : theirs.keySet()) {
            assertEquals(theirs.get(stack)[0], ours.get(stack)[0], file + " samples of " + stack);
            assertEquals(theirs.get(stack)[1], ours.get(stack)[1], file + " time of " + stack);
        }
        Matcher total = TOTAL.matcher(new String(testResource("pprof/legacy/" + file + ".top-total.txt"),
                StandardCharsets.UTF_8));
        assertTrue(total.find());
        long nanos = ours.values().stream().mapToLong(v -> v[1]).sum();
        assertEquals(new java.math.BigDecimal(total.group(1)).movePointRight(9).longValueExact(), nanos, file);
    }

    /**
     * {@code go tool pprof -raw}'s samples as stacks outermost first, each location named as ppw-java names a
     * location without lines: its mapping's file name and offset, else its address.
     */
    private static Map<String, long[]> raw(String text) {
        Map<Long, String> names = new HashMap<>();
        Map<Long, long[]> addressAndMapping = new HashMap<>();
        Map<Long, String[]> mappings = new HashMap<>();
        Map<String, long[]> stacks = new TreeMap<>();
        java.util.List<String[]> samples = new java.util.ArrayList<>();
        for (String line : text.split("\n")) {
            Matcher s = SAMPLE.matcher(line);
            Matcher l = LOCATION.matcher(line);
            Matcher m = MAPPING.matcher(line);
            if (s.matches()) {
                samples.add(new String[] {s.group(1), s.group(2), s.group(3).strip()});
            } else if (l.find()) {
                addressAndMapping.put(Long.parseLong(l.group(1)),
                        new long[] {Long.parseUnsignedLong(l.group(2), 16), Long.parseLong(l.group(3))});
            } else if (m.find()) {
                mappings.put(Long.parseLong(m.group(1)), new String[] {m.group(2), m.group(4), m.group(5)});
            }
        }
        addressAndMapping.forEach((id, am) -> {
            String[] mapping = mappings.get(am[1]);
            String file = mapping[2];
            long start = Long.parseUnsignedLong(mapping[0], 16);
            long offset = Long.parseUnsignedLong(mapping[1], 16);
            names.put(id, file.isEmpty() ? "0x" + Long.toHexString(am[0])
                    : file.substring(file.lastIndexOf('/') + 1) + "+0x" + Long.toHexString(am[0] - start + offset));
        });
        for (String[] sample : samples) {
            String[] ids = sample[2].split(" ");
            StringBuilder stack = new StringBuilder();
            for (int i = ids.length - 1; i >= 0; i--) {
                stack.append(stack.isEmpty() ? "" : ";").append(names.get(Long.parseLong(ids[i])));
            }
            long[] v = stacks.computeIfAbsent(stack.toString(), k -> new long[2]);
            v[0] += Long.parseLong(sample[0]);
            v[1] += Long.parseLong(sample[1]);
        }
        return stacks;
    }

    @Test
    void theJavaVariantIsRefusedWithTheCommandThatConvertsIt() {
        byte[] bytes = testResource("pprof/legacy/java.cpu");
        BadInputException e = assertThrows(BadInputException.class,
                () -> new PprofFormat().read(InputSource.of("java.cpu", bytes), new RecordingSink(), ReadOptions.defaults()));
        assertEquals("java.cpu: byte 0: a legacy Java CPU profile (pprof's javaCPUProfile), which ppw-java does not"
                + " read: convert it with go tool pprof -proto java.cpu > OUT.pb.gz", e.getMessage());
    }

    /** 32-bit big-endian words: header, two records, the end record, a memory map line. */
    private static byte[] bigEndian32(boolean ended, int... recordWords) {
        ByteBuffer b = ByteBuffer.allocate(4 * (5 + recordWords.length + 3) + 64).order(ByteOrder.BIG_ENDIAN);
        b.putInt(0).putInt(3).putInt(0).putInt(1000).putInt(0);
        for (int w : recordWords) {
            b.putInt(w);
        }
        if (ended) {
            b.putInt(0).putInt(1).putInt(0);
            b.put("00400000-00500000 r-xp 00000000 00:00 1 /srv/bin/app\n".getBytes(StandardCharsets.US_ASCII));
        }
        return java.util.Arrays.copyOf(b.array(), b.position());
    }

    @Test
    void everyWordLayoutIsReadAndACutProfileKeepsItsWholeRecordsWithAWarning() throws IOException {
        RecordingSink sink = new RecordingSink();
        // Two records of leaf 0x401005 under 0x401100 (a return address: 0x4010ff is the call).
        new PprofFormat().read(InputSource.of("b.prof", bigEndian32(true, 3, 2, 0x401005, 0x401100, 1, 1, 0x401006)),
                sink, ReadOptions.defaults());
        assertEquals(java.util.List.of("sample T(,) 0 3000000 time x3 app+0x10ff;app+0x1005",
                "sample T(,) 1 1000000 time x1 app+0x1006"),
                sink.calls().stream().filter(c -> c.startsWith("sample ") && c.contains(" time ")).toList());
        RecordingSink cut = new RecordingSink();
        new PprofFormat().read(InputSource.of("c.prof", bigEndian32(false, 3, 2, 0x401005, 0x401100)), cut,
                ReadOptions.defaults());
        assertEquals(Map.of(Diagnostics.TRUNCATED, 1L), cut.warnings());
        assertEquals("c.prof: byte 36: the input ends without the record that ends the samples (a cut file?); the 1"
                + " whole records before are kept", cut.firstExample(Diagnostics.TRUNCATED));
        BadInputException e = assertThrows(BadInputException.class, () -> new PprofFormat().read(
                InputSource.of("d.prof", bigEndian32(false, 3, 99, 0x401005)), new RecordingSink(),
                ReadOptions.defaults()));
        assertEquals("d.prof: byte 20: a record of 99 addresses, more than the 4 bytes after it hold: not a legacy"
                + " CPU profile, or a damaged one", e.getMessage());
    }
}
