package dev.ppw.engine;

import dev.ppw.model.BadInputException;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.MergeOp;
import dev.ppw.model.Report;
import dev.ppw.model.ThreadMode;
import dev.ppw.model.ViewKind;
import dev.ppw.model.format.InputSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine's inputs: each file once however it is named, with a note saying which was named twice; folders
 * and globs alike for every call; and {@code profile} of saved profiles, alone, together and mixed with traces.
 */
class EngineInputsTest {
    private static final Engine ENGINE = Engine.fromClassPath();
    private static final Path NODES = EngineTest.examples().resolve("perfflowaspect/nodes4");

    @TempDir
    Path dir;

    private Path copy(String node, String as) throws IOException {
        return Files.copy(NODES.resolve(node), dir.resolve(as));
    }

    @Test
    void aFileNamedTwiceIsOneInputWithANoteSayingHow() throws IOException {
        Path a = copy("node0.pfw", "a.pfw");
        Path link = Files.createSymbolicLink(dir.resolve("link.pfw"), a);
        String dotted = dir.resolve(".").resolve("a.pfw").toString();
        InputList inputs = ENGINE.inputs(List.of(a.toString(), dotted, link.toString()));
        assertEquals(List.of(a.toString()), inputs.stream().map(InputSource::name).toList());
        assertEquals(List.of(a + ": named 3 times (" + a + ", " + dotted + ", " + link + "), read once"),
                inputs.namedTwice());

        InputList once = ENGINE.inputs(List.of(a.toString()));
        assertEquals(List.of(), once.namedTwice());
    }

    @Test
    void aGlobAndAFolderReachingOneFileNameItOnce() throws IOException {
        copy("node0.pfw", "a.pfw");
        copy("node1.pfw", "b.pfw");
        InputList inputs = ENGINE.inputs(List.of(dir.toString(), dir + "/a*.pfw"));
        assertEquals(List.of("a.pfw", "b.pfw"), inputs.stream().map(s -> Path.of(s.name()).getFileName().toString())
                .toList());
        assertEquals(List.of(dir.resolve("a.pfw") + ": named twice (" + dir.resolve("a.pfw") + " from " + dir + ", "
                + dir.resolve("a.pfw") + " from " + dir + "/a*.pfw), read once"), inputs.namedTwice());
    }

    /** A CTF trace folder as LTTng leaves it, copied to {@code to} (its index/ folder too). */
    private static Path ctfTrace(Path to) throws IOException {
        Path from = Path.of("../collectors/src/test/resources/ctf/cyg-uid");
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
        return to;
    }

    @Test
    void aFolderHoldingACtfTraceKeepsTheTraceAsOneInputBesideItsFiles() throws IOException {
        copy("node0.pfw", "a.pfw");
        Path run = ctfTrace(dir.resolve("run"));
        Files.createDirectories(dir.resolve("more"));
        copy("node1.pfw", "more/b.pfw");
        Files.writeString(dir.resolve("more/notes.txt"), "not an input by name");
        InputList inputs = ENGINE.inputs(List.of(dir.toString()));
        assertEquals(List.of(dir.resolve("a.pfw").toString(), dir.resolve("more/b.pfw").toString(), run.toString()),
                inputs.stream().map(InputSource::name).toList(), "files by name as before; the trace is one input");
        assertTrue(inputs.get(2).directory().isPresent());
        assertEquals(List.of(), inputs.namedTwice());
    }

    @Test
    void aCtfTraceNamedByItsOutputFolderItsDomainOrItsTraceFolderIsOneInput() throws IOException {
        Path run = ctfTrace(dir.resolve("run"));
        for (Path named : List.of(run, run.resolve("ust"), run.resolve("ust/uid/0/64-bit"))) {
            InputList inputs = ENGINE.inputs(List.of(named.toString()));
            assertEquals(List.of(named.toString()), inputs.stream().map(InputSource::name).toList());
        }
        InputList twice = ENGINE.inputs(List.of(run.toString(), run + "/"));
        assertEquals(1, twice.size(), "one folder however it is spelled");
    }

