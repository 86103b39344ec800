package dev.ppw.testing.browser;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A headless Chromium driven over the DevTools protocol (a WebSocket and JSON, with the JDK's own client):
 * enough to open a page, read what its scripts say, click, type, and list the requests it made. Debian's
 * {@code chromium} package; the tests that need it are skipped with {@link #unavailable()}'s reason without it.
 */
public final class Chromium implements AutoCloseable {
    public static final Path BINARY = Path.of("/usr/bin/chromium");
    private static final JsonFactory JSON = new JsonFactory();
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final Process process;
    private final Path profileDir;
    private final WebSocket socket;
    private final AtomicInteger nextId = new AtomicInteger(1);
    private final Map<Integer, CompletableFuture<Map<String, Object>>> pending = new ConcurrentHashMap<>();
    /** Every event received, in order: console calls, exceptions, requests, page loads. */
    public final List<Map<String, Object>> events = new CopyOnWriteArrayList<>();

    /** Why the browser tests cannot run here, or null when they can. */
    public static String unavailable() {
        return Files.isExecutable(BINARY) ? null
                : BINARY + " is not installed (Debian: apt-get install chromium; .ci/run installs it)";
    }

    private Chromium(Process process, Path profileDir, WebSocket socket) {
        this.process = process;
        this.profileDir = profileDir;
        this.socket = socket;
    }

    /** Starts a fresh browser (its own profile folder) and attaches to its first page. */
    public static Chromium start() throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("ppw-chromium");
        Process p = new ProcessBuilder(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile,
                "--remote-debugging-port=0", "--remote-allow-origins=*", "--window-size=1280,900", "about:blank")
                .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
        try {
            Path portFile = profile.resolve("DevToolsActivePort");
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!Files.exists(portFile) || Files.readAllLines(portFile).size() < 2) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("chromium did not start: " + Files.readString(profile.resolve("chromium.log")));
                }
                Thread.sleep(50);
            }
            int port = Integer.parseInt(Files.readAllLines(portFile).get(0).trim());
            HttpClient http = HttpClient.newHttpClient();
            String pageSocket = null;
            while (pageSocket == null) {
                String list = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                        .build(), HttpResponse.BodyHandlers.ofString()).body();
                for (Object target : (List<?>) parse(list)) {
                    Map<?, ?> t = (Map<?, ?>) target;
                    if ("page".equals(t.get("type"))) {
                        pageSocket = (String) t.get("webSocketDebuggerUrl");
                    }
                }
                if (pageSocket == null) {
                    if (System.nanoTime() > deadline) {
                        throw new IOException("chromium has no page to attach to: " + list);
                    }
                    Thread.sleep(50);
                }
            }
            Chromium[] self = new Chromium[1];
            WebSocket ws = http.newWebSocketBuilder().buildAsync(URI.create(pageSocket), new WebSocket.Listener() {
                private final StringBuilder text = new StringBuilder();

                @Override
                public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                    text.append(data);
                    if (last) {
                        String message = text.toString();
                        text.setLength(0);
                        self[0].received(message);
                    }
                    webSocket.request(1);
                    return null;
                }
            }).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            self[0] = new Chromium(p, profile, ws);
            self[0].call("Page.enable", Map.of());
            self[0].call("Runtime.enable", Map.of());
            self[0].call("Network.enable", Map.of());
            self[0].call("Log.enable", Map.of());
            return self[0];
        } catch (IOException | InterruptedException | RuntimeException e) {
            stop(p, profile);
            throw e;
        } catch (Exception e) {
            stop(p, profile);
            throw new IOException("cannot attach to chromium", e);
        }
    }

    @SuppressWarnings("unchecked")
    private void received(String message) {
        Map<String, Object> m;
        try {
            m = (Map<String, Object>) parse(message);
        } catch (IOException e) {
            throw new IllegalStateException("not JSON from chromium: " + message, e);
        }
        Object id = m.get("id");
        if (id != null) {
            CompletableFuture<Map<String, Object>> f = pending.remove(((Number) id).intValue());
            if (f != null) {
                f.complete(m);
            }
        } else {
            events.add(m);
        }
    }

    /** Calls a DevTools method and returns its result; a protocol error fails. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> call(String method, Map<String, Object> params) throws IOException {
        int id = nextId.getAndIncrement();
        CompletableFuture<Map<String, Object>> answer = new CompletableFuture<>();
        pending.put(id, answer);
        Map<String, Object> message = new LinkedHashMap<>();
        message.put("id", id);
        message.put("method", method);
        message.put("params", params);
        socket.sendText(write(message), true).join();
        Map<String, Object> reply;
        try {
            reply = answer.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException(method + ": no answer from chromium", e);
        }
        if (reply.containsKey("error")) {
            throw new IOException(method + ": " + reply.get("error"));
        }
        return (Map<String, Object>) reply.get("result");
    }

    /** Opens {@code page} and waits for its load event; returns the milliseconds from asking to loaded. */
    public long open(Path page) throws IOException, InterruptedException {
        return open(page.toUri());
    }

    /** Opens {@code url} (a page of a server under test) and waits for its load event, as {@link #open(Path)}. */
    public long open(URI url) throws IOException, InterruptedException {
        events.clear();
        long start = System.nanoTime();
        call("Page.navigate", Map.of("url", url.toString()));
        long deadline = start + WAIT.toNanos();
        while (events.stream().noneMatch(e -> "Page.loadEventFired".equals(e.get("method")))) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the page did not load in " + WAIT);
            }
            Thread.sleep(5);
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** The value of a JavaScript expression in the page (a promise is awaited); a thrown error fails. */
    @SuppressWarnings("unchecked")
    public Object eval(String expression) throws IOException {
        Map<String, Object> r = call("Runtime.evaluate", Map.of("expression", expression, "returnByValue", true,
                "awaitPromise", true, "userGesture", true));
        if (r.containsKey("exceptionDetails")) {
            throw new IOException(expression + " threw " + r.get("exceptionDetails"));
        }
        return ((Map<String, Object>) r.get("result")).get("value");
    }

    /** A left click at a point of the page (CSS pixels), as a user's. */
    public void click(double x, double y) throws IOException {
        call("Input.dispatchMouseEvent", Map.of("type", "mouseMoved", "x", x, "y", y));
        for (String type : List.of("mousePressed", "mouseReleased")) {
            call("Input.dispatchMouseEvent", Map.of("type", type, "x", x, "y", y, "button", "left", "clickCount", 1));
        }
    }

    /** Moves the mouse to a point of the page (CSS pixels), as a user's hover. */
    public void move(double x, double y) throws IOException {
        call("Input.dispatchMouseEvent", Map.of("type", "mouseMoved", "x", x, "y", y));
    }

    /** A left-button drag from one point to another in ten moves, as a user's. */
    public void drag(double x0, double y0, double x1, double y1) throws IOException {
        move(x0, y0);
        call("Input.dispatchMouseEvent", Map.of("type", "mousePressed", "x", x0, "y", y0, "button", "left",
                "clickCount", 1));
        for (int step = 1; step <= 10; step++) {
            call("Input.dispatchMouseEvent", Map.of("type", "mouseMoved", "x", x0 + (x1 - x0) * step / 10,
                    "y", y0 + (y1 - y0) * step / 10, "button", "left", "buttons", 1));
        }
        call("Input.dispatchMouseEvent", Map.of("type", "mouseReleased", "x", x1, "y", y1, "button", "left",
                "clickCount", 1));
    }

    /** A double click at a point of the page (CSS pixels). */
    public void doubleClick(double x, double y) throws IOException {
        click(x, y);
        for (String type : List.of("mousePressed", "mouseReleased")) {
            call("Input.dispatchMouseEvent", Map.of("type", type, "x", x, "y", y, "button", "left", "clickCount", 2));
        }
    }

    /** Clicks the middle of the first element {@code selector} finds. */
    @SuppressWarnings("unchecked")
    public void click(String selector) throws IOException {
        Map<String, Object> box = (Map<String, Object>) eval("(function(){var e=document.querySelector("
                + quote(selector) + ");e.scrollIntoView({block:'center'});var r=e.getBoundingClientRect();"
                + "return {x:r.left+r.width/2,y:r.top+r.height/2};})()");
        click(((Number) box.get("x")).doubleValue(), ((Number) box.get("y")).doubleValue());
    }

    /** Types {@code text} into the element {@code selector} finds, as keyboard input. */
    public void type(String selector, String text) throws IOException {
        eval("document.querySelector(" + quote(selector) + ").focus()");
        call("Input.insertText", Map.of("text", text));
    }

    /** The console errors and uncaught exceptions since the page was opened, as text. */
    public List<String> errors() {
        List<String> found = new ArrayList<>();
        for (Map<String, Object> e : events) {
            Object method = e.get("method");
            Map<?, ?> params = (Map<?, ?>) e.get("params");
            if ("Runtime.exceptionThrown".equals(method)) {
                found.add("exception: " + params.get("exceptionDetails"));
            } else if ("Runtime.consoleAPICalled".equals(method) && "error".equals(params.get("type"))) {
                found.add("console.error: " + params.get("args"));
            } else if ("Log.entryAdded".equals(method) && "error".equals(((Map<?, ?>) params.get("entry")).get("level"))) {
                found.add("log: " + params.get("entry"));
            }
        }
        return found;
    }

    /** The URL of every request the page asked for since it was opened, its own file included. */
    public List<String> requests() {
        List<String> urls = new ArrayList<>();
        for (Map<String, Object> e : events) {
            if ("Network.requestWillBeSent".equals(e.get("method"))) {
                urls.add((String) ((Map<?, ?>) ((Map<?, ?>) e.get("params")).get("request")).get("url"));
            }
        }
        return urls;
    }

    /** A PNG of the page as the browser shows it, {@code width} CSS pixels wide and as tall as the page. */
    public byte[] screenshot(int width, int height) throws IOException {
        call("Emulation.setDeviceMetricsOverride", Map.of("width", width, "height", height, "deviceScaleFactor", 1,
                "mobile", false));
        Map<String, Object> r = call("Page.captureScreenshot", Map.of("format", "png"));
        return Base64.getDecoder().decode((String) r.get("data"));
    }

    @Override
    public void close() {
        socket.abort();
        stop(process, profileDir);
    }

    /** Ends the browser this class started (and the helpers it started), then removes its profile folder. */
    private static void stop(Process p, Path profile) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
            try (Stream<Path> files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        } catch (IOException | InterruptedException e) {
            // A profile folder left in the temporary directory does no harm.
        }
    }

    public static String quote(String s) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            g.writeString(s);
        }
        return w.toString();
    }

    private static String write(Object value) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(w)) {
            writeValue(g, value);
        }
        return w.toString();
    }

    private static void writeValue(JsonGenerator g, Object value) throws IOException {
        if (value instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName((String) e.getKey());
                writeValue(g, e.getValue());
            }
            g.writeEndObject();
        } else if (value instanceof String s) {
            g.writeString(s);
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (value instanceof Integer i) {
            g.writeNumber(i);
        } else if (value instanceof Number n) {
            g.writeNumber(n.doubleValue());
        } else {
            throw new IllegalArgumentException("cannot send " + value);
        }
    }

    /** JSON text as maps, lists, strings, numbers, booleans and nulls. */
    public static Object parse(String text) throws IOException {
        try (JsonParser p = JSON.createParser(text)) {
            p.nextToken();
            return read(p);
        }
    }

    private static Object read(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    m.put(name, read(p));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    l.add(read(p));
                }
                return l;
            }
            case VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return p.getNumberValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return p.getBooleanValue();
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw new IOException("unexpected " + t);
        }
    }
}
