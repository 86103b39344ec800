package dev.ppw.server;

import dev.ppw.engine.Engine;
import dev.ppw.model.CallTree;
import dev.ppw.model.FrameTable;
import dev.ppw.model.NameTable;
import dev.ppw.model.Profile;
import dev.ppw.store.NewRun;
import dev.ppw.store.RunStore;
import dev.ppw.store.StoreLocation;
import dev.ppw.testing.browser.HostileNames;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A server on a store of eight runs for the tests, and a plain HTTP/1.1 client that sends exactly the headers it is
 * given (the JDK's clients refuse to set Host). Run 1 has a hostile name everywhere a run has a name (label, session,
 * tag, region names, command line, environment, a raw file); runs 2 to 8 are "main" calling "solve" and "io", each
 * run slower than the one before, run 8 far slower (the history check flags it).
 */
final class Served implements AutoCloseable {
    static final String TOKEN = "test-token-0123456789abcdef";
    static final Engine ENGINE = Engine.fromClassPath();
    static final Instant T0 = Instant.parse("2024-05-01T10:00:00Z");

    final Path folder;
    final StoreLocation location;
    final Server server;
    /** What the server told its owner: a line per request it answered 500. */
    final ConcurrentLinkedQueue<String> problems;

    private Served(Path folder, StoreLocation location, Server server, ConcurrentLinkedQueue<String> problems) {
        this.folder = folder;
        this.location = location;
        this.server = server;
        this.problems = problems;
    }

    /** The store in {@code folder}, filled, and a server on it at a free loopback port. */
    static Served start(Path folder) throws IOException {
        return start(folder, false);
    }

    /** As {@link #start(Path)}, with the new-run form served when {@code allowRun}. */
    static Served start(Path folder, boolean allowRun) throws IOException {
        return start(folder, allowRun, Map.of());
    }

    /** As {@link #start(Path, boolean)}, each run stored from the form described by {@code host}. */
    static Served start(Path folder, boolean allowRun, Map<String, String> host) throws IOException {
        StoreLocation location = StoreLocation.parse(folder.resolve("runs.db").toString(), folder);
        fill(location, folder);
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        Server server = Server.start(Server.Options.of(location, 0).withToken(TOKEN).withProblems(problems::add)
                .withAllowRun(allowRun).withHost(host), ENGINE);
        return new Served(folder, location, server, problems);
    }

    static void fill(StoreLocation location, Path folder) throws IOException {
        List<String> hostile = HostileNames.ALL;
        Path raw = folder.resolve("perf.data");
        Files.writeString(raw, "raw bytes of run 1\n");
        try (RunStore store = RunStore.open(location, RunStore.Options.defaults())) {
            Map<String, String> tags = new LinkedHashMap<>();
            tags.put("<b>key</b>&amp;\"x\"", hostile.get(2));
            tags.put("note", hostile.get(3));
            store.put(NewRun.of(hostileProfile()).withLabel(hostile.get(0)).withSession(hostile.get(1))
                    .withTags(tags).withCommandLine(hostile).withEnvironment(Map.of("K", hostile.get(4)))
                    .withSettings(Map.of(hostile.get(1), hostile.get(0))).withCreated(T0)
                    .withRawFile("perf.data", raw), ENGINE);
            for (int r = 2; r <= 8; r++) {
                store.put(NewRun.of(plainProfile(r)).withLabel("plain " + r).withSession("tuning")
                        .withTags(Map.of("parity", r % 2 == 0 ? "even" : "odd"))
                        .withCreated(T0.plusSeconds(60L * r)), ENGINE);
            }
        }
    }

    /** 'main' calling each hostile name once, the last calling the first again. */
    static Profile hostileProfile() {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        int last = -1;
        for (int i = 0; i < HostileNames.ALL.size(); i++) {
            last = t.child(main, t.frames().intern(HostileNames.ALL.get(i)));
            t.addCall(last, 1000L * (i + 1));
        }
        t.addCall(t.child(last, t.frames().intern(HostileNames.ALL.get(0))), 700);
        t.addCall(main, 100_000);
        return Profile.single(t, List.of(HostileNames.ALL.get(1) + ".json"), Map.of(), Map.of());
    }