    @Test
    void aCtfTraceFolderIsProfiledAndMergedLikeAnyTrace() throws IOException {
        Path run = ctfTrace(dir.resolve("run"));
        AnalysisResult r = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(run.toString()))));
        assertEquals(10, r.diagnostics().noteCount("lttng_event lttng_ust_statedump:bin_info"));
        String table = csv(r);
        long calls = table.lines().skip(1).mapToLong(line -> Long.parseLong(line.split(",")[6])).sum();
        assertTrue(calls > 0, table);
        assertEquals(1, ENGINE.analyze(Analysis.merge(ENGINE.inputs(List.of(run.toString())), MergeOp.SUM)).profile()
                .nodes());
    }

    @Test
    void standardInputNamedTwiceIsReadOnce() {
        byte[] trace = "[{\"ph\":\"X\",\"name\":\"m\",\"ts\":0,\"dur\":5,\"pid\":1,\"tid\":1}]".getBytes(StandardCharsets.UTF_8);
        InputList inputs = ENGINE.inputs(List.of("-", "-"), new ByteArrayInputStream(trace));
        assertEquals(1, inputs.size());
        assertEquals(List.of("-: named twice (-, -), read once"), inputs.namedTwice());
        AnalysisResult r = ENGINE.analyze(Analysis.profile(inputs));
        assertEquals(1, r.profile().nodes());
        assertTrue(csv(r).contains("\r\nm,1,,0,m,,1,0,5000,5000,5000,5000,sum,zero,1,5000,5000\r\n"), csv(r));
        assertEquals(1, r.diagnostics().noteCount(Diagnostics.INPUT_NAMED_TWICE));
    }

    @Test
    void theNoteComesFirstInProfileAndMergeDiagnosticsAndIsNeverAWarning() throws IOException {
        Path a = copy("node0.pfw", "a.pfw");
        InputList twice = ENGINE.inputs(List.of(a.toString(), a.toString()));
        for (Diagnostics d : List.of(ENGINE.analyze(Analysis.profile(twice)).diagnostics(),
                ENGINE.analyze(Analysis.merge(twice, MergeOp.SUM)).diagnostics())) {
            assertEquals(Diagnostics.INPUT_NAMED_TWICE, d.notes().keySet().iterator().next());
            assertEquals(List.of(a + ": named twice (" + a + ", " + a + "), read once"),
                    d.notes().get(Diagnostics.INPUT_NAMED_TWICE).examples());
            assertFalse(d.hasWarnings());
        }
        assertEquals(csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(a.toString()))))),
                csv(ENGINE.analyze(Analysis.profile(twice))), "the same rows as naming it once");
        List<InputSource> plain = List.copyOf(twice);
        assertEquals(0, ENGINE.analyze(Analysis.profile(plain)).diagnostics().noteCount(
                Diagnostics.INPUT_NAMED_TWICE), "a list made otherwise carries no note");
    }

    @Test
    void aFolderReadsFoldedStacksTooAndNamesAFormatItDoesNotRead() throws IOException {
        Files.writeString(dir.resolve("run.folded"), "main;work 3\n");
        Files.writeString(dir.resolve("README"), "notes\n");
        assertEquals(List.of(dir.resolve("run.folded").toString()),
                ENGINE.inputs(List.of(dir.toString())).stream().map(InputSource::name).toList());

        Path tau = Files.createDirectories(dir.resolve("MULTI__TIME"));
        Files.writeString(tau.resolve("profile.0.0.0"),
                "2 templated_functions_MULTI_TIME\n# Name Calls Subrs Excl Incl\n");
        assertEquals(List.of(tau.resolve("profile.0.0.0").toString()),
                ENGINE.inputs(List.of(tau.toString())).stream().map(InputSource::name).toList(),
                "TAU's profile.N.C.T is found by its name (the tau reader claims it)");
        Path perf = Files.createDirectories(dir.resolve("perf"));
        byte[] header = new byte[128];
        System.arraycopy("PERFILE2".getBytes(StandardCharsets.US_ASCII), 0, header, 0, 8);
        Files.write(perf.resolve("perf.data"), header);
        BadInputException e = assertThrows(BadInputException.class, () -> ENGINE.inputs(List.of(perf.toString())));
        assertTrue(e.getMessage().startsWith("no trace or saved profile in directory " + perf + " (looked for *.pfw,"
                + " *.json, *.trace, *.folded, *.collapsed, *.stacks, *.pftrace, *.perfetto-trace, *.jfr, *.cpuprofile,"
                + " *.pb, *.pprof, optionally .gz); "
                + perf.resolve("perf.data") + ": this is a perf.data recording"), e.getMessage());
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals("no trace or saved profile in directory " + empty + " (looked for *.pfw, *.json, *.trace, *.folded,"
                + " *.collapsed, *.stacks, *.pftrace, *.perfetto-trace, *.jfr, *.cpuprofile, *.pb, *.pprof, optionally .gz)",
                assertThrows(BadInputException.class, () -> ENGINE.inputs(List.of(empty.toString()))).getMessage());
    }

    @Test
    void aSavedProfileAloneIsShownAsSavedInAnyViewItsTreeGives() throws IOException {
        Path trace = copy("node0.pfw", "n0.pfw");
        Path saved = save(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(trace.toString())))), "n0.json");
        for (ViewSpec view : List.of(ViewSpec.TREE, ViewSpec.FLAT, ViewSpec.CALLPATH, ViewSpec.tau(2))) {
            assertEquals(csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(trace.toString()))).withView(view))),
                    csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(saved.toString()))).withView(view))),
                    view.label());
        }
        AnalysisResult max = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(NODES.toString()))));
        Path maxSaved = save(ENGINE.analyze(Analysis.merge(ENGINE.inputs(List.of(NODES.toString())), MergeOp.MAX)),
                "max.json");
        AnalysisResult shown = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(maxSaved.toString()))));
        assertEquals(MergeOp.MAX, shown.profile().aggregation(), "an aggregate keeps its operator");
        assertEquals(4, shown.profile().nodes());
        BadInputException flat = assertThrows(BadInputException.class,
                () -> ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(maxSaved.toString())))
                .withView(ViewSpec.FLAT)));
        assertTrue(flat.getMessage()
                .startsWith("cannot show " + maxSaved + ", a max aggregate of 4 nodes (tree), in the"
                + " flat view: the flat view of a max aggregate cannot be derived"), flat.getMessage());
        assertFalse(flat.getMessage().contains("merge with --view"), flat.getMessage());
        BadInputException split = assertThrows(BadInputException.class,
                () -> ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(saved.toString())))
                .withReading(ReadingOptions.defaults().withThreads(ThreadMode.SPLIT))));
        assertEquals("cannot split " + saved + " by thread: it is a saved profile, its threads as they were saved;"
                + " profile it without splitting threads", split.getMessage());
    }

    @Test
    void savedProfilesAndTracesTogetherAreSummedAsTheTracesAre() throws IOException {
        Path[] traces = new Path[4];
        Path[] saved = new Path[4];
        for (int i = 0; i < 4; i++) {
            traces[i] = copy("node" + i + ".pfw", "n" + i + ".pfw");
            saved[i] = save(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(traces[i].toString())))),
                    "n" + i + ".ppw.json");
        }
        for (ViewSpec view : List.of(ViewSpec.TREE, ViewSpec.FLAT, ViewSpec.tau(2))) {
            String fromTraces = csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(paths(traces))).withView(view)));
            String fromSaved = csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(paths(saved))).withView(view)));
            String mixed = csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(traces[0].toString(),
                    saved[1].toString(),
                    traces[2].toString(), saved[3].toString()))).withView(view)));
            assertEquals(fromTraces, fromSaved, view.label());
            assertEquals(fromTraces, mixed, view.label());
            assertTrue(fromTraces.contains(",sum,zero,4,"), fromTraces);
        }
        AnalysisResult mixed = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(traces[0].toString(),
                saved[1].toString()))).withView(ViewSpec.FLAT));
        assertEquals(ViewKind.FLAT, mixed.profile().view());
        assertEquals(List.of(traces[0].toString(), saved[1].toString()), mixed.profile().inputs());
    }

    @Test
    void withSkipBadAFormatNotReadIsLeftOutOfTracesAndOfSavedProfilesAlike() throws IOException {
        Path trace = copy("node0.pfw", "n0.pfw");
        Path saved = save(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(copy("node1.pfw", "n1.pfw")
                .toString())))), "n1.ppw.json");
        Path cali = Files.writeString(dir.resolve("run.cali"),
                "__rec=node,id=8,attr=8,data=cali.attribute.name,parent=3\n");
        ReadingOptions skip = ReadingOptions.defaults().withSkipBad(true);
        AnalysisResult traces = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(trace.toString(),
                cali.toString()))).withReading(skip));
        assertEquals(1, traces.droppedInputs().count());
        assertEquals(csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(trace.toString()))))),
                csv(ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(trace.toString()))).withReading(skip))));
        AnalysisResult mixed = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(trace.toString(),
                saved.toString(), cali.toString()))).withReading(skip));
        assertEquals(1, mixed.droppedInputs().count());
        assertEquals(2, mixed.profile().nodes());
        BadInputException refused = assertThrows(BadInputException.class,
                () -> ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(trace.toString(), cali.toString())))));
        assertTrue(refused.getMessage().startsWith(cali + ": this is a Caliper .cali file"), refused.getMessage());
    }

    @Test
    void namesOfAResolverAreInputsInTheirPlaceAndAnInputReachedTwiceIsReadOnce() throws IOException {
        Path a = copy("node1.pfw", "a.pfw");
        byte[] saved = Files.readAllBytes(a);
        InputResolver runs = argument -> argument.startsWith("run:")
                ? Optional.of(InputSource.of(argument, saved)) : Optional.empty();
        InputList inputs = ENGINE.inputs(List.of("run:1", a.toString(), "run:2", a.toString(), "run:1"),
                new ByteArrayInputStream(new byte[0]), runs);
        assertEquals(List.of("run:1", a.toString(), "run:2"), inputs.stream().map(InputSource::name).toList());
        assertEquals(2, inputs.namedTwice().size(), inputs.namedTwice().toString());
        BadInputException unknown = assertThrows(BadInputException.class, () -> ENGINE.inputs(List.of("run:9"),
                new ByteArrayInputStream(new byte[0]), argument -> {
                    throw new BadInputException("store: no run 9");
                }));
        assertEquals("store: no run 9", unknown.getMessage());
        // A profile held by the caller reports as an analysis' does.
        AnalysisResult r = ENGINE.analyze(Analysis.profile(ENGINE.inputs(List.of(a.toString()))));
        assertEquals(csv(r), csv(new AnalysisResult(ENGINE.report(r.profile(), r.diagnostics(), RowOptions.defaults()),
                dev.ppw.model.DroppedInputs.NONE, 1)));
    }

    private static List<String> paths(Path[] files) {
        return java.util.Arrays.stream(files).map(Path::toString).toList();
    }

    private Path save(AnalysisResult result, String name) throws IOException {
        Path file = dir.resolve(name);
        ENGINE.write(result.report(), "json", file);
        return file;
    }

    private static String csv(AnalysisResult result) {
        Report report = result.report();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ENGINE.write(report, "csv", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
