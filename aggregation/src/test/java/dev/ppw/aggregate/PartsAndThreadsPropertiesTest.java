package dev.ppw.aggregate;

import dev.ppw.model.CallTree;
import dev.ppw.model.Part;
import dev.ppw.model.SampleWeights;
import dev.ppw.model.ThreadMode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.ppw.aggregate.TestTrees.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

/**
 * SEMANTICS.md section 2, "Parts" and "Threads": stack samples form a part of their own beside the traced
 * calls, each part with its own total; a sampled row counts the samples whose stack holds it, recursion
 * counted once; threads split by name are the sums of the threads split by (pid, tid).
 */
class PartsAndThreadsPropertiesTest {
    private static final String[] REGIONS = {"a", "b", "c"};

    /** A sample from one generated int: its thread, its stack (1 to 6 frames of three regions), its weight. */
    private record Sample(String tid, List<String> stack, long weight) {
        static Sample of(int code) {
            int c = code;
            String tid = Integer.toString(1 + Math.floorMod(c, 3));
            c /= 3;
            int depth = 1 + Math.floorMod(c, 6);
            c /= 6;
            List<String> stack = new ArrayList<>();
            for (int i = 0; i < depth; i++) {
                stack.add(REGIONS[Math.floorMod(c, 3)]);
                c /= 3;
            }
            return new Sample(tid, stack, 1 + Math.floorMod(code >>> 20, 100));
        }
    }

    @Test
    void samplesArePartOfTheirOwnAndASampledRowCountsEachSampleOnce() {
        qt().withExamples(300).forAll(lists().of(integers().all()).ofSizeBetween(0, 40),
                lists().of(integers().between(1, 50)).ofSizeBetween(0, 5)).checkAssert((codes, spans) -> {
                    List<Sample> samples = codes.stream().map(Sample::of).toList();
                    Folder folder = new Folder();
                    folder.beginInput("t.json");
                    long ts = 0;
                    for (Sample s : samples) {
                        int[] frames = s.stack().stream().mapToInt(n -> folder.frames().intern(n)).toArray();
                        folder.sample(folder.thread("1", s.tid()), ts++, SampleWeights.TIME, s.weight(), frames,
                                frames.length);
                    }
                    long spanTotal = 0;
                    for (int i = 0; i < spans.size(); i++) {
                        folder.complete(folder.thread("1", "1"), 1000L * i, spans.get(i),
                                folder.frames().intern(REGIONS[i % 3]));
                        spanTotal += spans.get(i);
                    }
                    folder.endInput();
                    CallTree tree = folder.tree();
                    long sampleTotal = samples.stream().mapToLong(Sample::weight).sum();
                    // Each part's total is its own: no sample adds to the traced time, nor any span to the samples.
                    assertEquals(spanTotal, tree.totalInclusiveNanos(Part.THREAD), rows(tree).toString());
                    assertEquals(sampleTotal, tree.totalInclusiveNanos(Part.SAMPLES), rows(tree).toString());
                    assertEquals(tree.hasPart(Part.SAMPLES), !samples.isEmpty());
                    assertEquals(!samples.isEmpty() && spans.isEmpty() ? Part.SAMPLES : Part.THREAD, tree.mainPart());

                    CallTree flat = Views.flat(tree);
                    long exclusiveOfSamples = 0;
                    for (int n = 1; n < flat.size(); n++) {
                        if (flat.part(n) != Part.SAMPLES) {
                            continue;
                        }
                        String region = flat.regionName(n);
                        long holding = samples.stream().filter(s -> s.stack().contains(region)).count();
                        long weight = samples.stream().filter(s -> s.stack().contains(region))
                                .mapToLong(Sample::weight).sum();
                        assertEquals(holding, flat.calls(n), region + " in " + samples);
                        assertTrue(flat.calls(n) <= samples.size());
                        assertEquals(weight, flat.inclusiveNanos(n), region + " in " + samples);
                        assertEquals(CallTree.UNSET, flat.minInclusiveNanos(n));
                        exclusiveOfSamples += flat.exclusiveNanos(n);
                    }
                    // Per part, the flat rows' exclusive time is the part's total: its shares add up to 100%.
                    assertEquals(sampleTotal, exclusiveOfSamples);
                });
    }

