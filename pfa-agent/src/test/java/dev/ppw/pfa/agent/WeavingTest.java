package dev.ppw.pfa.agent;

import dev.ppw.pfa.PerfFlow;
import dev.ppw.pfa.recorder.PerfFlowRecorder;
import dev.ppw.pfa.woven.Smoketest;
import net.bytebuddy.ByteBuddy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java smoketest, woven by the agent at class loading and by the build-time weaver, run in a JVM of its own
 * with the recorder: the lines it writes are PerfFlowAspect's for the same program (names, phases, order), and
 * every pointcut writes its event.
 */
class WeavingTest {
    /** What PerfFlowAspect's smoketest.py writes by default: its trace, name and phase of each line. */
    private static final List<String> SMOKETEST = smoketest();

    @TempDir
    Path dir;

    private static List<String> smoketest() {
        List<String> one = List.of("foo:B", "bar:B", "bas:B", "bas:E", "bar:E", "foo:E");
        List<String> all = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            all.addAll(one);
        }
        return all;
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<String> run(String classPath, String arg, String... jvm) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvm));
        cmd.addAll(List.of("-cp", classPath, "-Dperfflow.options=log-dir=" + dir + ":log-filename-include=name",
                Smoketest.class.getName(), arg));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        List<String> seq = new ArrayList<>();
        if (!Files.exists(dir.resolve("perfflow.array.generic.pfw"))) {
            return seq; // no event, no file: as PerfFlowAspect
        }
        for (String line : Files.readAllLines(dir.resolve("perfflow.array.generic.pfw"))) {
            int n = line.indexOf("\"name\": \"");
            int ph = line.indexOf("\"ph\": \"");
            if (n >= 0 && ph >= 0) {
                String name = line.substring(n + 9, line.indexOf('"', n + 9));
                seq.add(name + ":" + line.charAt(ph + 7));
                assertTrue(line.contains("\"cat\": \"" + Smoketest.class.getName() + "\""), line);
            }
        }
        Files.delete(dir.resolve("perfflow.array.generic.pfw"));
        return seq;
    }

    /** pfa-api, pfa-recorder and the test's own classes (the woven program's or a woven copy of them). */
    private static String classPath(String program) {
        return String.join(File.pathSeparator, program, location(PerfFlow.class), location(PerfFlowRecorder.class));
    }

    private Path agentJar() throws IOException {
        // A jar of only a manifest: the agent's classes and ByteBuddy come from the class path, as in the test
        // phase the shaded pfa-agent.jar is not built yet (the example's tests use that one).
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(new Attributes.Name("Premain-Class"), PerfFlowAgent.class.getName());
        Path jar = dir.resolve("agent.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
        return jar;
    }

    @Test
    void theAgentWeavesTheSmoketestAsPerfFlowAspectTracesIt() throws Exception {
        String cp = String.join(File.pathSeparator, classPath(location(Smoketest.class)),
                location(PerfFlowAgent.class), location(ByteBuddy.class));
        List<String> seq = run(cp, "smoke", "-javaagent:" + agentJar());
        assertEquals(SMOKETEST, seq);

        List<String> all = run(cp, "all", "-javaagent:" + agentJar());
        List<String> expected = new ArrayList<>(SMOKETEST);
        expected.addAll(List.of("opens:B", "closes:E", "fetch:b", "fetch:e", "send:b", "received:e", "fails:B",
                "fails:E"));
        assertEquals(expected, all);
    }

    @Test
    void withoutTheAgentNothingIsTraced() throws Exception {
        List<String> seq = run(classPath(location(Smoketest.class)), "smoke");
        assertEquals(List.of(), seq);
    }

    @Test
    void theBuildTimeWeaverGivesTheSameTraceWithNoAgent() throws Exception {
        Path classes = dir.resolve("classes");
        Path source = Path.of(location(Smoketest.class));
        try (Stream<Path> walk = Files.walk(source.resolve("dev/ppw/pfa/woven"))) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                Path target = classes.resolve(source.relativize(p).toString());
                Files.createDirectories(target.getParent());
                Files.copy(p, target);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Weave.run(new String[] {classes.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertEquals("weave: 9 @CriticalPath methods in 1 class woven\n", out.toString(StandardCharsets.UTF_8));

        Path wovenClass = classes.resolve("dev/ppw/pfa/woven/Smoketest.class");
        byte[] once = Files.readAllBytes(wovenClass);
        out.reset();
        assertEquals(0, Weave.run(new String[] {classes.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertEquals("weave: 0 @CriticalPath methods in 0 classes woven\n", out.toString(StandardCharsets.UTF_8));
        assertArrayEquals(once, Files.readAllBytes(wovenClass), "weaving twice changes nothing");

        List<String> all = run(classPath(classes.toString()), "all");
        List<String> expected = new ArrayList<>(SMOKETEST);
        expected.addAll(List.of("opens:B", "closes:E", "fetch:b", "fetch:e", "send:b", "received:e", "fails:B",
                "fails:E"));
        assertEquals(expected, all);

        // a woven class run under the agent too is not advised twice
        String cp = String.join(File.pathSeparator, classPath(classes.toString()), location(PerfFlowAgent.class),
                location(ByteBuddy.class));
        assertEquals(SMOKETEST, run(cp, "smoke", "-javaagent:" + agentJar()));
    }

    @Test
    void theAgentsPreFilterPassesOnlyClassesNamingTheAnnotation() throws Exception {
        byte[] annotated = classBytes(Smoketest.class);
        byte[] plain = classBytes(Weave.Result.class);
        assertTrue(PerfFlowAgent.mentionsCriticalPath(annotated));
        assertEquals(false, PerfFlowAgent.mentionsCriticalPath(plain));
        assertEquals(false, PerfFlowAgent.mentionsCriticalPath(new byte[3]));
        var t = new PerfFlowAgent.Transformer();
        ClassLoader loader = getClass().getClassLoader();
        assertEquals(null, t.transform(loader, "dev/ppw/pfa/agent/Weave$Result", null, null, plain));
        assertEquals(null, t.transform(loader, "java/lang/Fake", null, null, annotated), "the JDK's are skipped by name");
        byte[] woven = t.transform(loader, "dev/ppw/pfa/woven/Smoketest", null, null, annotated);
        assertTrue(woven != null && woven.length > annotated.length, "the annotated class is woven");
        assertTrue(PerfFlowAgent.skipped("dev/ppw/pfa/PerfFlow$Holder"));
        assertEquals(false, PerfFlowAgent.skipped("dev/ppw/pfa/woven/Smoketest"));
    }

    private static byte[] classBytes(Class<?> c) throws IOException {
        try (var in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            return in.readAllBytes();
        }
    }

    @Test
    void badUsage() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, Weave.run(new String[0], System.out, e));
        assertEquals(2, Weave.run(new String[] {dir.resolve("missing").toString()}, System.out, e));
        assertEquals("usage: Weave DIR... (class folders, woven in place)\nweave: not a folder: "
                + dir.resolve("missing") + "\n", err.toString(StandardCharsets.UTF_8));
    }
}
