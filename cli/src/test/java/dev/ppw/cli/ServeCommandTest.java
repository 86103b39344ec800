package dev.ppw.cli;

import dev.ppw.testing.browser.Chromium;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ppw-java serve}: it prints the URL with its token, answers what {@code history} prints for the same store,
 * stops when its thread is interrupted (as Ctrl-C stops it), and refuses a missing store, a bad port or address in
 * one line.
 */
class ServeCommandTest {
    private static final Pattern URL = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/\\?token=([0-9a-f]{48})");

    @TempDir
    Path dir;

    private Path trace(String name, int solveMicros) throws IOException {
        return Files.writeString(dir.resolve(name), "{\"traceEvents\":["
                + "{\"name\":\"main\",\"ph\":\"X\",\"ts\":0,\"dur\":" + (solveMicros + 100) + ",\"pid\":1,\"tid\":1},"
                + "{\"name\":\"solve\",\"ph\":\"X\",\"ts\":10,\"dur\":" + solveMicros + ",\"pid\":1,\"tid\":1}]}");
    }

    /** A serve command running on a thread of its own, and what it printed so far. */
    private static final class Serving implements AutoCloseable {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final AtomicInteger exit = new AtomicInteger(-1);
        final Thread thread;

        Serving(String... args) {
            thread = new Thread(() -> {
                try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                     PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
                    exit.set(Main.run(args, o, e));
                }
            });
            thread.start();
        }

        Matcher url() throws InterruptedException {
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (System.nanoTime() < deadline && thread.isAlive()) {
                Matcher m = URL.matcher(out.toString(StandardCharsets.UTF_8));
                if (m.find()) {
                    return m;
                }
                Thread.sleep(10);
            }
            throw new AssertionError("no URL printed: " + out + err);
        }

        @Override
        public void close() throws InterruptedException {
            thread.interrupt();
            thread.join(10_000);
        }
    }

    private static String get(int port, String target, String token) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + target).toURL()
                .openConnection();
        if (token != null) {
            c.setRequestProperty("Authorization", "token " + token);
        }
        int status = c.getResponseCode();
        try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
            return status + " " + new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void itServesTheStoreUntilInterruptedAndItsHistoryIsTheCommands() throws Exception {
        String store = dir.resolve("runs.db").toString();
        for (int r = 1; r <= 3; r++) {
            assertEquals(0, Cli.run("runs", "add", trace("t" + r + ".json", 1000 * r).toString(), "--store", store,
                    "--label", "run " + r).exit());
        }
        Cli history = Cli.run("history", "main => solve", "--store", store, "--format", "json");
        assertEquals(0, history.exit(), history.toString());
        int port;
        try (Serving serving = new Serving("serve", "--store", store, "--port", "0")) {
            Matcher url = serving.url();
            port = Integer.parseInt(url.group(1));
            String token = url.group(2);
            assertEquals("403 ", get(port, "/api/", null).substring(0, 4));
            String answer = get(port, "/api/history?context=main+%3D%3E+solve", token);
            assertTrue(answer.startsWith("200 "), answer);
            Map<?, ?> served = (Map<?, ?>) Chromium.parse(answer.substring(4));
            Map<?, ?> printed = (Map<?, ?>) Chromium.parse(history.out());
            assertEquals(printed.get("context"), served.get("context"));
            assertEquals(points(printed), points(served));
            assertEquals(List.of(List.of(1, 1_000_000), List.of(2, 2_000_000), List.of(3, 3_000_000)),
                    points(served).stream().map(p -> p.subList(0, 2).stream().map(v -> ((Number) v).intValue()).toList())
                            .toList());
            assertTrue(get(port, "/?token=" + token, null).contains("run 3"));
            assertEquals("", serving.err.toString(StandardCharsets.UTF_8));
        }
        // interrupted (Ctrl-C's way in a test): it stopped, exit 0, the port closed
        assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", port).close());
    }

    private static List<List<Object>> points(Map<?, ?> history) {
        return ((List<?>) history.get("runs")).stream().map(p -> (Map<?, ?>) p)
                .map(p -> List.of(p.get("run"), p.get("value"), p.get("label"), p.get("created"))).toList();
    }

    @Test
    void aBindBeyondLoopbackIsWarnedAbout() throws Exception {
        String store = dir.resolve("runs.db").toString();
        assertEquals(0, Cli.run("runs", "add", trace("t.json", 10).toString(), "--store", store).exit());
        try (Serving serving = new Serving("serve", "--store", store, "--port", "0", "--bind", "0.0.0.0")) {
            serving.url();
            String err = serving.err.toString(StandardCharsets.UTF_8);
            assertTrue(err.startsWith("ppw-java serve: warning: listening on 0.0.0.0, not loopback: anyone who can"
                    + " reach port "), err);
        }
    }

    @Test
    void aMissingStoreABadPortOrAddressIsOneLine() throws IOException {
        Cli missing = Cli.run("serve", "--store", dir.resolve("none.db").toString(), "--port", "0");
        assertEquals(1, missing.exit(), missing.toString());
        assertEquals(1, missing.err().lines().count(), missing.toString());
        assertTrue(missing.err().contains("none.db"), missing.toString());
        assertFalse(Files.exists(dir.resolve("none.db")), "serve makes no store");
        Cli port = Cli.run("serve", "--store", dir.resolve("none.db").toString(), "--port", "70000");
        assertEquals(2, port.exit(), port.toString());
        assertTrue(port.err().contains("--port must be 0 to 65535, got 70000"), port.toString());
        Cli bind = Cli.run("serve", "--bind", "no-such-host.invalid", "--port", "0");
        assertEquals(2, bind.exit(), bind.toString());
        assertTrue(bind.err().contains("--bind: no address 'no-such-host.invalid'"), bind.toString());
    }
}
