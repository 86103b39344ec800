package dev.ppw.pfa.recorder;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.engine.Engine;
import dev.ppw.engine.Analysis;
import dev.ppw.model.CallTree;
import dev.ppw.model.Profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Test helpers: trace lines as ordered keys and value shapes, and profiles read by ppw-java's own engine. */
final class Traces {
    private static final JsonFactory JSON = new JsonFactory();

    private Traces() {
    }

    /** One event line: its keys in order with the JSON kind of each value ({@code args} flattened as args.KEY). */
    record Event(Map<String, String> kinds, Map<String, String> values) {
        String ph() {
            return values.get("ph");
        }

        String name() {
            return values.get("name");
        }

        /** Keys in order, each with its kind: what two writers must agree on. */
        String shape() {
            StringBuilder s = new StringBuilder();
            kinds.forEach((k, v) -> s.append(k).append(':').append(v).append(' '));
            return s.toString().trim();
        }
    }

    static String resource(String name) {
        try (InputStream in = Traces.class.getResourceAsStream("/perfflowaspect/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path resourceFile(String name, Path dir) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, resource(name));
        return p;
    }

    /** The event lines of a trace's text, in file order. */
    static List<Event> events(String text) {
        List<Event> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String t = line.strip();
            if (!t.startsWith("{\"")) {
                continue;
            }
            if (t.endsWith(",")) {
                t = t.substring(0, t.length() - 1);
            }
            out.add(event(t));
        }
        return out;
    }

    static Event event(String json) {
        Map<String, String> kinds = new LinkedHashMap<>();
        Map<String, String> values = new LinkedHashMap<>();
        try (JsonParser p = JSON.createParser(json)) {
            p.nextToken();
            read(p, "", kinds, values);
        } catch (IOException e) {
            throw new UncheckedIOException(json, e);
        }
        return new Event(kinds, values);
    }

    private static void read(JsonParser p, String prefix, Map<String, String> kinds, Map<String, String> values)
            throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = prefix + p.currentName();
            JsonToken v = p.nextToken();
            switch (v) {
                case START_OBJECT -> {
                    kinds.put(key, "object");
                    read(p, key + ".", kinds, values);
                }
                case VALUE_STRING -> kinds.put(key, "string");
                case VALUE_NUMBER_INT -> kinds.put(key, "int");
                case VALUE_NUMBER_FLOAT -> kinds.put(key, "float");
                case VALUE_NULL -> kinds.put(key, "null");
                default -> kinds.put(key, v.toString());
            }
            if (v != JsonToken.START_OBJECT) {
                values.put(key, p.getText());
            }
        }
    }

    /** The profile ppw-java gives of these files, tree view. */
    static Profile profile(Path... files) {
        Engine engine = Engine.fromClassPath();
        List<String> names = new ArrayList<>();
        for (Path f : files) {
            names.add(f.toString());
        }
        return engine.analyze(Analysis.profile(engine.inputs(names))).profile();
    }

    /** Each node as "part path: calls", sorted: names, calls and nesting, not times. */
    static Map<String, Long> calls(Profile profile) {
        CallTree t = profile.tree();
        Map<String, Long> out = new TreeMap<>();
        for (int n = 1; n < t.size(); n++) {
            out.put(t.part(n) + " " + t.path(n, " => "), t.calls(n));
        }
        return out;
    }

    /** Each node with every metric: what two profiles of one run must agree on exactly. */
    static Map<String, String> rows(Profile profile) {
        CallTree t = profile.tree();
        Map<String, String> out = new TreeMap<>();
        for (int n = 1; n < t.size(); n++) {
            out.put(t.part(n) + " " + t.path(n, " => "), "calls=" + t.calls(n) + " subcalls=" + t.subcalls(n)
                    + " incl=" + t.inclusiveNanos(n) + " excl=" + t.exclusiveNanos(n) + " min="
                    + t.minInclusiveNanos(n) + " max=" + t.maxInclusiveNanos(n));
        }
        return out;
    }
}
