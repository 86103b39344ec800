package dev.ppw.collect.pprof;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.WireFormat;
import dev.ppw.collect.folded.FoldedFormat;
import dev.ppw.model.BadInputException;
import dev.ppw.model.DiagnosticKind;
import dev.ppw.model.Diagnostics;
import dev.ppw.model.EventSink;
import dev.ppw.model.FrameTable;
import dev.ppw.model.Metric;
import dev.ppw.model.MetricUnit;
import dev.ppw.model.NameTable;
import dev.ppw.model.SampleWeights;
import org.eclipse.collections.api.map.primitive.MutableLongObjectMap;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.map.mutable.primitive.LongObjectHashMap;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.ZipException;

/**
 * Reads one pprof {@code Profile} into a sink (what is read and how is {@link PprofFormat}'s to say), in two
 * walks over the content: the first keeps the tables (sample types, string table, mappings, locations,
 * functions) and skips the samples, the second streams the samples, since writers put the string table after
 * the samples that need it. Memory holds the tables (as big as the program's symbols, not its samples) and one
 * sample.
 */
final class PprofReader {
    /** The note of a sample whose labels were left out: the tree has no place for them. */
    static final DiagnosticKind LABELS_IGNORED = DiagnosticKind.note("pprof_labels_ignored");
    /** The note of a sample type left out: a second one in time, whose nanoseconds would add to the first's. */
    static final DiagnosticKind SAMPLE_TYPE_SKIPPED = DiagnosticKind.note("pprof_sample_type_skipped");
    /**
     * The warning of a field profile.proto does not define (or not with its wire type), whose content the reader
     * cannot place and skips (a damaged tag, another message): said with its byte offset.
     */
    static final DiagnosticKind UNKNOWN_FIELD = DiagnosticKind.warning("unknown_field",
            "field the format does not define (its content skipped)",
            "fields the format does not define (their content skipped)");
    /** The note of a sample type whose unit is neither time, count nor bytes: read as a count. */
    static final DiagnosticKind UNKNOWN_UNIT = DiagnosticKind.note("pprof_unknown_unit");

    private static final int TAG_TYPE_BITS = 3;
    /**
     * The deepest stack read, as the perf reader's: far beyond any profiler's, and a bound on memory: a 9.8 KB
     * gzipped profile can hold one sample of 10 million location ids, whose tree alone would take gigabytes.
     */
    static final int MAX_DEPTH = 1 << 16;

    private final String input;
    private final EventSink sink;
    private final Diagnostics diagnostics;

    // The first walk's tables.
    private final LongArrayList typeStrings = new LongArrayList();
    private final LongArrayList unitStrings = new LongArrayList();
    private final List<String> strings = new ArrayList<>();
    private final MutableLongObjectMap<long[]> mappings = new LongObjectHashMap<>();
    private final MutableLongObjectMap<long[]> functions = new LongObjectHashMap<>();
    private final MutableLongObjectMap<long[]> locationsRaw = new LongObjectHashMap<>();
    private long periodTypeUnit = -1;
    private long period;
    private long defaultSampleType;
    /** Where the fields resolved after the first walk start, in bytes of the content: for the messages. */
    private final LongArrayList typeOffsets = new LongArrayList();
    private long defaultSampleTypeOffset;
    private long periodTypeOffset;
    private long firstStringOffset;
    private long firstSampleOffset = -1;
    private long sampleRecords;

    /** Per location id: its frames outermost first, as name ids (regions and the place in each). */
    private final MutableLongObjectMap<int[][]> locations = new LongObjectHashMap<>();
    /** Per sample value: its weight, or null when left out; {@link #timeScale} for the one in time. */
    private Metric[] weights;
    private long[] scale;
    private int primary;
    private int countIndex = -1;
    private long periodNanos;

    /** Where the top-level field being read starts, in bytes of the content. */
    private long offset;

    PprofReader(String input, EventSink sink) {
        this.input = input;
        this.sink = sink;
        this.diagnostics = sink.diagnostics();
    }

    /** The first walk: every table, no sample. */
    void readTables(InputStream content) throws IOException {
        walk(CodedInputStream.newInstance(content), false);
        resolve();
    }

