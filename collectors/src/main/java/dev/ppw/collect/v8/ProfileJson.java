package dev.ppw.collect.v8;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ppw.collect.DecimalNanos;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;

import java.io.IOException;
import java.math.BigDecimal;

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

    /**
     * Reads the {@code head} tree of the layout before Node.js 11 and Chrome 58 (v8-profiler's), whose {@code {}
     * is the current token, into {@code nodes}: each node an object with its call frame's members inline
     * ({@code functionName}, {@code url}, {@code lineNumber}, {@code columnNumber} when present; a
     * {@code callFrame} object too, when a writer nests them), its {@code id}, and its {@code children} as node
     * objects. Read without recursion, so that a deep tree takes memory, never the thread's stack.
     */
    static void readHead(JsonParser p, ProfileNodes nodes) throws IOException, Shape {
        expect(p, JsonToken.START_OBJECT, "head");
        HeadNodes read = new HeadNodes();
        IntArrayList open = new IntArrayList();
        open.add(read.start(-1, p.currentTokenLocation()));
        while (!open.isEmpty()) {
            JsonToken t = p.nextToken();
            int slot = open.getLast();
            if (t == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "id" -> read.ids[slot] = intValue(p, v, "a node's id");
                    case "functionName" -> read.names[slot] = text(p, v, "functionName");
                    case "url" -> read.urls[slot] = text(p, v, "url");
                    case "lineNumber" -> read.lines[slot] = intValue(p, v, "lineNumber");
                    case "columnNumber" -> read.columns[slot] = intValue(p, v, "columnNumber");
                    case "callFrame" -> {
                        expect(p, v, JsonToken.START_OBJECT, "a node's callFrame");
                        String f;
                        while ((f = p.nextFieldName()) != null) {
                            JsonToken fv = p.nextToken();
                            switch (f) {
                                case "functionName" -> read.names[slot] = text(p, fv, "functionName");
                                case "url" -> read.urls[slot] = text(p, fv, "url");
                                case "lineNumber" -> read.lines[slot] = intValue(p, fv, "lineNumber");
                                case "columnNumber" -> read.columns[slot] = intValue(p, fv, "columnNumber");
                                default -> p.skipChildren();
                            }
                        }
                    }
                    case "children" -> expect(p, v, JsonToken.START_ARRAY, "a node's children");
                    default -> p.skipChildren();
                }
            } else if (t == JsonToken.START_OBJECT) {
                // A child in the children array of the innermost open node.
                open.add(read.start(slot, p.currentTokenLocation()));
            } else if (t == JsonToken.END_ARRAY) {
                // The end of that children array: the node's other members may follow.
                continue;
            } else if (t == JsonToken.END_OBJECT) {
                open.removeAtIndex(open.size() - 1);
            } else {
                JsonLocation at = p.currentTokenLocation();
                p.skipChildren();
                throw new Shape("a node's child is " + describe(t) + ", not a node object", at);
            }
        }
        read.addTo(nodes);
    }

    /** The nodes of a {@code head} tree as they are read, by slot in the order their objects open. */
    private static final class HeadNodes {
        long[] ids = new long[64];
        String[] names = new String[64];
        String[] urls = new String[64];
        long[] lines = new long[64];
        long[] columns = new long[64];
        int[] parents = new int[64];
        JsonLocation[] places = new JsonLocation[64];
        int size;

        int start(int parentSlot, JsonLocation at) {
            if (size == ids.length) {
                int n = 2 * size;
                ids = java.util.Arrays.copyOf(ids, n);
                names = java.util.Arrays.copyOf(names, n);
                urls = java.util.Arrays.copyOf(urls, n);
                lines = java.util.Arrays.copyOf(lines, n);
                columns = java.util.Arrays.copyOf(columns, n);
                parents = java.util.Arrays.copyOf(parents, n);
                places = java.util.Arrays.copyOf(places, n);
            }
            ids[size] = Long.MIN_VALUE;
            names[size] = "";
            urls[size] = "";
            lines[size] = -1;
            columns[size] = -1;
            parents[size] = parentSlot;
            places[size] = at;
            return size++;
        }

        void addTo(ProfileNodes nodes) throws Shape {
            for (int k = 0; k < size; k++) {
                if (ids[k] == Long.MIN_VALUE) {
                    throw new Shape("a node without an id", places[k]);
                }
                int parent = parents[k] < 0 ? ProfileNodes.NO_PARENT : (int) ids[parents[k]];
                if (!nodes.add((int) ids[k], names[k], urls[k], lines[k], columns[k], parent)) {
                    throw new Shape("a second node of id " + ids[k], places[k]);
                }
            }
        }
    }

    /**
     * The decimal number that is the current token, exactly: a time whose unit ({@code startTime} in seconds or
     * microseconds) is known only once every member is read.
     */
    static BigDecimal decimal(JsonParser p, JsonToken t, String what) throws IOException, Shape {
        if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
            JsonLocation at = p.currentTokenLocation();
            p.skipChildren();
            throw new Shape(what + " is " + describe(t) + ", not a number", at);
        }
        return p.getDecimalValue();
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
