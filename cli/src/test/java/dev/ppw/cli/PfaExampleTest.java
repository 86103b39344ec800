package dev.ppw.cli;

import dev.ppw.engine.Engine;
import dev.ppw.engine.Analysis;
import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * examples/pfa: the workflow run with the API (trace mode), under the agent, woven by {@code ppw-java weave}, and
 * in fold mode, each in a JVM of its own with the jars the build made; each run's output read by ppw-java gives
 * the same tree (names, calls, nesting).
 */
class PfaExampleTest {
    private static final Map<String, Long> TREE = Map.of("THREAD workflow", 1L, "THREAD ingest", 8L,
            "THREAD transform", 8L, "THREAD publish", 8L, "ASYNC handoff", 8L);

    private static Path root;

    @TempDir
    static Path classes;

    @TempDir
    Path out;

    @BeforeAll
    static void compile() throws Exception {
        Path d = Path.of("").toAbsolutePath();
        while (d != null && !Files.isDirectory(d.resolve("examples/pfa"))) {
            d = d.getParent();
        }
        root = d;
        for (String jar : List.of("pfa-api", "pfa-recorder", "pfa-agent")) {
            assertTrue(Files.isRegularFile(jar(jar)), jar(jar) + " is built by the package phase before cli's tests");
        }
        // javac as a program: the tests are patched into cli's module, which does not read java.compiler
        Process javac = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "javac").toString(), "-d",
                classes.toString(), "-cp", jar("pfa-api").toString(), root.resolve("examples/pfa/Workflow.java").toString())
                .redirectErrorStream(true).start();
        String said = new String(javac.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(javac.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, javac.exitValue(), said);
    }

    private static Path jar(String module) {
        return root.resolve(module).resolve("target").resolve(module + ".jar");
    }

    private String run(String classPath, String options, String mode, String... jvm) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvm));
        cmd.addAll(List.of("-cp", classPath, "Workflow", mode));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("PERFFLOW_OPTIONS", "log-dir=" + out + ":log-filename-include=name" + options);
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), text);
        assertTrue(text.startsWith("workflow done: "), text);
        return text;
    }

    private static String classPath(Path program, String... more) {
        List<String> parts = new ArrayList<>(List.of(program.toString(), jar("pfa-api").toString(),
                jar("pfa-recorder").toString()));
        parts.addAll(List.of(more));
        return String.join(File.pathSeparator, parts);
    }

    private static Map<String, Long> tree(Path file) {
        Engine engine = Engine.fromClassPath();
        Profile p = engine.analyze(Analysis.profile(engine.inputs(List.of(file.toString())))).profile();
        CallTree t = p.tree();
        Map<String, Long> calls = new TreeMap<>();
        for (int n = 1; n < t.size(); n++) {
            calls.put(t.part(n) + " " + t.path(n, " => "), t.calls(n));
        }
        return calls;
    }

    private static String ppwJava(String... args) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        int code = Main.run(args, new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        assertEquals(0, code, e.toString(StandardCharsets.UTF_8));
        return o.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theApiWritesATraceThatProfileReads() throws Exception {
        run(classPath(classes), "", "api");
        Path trace = out.resolve("perfflow.array.generic.pfw");
        assertEquals(new TreeMap<>(TREE), tree(trace));
        String text = ppwJava("profile", trace.toString(), "--view", "flat");
        for (String region : List.of("workflow", "ingest", "transform", "publish", "handoff")) {
            assertTrue(text.contains(region), text);
        }
    }

    @Test
    void theAgentWeavesTheAnnotatedStages() throws Exception {
        run(classPath(classes), "", "annotated", "-javaagent:" + jar("pfa-agent"));
        assertEquals(new TreeMap<>(TREE), tree(out.resolve("perfflow.array.generic.pfw")));
    }

    @Test
    void withoutTheAgentTheAnnotatedStagesAreNotTraced() throws Exception {
        run(classPath(classes), "", "annotated");
        assertEquals(new TreeMap<>(Map.of("THREAD workflow", 1L, "ASYNC handoff", 8L)),
                tree(out.resolve("perfflow.array.generic.pfw")));
    }

    @Test
    void weaveAtBuildTimeThenRunWithNoAgent() throws Exception {
        Path copy = out.resolve("classes");
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(classes)) {
            for (Path f : files.toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        assertEquals("3 @CriticalPath methods in 1 class woven\n", ppwJava("weave", copy.toString()));
        run(classPath(copy), "", "annotated");
        assertEquals(new TreeMap<>(TREE), tree(out.resolve("perfflow.array.generic.pfw")));
    }

    @Test
    void foldModeWritesASavedProfileThatMergeReads() throws Exception {
        // ppw-java's classes are on this test's class path (its jar is made after the tests)
        run(classPath(classes, System.getProperty("java.class.path")), ":ppw-mode=fold", "api");
        Path saved = out.resolve("perfflow.profile.generic.ppw.json");
        assertTrue(Files.readString(saved).startsWith("{\n  \"format\": \"ppw-profile\""));
        assertEquals(new TreeMap<>(TREE), tree(saved));
        String merged = ppwJava("merge", saved.toString(), "--view", "flat", "--format", "csv");
        assertTrue(merged.contains("transform"), merged);
        assertTrue(Files.list(out).noneMatch(f -> f.toString().endsWith(".pfw")), "fold mode writes no trace");
    }
}