    /** A thread from one generated int: pid 1 or 2, tid 1 to 3, named node, io or not at all; a span on it. */
    private record Span(String pid, String tid, String name, long durNanos) {
        static Span of(int code) {
            int c = Math.abs(code % 1_000_000);
            String[] names = {"node", "io", null};
            return new Span(Integer.toString(1 + c % 2), Integer.toString(1 + (c / 2) % 3), names[(c / 6) % 3],
                    1 + (c / 18) % 40);
        }
    }

    @Test
    void threadsByNameAreTheSumsOfTheThreadsOfThatName() {
        qt().withExamples(300).forAll(lists().of(integers().all()).ofSizeBetween(0, 30)).checkAssert(codes -> {
            List<Span> spans = codes.stream().map(Span::of).toList();
            // A thread's name is the one its first span says.
            Map<String, String> names = new HashMap<>();
            for (Span s : spans) {
                names.putIfAbsent(s.pid() + "/" + s.tid(), s.name() == null ? "" : s.name());
            }
            Folder split = fold(spans, names, ThreadMode.SPLIT);
            Folder byName = fold(spans, names, ThreadMode.BY_NAME);
            CallTree apart = split.tree();
            CallTree joined = byName.tree();
            Map<String, long[]> summed = new HashMap<>();
            for (int top = apart.firstChild(CallTree.ROOT); top != CallTree.NONE; top = apart.nextSibling(top)) {
                String name = apart.regionName(top);
                int cut = name.indexOf(" (pid ");
                long[] v = summed.computeIfAbsent(cut < 0 ? name : name.substring(0, cut), k -> new long[2]);
                v[0] += apart.calls(top);
                v[1] += apart.inclusiveNanos(top);
            }
            Map<String, long[]> byNameTops = new HashMap<>();
            for (int top = joined.firstChild(CallTree.ROOT); top != CallTree.NONE; top = joined.nextSibling(top)) {
                byNameTops.put(joined.regionName(top), new long[] {joined.calls(top), joined.inclusiveNanos(top)});
                // Split, a namesake is never a top level of its bare name: each says its (pid, tid).
                long threadsNamed = names.values().stream().filter(joined.regionName(top)::equals).count();
                if (threadsNamed > 1) {
                    assertEquals(CallTree.NONE, apart.findChild(CallTree.ROOT, apart.frames().intern(
                            joined.regionName(top))), joined.regionName(top) + " in " + rows(apart));
                }
            }
            assertEquals(summed.keySet(), byNameTops.keySet(), rows(apart) + " / " + rows(joined));
            summed.forEach((name, v) -> assertEquals(List.of(v[0], v[1]),
                    List.of(byNameTops.get(name)[0], byNameTops.get(name)[1]), name));
            assertEquals(rows(ThreadTrees.summed(apart)), rows(ThreadTrees.summed(joined)));
        });
    }

    private static Folder fold(List<Span> spans, Map<String, String> names, ThreadMode mode) {
        Folder folder = new Folder(FoldOptions.defaults().withThreads(mode));
        folder.beginInput("t.json");
        long ts = 0;
        for (Span s : spans) {
            folder.complete(folder.thread(s.pid(), s.tid()), ts, s.durNanos(), folder.frames().intern("work"));
            ts += 100;
        }
        names.forEach((thread, name) -> {
            if (!name.isEmpty()) {
                String[] pidTid = thread.split("/");
                folder.threadName(pidTid[0], pidTid[1], name);
            }
        });
        folder.endInput();
        return folder;
    }
}
