package dev.ppw.collect.ctf;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A compiled TSDL type: decodes one value at a {@link BitCursor} into the slots of a {@link Frame}. Every
 * integer and enum gets an integer slot (variant tags and sequence lengths read their siblings' slots), and
 * top-level strings and character arrays a text slot. Compiled once per metadata; immutable, shared by threads.
 */
abstract sealed class FieldDecoder {
    /** Compiled fields of one metadata beyond this are refused: type aliases nest, and garbage could expand them
     * exponentially. LTTng's largest metadata compiles to a few thousand. */
    private static final int MAX_FIELDS = 1 << 18;

    final int alignBits;
    /** The fewest bits a value takes (0 when it may take none): bounds element counts on garbage. */
    final long minBits;

    FieldDecoder(int alignBits, long minBits) {
        this.alignBits = alignBits;
        this.minBits = minBits;
    }

    abstract void decode(BitCursor c, Frame f);

    /** The decoded values of one scope: integers (enums by value) and texts, in the slots compiled for it. */
    record Frame(long[] ints, Object[] texts) {
    }

    /** How a top-level field of a scope is read back: an integer slot, else a text slot; {@code labels} for enums. */
    record Exposed(boolean integer, int slot, CtfType.Enum labels) {
    }

    /**
     * A compiled scope (packet header, packet context, event header, a context, an event's payload): its decoder,
     * its slot counts and its top-level fields by name (as written, and without one leading underscore, as
     * babeltrace2 names them).
     */
    record Scope(FieldDecoder root, int intSlots, int textSlots, Map<String, Exposed> fields, String clock) {
        Frame decode(BitCursor c) {
            Frame f = new Frame(new long[intSlots], new Object[textSlots]);
            root.decode(c, f);
            return f;
        }

        /** True when the scope has an integer field {@code name}. */
        boolean hasInteger(String name) {
            Exposed e = fields.get(name);
            return e != null && e.integer();
        }

        /** The integer field {@code name} of {@code f}, or {@code missing} when the scope has none. */
        long integer(Frame f, String name, long missing) {
            Exposed e = fields.get(name);
            return e != null && e.integer() ? f.ints()[e.slot()] : missing;
        }
    }

    /**
     * Compiles the root struct {@code type} (null: an empty scope). {@code eventHeader} makes integers named
     * {@code id} set the cursor's event id; integers mapped to a clock update the clock except a top-level one
     * named {@code timestamp_end} (a packet's end time is not a time reached in the stream).
     *
     * @throws dev.ppw.model.BadInputException when a variant's tag or a sequence's length names no integer before it
     */
    static Scope compile(CtfType.Struct type, boolean littleTrace, boolean eventHeader, String fileName) {
        Compiler k = new Compiler(littleTrace, eventHeader, fileName);
        if (type == null) {
            return new Scope(new StructDecoder(new FieldDecoder[0], 1), 0, 0, Map.of(), null);
        }
        FieldDecoder root = k.struct(type, "");
        return new Scope(root, k.ints, k.texts, Map.copyOf(k.exposed), k.clock);
    }

    private static final class Compiler {
        final boolean littleTrace;
        final boolean eventHeader;
        final String fileName;
        int ints;
        int texts;
        String clock;
        final Map<String, Exposed> exposed = new LinkedHashMap<>();
        final Deque<Map<String, Integer>> scopes = new ArrayDeque<>();
        final Map<Integer, CtfType.Enum> enumsBySlot = new HashMap<>();

        Compiler(boolean littleTrace, boolean eventHeader, String fileName) {
            this.littleTrace = littleTrace;
            this.eventHeader = eventHeader;
            this.fileName = fileName;
        }

        dev.ppw.model.BadInputException error(String problem) {
            return new dev.ppw.model.BadInputException(fileName + ": bad CTF metadata: " + problem);
        }

        boolean little(CtfType.Order order) {
            return order == CtfType.Order.NATIVE ? littleTrace : order == CtfType.Order.LITTLE;
        }

        /** {@code prefix}: the dotted path of the struct's members within the scope, or null when not exposed. */
        FieldDecoder struct(CtfType.Struct s, String prefix) {
            scopes.push(new HashMap<>());
            List<FieldDecoder> members = new ArrayList<>();
            for (CtfType.Field field : s.fields()) {
                members.add(field(field.name(), field.type(), prefix == null ? null : prefix + field.name()));
            }
            scopes.pop();
            return new StructDecoder(members.toArray(FieldDecoder[]::new), s.declaredAlignBits());
        }

        /** {@code path}: the field's dotted path within the scope when it is exposed (not in a variant or array). */
        FieldDecoder field(String name, CtfType type, String path) {
            boolean exposedHere = path != null;
            FieldDecoder d = type(name, type, path);
            if (d instanceof IntDecoder i) {
                scopes.peek().put(name, i.slot);
                if (type instanceof CtfType.Enum e) {
                    enumsBySlot.put(i.slot, e);
                }
                if (exposedHere) {
                    expose(path, new Exposed(true, i.slot, type instanceof CtfType.Enum e ? e : null));
                }
            } else if (exposedHere && d instanceof TextDecoder t) {
                expose(path, new Exposed(false, t.textSlot(), null));
            }
            return d;
        }

        /** Exposes {@code path} as written, and as babeltrace2 names it: each part without one leading underscore. */
        void expose(String path, Exposed e) {
            exposed.put(path, e);
            StringBuilder stripped = new StringBuilder();
            for (String part : path.split("\\.", -1)) {
                if (!stripped.isEmpty()) {
                    stripped.append('.');
                }
                stripped.append(part.startsWith("_") && part.length() > 1 ? part.substring(1) : part);
            }
            exposed.putIfAbsent(stripped.toString(), e);
        }

        int fieldCount;

        FieldDecoder type(String name, CtfType type, String path) {
            if (++fieldCount > MAX_FIELDS) {
                throw error("types that expand to more than " + MAX_FIELDS + " fields");
            }
            boolean exposedHere = path != null;
            return switch (type) {
                case CtfType.Int i -> integer(name, i, path);
                case CtfType.Enum e -> integer(name, e.container(), path);
                case CtfType.Float fl -> new FloatDecoder(fl.sizeBits(), fl.alignBits(), little(fl.order()));
                case CtfType.Str s -> new StringDecoder(exposedHere ? texts++ : -1);
                case CtfType.Struct s -> struct(s, exposedHere ? path + "." : null);
                case CtfType.Variant v -> variant(v);
                case CtfType.Array a -> array(a, exposedHere);
                case CtfType.Sequence q -> sequence(q, exposedHere);
            };
        }

        IntDecoder integer(String name, CtfType.Int i, String path) {
            boolean updatesClock = i.clock() != null && !"timestamp_end".equals(path);
            if (updatesClock && clock == null) {
                clock = i.clock();
            }
            return new IntDecoder(i.sizeBits(), i.alignBits(), i.signed(), little(i.order()), ints++, updatesClock,
                    eventHeader && name.equals("id"));
        }

        int lookup(String path, String what) {
            String last = path.substring(path.lastIndexOf('.') + 1);
            for (Map<String, Integer> scope : scopes) {
                Integer slot = scope.get(last);
                if (slot != null) {
                    return slot;
                }
            }
            throw error(what + " '" + path + "' names no integer field declared before it");
        }

        FieldDecoder variant(CtfType.Variant v) {
            int tagSlot = lookup(v.tag(), "the variant tag");
            CtfType.Enum tag = enumsBySlot.get(tagSlot);
            if (tag == null) {
                throw error("the variant tag '" + v.tag() + "' is not an enum");
            }
            Map<String, Integer> optionIndex = new HashMap<>();
            FieldDecoder[] options = new FieldDecoder[v.options().size()];
            for (int i = 0; i < options.length; i++) {
                CtfType.Field option = v.options().get(i);
                optionIndex.put(option.name(), i);
                scopes.push(new HashMap<>());
                options[i] = field(option.name(), option.type(), null);
                scopes.pop();
            }
            int[] byMapping = new int[tag.mappings().size()];
            for (int m = 0; m < byMapping.length; m++) {
                byMapping[m] = optionIndex.getOrDefault(tag.mappings().get(m).label(), -1);
            }
            return new VariantDecoder(tagSlot, tag, byMapping, options);
        }

        FieldDecoder array(CtfType.Array a, boolean top) {
            if (a.element() instanceof CtfType.Int i && i.text() && i.sizeBits() == 8) {
                return new TextArrayDecoder(i.alignBits(), a.length(), -1, top ? texts++ : -1);
            }
            scopes.push(new HashMap<>());
            FieldDecoder element = type("", a.element(), null);
            scopes.pop();
            return new ArrayDecoder(element, a.length(), -1);
        }

        FieldDecoder sequence(CtfType.Sequence q, boolean top) {
            int lengthSlot = lookup(q.lengthRef(), "the sequence length");
            if (q.element() instanceof CtfType.Int i && i.text() && i.sizeBits() == 8) {
                return new TextArrayDecoder(i.alignBits(), -1, lengthSlot, top ? texts++ : -1);
            }
            scopes.push(new HashMap<>());
            FieldDecoder element = type("", q.element(), null);
            scopes.pop();
            return new ArrayDecoder(element, -1, lengthSlot);
        }
    }

    /** An integer or an enum's value, sign-extended when signed. */
    static final class IntDecoder extends FieldDecoder {
        final int size;
        final boolean signed;
        final boolean little;
        final int slot;
        final boolean updatesClock;
        final boolean setsId;

        IntDecoder(int size, int alignBits, boolean signed, boolean little, int slot, boolean updatesClock,
                   boolean setsId) {
            super(alignBits, size);
            this.size = size;
            this.signed = signed;
            this.little = little;
            this.slot = slot;
            this.updatesClock = updatesClock;
            this.setsId = setsId;
        }

        @Override
        void decode(BitCursor c, Frame f) {
            c.align(alignBits);
            long v = c.read(size, little);
            if (signed && size < 64) {
                v = (v << (64 - size)) >> (64 - size);
            }
            f.ints()[slot] = v;
            if (updatesClock) {
                c.updateClock(v, size);
            }
            if (setsId) {
                c.eventId = v;
            }
        }
    }

    /** A float: read past (the views expose integers and texts only). */
    static final class FloatDecoder extends FieldDecoder {
        final int size;
        final boolean little;

        FloatDecoder(int size, int alignBits, boolean little) {
            super(alignBits, size);
            this.size = size;
            this.little = little;
        }

        @Override
        void decode(BitCursor c, Frame f) {
            c.align(alignBits);
            c.read(size, little);
        }
    }

    /** A decoder whose value is text kept in a slot (-1: read past). */
    abstract static sealed class TextDecoder extends FieldDecoder {
        TextDecoder(int alignBits, long minBits) {
            super(alignBits, minBits);
        }

        abstract int textSlot();
    }

    static final class StringDecoder extends TextDecoder {
        final int slot;

        StringDecoder(int slot) {
            super(8, 8);
            this.slot = slot;
        }

        @Override
        int textSlot() {
            return slot;
        }

        @Override
        void decode(BitCursor c, Frame f) {
            String s = c.readString();
            if (slot >= 0) {
                f.texts()[slot] = s;
            }
        }
    }

    /** An array or sequence of 8-bit text characters: a string up to its first NUL. */
    static final class TextArrayDecoder extends TextDecoder {
        final long length;
        final int lengthSlot;
        final int slot;

        TextArrayDecoder(int alignBits, long length, int lengthSlot, int slot) {
            super(alignBits, length > 0 ? Math.min(length, Long.MAX_VALUE / 16) * 8 : 0);
            this.length = length;
            this.lengthSlot = lengthSlot;
            this.slot = slot;
        }

        @Override
        int textSlot() {
            return slot;
        }

        @Override
        void decode(BitCursor c, Frame f) {
            long n = lengthSlot >= 0 ? f.ints()[lengthSlot] : length;
            c.align(alignBits);
            if (n < 0 || (c.positionBits & 7) != 0) {
                if (n < 0) {
                    throw c.error("a text sequence of " + Long.toUnsignedString(n) + " bytes");
                }
                c.skip(n * 8);
                return;
            }
            String s = c.readText(n);
            if (slot >= 0) {
                f.texts()[slot] = s;
            }
        }
    }

    static final class StructDecoder extends FieldDecoder {
        final FieldDecoder[] members;

        StructDecoder(FieldDecoder[] members, int declaredAlignBits) {
            super(alignOf(members, declaredAlignBits), sumOf(members));
            this.members = members;
        }

        /** A struct aligns as its most aligned member, or as its {@code align} attribute when that is more. */
        private static int alignOf(FieldDecoder[] members, int declared) {
            int align = Math.max(1, declared);
            for (FieldDecoder m : members) {
                align = Math.max(align, m.alignBits);
            }
            return align;
        }

        private static long sumOf(FieldDecoder[] members) {
            long sum = 0;
            for (FieldDecoder m : members) {
                sum = Math.min(Long.MAX_VALUE / 4, sum + m.minBits);
            }
            return sum;
        }

        @Override
        void decode(BitCursor c, Frame f) {
            c.align(alignBits);
            for (FieldDecoder m : members) {
                m.decode(c, f);
            }
        }
    }

    static final class VariantDecoder extends FieldDecoder {
        final int tagSlot;
        final CtfType.Enum tag;
        final int[] optionByMapping;
        final FieldDecoder[] options;

        VariantDecoder(int tagSlot, CtfType.Enum tag, int[] optionByMapping, FieldDecoder[] options) {
            super(1, java.util.Arrays.stream(options).mapToLong(o -> o.minBits).min().orElse(0));
            this.tagSlot = tagSlot;
            this.tag = tag;
            this.optionByMapping = optionByMapping;
            this.options = options;
        }

        @Override
        void decode(BitCursor c, Frame f) {
            long value = f.ints()[tagSlot];
            List<CtfType.Mapping> mappings = tag.mappings();
            for (int m = 0; m < mappings.size(); m++) {
                CtfType.Mapping mapping = mappings.get(m);
                boolean in = tag.container().signed() ? value >= mapping.low() && value <= mapping.high()
                        : Long.compareUnsigned(value, mapping.low()) >= 0
                        && Long.compareUnsigned(value, mapping.high()) <= 0;
                if (in) {
                    if (optionByMapping[m] < 0) {
                        throw c.error("variant tag value " + value + " ('" + mapping.label() + "') selects no option");
                    }
                    options[optionByMapping[m]].decode(c, f);
                    return;
                }
            }
            throw c.error("variant tag value " + value + " has no label in its enum");
        }
    }

    /** A static array ({@code length} >= 0) or a sequence (its length in {@code lengthSlot}) of any element. */
    static final class ArrayDecoder extends FieldDecoder {
        final FieldDecoder element;
        final long length;
        final int lengthSlot;
        final long elementMinBits;

        ArrayDecoder(FieldDecoder element, long length, int lengthSlot) {
            super(element.alignBits, length > 0 && element.minBits > 0
                    ? (length > Long.MAX_VALUE / 4 / element.minBits ? Long.MAX_VALUE / 4 : length * element.minBits) : 0);
            this.element = element;
            this.length = length;
            this.lengthSlot = lengthSlot;
            this.elementMinBits = element.minBits;
        }

        @Override
        void decode(BitCursor c, Frame f) {
            long n = lengthSlot >= 0 ? f.ints()[lengthSlot] : length;
            c.align(alignBits);
            if (n == 0) {
                return;
            }
            if (elementMinBits == 0) {
                // elements that may take no bits: stop at the first that takes none, the rest would decode the same
                // nothing, and a garbage length must not loop billions of times
                for (long i = 0; i != n; i++) {
                    long before = c.positionBits;
                    element.decode(c, f);
                    if (c.positionBits == before) {
                        return;
                    }
                }
                return;
            }
            long left = c.limitBits() - c.positionBits;
            if (n < 0 || n > left / elementMinBits) {
                throw c.error("an array of " + Long.toUnsignedString(n) + " elements runs past the end of the"
                        + " packet's content");
            }
            for (long i = 0; i < n; i++) {
                element.decode(c, f);
            }
        }
    }
}
