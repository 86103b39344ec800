package dev.ppw.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code ppw-java} launcher's own work, the script itself run: its {@code --max-memory SIZE} (and {@code PPW_MAX_MEMORY}) is the JVM's largest heap:
 * the launcher script itself is run, on an input that needs more than a small heap, and the run's one out-of-memory
 * line says the heap it had; with a large one the same input is read. The launcher runs in a copy of the project's
 * layout whose {@code cli/target/ppw-java.jar} is a jar of only a manifest pointing at this test's class path, so that
 * it finds nothing stale to build (a test inside Maven's build must not start another) and runs the classes under
 * test.
 */
class LauncherMemoryTest {
    private static final long GUARD_SECONDS = 180;
    private static final Pattern HEAP = Pattern.compile("\\(heap (\\d+) MiB\\)");

    @TempDir
    Path dir;

    private Path launcher;
    private Path input;

    @BeforeEach
    void layOutTheLauncher() throws IOException {
        Path root = Files.createDirectories(dir.resolve("root"));
        Path project = Path.of("..").toAbsolutePath().normalize();
        launcher = Files.copy(project.resolve("ppw-java"), root.resolve("ppw-java"));
        Files.createDirectories(root.resolve("scripts"));
        Files.copy(project.resolve("scripts/find-jdk.sh"), root.resolve("scripts/find-jdk.sh"));
        Path target = Files.createDirectories(root.resolve("cli/target"));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            classPath.add(Path.of(entry).toAbsolutePath().toUri().toString());
        }
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", classPath));
        try (OutputStream out = Files.newOutputStream(target.resolve("ppw-java.jar"));
             JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush();
        }
        input = dir.resolve("many.folded");
        try (BufferedWriter w = Files.newBufferedWriter(input)) {
            for (int i = 0; i < 200_000; i++) {
                w.write("main;region-" + i + " 1\n");
            }
        }
    }

    @Test
    void maxMemoryIsTheHeapTheRunHas() throws Exception {
        for (List<String> small : List.of(List.of("--max-memory", "16m"), List.of("--max-memory=16m"))) {
            List<String> args = new ArrayList<>(small);
            args.addAll(List.of("profile", input.toString(), "--format", "csv", "-o", dir.resolve("out.csv").toString()));
            Run r = launch(Map.of(), args);
            assertOutOfMemoryWithin16MiB(r);
        }
        assertOutOfMemoryWithin16MiB(launch(Map.of("PPW_MAX_MEMORY", "16m"),
                List.of("profile", input.toString(), "--format", "csv")));
        // the same input with room: read whole, so the heap, not the input, made the runs above fail
        Run roomy = launch(Map.of(), List.of("profile", input.toString(), "--max-memory", "1g", "--format", "csv",
                "-o", dir.resolve("out.csv").toString()));
        assertEquals(0, roomy.exit(), roomy::toString);
        assertTrue(Files.readString(dir.resolve("out.csv")).contains("main => region-199999"), roomy::toString);
    }

    @Test
    void aTinyPprofOfOneStackOfTenMillionFramesIsReadInA32MiBHeap() throws Exception {
        // issue 26: this 9.8 KB file (BadInputFiles' pprof-deep-10m.pb.gz, a seed of PprofFuzzTest) once needed
        // 5.2 GiB of heap; its stack is counted and skipped, its 10 MB of content streamed twice rather than held,
        // as the file is small (PprofFormat). 32 MiB, not 16: the JVM and the classes a run loads take most of 16 MiB,
        // and a fresh clone's first runs (no start-up cache yet) ran out there; holding the content took over 48 MiB.
        Path deep = Path.of("src/test/resources/bad-input/pprof-deep-10m.pb.gz").toAbsolutePath();
        assertTrue(Files.size(deep) < 10_000, "a tiny file");
        Run r = launch(Map.of(), List.of("--max-memory", "32m", "profile", deep.toString(), "--format", "csv"));
        assertEquals(0, r.exit(), r::toString);
        List<String> lines = r.err().lines().toList();
        assertEquals(2, lines.size(), "the warnings' summary and its hint: " + r);
        assertTrue(lines.get(0).startsWith("ppw-java: warning: 2 warnings: 1 malformed event or line (skipped)"
                + " [bad_event], 1 input with nothing to profile"), r::toString);
        assertTrue(lines.get(0).contains(": byte 6: sample 1: a stack of 10000000 locations, deeper than the 65536"
                + " read (skipped)"), r::toString);
        Run strict = launch(Map.of(), List.of("--max-memory", "32m", "profile", deep.toString(), "--strict"));
        assertEquals(1, strict.exit(), strict::toString);
        assertEquals(1, strict.err().lines().count(), strict::toString);
        assertTrue(strict.err().startsWith("ppw-java: error: 2 warnings: "), strict::toString);
    }

    @Test
    void aSizeTheLauncherCannotReadIsAUsageError() throws Exception {
        Run r = launch(Map.of(), List.of("--max-memory", "lots", "profile", input.toString()));
        assertEquals(2, r.exit(), r::toString);
        assertEquals("ppw-java: error: --max-memory takes a size such as 512m or 8g, got 'lots'", r.err().strip());
        Run missing = launch(Map.of(), List.of("profile", input.toString(), "--max-memory"));
        assertEquals(2, missing.exit(), missing::toString);
        assertEquals("ppw-java: error: --max-memory needs a size (512m, 8g)", missing.err().strip());
    }

    @Test
    void aBinaryInputWithNulBytesIsOneErrorLineOfPpwJavaAlone() throws Exception {
        // The launcher peeks at each input's first bytes to size the JIT; bash must not warn about a NUL among them.
        Path binary = Files.write(dir.resolve("garbage.bin"), new byte[] {0, 1, 2, 'F', 0, 'L', 'R', 'x'});
        Run r = launch(Map.of(), List.of("profile", binary.toString()));
        assertEquals(1, r.exit(), r::toString);
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith("ppw-java: error: " + binary + ": unrecognized format"), r::toString);
    }

    @Test
    void theStoreIsNoInputAndTheStoresCommandsAndVersionRunOnTheQuickCompiler() throws Exception {
        // sparse files: sized as 70 MiB by the launcher, no disk used
        Path store = dir.resolve("big.db");
        Path bigInput = dir.resolve("big.folded");
        for (Path big : List.of(store, bigInput)) {
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
                f.setLength(70L << 20);
            }
        }
        Map<String, String> flags = Map.of("JAVA_OPTS", "-XX:+PrintCommandLineFlags");
        String c1 = "-XX:TieredStopAtLevel=1";
        for (List<String> args : List.of(List.of("profile", input.toString(), "--store", store.toString()),
                List.of("profile", input.toString(), "--store=" + store), List.of("runs", "list", "--store",
                        store.toString()), List.of("history", "main", "--store", store.toString()),
                List.of("--version"))) {
            Run r = launch(flags, args);
            assertTrue(r.out().contains(c1), args + ": " + r);
        }
        Run add = launch(flags, List.of("runs", "add", bigInput.toString(), "--store", dir.resolve("s.db").toString()));
        assertFalse(add.out().contains(c1), "runs add of a large input keeps both compilers: " + add);
    }

    private void assertOutOfMemoryWithin16MiB(Run r) {
        assertEquals(3, r.exit(), r::toString);
        List<String> lines = r.err().lines().toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith("ppw-java: error: out of memory reading " + input + " (heap "), r::toString);
        Matcher heap = HEAP.matcher(lines.get(0));
        assertTrue(heap.find(), r::toString);
        assertTrue(Integer.parseInt(heap.group(1)) <= 16, "the heap --max-memory 16m set: " + r);
    }

    private record Run(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
        }
    }

    private Run launch(Map<String, String> env, List<String> args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", launcher.toString()));
        cmd.addAll(args);
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        ProcessBuilder b = new ProcessBuilder(cmd).redirectOutput(out.toFile());
        // The JDK running this test; no start-up cache (its training run would be a second JVM); no heap or GC
        // options from around the test, which would change what is measured.
        b.environment().put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
        b.environment().put("PPW_STARTUP_CACHE", "off");
        for (String inherited : List.of("JAVA_OPTS", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "PPW_MAX_MEMORY")) {
            b.environment().remove(inherited);
        }
        b.environment().putAll(env);
        Process p = b.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(GUARD_SECONDS, TimeUnit.SECONDS), "the launcher's run ended");
        return new Run(p.exitValue(), Files.readString(out), err);
    }
}
