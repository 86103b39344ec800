package dev.ppw.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The small JSON texts of a run's row: its command line (an array of strings) and its maps of strings. */
final class JsonText {
    private static final JsonFactory JSON = new JsonFactory();

    private JsonText() {
    }

    static String of(List<String> strings) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartArray();
            for (String s : strings) {
                g.writeString(s);
            }
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    static String of(Map<String, String> map) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            for (Map.Entry<String, String> e : map.entrySet()) {
                g.writeStringField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    static List<String> list(String text) {
        List<String> strings = new ArrayList<>();
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() == JsonToken.START_ARRAY) {
                while (p.nextToken() == JsonToken.VALUE_STRING) {
                    strings.add(p.getText());
                }
            }
        } catch (IOException e) {
            throw new StoreException("a run's command line is not a JSON array: " + e.getMessage());
        }
        return strings;
    }

    static Map<String, String> map(String text) {
        Map<String, String> map = new LinkedHashMap<>();
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() == JsonToken.START_OBJECT) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String key = p.currentName();
                    p.nextToken();
                    map.put(key, p.getValueAsString());
                }
            }
        } catch (IOException e) {
            throw new StoreException("a run's settings are not a JSON object: " + e.getMessage());
        }
        return map;
    }
}