    /** The second walk: every sample, into the sink. Needs {@link #readTables} first. */
    void readSamples(InputStream content) throws IOException {
        walk(CodedInputStream.newInstance(content), true);
    }

    /** {@link #readTables} of a content held in memory. */
    void readTables(byte[] content) throws IOException {
        walk(CodedInputStream.newInstance(content), false);
        resolve();
    }

    /** {@link #readSamples} of a content held in memory. */
    void readSamples(byte[] content) throws IOException {
        walk(CodedInputStream.newInstance(content), true);
    }

    private void walk(CodedInputStream in, boolean samples) throws IOException {
        offset = 0;
        long sampleIndex = 0;
        try {
            while (true) {
                in.resetSizeCounter();
                int tag = in.readTag();
                if (tag == 0) {
                    return;
                }
                int field = tag >>> TAG_TYPE_BITS;
                int wire = tag & 7;
                if (samples) {
                    if (field == Proto.PROFILE_SAMPLE) {
                        expect(wire, WireFormat.WIRETYPE_LENGTH_DELIMITED, "Profile.sample");
                        sample(in, sampleIndex++);
                    } else {
                        in.skipField(tag);
                    }
                } else {
                    if (field == Proto.PROFILE_SAMPLE) {
                        if (sampleRecords++ == 0) {
                            firstSampleOffset = offset;
                        }
                    }
                    table(in, field, wire, tag);
                }
                offset += in.getTotalBytesRead();
            }
        } catch (EOFException e) {
            throw new BadInputException(input + ": byte " + offset + ": the input ends inside a field of the profile"
                    + " (a cut file)", e);
        } catch (ZipException e) {
            throw new BadInputException(input + ": byte " + offset + ": corrupt gzip data: " + e.getMessage(), e);
        } catch (InvalidProtocolBufferException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("While parsing a protocol message, the input ended")) {
                // A length that runs past the end: said at the field it belongs to, never read as less data.
                throw new BadInputException(input + ": byte " + offset + ": the field that starts here says it is"
                        + " longer than what follows it in the input (a cut or damaged file)", e);
            }
            String why = e.getMessage() == null ? "malformed protobuf" : e.getMessage().replace('\n', ' ');
            throw new BadInputException(input + ": byte " + (offset + in.getTotalBytesRead())
                    + ": not a pprof profile: " + why, e);
        }
    }

    private void expect(int wire, int wanted, String what) throws InvalidProtocolBufferException {
        if (wire != wanted) {
            throw new InvalidProtocolBufferException(what + " has wire type " + wire + ", not " + wanted);
        }
    }

    private void table(CodedInputStream in, int field, int wire, int tag) throws IOException {
        switch (field) {
            case Proto.PROFILE_SAMPLE_TYPE -> {
                expect(wire, WireFormat.WIRETYPE_LENGTH_DELIMITED, "Profile.sample_type");
                long[] vt = valueType(in);
                typeStrings.add(vt[0]);
                unitStrings.add(vt[1]);
                typeOffsets.add(offset);
            }
            case Proto.PROFILE_MAPPING -> {
                expect(wire, WireFormat.WIRETYPE_LENGTH_DELIMITED, "Profile.mapping");
                mapping(in);
            }
            case Proto.PROFILE_LOCATION -> {
                expect(wire, WireFormat.WIRETYPE_LENGTH_DELIMITED, "Profile.location");
                location(in);
            }
            case Proto.PROFILE_FUNCTION -> {
                expect(wire, WireFormat.WIRETYPE_LENGTH_DELIMITED, "Profile.function");
                function(in);
            }
            case Proto.PROFILE_STRING_TABLE -> {
                expect(wire, WireFormat.WIRETYPE_LENGTH_DELIMITED, "Profile.string_table");
                if (strings.isEmpty()) {
                    firstStringOffset = offset;
                }
                strings.add(in.readString());
            }
            case Proto.PROFILE_PERIOD_TYPE -> {
                expect(wire, WireFormat.WIRETYPE_LENGTH_DELIMITED, "Profile.period_type");
                periodTypeUnit = valueType(in)[1];
                periodTypeOffset = offset;
            }
            case Proto.PROFILE_PERIOD -> {
                expect(wire, WireFormat.WIRETYPE_VARINT, "Profile.period");
                period = in.readInt64();
            }
            case Proto.PROFILE_DEFAULT_SAMPLE_TYPE -> {
                expect(wire, WireFormat.WIRETYPE_VARINT, "Profile.default_sample_type");
                defaultSampleType = in.readInt64();
                defaultSampleTypeOffset = offset;
            }
            default -> skip(in, tag, "Profile", Proto.PROFILE_UNREAD);
        }
    }

    /**
     * Passes over a field the reader does not use: silently when profile.proto defines it with this wire type
     * ({@code known[field]}, a wire type, or -1 for no such field), else as an {@code unknown_field} warning naming
     * it and its byte offset: content in a field no profile.proto has (a damaged tag, a different message) is not
     * dropped without a word.
     */
    private void skip(CodedInputStream in, int tag, String message, int[] known) throws IOException {
        int field = tag >>> TAG_TYPE_BITS;
        int wire = tag & 7;
        long at = offset + in.getTotalBytesRead() - CodedOutputStream.computeUInt32SizeNoTag(tag);
        if (field < known.length && known[field] == wire
                || field < known.length && known[field] == Proto.PACKED_OR_VARINT
                && (wire == WireFormat.WIRETYPE_VARINT || wire == WireFormat.WIRETYPE_LENGTH_DELIMITED)) {
            in.skipField(tag);
            return;
        }
        int before = in.getTotalBytesRead();
        in.skipField(tag);
        diagnostics.warn(UNKNOWN_FIELD, input + ": byte " + at + ": field " + field + " of " + message + " (wire type "
                + wire + ", " + (in.getTotalBytesRead() - before) + " bytes) is no field profile.proto defines"
                + (field < known.length && known[field] >= 0 ? " with that wire type" : "") + "; its content is skipped");
    }

    /** A ValueType: {type, unit}, string indices. */
    private long[] valueType(CodedInputStream in) throws IOException {
        long[] vt = new long[2];
        int old = in.pushLimit(in.readRawVarint32());
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            switch (tag >>> TAG_TYPE_BITS) {
                case Proto.VALUE_TYPE_TYPE -> vt[0] = varint(in, tag, "ValueType.type");
                case Proto.VALUE_TYPE_UNIT -> vt[1] = varint(in, tag, "ValueType.unit");
                default -> skip(in, tag, "ValueType", Proto.VALUE_TYPE_UNREAD);
            }
        }
        in.popLimit(old);
        return vt;
    }

    private static long varint(CodedInputStream in, int tag, String what) throws IOException {
        if ((tag & 7) != WireFormat.WIRETYPE_VARINT) {
            throw new InvalidProtocolBufferException(what + " has wire type " + (tag & 7) + ", not a varint");
        }
        return in.readRawVarint64();
    }

    /** A Mapping: kept as {memory_start, file_offset, filename, the byte it starts at}. */
    private void mapping(CodedInputStream in) throws IOException {
        long id = 0;
        long[] m = new long[4];
        m[3] = offset;
        int old = in.pushLimit(in.readRawVarint32());
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            switch (tag >>> TAG_TYPE_BITS) {
                case Proto.MAPPING_ID -> id = varint(in, tag, "Mapping.id");
                case Proto.MAPPING_MEMORY_START -> m[0] = varint(in, tag, "Mapping.memory_start");
                case Proto.MAPPING_FILE_OFFSET -> m[1] = varint(in, tag, "Mapping.file_offset");
                case Proto.MAPPING_FILENAME -> m[2] = varint(in, tag, "Mapping.filename");
                default -> skip(in, tag, "Mapping", Proto.MAPPING_UNREAD);
            }
        }
        in.popLimit(old);
        mappings.put(id, m);
    }

    /** A Function: kept as {name, system_name, filename, the byte it starts at}. */
    private void function(CodedInputStream in) throws IOException {
        long id = 0;
        long[] f = new long[4];
        f[3] = offset;
        int old = in.pushLimit(in.readRawVarint32());
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            switch (tag >>> TAG_TYPE_BITS) {
                case Proto.FUNCTION_ID -> id = varint(in, tag, "Function.id");
                case Proto.FUNCTION_NAME -> f[0] = varint(in, tag, "Function.name");
                case Proto.FUNCTION_SYSTEM_NAME -> f[1] = varint(in, tag, "Function.system_name");
                case Proto.FUNCTION_FILENAME -> f[2] = varint(in, tag, "Function.filename");
                default -> skip(in, tag, "Function", Proto.FUNCTION_UNREAD);
            }
        }
        in.popLimit(old);
        functions.put(id, f);
    }

    /** Set while a Location is read when it has more lines than {@link #MAX_DEPTH}. */
    private boolean tooManyLines;
    /** Locations of more lines than a stack may have: a sample through one is skipped. */
    private final org.eclipse.collections.api.set.primitive.MutableLongSet deepLocations =
            new org.eclipse.collections.impl.set.mutable.primitive.LongHashSet();

    /** A Location: kept as {mapping_id, address, then function_id and line of each Line}. */
    private void location(CodedInputStream in) throws IOException {
        tooManyLines = false;
        long id = 0;
        LongArrayList l = new LongArrayList(4);
        l.add(0);
        l.add(0);
        int old = in.pushLimit(in.readRawVarint32());
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            switch (tag >>> TAG_TYPE_BITS) {
                case Proto.LOCATION_ID -> id = varint(in, tag, "Location.id");
                case Proto.LOCATION_MAPPING_ID -> l.set(0, varint(in, tag, "Location.mapping_id"));
                case Proto.LOCATION_ADDRESS -> l.set(1, varint(in, tag, "Location.address"));
                case Proto.LOCATION_LINE -> {
                    expect(tag & 7, WireFormat.WIRETYPE_LENGTH_DELIMITED, "Location.line");
                    if (l.size() - 2 >= 2 * MAX_DEPTH) {
                        // A location of more inlined frames than a stack may have: its lines are counted, not kept.
                        tooManyLines = true;
                        in.skipField(tag);
                    } else {
                        line(in, l);
                    }
                }
                default -> skip(in, tag, "Location", Proto.LOCATION_UNREAD);
            }
        }
        in.popLimit(old);
        if (tooManyLines) {
            deepLocations.add(id);
            locationsRaw.put(id, new long[] {l.get(0), l.get(1)});
        } else {
            locationsRaw.put(id, l.toArray());
        }
    }

    private void line(CodedInputStream in, LongArrayList into) throws IOException {
        long functionId = 0;
        long line = 0;
        int old = in.pushLimit(in.readRawVarint32());
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            switch (tag >>> TAG_TYPE_BITS) {
                case Proto.LINE_FUNCTION_ID -> functionId = varint(in, tag, "Line.function_id");
                case Proto.LINE_LINE -> line = varint(in, tag, "Line.line");
                default -> skip(in, tag, "Line", Proto.LINE_UNREAD);
            }
        }
        in.popLimit(old);
        into.add(functionId);
        into.add(line);
    }

    /** String {@code index} of the table, named by {@code what}, a field that starts at byte {@code atByte}. */
    private String string(long index, String what, long atByte) {
        if (index < 0 || index >= strings.size()) {
            throw new BadInputException(input + ": byte " + atByte + ": not a pprof profile: " + what + " names string "
                    + index
                    + " of a string table of " + strings.size());
        }
        return strings.get((int) index);
    }

    /** After the first walk: the weights of the sample values and each location's frames as name ids. */
    private void resolve() {
        if (!strings.isEmpty() && !strings.getFirst().isEmpty()) {
            throw new BadInputException(input + ": byte " + firstStringOffset
                    + ": not a pprof profile: the string table's first string is not empty");
        }
        int types = typeStrings.size();
        if (types == 0 && sampleRecords > 0) {
            throw new BadInputException(input + ": byte " + firstSampleOffset + ": not a pprof profile: " + sampleRecords
                    + " samples and no sample_type to say what their values are");
        }
        weights = new Metric[types];
        scale = new long[types];
        String defaultType = defaultSampleType == 0 ? null : string(defaultSampleType, "default_sample_type", defaultSampleTypeOffset);
        primary = types - 1;
        int timeIndex = -1;
        for (int i = 0; i < types; i++) {
            String type = string(typeStrings.get(i), "sample_type " + i, typeOffsets.get(i));
            String unit = string(unitStrings.get(i), "sample_type " + i, typeOffsets.get(i));
            if (type.equals(defaultType)) {
                primary = i;
            }
            if (nanosPer(unit) > 0 && (timeIndex < 0 || type.equals(defaultType) && !typeOf(timeIndex).equals(defaultType))) {
                timeIndex = i;
            }
            if (type.equals("samples") && unit.equals("count") && countIndex < 0) {
                countIndex = i;
            }
        }
        Set<String> taken = new HashSet<>();
        taken.add(SampleWeights.TIME.name());
        for (int i = 0; i < types; i++) {
            String type = typeOf(i);
            String unit = string(unitStrings.get(i), "sample_type " + i, typeOffsets.get(i));
            long nanos = nanosPer(unit);
            if (nanos > 0) {
                if (i == timeIndex) {
                    weights[i] = SampleWeights.TIME;
                    scale[i] = nanos;
                } else {
                    diagnostics.note(SAMPLE_TYPE_SKIPPED, input + ": sample type " + type + "/" + unit
                            + ": a second one in time (the profile's time is " + typeOf(timeIndex) + ")");
                }
                continue;
            }
            scale[i] = 1;
            weights[i] = i == countIndex ? FoldedFormat.SAMPLES : declare(type, unit, taken);
            taken.add(weights[i].name());
        }
        if (types > 0 && weights[primary] == null) {
            primary = timeIndex;
        }
        if (timeIndex < 0 && countIndex >= 0 && period > 0 && periodTypeUnit > 0) {
            long nanos = nanosPer(string(periodTypeUnit, "period_type", periodTypeOffset));
            periodNanos = nanos > 0 ? multiplyOrZero(period, nanos) : 0;
        }
        for (long id : locationsRaw.keysView().toArray()) {
            locations.put(id, frames(locationsRaw.get(id)));
        }
        locationsRaw.clear();
    }

    private String typeOf(int i) {
        return string(typeStrings.get(i), "sample_type " + i, typeOffsets.get(i));
    }

    private Metric declare(String type, String unit, Set<String> taken) {
        MetricUnit u = switch (unit) {
            case "count", "" -> MetricUnit.COUNT;
            case "bytes" -> MetricUnit.BYTES;
            default -> {
                diagnostics.note(UNKNOWN_UNIT, input + ": sample type " + type + " in " + unit + " (read as a count)");
                yield MetricUnit.COUNT;
            }
        };
        String name = snake(type);
        if (taken.contains(name)) {
            name = name + "_" + snake(unit.isEmpty() ? "count" : unit);
        }
        for (int n = 2; taken.contains(name); n++) {
            name = snake(type) + "_" + n;
        }
        return Metric.weight(name, u, name, "pprof sample type " + type + " (" + (unit.isEmpty() ? "no unit" : unit)
                + ")");
    }

    /** Nanoseconds per unit of a time unit pprof writes, or 0 for a unit not in time. */
    static long nanosPer(String unit) {
        return switch (unit) {
            case "nanoseconds", "nanosecond", "ns" -> 1L;
            case "microseconds", "microsecond", "us" -> 1_000L;
            case "milliseconds", "millisecond", "ms" -> 1_000_000L;
            case "seconds", "second", "s" -> 1_000_000_000L;
            default -> 0L;
        };
    }

    /** {@code text} in lower snake case, starting with a letter: a metric's name. */
    static String snake(String text) {
        StringBuilder b = new StringBuilder();
        for (char c : text.toLowerCase(Locale.ROOT).toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                b.append(c);
            } else if (!b.isEmpty() && b.charAt(b.length() - 1) != '_') {
                b.append('_');
            }
        }
        while (!b.isEmpty() && b.charAt(b.length() - 1) == '_') {
            b.setLength(b.length() - 1);
        }
        if (b.isEmpty() || b.charAt(0) < 'a' || b.charAt(0) > 'z') {
            b.insert(0, "pprof_");
        }
        return b.toString();
    }

    private static long multiplyOrZero(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return 0;
        }
    }

    /**
     * A location's frames, outermost first: its lines backwards (the last line is the function the others were
     * inlined into), each as {region, place} name ids; one frame named by its address when it has no line.
     */
    private int[][] frames(long[] raw) {
        NameTable names = sink.frames().names();
        int lines = (raw.length - 2) / 2;
        if (lines == 0) {
            int address = names.intern(address(raw[0], raw[1]));
            return new int[][] {{address, address}};
        }
        int[][] frames = new int[lines][];
        for (int k = 0; k < lines; k++) {
            long functionId = raw[2 + 2 * k];
            long line = raw[3 + 2 * k];
            long[] f = functions.get(functionId);
            String region;
            String file;
            if (f == null) {
                region = address(raw[0], raw[1]);
                file = "";
            } else {
                region = string(f[0], "function " + functionId, f[3]);
                if (region.isEmpty()) {
                    region = string(f[1], "function " + functionId, f[3]);
                }
                if (region.isEmpty()) {
                    region = address(raw[0], raw[1]);
                }
                file = string(f[2], "function " + functionId, f[3]);
            }
            String place = file.isEmpty() || line <= 0 ? "" : file + ":" + line;
            frames[lines - 1 - k] = new int[] {names.intern(region), names.intern(place)};
        }
        return frames;
    }

    /** How a location without a symbol is named: its binary's file name and offset, else its address. */
    private String address(long mappingId, long address) {
        long[] m = mappingId == 0 ? null : mappings.get(mappingId);
        if (m != null) {
            String file = string(m[2], "mapping " + Long.toUnsignedString(mappingId), m[3]);
            if (!file.isEmpty()) {
                String base = file.substring(file.lastIndexOf('/') + 1);
                return base + "+0x" + Long.toHexString(address - m[0] + m[1]);
            }
        }
        return "0x" + Long.toHexString(address);
    }

    // The sample being read, reused.
    private long[] locationIds = new long[64];
    private int locationCount;
    private long[] values = new long[8];
    private int valueCount;
    private int[] regionIds = new int[64];
    private int[] placeIds = new int[64];
    private int[] frameIds = new int[64];
    private int track = -1;

    private void sample(CodedInputStream in, long index) throws IOException {
        locationCount = 0;
        valueCount = 0;
        boolean labelled = false;
        int old = in.pushLimit(in.readRawVarint32());
        while (true) {
            int tag = in.readTag();
            if (tag == 0) {
                break;
            }
            int field = tag >>> TAG_TYPE_BITS;
            if (field == Proto.SAMPLE_LOCATION_ID) {
                readLongs(in, tag, true);
            } else if (field == Proto.SAMPLE_VALUE) {
                readLongs(in, tag, false);
            } else if (field == Proto.SAMPLE_LABEL && (tag & 7) == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
                labelled = true;
                in.skipField(tag);
            } else {
                skip(in, tag, "Sample", Proto.SAMPLE_UNREAD);
            }
        }
        in.popLimit(old);
        if (labelled) {
            diagnostics.note(LABELS_IGNORED);
        }
        fold(index);
    }

    private void readLongs(CodedInputStream in, int tag, boolean locationsNotValues) throws IOException {
        int wire = tag & 7;
        if (wire == WireFormat.WIRETYPE_VARINT) {
            add(in.readRawVarint64(), locationsNotValues);
        } else if (wire == WireFormat.WIRETYPE_LENGTH_DELIMITED) {
            int old = in.pushLimit(in.readRawVarint32());
            while (in.getBytesUntilLimit() > 0) {
                add(in.readRawVarint64(), locationsNotValues);
            }
            in.popLimit(old);
        } else {
            throw new InvalidProtocolBufferException("Sample." + (locationsNotValues ? "location_id" : "value")
                    + " has wire type " + wire);
        }
    }

    private void add(long v, boolean locationsNotValues) {
        if (locationsNotValues) {
            if (locationCount > MAX_DEPTH) {
                // Deeper than any stack read: counted, not kept, so that memory holds what a stack may be.
                locationCount++;
                return;
            }
            if (locationCount == locationIds.length) {
                locationIds = Arrays.copyOf(locationIds, locationCount * 2);
            }
            locationIds[locationCount++] = v;
        } else {
            if (valueCount > weights.length) {
                valueCount++;
                return;
            }
            if (valueCount == values.length) {
                values = Arrays.copyOf(values, valueCount * 2);
            }
            values[valueCount++] = v;
        }
    }

    /** A sample of only zeros weighs nothing: pprof leaves it out, and so does the tree (no call counted). */
    private boolean allZero() {
        for (int i = 0; i < valueCount; i++) {
            if (values[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private String where(long index) {
        return input + ": byte " + offset + ": sample " + (index + 1) + ": ";
    }

    private void fold(long index) {
        if (valueCount != weights.length) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where(index) + valueCount + " values for " + weights.length
                    + " sample types (skipped)");
            return;
        }
        if (locationCount == 0) {
            diagnostics.note(Diagnostics.EMPTY_STACK);
            return;
        }
        if (allZero()) {
            return;
        }
        if (locationCount > MAX_DEPTH) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where(index) + "a stack of " + locationCount
                    + " locations, deeper than the " + MAX_DEPTH + " read (skipped)");
            return;
        }
        for (int i = 0; i < valueCount; i++) {
            if (values[i] < 0) {
                diagnostics.warn(Diagnostics.BAD_EVENT, where(index) + "a negative value " + values[i]
                        + " (a difference of profiles? skipped)");
                return;
            }
            if (weights[i] != null && scale[i] != 1) {
                long scaled = multiplyOrZero(values[i], scale[i]);
                if (scaled == 0 && values[i] != 0) {
                    diagnostics.warn(Diagnostics.BAD_EVENT, where(index) + "a time of " + values[i]
                            + " overflows 64-bit nanoseconds (skipped)");
                    return;
                }
                values[i] = scaled;
            }
        }
        long samples = countIndex >= 0 ? values[countIndex] : 1;
        long periodTime = periodNanos > 0 ? multiplyOrZero(samples, periodNanos) : 0;
        if (periodNanos > 0 && samples > 0 && periodTime == 0) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where(index) + samples + " samples of a period of " + periodNanos
                    + " ns: a time beyond 64-bit nanoseconds (skipped)");
            return;
        }
        if (!withinTotals(samples, periodTime)) {
            diagnostics.warn(Diagnostics.BAD_EVENT, where(index) + "values that carry the input's total of a sample"
                    + " type (or of samples) past 2^63 - 1, where it would wrap (skipped)");
            return;
        }
        int[] known = stacks.get(locationIds, locationCount);
        if (known != null) {
            // A stack of locations read before (a long profile repeats a few thousand): its frames, interned once.
            addToTotals(samples, periodTime);
            emit(index, samples, periodTime, known, known.length);
            return;
        }
        int depth = 0;
        for (int k = locationCount - 1; k >= 0; k--) {
            int[][] location = locations.get(locationIds[k]);
            if (location == null) {
                diagnostics.warn(Diagnostics.BAD_EVENT, where(index) + "location " + Long.toUnsignedString(locationIds[k])
                        + (deepLocations.contains(locationIds[k]) ? " has more lines than the " + MAX_DEPTH
                        + " frames a stack may have" : " is in no Location") + " (skipped)");
                return;
            }
            if (depth + location.length > MAX_DEPTH) {
                diagnostics.warn(Diagnostics.BAD_EVENT, where(index) + "a stack of more than " + MAX_DEPTH
                        + " frames, inlined ones included (skipped)");
                return;
            }
            for (int[] frame : location) {
                if (depth == regionIds.length) {
                    regionIds = Arrays.copyOf(regionIds, depth * 2);
                    placeIds = Arrays.copyOf(placeIds, depth * 2);
                    frameIds = Arrays.copyOf(frameIds, depth * 2);
                }
                regionIds[depth] = frame[0];
                placeIds[depth] = frame[1];
                depth++;
            }
        }
        addToTotals(samples, periodTime);
        FrameTable frames = sink.frames();
        for (int d = 0; d < depth; d++) {
            frameIds[d] = frames.intern(regionIds[d], d == 0 ? NameTable.EMPTY : placeIds[d - 1]);
        }
        stacks.put(locationIds, locationCount, Arrays.copyOf(frameIds, depth));
        emit(index, samples, periodTime, frameIds, depth);
    }

    /** Sample {@code index}'s values (read into {@link #values}) on the stack {@code frameIds[0 .. depth-1]}. */
    private void emit(long index, long samples, long periodTime, int[] frameIds, int depth) {
        if (track < 0) {
            track = sink.thread("", "");
        }
        sink.sample(track, index, weights[primary], values[primary], samples, frameIds, depth);
        for (int i = 0; i < valueCount; i++) {
            if (i != primary && weights[i] != null && values[i] != 0) {
                sink.sample(track, index, weights[i], values[i], 0, frameIds, depth);
            }
        }
        if (periodTime > 0) {
            sink.sample(track, index, SampleWeights.TIME, periodTime, 0, frameIds, depth);
        }
    }

    /** The frames of the stacks of location ids read so far. */
    private final StackCache stacks = new StackCache();

    /**
     * Stacks of location ids with their frame ids, so that a stack repeated (a Go CPU profile of 300,000 samples
     * has a few thousand stacks) is interned once: one hash and one compare of its ids per sample. Bounded in
     * entries and ids; cleared when full.
     */
    private static final class StackCache {
        private static final int LIMIT = 1 << 16;
        private static final long IDS_LIMIT = 1 << 24;
        private long[][] keys = new long[1 << 10][];
        private int[][] values = new int[1 << 10][];
        private int[] hashes = new int[1 << 10];
        private int size;
        private long ids;

        int[] get(long[] stack, int n) {
            int h = hash(stack, n);
            int mask = keys.length - 1;
            for (int slot = h & mask; keys[slot] != null; slot = (slot + 1) & mask) {
                if (hashes[slot] == h && Arrays.equals(keys[slot], 0, keys[slot].length, stack, 0, n)) {
                    return values[slot];
                }
            }
            return null;
        }

        void put(long[] stack, int n, int[] frames) {
            if (size >= LIMIT || ids > IDS_LIMIT) {
                keys = new long[keys.length][];
                values = new int[keys.length][];
                hashes = new int[keys.length];
                size = 0;
                ids = 0;
            } else if (2 * (size + 1) > keys.length) {
                long[][] oldKeys = keys;
                int[][] oldValues = values;
                keys = new long[2 * oldKeys.length][];
                values = new int[keys.length][];
                hashes = new int[keys.length];
                size = 0;
                ids = 0;
                for (int i = 0; i < oldKeys.length; i++) {
                    if (oldKeys[i] != null) {
                        insert(oldKeys[i], oldValues[i]);
                    }
                }
            }
            insert(Arrays.copyOf(stack, n), frames);
        }

        private void insert(long[] key, int[] frames) {
            int h = hash(key, key.length);
            int mask = keys.length - 1;
            int slot = h & mask;
            while (keys[slot] != null) {
                slot = (slot + 1) & mask;
            }
            keys[slot] = key;
            values[slot] = frames;
            hashes[slot] = h;
            size++;
            ids += key.length;
        }

        private static int hash(long[] stack, int n) {
            long h = n;
            for (int i = 0; i < n; i++) {
                h = (h ^ stack[i]) * 0x9E3779B97F4A7C15L;
            }
            return (int) (h ^ (h >>> 32));
        }
    }

    // The input's totals so far, per sample value, of samples (calls) and of the period's time: a node of this
    // input's tree never weighs more, so values that would carry one past 2^63 - 1 are refused before the fold.
    private long[] totals;
    private long totalSamples;
    private long totalPeriodTime;

    private boolean withinTotals(long samples, long periodTime) {
        if (totals == null) {
            totals = new long[weights.length];
        }
        for (int i = 0; i < valueCount; i++) {
            if (weights[i] != null && totals[i] > Long.MAX_VALUE - values[i]) {
                return false;
            }
        }
        return totalSamples <= Long.MAX_VALUE - samples && totalPeriodTime <= Long.MAX_VALUE - periodTime;
    }

    private void addToTotals(long samples, long periodTime) {
        for (int i = 0; i < valueCount; i++) {
            if (weights[i] != null) {
                totals[i] += values[i];
            }
        }
        totalSamples += samples;
        totalPeriodTime += periodTime;
    }
}
