package dev.ppw.store;

import dev.ppw.engine.Analysis;
import dev.ppw.engine.Engine;
import dev.ppw.engine.ViewSpec;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.MergeOp;
import dev.ppw.model.MissingRule;
import dev.ppw.model.NameTable;
import dev.ppw.model.NodeInfo;
import dev.ppw.model.Part;
import dev.ppw.model.Profile;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** Profiles for the store's tests: generated from a seed (the same seed, the same profile), or folded from a trace. */
final class Profiles {
    static final Engine ENGINE = Engine.fromClassPath();

    private Profiles() {
    }

    /**
     * A tree profile of {@code rows} rows drawn from {@code seed}: regions from a pool of {@code regions} names (so
     * regions recur, recursion included), some with callsites, one root in four in the async part when {@code async},
     * times consistent (inclusive = exclusive + the children's inclusive) and min <= mean <= max per call.
     */
    static Profile generated(long seed, int rows, int regions, boolean async) {
        SplittableRandom random = new SplittableRandom(seed);
        FrameTable frames = new FrameTable(new NameTable());
        CallTree tree = new CallTree(frames, rows);
        while (tree.size() <= rows) {
            int parent = tree.size() == 1 || random.nextInt(12) == 0 ? CallTree.ROOT
                    : 1 + random.nextInt(tree.size() - 1);
            if (parent != CallTree.ROOT && tree.depth(parent) >= 40) {
                continue;
            }
            String region = "region_" + random.nextInt(regions);
            String callsite = random.nextInt(4) == 0 ? "file" + random.nextInt(9) + ".c:" + random.nextInt(500) : "";
            int frame = frames.intern(region, callsite);
            if (parent == CallTree.ROOT) {
                tree.child(CallTree.ROOT, frame, async && random.nextInt(4) == 0 ? Part.ASYNC : Part.THREAD);
            } else {
                tree.child(parent, frame);
            }
        }
        long[] inclusive = new long[tree.size()];
        long[] calls = new long[tree.size()];
        long[] subcalls = new long[tree.size()];
        for (int n = tree.size() - 1; n >= 1; n--) {
            calls[n] = 1 + random.nextInt(50);
            long exclusive = random.nextLong(1_000_000_000L);
            inclusive[n] += exclusive;
            int p = tree.parent(n);
            if (p != CallTree.ROOT) {
                inclusive[p] += inclusive[n];
                subcalls[p] += calls[n];
            }
        }
        for (int n = 1; n < tree.size(); n++) {
            long mean = inclusive[n] / calls[n];
            long exclusive = inclusive[n];
            for (int c = tree.firstChild(n); c != CallTree.NONE; c = tree.nextSibling(c)) {
                exclusive -= inclusive[c];
            }
            boolean sampled = random.nextInt(10) == 0;
            tree.setMetrics(n, calls[n], subcalls[n], inclusive[n], exclusive,
                    sampled ? CallTree.UNSET : mean - random.nextLong(mean + 1),
                    sampled ? CallTree.UNSET : mean + random.nextLong(1_000_000));
        }
        String name = "generated-" + seed + ".pfw";
        return new Profile(tree, ViewKind.TREE, 0, MergeOp.SUM, MissingRule.ZERO, 1, List.of(name), Map.of(), Map.of(),
                List.of(new NodeInfo(name, name, "", "", Map.of(), Map.of())), List.of(), null);
    }

    /** The profile of a Chrome trace given as text, folded by the engine, in {@code view}. */
    static Profile ofTrace(String name, String json, ViewSpec view) {
        return ENGINE.analyze(Analysis.profile(List.of(InputSource.of(name, json.getBytes(StandardCharsets.UTF_8))))
                .withView(view)).profile();
    }

    /** The profile a stored run reads back as, through the input its name gives, as {@code profile} reads it. */
    static Profile readBack(RunStore store, String name, ViewSpec view) {
        InputSource input = store.input(name).orElseThrow();
        return ENGINE.analyze(Analysis.profile(List.of(input)).withView(view)).profile();
    }

    /**
     * {@code profile} in a form that two equal profiles share whatever their node numbers: the saved-profile JSON's
     * header (everything before its columns), then one line per row, sorted: its part, the path of (region, callsite)
     * from its root, and its values.
     */
    static String canonical(Profile profile) {
        String json = json(profile);
        StringBuilder out = new StringBuilder(json.substring(0, json.indexOf("\"columns\"")));
        CallTree tree = profile.tree();
        List<String> rows = new java.util.ArrayList<>();
        for (int n = 1; n < tree.size(); n++) {
            StringBuilder path = new StringBuilder();
            for (int p = n; p != CallTree.ROOT; p = tree.parent(p)) {
                path.insert(0, " => " + tree.regionName(p) + "@" + tree.callsiteName(p));
            }
            rows.add(tree.part(n).label() + path + " " + tree.calls(n) + " " + tree.subcalls(n) + " "
                    + tree.inclusiveNanos(n) + " " + tree.exclusiveNanos(n) + " " + tree.minInclusiveNanos(n) + " "
                    + tree.maxInclusiveNanos(n));
        }
        java.util.Collections.sort(rows);
        rows.forEach(r -> out.append(r).append('\n'));
        return out.toString();
    }

    /** {@code profile} as saved-profile JSON, every row, times in ns: equal texts, equal profiles. */
    static String json(Profile profile) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ENGINE.write(RunWriter.everyRow(profile), "json", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
