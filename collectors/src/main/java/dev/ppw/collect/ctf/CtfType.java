package dev.ppw.collect.ctf;

import java.util.List;

/**
 * A TSDL field type as the metadata declares it, before it is compiled into a {@link FieldDecoder}. Sizes and
 * alignments are in bits, as TSDL writes them.
 */
sealed interface CtfType {
    /** A byte order as written; {@link #NATIVE} is the trace's, known only once its {@code trace} block is read. */
    enum Order { NATIVE, LITTLE, BIG }

    /** The fewest bits a value of this type takes (0 when it may take none): bounds element counts on garbage. */
    long minBits();

    /** The alignment of a value of this type, in bits (at least 1). */
    int alignBits();

    /** {@code integer { ... }}; {@code clock} names the clock it maps to ({@code map = clock.X.value}), else null. */
    record Int(int sizeBits, int alignBits, boolean signed, Order order, boolean text, String clock) implements CtfType {
        @Override
        public long minBits() {
            return sizeBits;
        }
    }

    /** {@code floating_point { exp_dig; mant_dig; }}: 32 or 64 bits in all. */
    record Float(int sizeBits, int alignBits, Order order) implements CtfType {
        @Override
        public long minBits() {
            return sizeBits;
        }
    }

    /** A NUL-terminated string. */
    record Str() implements CtfType {
        @Override
        public long minBits() {
            return 8;
        }

        @Override
        public int alignBits() {
            return 8;
        }
    }

    /** One label of an enum: the values {@code low..high} (inclusive, compared as the container's sign says). */
    record Mapping(String label, long low, long high) {
    }

    /** {@code enum : container { label = value, label = low ... high }}. */
    record Enum(Int container, List<Mapping> mappings) implements CtfType {
        @Override
        public long minBits() {
            return container.sizeBits();
        }

        @Override
        public int alignBits() {
            return container.alignBits();
        }

        /** The label of {@code value}, or null when no mapping holds it. */
        String label(long value) {
            for (Mapping m : mappings) {
                boolean in = container.signed() ? value >= m.low() && value <= m.high()
                        : Long.compareUnsigned(value, m.low()) >= 0 && Long.compareUnsigned(value, m.high()) <= 0;
                if (in) {
                    return m.label();
                }
            }
            return null;
        }
    }

    /** A named member of a struct or an option of a variant, named as the metadata writes it. */
    record Field(String name, CtfType type) {
    }

    /** {@code struct { fields } align(n)}: {@code declaredAlignBits} is the {@code align} attribute, else 1. */
    record Struct(List<Field> fields, int declaredAlignBits) implements CtfType {
        @Override
        public long minBits() {
            long sum = 0;
            for (Field f : fields) {
                sum = Math.min(Long.MAX_VALUE / 2, sum + f.type().minBits());
            }
            return sum;
        }

        @Override
        public int alignBits() {
            int align = Math.max(1, declaredAlignBits);
            for (Field f : fields) {
                align = Math.max(align, f.type().alignBits());
            }
            return align;
        }
    }

    /** {@code variant <tag> { options }}: the option whose name is the tag enum's label. */
    record Variant(String tag, List<Field> options) implements CtfType {
        @Override
        public long minBits() {
            long min = Long.MAX_VALUE;
            for (Field f : options) {
                min = Math.min(min, f.type().minBits());
            }
            return options.isEmpty() ? 0 : min;
        }

        @Override
        public int alignBits() {
            return 1;
        }
    }

    /** {@code element name[length]}. */
    record Array(CtfType element, long length) implements CtfType {
        @Override
        public long minBits() {
            long each = element.minBits();
            return each == 0 ? 0 : (length > Long.MAX_VALUE / 2 / each ? Long.MAX_VALUE / 2 : each * length);
        }

        @Override
        public int alignBits() {
            return element.alignBits();
        }
    }

    /** {@code element name[lengthField]}: as many elements as the integer field {@code lengthRef} says. */
    record Sequence(CtfType element, String lengthRef) implements CtfType {
        @Override
        public long minBits() {
            return 0;
        }

        @Override
        public int alignBits() {
            return element.alignBits();
        }
    }
}