    /** 'main' (solve 1 ms + r µs, io 300 µs); run 8's solve is 5 ms. */
    static Profile plainProfile(int r) {
        CallTree t = new CallTree(new FrameTable(new NameTable()));
        int main = t.child(CallTree.ROOT, t.frames().intern("main"));
        long solve = r == 8 ? 5_000_000 : 1_000_000 + 1_000L * r;
        t.addCall(t.child(main, t.frames().intern("solve")), solve);
        t.addCall(t.child(main, t.frames().intern("io")), 300_000);
        t.addCall(main, solve + 300_000 + 10_000);
        return Profile.single(t, List.of("run" + r + ".json"), Map.of(), Map.of());
    }

    int port() {
        return server.address().getPort();
    }

    /** An answer: its status, its headers (names in lower case, first value), its body. */
    record Answer(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        Optional<String> header(String name) {
            return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
        }
    }

    /** GET {@code target} with the token in the Authorization header. */
    Answer get(String target) throws IOException {
        return send("GET", target, "Host: 127.0.0.1:" + port(), "Authorization: token " + TOKEN);
    }

    /** {@code method target} with exactly {@code headers} ("Name: value"), no body. */
    Answer send(String method, String target, String... headers) throws IOException {
        return sendBody(method, target, null, headers);
    }

    /** {@code method target} with exactly {@code headers} and {@code body} (none when null) of its length. */
    Answer sendBody(String method, String target, String body, String... headers) throws IOException {
        try (Socket socket = new Socket(server.address().getAddress(), port())) {
            socket.setSoTimeout(30_000);
            StringBuilder request = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
            for (String h : headers) {
                request.append(h).append("\r\n");
            }
            byte[] content = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            if (body != null) {
                request.append("Content-Length: ").append(content.length).append("\r\n");
            }
            request.append("Connection: close\r\n\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.write(content);
            out.flush();
            return read(socket.getInputStream(), method.equals("HEAD"));
        }
    }

    private static Answer read(InputStream in, boolean head) throws IOException {
        String status = line(in);
        int code = Integer.parseInt(status.split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String l = line(in); !l.isEmpty(); l = line(in)) {
            int colon = l.indexOf(':');
            headers.putIfAbsent(l.substring(0, colon).strip().toLowerCase(Locale.ROOT), l.substring(colon + 1).strip());
        }
        if (head) {
            return new Answer(code, headers, new byte[0]);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            for (int size = Integer.parseInt(line(in).strip(), 16); size > 0;
                 size = Integer.parseInt(line(in).strip(), 16)) {
                body.write(in.readNBytes(size));
                line(in);
            }
        } else if (headers.containsKey("content-length")) {
            body.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
        } else {
            in.transferTo(body);
        }
        return new Answer(code, headers, body.toByteArray());
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("the answer ended inside a line: " + b);
            }
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.UTF_8);
    }

    /** Every target the server answers with 200 on this store, pages and API alike. */
    static List<String> everyTarget() {
        List<String> targets = new ArrayList<>(List.of("/", "/?session=tuning", "/?tag=parity%3Deven", "/runs/1",
                "/runs/1/report", "/runs/2", "/diff?a=1&b=2", "/diff?run=3&run=2", "/history",
                "/history?context=main", "/history?context=main+%3D%3E+solve&path=1", "/api/", "/api/runs",
                "/api/runs?tag=parity%3Dodd&last=2", "/api/sessions", "/api/runs/1", "/api/runs/1/profile",
                "/api/runs/1/raw/perf.data", "/api/runs/1/report", "/api/runs/1/report?format=csv",
                "/api/diff?a=1&b=2", "/api/diff?a=2&b=3&format=text", "/api/history?context=main",
                "/assets/ppw.css", "/assets/runs.js", "/assets/history.js", "/assets/uPlot.iife.min.js",
                "/assets/uPlot.min.css", "/assets/uPlot.LICENSE"));
        for (String h : HostileNames.ALL) {
            targets.add("/history?context=" + Query.encode(h));
            targets.add("/api/history?context=" + Query.encode("main => " + h) + "&path=1");
        }
        return targets;
    }

    @Override
    public void close() {
        server.close();
    }
}
