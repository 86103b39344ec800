package dev.ppw.server;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import dev.ppw.model.output.InertInScript;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON in and out with Jackson's streaming API. What it writes passes through {@link InertInScript}, so that the
 * same bytes are inert inside a page's data element (a name {@code </script>} cannot end it) and as an API answer.
 * What it reads is a request's small body: maps, lists, strings, numbers, booleans and null, nested at most 32
 * deep.
 */
final class Json {
    /** Writes one JSON value. */
    interface Writing {
        void write(JsonGenerator g) throws IOException;
    }

    private static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).build())
            .build();

    private Json() {
    }

    /** The bytes {@code writing} writes, UTF-8. */
    static byte[] bytes(Writing writing) {
        return text(writing).getBytes(StandardCharsets.UTF_8);
    }

    /** The text {@code writing} writes. */
    static String text(Writing writing) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(new InertInScript(out))) {
            writing.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** {@code text} as maps (in order), lists, strings, longs or doubles, booleans and nulls; bad JSON is a 400. */
    static Object parse(String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                throw HttpError.badRequest("the body is empty: expected a JSON object");
            }
            Object value = read(p);
            if (p.nextToken() != null) {
                throw HttpError.badRequest("the body has more after its JSON value");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw HttpError.badRequest("the body is not JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
            case VALUE_NUMBER_INT -> {
                return p.getLongValue();
            }
            case VALUE_NUMBER_FLOAT -> {
                return p.getDoubleValue();
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return p.getBooleanValue();
            }
            case VALUE_NULL -> {
                return null;
            }
            default -> throw HttpError.badRequest("unexpected " + t + " in the body's JSON");
        }
    }
}
