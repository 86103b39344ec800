package dev.ppw.collect.v8;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.collect.DecimalNanos;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;

import java.io.IOException;

/**
 * The members of a V8 CPU profile read from Jackson's streaming parser, shared by the {@code .cpuprofile}
 * reader and the profiles inside Chrome traces: the {@code nodes} array into a {@link ProfileNodes}, the
 * {@code samples} ids and the {@code timeDeltas} (decimal microseconds, to exact integer nanoseconds). A
 * value of the wrong shape is a {@link Shape} at its position; JSON syntax errors are Jackson's to throw.
 */
final class ProfileJson {
    private ProfileJson() {
    }

    /** A member of the wrong shape: what is wrong, and where its value starts. */
    static final class Shape extends Exception {
        private static final long serialVersionUID = 1L;
        final transient JsonLocation at;

        Shape(String problem, JsonLocation at) {
            super(problem, null, false, false);
            this.at = at;
        }
    }

    /**
     * Reads the array whose {@code [} is the current token into {@code nodes}: each node's {@code id},
     * {@code callFrame} ({@code functionName}, {@code url}, {@code lineNumber}, {@code columnNumber}) and
     * {@code parent} (Chrome traces); the pairs (parent, child) of its {@code children} (a {@code .cpuprofile})
     * go to {@code adoptions}, to be applied once every node is known. Other members are skipped.
     */
    static void readNodes(JsonParser p, ProfileNodes nodes, MutableIntList adoptions) throws IOException, Shape {
        expect(p, JsonToken.START_ARRAY, "nodes");
        JsonToken t;
        int from = adoptions.size();
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                throw new Shape("a node is " + describe(t) + ", not an object", p.currentTokenLocation());
            }
            JsonLocation at = p.currentTokenLocation();
            long id = Long.MIN_VALUE;
            long parent = ProfileNodes.NO_PARENT;
            String functionName = "";
            String url = "";
            long line = -1;
            long column = -1;
            from = adoptions.size();
            String field;
            while ((field = p.nextFieldName()) != null) {
                JsonToken v = p.nextToken();
                switch (field) {
                    case "id" -> id = intValue(p, v, "a node's id");
                    case "parent" -> parent = intValue(p, v, "a node's parent");
                    case "children" -> {
                        expect(p, v, JsonToken.START_ARRAY, "a node's children");
                        JsonToken c;
                        while ((c = p.nextToken()) != JsonToken.END_ARRAY) {
                            adoptions.add(Integer.MIN_VALUE); // this node's id, set below
                            adoptions.add((int) intValue(p, c, "a child id"));
                        }
                    }
                    case "callFrame" -> {
                        expect(p, v, JsonToken.START_OBJECT, "a node's callFrame");
                        String f;
                        while ((f = p.nextFieldName()) != null) {
                            JsonToken fv = p.nextToken();
                            switch (f) {
                                case "functionName" -> functionName = text(p, fv, "functionName");
                                case "url" -> url = text(p, fv, "url");
                                case "lineNumber" -> line = intValue(p, fv, "lineNumber");
                                case "columnNumber" -> column = intValue(p, fv, "columnNumber");
                                default -> p.skipChildren();
                            }
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            if (id == Long.MIN_VALUE) {
                throw new Shape("a node without an id", at);
            }
            for (int k = from; k < adoptions.size(); k += 2) {
                adoptions.set(k, (int) id);
            }
            if (!nodes.add((int) id, functionName, url, line, column, (int) parent)) {
                throw new Shape("a second node of id " + id, at);
            }
        }
    }

    /** Reads the array of node ids whose {@code [} is the current token into {@code ids}. */
    static void readIds(JsonParser p, MutableIntList ids, String what) throws IOException, Shape {
        expect(p, JsonToken.START_ARRAY, what);
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            ids.add((int) intValue(p, t, "a sample's node id"));
        }
    }

    /** Reads the array of decimal microseconds whose {@code [} is the current token into {@code nanos}. */
    static void readDeltas(JsonParser p, MutableLongList nanos, String what) throws IOException, Shape {
        expect(p, JsonToken.START_ARRAY, what);
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            nanos.add(nanos(p, t, "a time delta"));
        }
    }

    /** Exact integer nanoseconds of the decimal microseconds that are the current token. */
    static long nanos(JsonParser p, JsonToken t, String what) throws IOException, Shape {
        if (t == JsonToken.VALUE_NUMBER_INT) {
            if (p.getNumberType() == JsonParser.NumberType.INT) {
                return p.getIntValue() * 1000L;
            }
        } else if (t != JsonToken.VALUE_NUMBER_FLOAT) {
            JsonLocation at = p.currentTokenLocation();
            p.skipChildren();
            throw new Shape(what + " is " + describe(t) + ", not a number of microseconds", at);
        }
        long nanos = DecimalNanos.parseMicros(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        if (nanos == DecimalNanos.UNUSABLE) {
            throw new Shape(what + " of " + p.getText() + " microseconds does not fit in nanoseconds",
                    p.currentTokenLocation());
        }
        return nanos;
    }

    private static long intValue(JsonParser p, JsonToken t, String what) throws IOException, Shape {
        if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
            JsonLocation at = p.currentTokenLocation();
            p.skipChildren();
            throw new Shape(what + " is " + describe(t) + ", not an integer of 32 bits", at);
        }
        return p.getIntValue();
    }

    private static String text(JsonParser p, JsonToken t, String what) throws IOException, Shape {
        if (t == JsonToken.VALUE_STRING) {
            return p.getText();
        }
        if (t == JsonToken.VALUE_NULL) {
            return "";
        }
        JsonLocation at = p.currentTokenLocation();
        p.skipChildren();
        throw new Shape(what + " is " + describe(t) + ", not a string", at);
    }

    private static void expect(JsonParser p, JsonToken wanted, String what) throws IOException, Shape {
        expect(p, p.currentToken(), wanted, what);
    }

    private static void expect(JsonParser p, JsonToken t, JsonToken wanted, String what) throws IOException, Shape {
        if (t != wanted) {
            JsonLocation at = p.currentTokenLocation();
            p.skipChildren();
            throw new Shape(what + " is " + describe(t) + ", not " + describe(wanted), at);
        }
    }

    static String describe(JsonToken t) {
        if (t == null) {
            return "nothing";
        }
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "an integer";
            case VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.name();
        };
    }
}
