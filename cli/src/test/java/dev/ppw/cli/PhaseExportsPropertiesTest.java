package dev.ppw.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.engine.Analysis;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ViewSpec;
import dev.ppw.engine.WindowSpec;
import dev.ppw.model.Report;
import dev.ppw.model.output.FolderWriter;
import dev.ppw.model.output.OutputWriter;
import dev.ppw.report.FoldedWriter;
import dev.ppw.report.HatchetWriter;
import dev.ppw.report.SpeedscopeWriter;
import dev.ppw.report.TauProfileWriter;
import dev.ppw.report.pprof.PprofWriter;
import dev.ppw.testing.SplitTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * SEMANTICS.md "Phases", exports: for generated traces with marker regions, on one to three threads, in the tree
 * and flat views, each export written with phases holds exactly the whole's times over its phases. Folded: a
 * stack's lines with the phase frame removed add up to the whole's line. pprof: the samples summed per stack,
 * ignoring their {@code phase} label (which every sample has), are the whole's samples' times; their calls at
 * least the whole's. speedscope: a stack's weights over the phase profiles add up to the whole's, and over the
 * phases of one thread to that thread's profile. Hatchet: a path's times over the phase roots add up to the
 * whole's. TAU: a callpath's times over the phases (its phase removed) add up to the whole tree's node of that
 * path, per thread file.
 */
class PhaseExportsPropertiesTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final List<String> MARKERS = List.of("init", "solve");
    private static final JsonFactory JSON = new JsonFactory();

    @TempDir
    static Path dir;

    @Test
    void everyExportsPhasesAddUpToItsWhole() {
        qt().withExamples(40).forAll(longs().all(), integers().between(1, 50), integers().between(0, 1))
                .checkAssert((seed, ops, flat) -> {
                    SplittableRandom r = new SplittableRandom(seed);
                    SplitTraces.Trace trace = SplitTraces.generate(r, 1 + r.nextInt(3), ops, r.nextInt(0, 100),
                            MARKERS);
                    Path file = SplitTraces.write(dir, "exports-" + seed + ".json", trace.json());
                    ViewSpec view = flat == 1 ? ViewSpec.FLAT : ViewSpec.TREE;
                    Analysis analysis = Analysis.profile(ENGINE.inputs(List.of(file.toString()))).withJobs(1)
                            .withSections(true).withView(view);
                    Report whole = ENGINE.analyze(analysis).report();
                    Report phased = ENGINE.analyze(analysis.withInputs(ENGINE.inputs(List.of(file.toString())))
                            .withSplit(new WindowSpec.Phases(MARKERS, List.of(), false))).report();
                    String what = "seed " + seed + ", " + view.label();
                    assertEquals(folded(write(new FoldedWriter(), whole), false),
                            folded(write(new FoldedWriter(), phased), true), "folded, " + what);
                    pprofAddsUp(PprofDump.samples(write(new PprofWriter(), whole)),
                            PprofDump.samples(write(new PprofWriter(), phased)),
                            what);
                    speedscopeAddsUp(whole, write(new SpeedscopeWriter(), whole),
                            write(new SpeedscopeWriter(), phased), what);
                    assertEquals(hatchet(write(new HatchetWriter(), whole), false),
                            hatchet(write(new HatchetWriter(), phased), true), "hatchet, " + what);
                    if (view == ViewSpec.TREE) {
                        tauAddsUp(phased, what);
                    }
                });
    }

    private static byte[] write(OutputWriter writer, Report report) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            writer.write(report, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Each line's value summed by its stack, the first frame (the phase) removed when {@code phased}. */
    private static Map<String, Long> folded(byte[] text, boolean phased) {
        Map<String, Long> byStack = new TreeMap<>();
        for (String line : new String(text, StandardCharsets.UTF_8).split("\n")) {
            if (line.isEmpty() || line.startsWith("# ppw-java folded stacks: ")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String stack = line.substring(0, space);
            if (phased) {
                assertTrue(stack.contains(";"), "a phase frame above each stack: " + line);
                stack = stack.substring(stack.indexOf(';') + 1);
            }
            byStack.merge(stack, Long.parseLong(line.substring(space + 1)), Long::sum);
        }
        return byStack;
    }

    private static void pprofAddsUp(List<PprofDump.Sample> whole, List<PprofDump.Sample> phased, String what) {
        Map<String, long[]> wholeByStack = pprofSums(whole);
        Map<String, long[]> phasedByStack = pprofSums(phased);
        assertEquals(wholeByStack.keySet(), phasedByStack.keySet(), "pprof stacks, " + what);
        for (Map.Entry<String, long[]> e : wholeByStack.entrySet()) {
            long[] p = phasedByStack.get(e.getKey());
            // value 0 is time, 1 calls (generated traces have time)
            assertEquals(e.getValue()[0], p[0], "pprof time of " + e.getKey() + ", " + what);
            assertTrue(p[1] >= e.getValue()[1], "pprof calls of " + e.getKey() + " count once per phase, " + what);
        }
        for (PprofDump.Sample s : whole) {
            assertEquals(null, s.phase(), "no label without phases, " + what);
        }
        for (PprofDump.Sample s : phased) {
            assertTrue(MARKERS.contains(s.phase()) || "(outside)".equals(s.phase()), "phase label " + s.phase()
                    + ", " + what);
        }
    }

    private static Map<String, long[]> pprofSums(List<PprofDump.Sample> samples) {
        Map<String, long[]> sums = new TreeMap<>();
        for (PprofDump.Sample s : samples) {
            long[] sum = sums.computeIfAbsent(s.stack(), k -> new long[s.values().length]);
            for (int i = 0; i < sum.length; i++) {
                sum[i] += s.values()[i];
            }
        }
        // A stack whose time is 0 everywhere is a matter of calls only: compared by its time, it is 0 either way.
        sums.values().removeIf(v -> v[0] == 0);
        return sums;
    }

    /** A JSON document as maps, lists, strings and numbers (longs where integral, else decimals). */
    private static Object json(byte[] bytes) throws IOException {
        try (JsonParser p = JSON.createParser(bytes)) {
            p.nextToken();
            return value(p);
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, Object> m = new java.util.LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                m.put(name, value(p));
            }
            return m;
        }
        if (t == JsonToken.START_ARRAY) {
            List<Object> l = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                l.add(value(p));
            }
            return l;
        }
        return switch (t) {
            case VALUE_NUMBER_INT -> p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDecimalValue();
            case VALUE_NULL -> null;
            default -> p.getText();
        };
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return o == null ? List.of() : (List<Object>) o;
    }

    private static void speedscopeAddsUp(Report whole, byte[] wholeFile, byte[] phasedFile, String what) {
        try {
            Map<String, Object> plain = object(json(wholeFile));
            Map<String, Object> split = object(json(phasedFile));
            assertEquals(list(plain.get("profiles")).size(),
                    list(split.get("profiles")).size() - phaseProfiles(split, ""),
                    "the whole's profiles come first, unchanged in number, " + what);
            Map<String, Long> expected = new TreeMap<>();
            Map<String, Long> actual = new TreeMap<>();
            for (Object o : list(plain.get("profiles"))) {
                Map<String, Object> p = object(o);
                String name = (String) p.get("name");
                stacks(plain, p, name.startsWith("all threads") ? "" : name + ":", expected);
            }
            for (Object o : list(split.get("profiles"))) {
                Map<String, Object> p = object(o);
                String name = (String) p.get("name");
                if (!name.startsWith("phase ")) {
                    continue;
                }
                int colon = name.indexOf(": ");
                String async = name.endsWith(" async spans") ? " async spans" : "";
                // "phase solve" is the whole's part; "phase solve: 2" thread 2's
                stacks(split, p, colon < 0 ? "" : name.substring(colon + 2).replace(async, "") + async + ":",
                        actual);
            }
            if (whole.printedSections().size() < 2) {
                assertEquals(0, phaseProfiles(split, ": "), "no thread profiles for one thread, " + what);
            }
            assertEquals(expected, actual, "speedscope, " + what);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int phaseProfiles(Map<String, Object> file, String containing) {
        int n = 0;
        for (Object o : list(file.get("profiles"))) {
            String name = (String) object(o).get("name");
            if (name.startsWith("phase ") && name.contains(containing)) {
                n++;
            }
        }
        return n;
    }

    /** The profile's weights by stack of frame names, each under {@code prefix}, added into {@code into}. */
    private static void stacks(Map<String, Object> file, Map<String, Object> profile, String prefix,
                               Map<String, Long> into) {
        List<Object> frames = list(object(file.get("shared")).get("frames"));
        String async = ((String) profile.get("name")).endsWith(" async spans") && prefix.isEmpty() ? "async:" : "";
        List<Object> samples = list(profile.get("samples"));
        List<Object> weights = list(profile.get("weights"));
        for (int i = 0; i < samples.size(); i++) {
            StringBuilder stack = new StringBuilder(prefix + async);
            for (Object f : list(samples.get(i))) {
                stack.append(object(frames.get((int) (long) (Long) f)).get("name")).append(';');
            }
            into.merge(stack.toString(), (Long) weights.get(i), Long::sum);
        }
    }

    /** Each node's exclusive and inclusive time by its path, the phase roots left out of the path when phased. */
    private static Map<String, List<Long>> hatchet(byte[] file, boolean phased) {
        try {
            Map<String, List<Long>> byPath = new TreeMap<>();
            for (Object o : list(json(file))) {
                Map<String, Object> root = object(o);
                if (phased) {
                    assertEquals("phase", object(root.get("frame")).get("type"));
                    assertEquals(0L, object(root.get("metrics")).get("time"));
                    for (Object child : list(root.get("children"))) {
                        hatchetNode(object(child), "", byPath);
                    }
                } else {
                    hatchetNode(root, "", byPath);
                }
            }
            byPath.values().removeIf(v -> v.get(0) == 0 && v.get(1) == 0);
            return byPath;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void hatchetNode(Map<String, Object> node, String above, Map<String, List<Long>> into) {
        String path = above + object(node.get("frame")).get("name") + ";";
        Map<String, Object> metrics = object(node.get("metrics"));
        List<Long> sum = into.computeIfAbsent(path, k -> new ArrayList<>(List.of(0L, 0L)));
        sum.set(0, sum.get(0) + (Long) metrics.get("time"));
        sum.set(1, sum.get(1) + (Long) metrics.get("time (inc)"));
        for (Object child : list(node.get("children"))) {
            hatchetNode(object(child), path, into);
        }
    }

    /** Per thread file of a phased report, the callpaths' times over the phases against that thread's tree. */
    private static void tauAddsUp(Report phased, String what) {
        Map<String, String> files = new TreeMap<>();
        FolderWriter.Entries entries = name -> new ByteArrayOutputStream() {
            @Override
            public void close() {
                files.put(name, toString(StandardCharsets.UTF_8));
            }
        };
        try {
            new TauProfileWriter().write(phased, entries);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        // A file per thread; with no thread of its own (no timed event on any thread), one of the whole.
        List<Report> perFile = phased.printedSections().isEmpty() ? List.of(phased)
                : phased.printedSections().stream().map(Report.Section::report).toList();
        assertEquals(perFile.size(), files.size(), "a file per thread, " + what);
        int index = 0;
        for (Report fileReport : perFile) {
            String text = files.get("profile.0.0." + index++);
            Map<String, long[]> expected = new TreeMap<>();
            dev.ppw.model.CallTree tree = fileReport.profile().tree();
            for (int n = 1; n < tree.size(); n++) {
                long[] v = expected.computeIfAbsent(tree.path(n, " => "), k -> new long[2]);
                v[0] += tree.exclusiveNanos(n);
                v[1] += tree.inclusiveNanos(n);
            }
            Map<String, long[]> actual = new TreeMap<>();
            List<String> phaseNames = fileReport.phases().stream().map(p -> p.name() + " => ").toList();
            for (String line : text.split("\n")) {
                if (!line.contains("GROUP=\"TAU_CALLPATH\"")) {
                    continue;
                }
                String name = line.substring(1, line.indexOf("\" "));
                String phase = phaseNames.stream().filter(name::startsWith).findFirst().orElseThrow();
                String[] numbers = line.substring(line.indexOf("\" ") + 2).split(" ");
                long[] v = actual.computeIfAbsent(name.substring(phase.length()), k -> new long[2]);
                v[0] += micros(numbers[2]);
                v[1] += micros(numbers[3]);
            }
            expected.values().removeIf(v -> v[0] == 0 && v[1] == 0);
            actual.values().removeIf(v -> v[0] == 0 && v[1] == 0);
            assertEquals(text(expected), text(actual), "TAU file " + (index - 1) + ", " + what);
        }
    }

    private static long micros(String text) {
        return new java.math.BigDecimal(text).movePointRight(3).longValueExact();
    }

    private static String text(Map<String, long[]> m) {
        StringBuilder sb = new StringBuilder();
        m.forEach((k, v) -> sb.append(k).append(' ').append(v[0]).append(' ').append(v[1]).append('\n'));
        return sb.toString();
    }
}
