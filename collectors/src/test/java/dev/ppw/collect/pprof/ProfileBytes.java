package dev.ppw.collect.pprof;

import com.google.protobuf.CodedOutputStream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A pprof {@code Profile} written field by field for the tests, in any order and with any mistakes, with the
 * field numbers of google/pprof's proto/profile.proto spelled out here rather than taken from the reader.
 */
final class ProfileBytes {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    /** Profile.sample_type (1): ValueType{type (1), unit (2)}. */
    ProfileBytes sampleType(long type, long unit) {
        return add(1, varint(1, type), varint(2, unit));
    }

    /** Profile.sample (2): Sample{location_id (1, packed), value (2, packed)}. */
    ProfileBytes sample(long[] locationIds, long... values) {
        return add(2, packed(1, locationIds), packed(2, values));
    }

    /** A Sample with a label (3): Label{key (1), str (2)}. */
    ProfileBytes labelledSample(long[] locationIds, long key, long str, long... values) {
        return add(2, packed(1, locationIds), packed(2, values), msg(3, varint(1, key), varint(2, str)));
    }

    /** Profile.mapping (3): Mapping{id (1), memory_start (2), file_offset (4), filename (5)}. */
    ProfileBytes mapping(long id, long start, long offset, long filename) {
        return add(3, varint(1, id), varint(2, start), varint(4, offset), varint(5, filename));
    }

    /** Profile.location (4): Location{id (1), mapping_id (2), address (3), line (4): Line{function_id (1), line (2)}}. */
    ProfileBytes location(long id, long mappingId, long address, long... functionAndLine) {
        byte[][] parts = new byte[3 + functionAndLine.length / 2][];
        parts[0] = varint(1, id);
        parts[1] = varint(2, mappingId);
        parts[2] = varint(3, address);
        for (int i = 0; i < functionAndLine.length / 2; i++) {
            parts[3 + i] = msg(4, varint(1, functionAndLine[2 * i]), varint(2, functionAndLine[2 * i + 1]));
        }
        return add(4, parts);
    }

    /** Profile.function (5): Function{id (1), name (2), system_name (3), filename (4)}. */
    ProfileBytes function(long id, long name, long file) {
        return add(5, varint(1, id), varint(2, name), varint(3, name), varint(4, file));
    }

    /** Profile.string_table (6), one entry per string. */
    ProfileBytes strings(String... table) {
        for (String s : table) {
            raw(tag(6, 2));
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            raw(varintBytes(utf8.length));
            raw(utf8);
        }
        return this;
    }

    /** Profile.period_type (11) and period (12). */
    ProfileBytes period(long type, long unit, long period) {
        add(11, varint(1, type), varint(2, unit));
        return raw(varint(12, period));
    }

    /** Profile.default_sample_type (14). */
    ProfileBytes defaultSampleType(long type) {
        return raw(varint(14, type));
    }

    ProfileBytes raw(byte[] b) {
        bytes.writeBytes(b);
        return this;
    }

    byte[] bytes() {
        return bytes.toByteArray();
    }

    private ProfileBytes add(int field, byte[]... parts) {
        return raw(msg(field, parts));
    }

    static byte[] msg(int field, byte[]... parts) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            body.writeBytes(p);
        }
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.writeBytes(tag(field, 2));
        m.writeBytes(varintBytes(body.size()));
        m.writeBytes(body.toByteArray());
        return m.toByteArray();
    }

    static byte[] varint(int field, long value) {
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.writeBytes(tag(field, 0));
        m.writeBytes(varintBytes(value));
        return m.toByteArray();
    }

    private static byte[] packed(int field, long[] values) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (long v : values) {
            body.writeBytes(varintBytes(v));
        }
        ByteArrayOutputStream m = new ByteArrayOutputStream();
        m.writeBytes(tag(field, 2));
        m.writeBytes(varintBytes(body.size()));
        m.writeBytes(body.toByteArray());
        return m.toByteArray();
    }

    static byte[] tag(int field, int wire) {
        return varintBytes((long) field << 3 | wire);
    }

    static byte[] varintBytes(long value) {
        byte[] b = new byte[CodedOutputStream.computeUInt64SizeNoTag(value)];
        CodedOutputStream o = CodedOutputStream.newInstance(b);
        try {
            o.writeUInt64NoTag(value);
            o.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b;
    }
}
