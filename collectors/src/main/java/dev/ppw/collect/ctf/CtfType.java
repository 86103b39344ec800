package dev.ppw.collect.ctf;

import java.util.List;

/**
 * A TSDL field type as the metadata declares it, before it is compiled into a {@link FieldDecoder}. Sizes and
 * alignments are in bits, as TSDL writes them. Types are shared by the aliases that name them (a graph, not a
 * tree): walking one is left to the compiler, which bounds it.
 */
sealed interface CtfType {
    /** A byte order as written; {@link #NATIVE} is the trace's, known only once its {@code trace} block is read. */
    enum Order { NATIVE, LITTLE, BIG }

    /** {@code integer { ... }}; {@code clock} names the clock it maps to ({@code map = clock.X.value}), else null. */
    record Int(int sizeBits, int alignBits, boolean signed, Order order, boolean text, String clock) implements CtfType {
    }

    /** {@code floating_point { exp_dig; mant_dig; }}: 32 or 64 bits in all. */
    record Float(int sizeBits, int alignBits, Order order) implements CtfType {
    }

    /** A NUL-terminated string. */
    record Str() implements CtfType {
    }

    /** One label of an enum: the values {@code low..high} (inclusive, compared as the container's sign says). */
    record Mapping(String label, long low, long high) {
    }

    /** {@code enum : container { label = value, label = low ... high }}. */
    record Enum(Int container, List<Mapping> mappings) implements CtfType {
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
    }

    /** {@code variant <tag> { options }}: the option whose name is the tag enum's label. */
    record Variant(String tag, List<Field> options) implements CtfType {
    }

    /** {@code element name[length]}. */
    record Array(CtfType element, long length) implements CtfType {
    }

    /** {@code element name[lengthField]}: as many elements as the integer field {@code lengthRef} says. */
    record Sequence(CtfType element, String lengthRef) implements CtfType {
    }
}
