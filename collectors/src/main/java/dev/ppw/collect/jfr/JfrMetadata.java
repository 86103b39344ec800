package dev.ppw.collect.jfr;

import dev.ppw.model.LongIntOpenMap;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The types a chunk declares in its metadata event: each class with its id, name and fields in the order its
 * values are written, which is all a reader needs to decode or skip any value of the chunk. The event is a
 * string table, then a tree of elements ({@code root}, {@code metadata}, {@code class}, {@code field},
 * {@code annotation}, ...), each a name, attributes and children, all as indexes into the table.
 */
final class JfrMetadata {
    /** How a value of a type is written. */
    enum Kind {
        BOOLEAN, BYTE, CHAR, SHORT, INT, LONG, FLOAT, DOUBLE, STRING, STRUCT
    }

    static final class Type {
        final long id;
        final String name;
        final Kind kind;
        Field[] fields = new Field[0];

        Type(long id, String name) {
            this.id = id;
            this.name = name;
            this.kind = switch (name) {
                case "boolean" -> Kind.BOOLEAN;
                case "byte" -> Kind.BYTE;
                case "char" -> Kind.CHAR;
                case "short" -> Kind.SHORT;
                case "int" -> Kind.INT;
                case "long" -> Kind.LONG;
                case "float" -> Kind.FLOAT;
                case "double" -> Kind.DOUBLE;
                case "java.lang.String" -> Kind.STRING;
                default -> Kind.STRUCT;
            };
        }

        /** The index of the field named {@code name}, or -1. */
        int field(String name) {
            for (int i = 0; i < fields.length; i++) {
                if (fields[i].name.equals(name)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * A field: its value is a key into its type's constant pool ({@code constantPool}), else the value itself;
     * {@code array} when it is a count and that many values. {@code timespan} is the unit its
     * {@code jdk.jfr.Timespan} annotation names ({@code TICKS}, {@code NANOSECONDS}, ...), else null.
     */
    static final class Field {
        final String name;
        final long typeId;
        final boolean constantPool;
        final boolean array;
        String timespan;
        Type type;

        Field(String name, long typeId, boolean constantPool, boolean array) {
            this.name = name;
            this.typeId = typeId;
            this.constantPool = constantPool;
            this.array = array;
        }
    }

    private static final int MAX_DEPTH = 64;

    private final List<Type> types = new ArrayList<>();
    private final LongIntOpenMap byId = new LongIntOpenMap();
    private final Map<String, Type> byName = new HashMap<>();

    Type type(long id) {
        int i = byId.get(id, -1);
        return i < 0 ? null : types.get(i);
    }

    /** Every declared type, in the metadata's order. */
    List<Type> types() {
        return types;
    }

    Type type(String name) {
        return byName.get(name);
    }

    /**
     * The last metadata read, with the bytes of its types: the chunks of one recording repeat the same types, and
     * reading them again is most of the work of a small chunk.
     */
    static final class Cache {
        private byte[] types;
        private JfrMetadata metadata;

        /** {@link JfrMetadata#read}, or the last one read when its types are written in the same bytes. */
        JfrMetadata read(JfrBytes in) {
            in.varlong(); // start time
            in.varlong(); // duration
            in.varlong(); // metadata id
            int from = in.pos;
            int length = in.limit - from;
            if (metadata != null && types.length == length && in.sameBytes(from, types)) {
                in.pos = in.limit;
                return metadata;
            }
            JfrMetadata m = readTypes(in);
            types = in.copy(from, length);
            metadata = m;
            return m;
        }
    }

    /** The types of a metadata event, read from {@code in.pos} (after its times and id) to {@code in.limit}. */
    private static JfrMetadata readTypes(JfrBytes in) {
        int count = in.count("metadata string");
        String[] strings = new String[count];
        for (int i = 0; i < count; i++) {
            strings[i] = in.string(null);
        }
        JfrMetadata m = new JfrMetadata();
        List<Pending> annotations = new ArrayList<>();
        m.element(in, strings, null, null, 0, annotations);
        for (Type t : m.types) {
            for (Field f : t.fields) {
                f.type = m.type(f.typeId);
                if (f.type == null) {
                    throw in.damage(in.pos, "the metadata's class " + t.name + " has a field " + f.name
                            + " of type id " + f.typeId + ", which it does not declare");
                }
            }
        }
        for (Pending p : annotations) {
            Type a = m.type(p.annotationType);
            if (a != null && a.name.equals("jdk.jfr.Timespan")) {
                p.field.timespan = p.value == null ? "NANOSECONDS" : p.value;
            }
        }
        return m;
    }

    private record Pending(Field field, long annotationType, String value) {
    }

    private void element(JfrBytes in, String[] strings, Type inClass, Field inField, int depth,
                         List<Pending> annotations) {
        int at = in.pos;
        if (depth > MAX_DEPTH) {
            throw in.damage(at, "the metadata's elements nest deeper than " + MAX_DEPTH);
        }
        String name = string(in, strings);
        int attributeCount = in.count("metadata attribute");
        Map<String, String> attributes = new HashMap<>();
        for (int i = 0; i < attributeCount; i++) {
            String key = string(in, strings);
            attributes.put(key, string(in, strings));
        }
        Type cls = null;
        Field field = null;
        switch (name) {
            case "class" -> {
                long id = number(in, at, attributes, "id");
                String typeName = attributes.get("name");
                if (typeName == null) {
                    throw in.damage(at, "a class of the metadata has no name");
                }
                cls = new Type(id, typeName);
                if (byId.containsKey(id)) {
                    throw in.damage(at, "the metadata declares type id " + id + " twice");
                }
                byId.put(id, types.size());
                types.add(cls);
                byName.put(typeName, cls);
            }
            case "field" -> {
                if (inClass != null) {
                    String fieldName = attributes.getOrDefault("name", "");
                    long type = number(in, at, attributes, "class");
                    field = new Field(fieldName, type, "true".equals(attributes.get("constantPool")),
                            "1".equals(attributes.get("dimension")));
                    Field[] grown = java.util.Arrays.copyOf(inClass.fields, inClass.fields.length + 1);
                    grown[grown.length - 1] = field;
                    inClass.fields = grown;
                }
            }
            case "annotation" -> {
                if (inField != null && attributes.containsKey("class")) {
                    annotations.add(new Pending(inField, number(in, at, attributes, "class"), attributes.get("value")));
                }
            }
            default -> {
            }
        }
        int children = in.count("metadata child element");
        for (int i = 0; i < children; i++) {
            element(in, strings, cls, field, depth + 1, annotations);
        }
    }

    private static String string(JfrBytes in, String[] strings) {
        int at = in.pos;
        long i = in.int32();
        if (i < 0 || i >= strings.length || strings[(int) i] == null) {
            throw in.damage(at, "the metadata refers to string " + i + " of its " + strings.length);
        }
        return strings[(int) i];
    }

    private static long number(JfrBytes in, int at, Map<String, String> attributes, String key) {
        String v = attributes.get(key);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException | NullPointerException e) {
            String quoted = v == null || v.length() <= 60 ? v : v.substring(0, 60) + "...";
            throw in.damage(at, "a metadata element's attribute " + key + " is not a number: " + quoted);
        }
    }
}
