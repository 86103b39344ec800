package dev.ppw.collect.jfr;

import dev.ppw.collect.jfr.JfrBytes.Damage;
import dev.ppw.collect.jfr.JfrMetadata.Field;
import dev.ppw.collect.jfr.JfrMetadata.Kind;
import dev.ppw.collect.jfr.JfrMetadata.Type;
import dev.ppw.model.LongIntOpenMap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One chunk of a recording, decoded from its bytes: the header, the metadata event (the chunk's types), every
 * checkpoint event's constant pools (the chunk's strings, symbols, classes, methods, threads and stack traces)
 * and then its event records, one at a time, to a {@link Visitor}. A chunk is self-contained: its type ids and
 * constant pool keys mean nothing in another.
 *
 * <p>Records are found by their sizes from the header's end, not by the header's offsets, so a header whose
 * metadata or constant pool offset is wrong loses nothing (a warning says so); a record whose size runs past
 * the chunk's end ends the chunk's records there (the events before it are read, the rest is {@link #damage}).
 * Memory: the pools of this one chunk, in arrays that grow with what its bytes hold; values are skipped, not
 * made, unless a sample needs them.
 */
final class JfrChunk {
    static final int HEADER_BYTES = JfrChunks.HEADER_BYTES;
    private static final int MAX_STRUCT_DEPTH = 32;
    /** The most bytes a record's size and type id take: a varint and a varlong, or an int and a long. */
    private static final int RECORD_HEAD_BYTES = 14;

    /** What the reader does with the records of a chunk. */
    interface Visitor {
        /** A record of {@code plan}'s type at chunk position {@code at}, its wanted fields decoded into the plan. */
        void record(Plan plan, int at);

        /** A warning: something in the chunk could not be read and was skipped. */
        void damaged(Damage damage, String consequence);
    }

    /**
     * What to decode of one event type's records: {@code wanted} names the fields to keep (by slot), the rest is
     * skipped. After {@link #decode}, {@link #longs} holds each found slot's number (a constant pool key, an
     * integer, a boolean as 0/1, a time converted to nanoseconds when the field is a timespan) and
     * {@link #strings} each string slot's text; {@link #present} says which slots the type has.
     */
    static final class Plan {
        final Object tag;
        final Type type;
        /** Handed over while the records are framed, before the constant pools are read. */
        final boolean early;
        final int[] slotOfField;
        final long[] longs;
        final String[] strings;
        final boolean[] present;

        Plan(Object tag, Type type, String[] wanted, boolean early) {
            this.tag = tag;
            this.type = type;
            this.early = early;
            this.slotOfField = new int[type.fields.length];
            Arrays.fill(slotOfField, -1);
            this.longs = new long[wanted.length];
            this.strings = new String[wanted.length];
            this.present = new boolean[wanted.length];
            for (int s = 0; s < wanted.length; s++) {
                for (String name : wanted[s].split("\\|")) {
                    int f = type.field(name);
                    if (f >= 0 && !type.fields[f].array) {
                        slotOfField[f] = s;
                        present[s] = true;
                        break;
                    }
                }
            }
        }
    }

    final String file;
    final int number;
    final long fileOffset;
    final JfrBytes in;
    private final JfrSymbols symbolTable;
    final long startNanos;
    final long startTicks;
    final long ticksPerSecond;
    JfrMetadata metadata;
    private JfrMetadata.Cache cache;
    /** Where the chunk's records stop being readable (its size when they never do). */
    int damage;

    // Storage that one chunk after another fills again: a recording of many small chunks (async-profiler's)
    // would otherwise allocate and grow every map and array again for each (the previous chunk's are taken over,
    // cleared, by the next: see the constructor).
    private final List<Integer> checkpoints;
    private final LongIntOpenMap recordCounts;
    private long[] countedTypes;
    private int countedTypeCount;
    private long[] typeCounts;
    private int[] planOfCounted;
    /** Where the records of the plans that are not early are, in file order. */
    private int[] later;
    private int laterCount;

    // Constant pools, each a map from key to index in its arrays.
    private final LongIntOpenMap stringIndex;
    private final JfrBytes.StringPool stringPool = this::string;
    private final List<String> strings;
    private final LongIntOpenMap symbolIndex;
    private final List<String> symbols;
    private final LongIntOpenMap classIndex;
    private long[] classNames;
    private int classCount;
    private final LongIntOpenMap methodIndex;
    private long[] methodClasses;
    private long[] methodNames;
    private int methodCount;
    private final LongIntOpenMap threadIndex;
    private final List<ThreadInfo> threads;
    private final LongIntOpenMap stackIndex;
    private int stackCount;
    private int[] stackFirst;
    private int[] stackDepth;
    private boolean[] stackTruncated;
    private int frameCount;
    private long[] frameMethods;
    private int[] frameLines;
    private long[] frameTypes;
    private final LongIntOpenMap frameTypeIndex;
    private final List<String> frameTypeNames;
    /** Per entry of {@link #frameTypeNames}: native code, as {@link #nativeFrame} says; for the first {@link #nativeKnown}. */
    private boolean[] nativeFrameType = new boolean[0];
    private int nativeKnown = -1;

    /** A thread of the pool {@code java.lang.Thread}. */
    record ThreadInfo(String osName, long osThreadId, String javaName, long javaThreadId) {
    }

    /**
     * The chunk {@code number} of {@code file} in {@code in}; {@code previous}, when not null, is a chunk done with
     * whose storage this one takes over (and which must not be used again).
     */
    JfrChunk(String file, int number, JfrBytes in, JfrSymbols symbolTable, JfrChunk previous) {
        this.symbolTable = symbolTable;
        if (previous == null) {
            checkpoints = new ArrayList<>();
            recordCounts = new LongIntOpenMap();
            countedTypes = new long[16];
            typeCounts = new long[16];
            planOfCounted = new int[16];
            later = new int[64];
            stringIndex = new LongIntOpenMap();
            strings = new ArrayList<>();
            symbolIndex = new LongIntOpenMap();
            symbols = new ArrayList<>();
            classIndex = new LongIntOpenMap();
            classNames = new long[64];
            methodIndex = new LongIntOpenMap();
            methodClasses = new long[64];
            methodNames = new long[64];
            threadIndex = new LongIntOpenMap();
            threads = new ArrayList<>();
            stackIndex = new LongIntOpenMap();
            stackFirst = new int[64];
            stackDepth = new int[64];
            stackTruncated = new boolean[64];
            frameMethods = new long[256];
            frameLines = new int[256];
            frameTypes = new long[256];
            frameTypeIndex = new LongIntOpenMap();
            frameTypeNames = new ArrayList<>();
        } else {
            checkpoints = cleared(previous.checkpoints);
            recordCounts = cleared(previous.recordCounts);
            countedTypes = previous.countedTypes;
            typeCounts = previous.typeCounts;
            Arrays.fill(typeCounts, 0, previous.countedTypeCount, 0);
            planOfCounted = previous.planOfCounted;
            later = previous.later;
            stringIndex = cleared(previous.stringIndex);
            strings = cleared(previous.strings);
            symbolIndex = cleared(previous.symbolIndex);
            symbols = cleared(previous.symbols);
            classIndex = cleared(previous.classIndex);
            classNames = previous.classNames;
            methodIndex = cleared(previous.methodIndex);
            methodClasses = previous.methodClasses;
            methodNames = previous.methodNames;
            threadIndex = cleared(previous.threadIndex);
            threads = cleared(previous.threads);
            stackIndex = cleared(previous.stackIndex);
            stackFirst = previous.stackFirst;
            stackDepth = previous.stackDepth;
            stackTruncated = previous.stackTruncated;
            frameMethods = previous.frameMethods;
            frameLines = previous.frameLines;
            frameTypes = previous.frameTypes;
            frameTypeIndex = cleared(previous.frameTypeIndex);
            frameTypeNames = cleared(previous.frameTypeNames);
            nativeFrameType = previous.nativeFrameType;
        }
        this.file = file;
        this.number = number;
        this.fileOffset = in.fileOffset(0);
        this.in = in;
        this.startNanos = in.headerLong(32);
        this.startTicks = in.headerLong(48);
        this.ticksPerSecond = in.headerLong(56);
        this.damage = in.chunkSize();
    }

    private static LongIntOpenMap cleared(LongIntOpenMap map) {
        map.clear();
        return map;
    }

    private static <T> List<T> cleared(List<T> list) {
        list.clear();
        return list;
    }

    /**
     * Reads the chunk's metadata: the header's, else the last metadata event found among its records; the one
     * {@code cache} holds when its types are written in the same bytes (the chunks of one recording repeat them).
     */
    void readMetadata(long headerMetadata, JfrMetadata.Cache cache, Visitor visitor) {
        this.cache = cache;
        metadata = findMetadata(headerMetadata, visitor);
    }

    /**
     * Frames every record by its size, counting them by type and noting the checkpoints, hands the records of
     * early plans to the visitor at once (settings, which govern samples written before them) and notes where
     * the others' are; then reads every checkpoint's constant pools. After this, {@link #events} can run.
     */
    void readRecordsAndPools(long headerConstants, LongIntOpenMap planIndex, List<Plan> plans, Visitor visitor) {
        frame(visitor, planIndex, plans);
        checkChain(headerConstants, visitor);
        for (int at : checkpoints) {
            readCheckpoint(at, visitor);
        }
    }

    /** The plan of each type id that {@code planner} wants, in a small map. */
    LongIntOpenMap planIndex(java.util.function.Function<Type, Plan> planner, List<Plan> into) {
        LongIntOpenMap index = new LongIntOpenMap();
        for (Type t : metadata.types()) {
            Plan p = planner.apply(t);
            if (p != null) {
                index.put(t.id, into.size());
                into.add(p);
            }
        }
        return index;
    }

    private JfrMetadata findMetadata(long headerMetadata, Visitor visitor) {
        Damage problem;
        try {
            return metadataAt(headerMetadata);
        } catch (Damage d) {
            problem = d;
        }
        // The header is wrong, not necessarily the metadata: look for it among the records.
        int found = -1;
        int pos = HEADER_BYTES;
        while (pos < in.chunkSize()) {
            int size;
            long type;
            try {
                size = openRecord(pos);
                type = in.varlong();
            } catch (Damage d) {
                break;
            }
            if (type == 0) {
                found = pos;
            }
            pos += size;
        }
        if (found < 0) {
            throw in.damage(problem.fileOffset - fileOffset < 0 ? 0 : (int) (problem.fileOffset - fileOffset),
                    "chunk " + number + " has no metadata event: " + problem.getMessage());
        }
        JfrMetadata m = metadataAt(found);
        visitor.damaged(in.damage(24, "chunk " + number + "'s header gives its metadata at byte "
                + (fileOffset + headerMetadata) + ", where there is none (" + problem.getMessage() + ")"),
                "the metadata event found at byte " + (fileOffset + found) + " is read");
        return m;
    }

    private JfrMetadata metadataAt(long offset) {
        if (offset < HEADER_BYTES || offset >= in.chunkSize()) {
            throw in.damage(24, "offset " + offset + " is outside the chunk");
        }
        int at = (int) offset;
        openRecord(at);
        long type = in.varlong();
        if (type != 0) {
            throw in.damage(at, "the record there is of type " + type + ", not the metadata (0)");
        }
        return cache.read(in);
    }

    /**
     * Opens the record at {@code at}: its size read and checked against the chunk, its bytes in the window, the
     * cursor after its size and the limit at its end. Returns its size.
     */
    private int openRecord(int at) {
        in.window(at, Math.min(RECORD_HEAD_BYTES, in.chunkSize() - at));
        in.pos = at;
        in.limit = Math.min(in.chunkSize(), at + RECORD_HEAD_BYTES);
        int size = recordSize(at);
        in.window(at, size);
        in.limit = at + size;
        return size;
    }

    /** Reads a record's size at the cursor, which is at {@code at}, and checks that it fits in the chunk. */
    private int recordSize(int at) {
        long size = in.int32();
        if (size <= in.pos - at || size > in.chunkSize() - at) {
            throw in.damage(at, "a record declares " + size + " bytes, "
                    + (size <= in.pos - at ? "less than its own header" : "past the end of chunk " + number
                    + " at byte " + (fileOffset + in.chunkSize())));
        }
        return (int) size;
    }

    /** Walks every record by its size; counts them by type, notes the checkpoints, hands early plans over. */
    private void frame(Visitor visitor, LongIntOpenMap planIndex, List<Plan> plans) {
        int pos = HEADER_BYTES;
        while (pos < in.chunkSize()) {
            int size;
            long type;
            try {
                size = openRecord(pos);
                type = in.varlong();
            } catch (Damage d) {
                damage = pos;
                visitor.damaged(d, "the rest of chunk " + number + " (" + (in.chunkSize() - pos)
                        + " bytes) is skipped");
                return;
            }
            if (type == 1) {
                checkpoints.add(pos);
            } else if (type != 0) {
                int p = count(type, planIndex);
                if (p >= 0) {
                    Plan plan = plans.get(p);
                    if (plan.early) {
                        decodeAndVisit(plan, pos, visitor);
                    } else {
                        if (laterCount == later.length) {
                            later = Arrays.copyOf(later, 2 * laterCount);
                        }
                        later[laterCount++] = pos;
                    }
                }
            }
            pos += size;
        }
    }

    /** Counts a record of {@code type}; returns its plan's index, -1 for none. */
    private int count(long type, LongIntOpenMap planIndex) {
        int i = recordCounts.get(type, -1);
        if (i < 0) {
            i = countedTypeCount++;
            if (i == countedTypes.length) {
                countedTypes = Arrays.copyOf(countedTypes, 2 * i);
                typeCounts = Arrays.copyOf(typeCounts, 2 * i);
                planOfCounted = Arrays.copyOf(planOfCounted, 2 * i);
            }
            countedTypes[i] = type;
            planOfCounted[i] = planIndex.get(type, -1);
            recordCounts.put(type, i);
        }
        typeCounts[i]++;
        return planOfCounted[i];
    }

    /** Event records of this chunk by type id, as {@code (typeId, count)} pairs. */
    void forEachTypeCount(java.util.function.ObjLongConsumer<Long> each) {
        for (int i = 0; i < countedTypeCount; i++) {
            each.accept(countedTypes[i], typeCounts[i]);
        }
    }

    /**
     * The header's constant pool offset should be the last checkpoint, and each checkpoint's delta should lead
     * to the one before it: the chain the JDK's parser follows. The checkpoints found by framing are read either
     * way; a chain that disagrees is a warning. When framing stopped at damaged bytes, the chain is followed into
     * them: the checkpoints it finds there (the constant pools a chunk's writer puts last) are read too.
     */
    private void checkChain(long headerConstants, Visitor visitor) {
        if (damage < in.chunkSize()) {
            followChain(headerConstants);
            return;
        }
        int last = checkpoints.isEmpty() ? -1 : checkpoints.get(checkpoints.size() - 1);
        if (headerConstants != last) {
            String found = "the " + checkpoints.size() + (checkpoints.size() == 1 ? " checkpoint" : " checkpoints")
                    + " found among the chunk's records " + (checkpoints.size() == 1 ? "is" : "are") + " read";
            visitor.damaged(in.damage(16, "chunk " + number + "'s header gives its last constant pool at byte "
                    + (fileOffset + headerConstants) + (checkpoints.contains((int) Math.min(headerConstants,
                    Integer.MAX_VALUE)) ? ", which is not its last checkpoint event (at byte " + (fileOffset + last)
                    + ")" : ", where no checkpoint event starts")), found);
        }
    }

    private void followChain(long headerConstants) {
        long at = headerConstants;
        List<Integer> found = new ArrayList<>();
        while (at >= damage && at < in.chunkSize() && found.size() < 1 << 16) {
            long delta;
            try {
                openRecord((int) at);
                if (in.varlong() != 1) {
                    break;
                }
                in.varlong();
                in.varlong();
                delta = in.varlong();
            } catch (Damage d) {
                break;
            }
            found.add(0, (int) at);
            if (delta >= 0) {
                break;
            }
            at += delta;
        }
        checkpoints.addAll(found);
    }

    private void readCheckpoint(int at, Visitor visitor) {
        openRecord(at);
        in.varlong(); // type 1
        try {
            in.varlong(); // start time
            in.varlong(); // duration
            in.varlong(); // delta to the previous checkpoint, checked by checkChain
            in.u1(); // checkpoint kind: flush, chunk header, statics, threads
            int pools = in.count("constant pool");
            for (int p = 0; p < pools; p++) {
                int typeAt = in.pos;
                long typeId = in.varlong();
                Type type = metadata.type(typeId);
                if (type == null) {
                    throw in.damage(typeAt, "a constant pool of type id " + typeId + ", which the metadata does not"
                            + " declare");
                }
                int entries = in.count(type.name + " constant");
                pool(type, entries);
            }
        } catch (Damage d) {
            visitor.damaged(d, "the rest of the checkpoint event at byte " + (fileOffset + at) + " is skipped");
        }
    }

    private void pool(Type type, int entries) {
        switch (type.name) {
            case "java.lang.String" -> {
                for (int i = 0; i < entries; i++) {
                    long key = in.varlong();
                    String s = type.kind == Kind.STRING ? in.string(stringPool) : null;
                    if (type.kind != Kind.STRING) {
                        skipStruct(type, 0);
                    }
                    stringIndex.put(key, strings.size());
                    strings.add(s);
                }
            }
            case "jdk.types.Symbol" -> {
                int f = type.field("string");
                for (int i = 0; i < entries; i++) {
                    long key = in.varlong();
                    String s = null;
                    for (int k = 0; k < type.fields.length; k++) {
                        if (k == f && !type.fields[k].constantPool && !type.fields[k].array
                                && type.fields[k].type.kind == Kind.STRING) {
                            s = in.symbol(stringPool, symbolTable);
                        } else {
                            skipField(type.fields[k], 0);
                        }
                    }
                    symbolIndex.put(key, symbols.size());
                    symbols.add(s);
                }
            }
            case "java.lang.Class" -> readClasses(type, entries);
            case "jdk.types.Method" -> readMethods(type, entries);
            case "java.lang.Thread" -> readThreads(type, entries);
            case "jdk.types.StackTrace" -> readStackTraces(type, entries);
            case "jdk.types.FrameType" -> {
                int f = type.field("description");
                long[] longs = new long[type.fields.length];
                String[] texts = new String[type.fields.length];
                for (int i = 0; i < entries; i++) {
                    long key = in.varlong();
                    Arrays.fill(texts, null);
                    readStruct(type, longs, texts);
                    frameTypeIndex.put(key, frameTypeNames.size());
                    frameTypeNames.add(f >= 0 ? texts[f] : null);
                }
            }
            default -> {
                for (int i = 0; i < entries; i++) {
                    in.varlong();
                    skipValue(type, 0);
                }
            }
        }
    }

    private void readClasses(Type type, int entries) {
        int name = type.field("name");
        long[] longs = new long[type.fields.length];
        for (int i = 0; i < entries; i++) {
            long key = in.varlong();
            readStruct(type, longs, null);
            // A key written twice takes a new slot: the map's size would count it once.
            int index = classCount++;
            if (index == classNames.length) {
                classNames = Arrays.copyOf(classNames, 2 * index);
            }
            classNames[index] = name >= 0 ? longs[name] : 0;
            classIndex.put(key, index);
        }
    }

    private void readMethods(Type type, int entries) {
        int cls = type.field("type");
        int name = type.field("name");
        long[] longs = new long[type.fields.length];
        for (int i = 0; i < entries; i++) {
            long key = in.varlong();
            readStruct(type, longs, null);
            int index = methodCount++;
            if (index == methodClasses.length) {
                methodClasses = Arrays.copyOf(methodClasses, 2 * index);
                methodNames = Arrays.copyOf(methodNames, 2 * index);
            }
            methodClasses[index] = cls >= 0 ? longs[cls] : 0;
            methodNames[index] = name >= 0 ? longs[name] : 0;
            methodIndex.put(key, index);
        }
    }

    private void readThreads(Type type, int entries) {
        int osName = type.field("osName");
        int osId = type.field("osThreadId");
        int javaName = type.field("javaName");
        int javaId = type.field("javaThreadId");
        long[] longs = new long[type.fields.length];
        String[] texts = new String[type.fields.length];
        for (int i = 0; i < entries; i++) {
            long key = in.varlong();
            Arrays.fill(longs, 0);
            Arrays.fill(texts, null);
            readStruct(type, longs, texts);
            threadIndex.put(key, threads.size());
            threads.add(new ThreadInfo(osName >= 0 ? texts[osName] : null, osId >= 0 ? longs[osId] : 0,
                    javaName >= 0 ? texts[javaName] : null, javaId >= 0 ? longs[javaId] : 0));
        }
    }

    private void readStackTraces(Type type, int entries) {
        Field[] fields = type.fields;
        Type frame = null;
        for (Field f : fields) {
            if (f.name.equals("frames") && f.array && !f.constantPool && f.type.kind == Kind.STRUCT) {
                frame = f.type;
            }
        }
        // What each field of a frame is, found once per pool: 1 the method, 2 the line, 3 the frame type, 4 another
        // number (the bytecode index), 0 anything else.
        // A number's width: 0 for a varlong (a key, a long, any integer of a compressed chunk), else its bytes.
        int[] role = frame == null ? new int[0] : new int[frame.fields.length];
        int[] width = new int[role.length];
        for (int k = 0; k < role.length; k++) {
            Field f = frame.fields[k];
            boolean number = f.constantPool || f.type.kind == Kind.INT || f.type.kind == Kind.LONG;
            if (!f.array && number) {
                width[k] = f.constantPool || f.type.kind == Kind.LONG || in.compressed() ? 0 : 4;
                role[k] = switch (f.name) {
                    case "method" -> 1;
                    case "lineNumber" -> 2;
                    case "type" -> 3;
                    default -> 4;
                };
            }
        }
        // What each field of a stack trace is, found once per pool: 1 its frames, 2 its truncated flag, 0 other.
        int[] part = new int[fields.length];
        for (int k = 0; k < fields.length; k++) {
            Field f = fields[k];
            if (f.type == frame && f.array && !f.constantPool && f.name.equals("frames")) {
                part[k] = 1;
            } else if (f.name.equals("truncated") && !f.array && !f.constantPool && f.type.kind == Kind.BOOLEAN) {
                part[k] = 2;
            }
        }
        for (int i = 0; i < entries; i++) {
            long key = in.varlong();
            int first = frameCount;
            boolean truncated = false;
            for (int k = 0; k < fields.length; k++) {
                switch (part[k]) {
                    case 1 -> readFrames(frame, role, width, in.count("stack frame"));
                    case 2 -> truncated = in.u1() != 0;
                    default -> skipField(fields[k], 0);
                }
            }
            int index = stackCount++;
            if (index == stackFirst.length) {
                stackFirst = Arrays.copyOf(stackFirst, 2 * index);
                stackDepth = Arrays.copyOf(stackDepth, 2 * index);
                stackTruncated = Arrays.copyOf(stackTruncated, 2 * index);
            }
            stackFirst[index] = first;
            stackDepth[index] = frameCount - first;
            stackTruncated[index] = truncated;
            stackIndex.put(key, index);
        }
    }

    private void readFrames(Type frame, int[] role, int[] width, int n) {
        Field[] fields = frame.fields;
        if (frameCount + n > frameMethods.length) {
            // n is at most the bytes left in the record: the arrays grow with what the pool holds.
            int size = Math.max(frameCount + n, 2 * frameMethods.length);
            frameMethods = Arrays.copyOf(frameMethods, size);
            frameLines = Arrays.copyOf(frameLines, size);
            frameTypes = Arrays.copyOf(frameTypes, size);
        }
        for (int k = 0; k < n; k++) {
            long method = 0;
            long line = 0;
            long type = -1;
            for (int f = 0; f < fields.length; f++) {
                int r = role[f];
                if (r == 0) {
                    skipField(fields[f], 1);
                    continue;
                }
                long v = width[f] == 0 ? in.varlong() : in.integer(width[f]);
                switch (r) {
                    case 1 -> method = v;
                    case 2 -> line = v;
                    case 3 -> type = v;
                    default -> {
                    }
                }
            }
            frameMethods[frameCount] = method;
            frameLines[frameCount] = (int) line;
            frameTypes[frameCount] = type;
            frameCount++;
        }
    }

    /**
     * Reads a struct's fields: a constant pool key or an integral value into {@code longs}, a string into
     * {@code texts} (when given), every array, float and inline struct skipped.
     */
    private void readStruct(Type type, long[] longs, String[] texts) {
        Field[] fields = type.fields;
        for (int k = 0; k < fields.length; k++) {
            Field f = fields[k];
            if (f.array) {
                skipField(f, 1);
            } else if (f.constantPool) {
                longs[k] = in.varlong();
            } else {
                switch (f.type.kind) {
                    case BOOLEAN, BYTE -> longs[k] = in.u1();
                    case CHAR, SHORT -> longs[k] = in.integer(2);
                    case INT -> longs[k] = in.integer(4);
                    case LONG -> longs[k] = in.varlong();
                    case FLOAT -> in.skip(4);
                    case DOUBLE -> in.skip(8);
                    case STRING -> {
                        if (texts != null) {
                            texts[k] = in.string(stringPool);
                        } else {
                            in.skipString();
                        }
                    }
                    case STRUCT -> skipValue(f.type, 1);
                }
            }
        }
    }

    private void skipField(Field f, int depth) {
        int n = f.array ? in.count(f.name + " element") : 1;
        for (int i = 0; i < n; i++) {
            if (f.constantPool) {
                in.varlong();
            } else {
                skipValue(f.type, depth);
            }
        }
    }

    private void skipValue(Type type, int depth) {
        switch (type.kind) {
            case BOOLEAN, BYTE -> in.skip(1);
            case CHAR, SHORT -> in.integer(2);
            case INT -> in.integer(4);
            case LONG -> in.varlong();
            case FLOAT -> in.skip(4);
            case DOUBLE -> in.skip(8);
            case STRING -> in.skipString();
            case STRUCT -> skipStruct(type, depth);
        }
    }

    private void skipStruct(Type type, int depth) {
        if (depth > MAX_STRUCT_DEPTH) {
            throw in.damage(in.pos, "values of type " + type.name + " nest deeper than " + MAX_STRUCT_DEPTH
                    + " (the metadata's types contain themselves)");
        }
        for (Field f : type.fields) {
            skipField(f, depth + 1);
        }
    }

    /** The entry {@code key} of the pool {@code java.lang.String}, null when absent. */
    String string(long key) {
        int i = stringIndex.get(key, -1);
        return i < 0 ? null : strings.get(i);
    }

    /** The entry {@code key} of the pool {@code jdk.types.Symbol}, null when absent. */
    String symbol(long key) {
        int i = symbolIndex.get(key, -1);
        return i < 0 ? null : symbols.get(i);
    }

    /** The symbol key of class {@code key}'s name, -1 when the class is not in the pool. */
    long className(long key) {
        int i = classIndex.get(key, -1);
        return i < 0 ? -1 : classNames[i];
    }

    /** The index of method {@code key} in the pool, -1 when absent. */
    int method(long key) {
        return methodIndex.get(key, -1);
    }

    /** Entries of the method pool, each an index below this (a key written twice is two). */
    int methodCount() {
        return methodCount;
    }

    long methodClass(int index) {
        return methodClasses[index];
    }

    long methodName(int index) {
        return methodNames[index];
    }

    ThreadInfo thread(long key) {
        int i = threadIndex.get(key, -1);
        return i < 0 ? null : threads.get(i);
    }

    /** The index of stack trace {@code key} in the pool, -1 when absent. */
    int stack(long key) {
        return stackIndex.get(key, -1);
    }

    int stackCount() {
        return stackCount;
    }

    int stackDepth(int index) {
        return stackDepth[index];
    }

    boolean stackTruncated(int index) {
        return stackTruncated[index];
    }

    /** Frame {@code k} of stack {@code index}, innermost first: its method key. */
    long frameMethod(int index, int k) {
        return frameMethods[stackFirst[index] + k];
    }

    int frameLine(int index, int k) {
        return frameLines[stackFirst[index] + k];
    }

    /**
     * True when frame {@code k} of stack {@code index} is native code that is no Java method (C, C++, kernel), as
     * its frame type says: {@code C++} or {@code Kernel}, and {@code Native} in a recording whose frame types
     * include {@code Kernel} (async-profiler's, where {@code Native} is C code; in the JDK's it is a Java native
     * method), as async-profiler's converter decides.
     */
    boolean nativeFrame(int index, int k) {
        int t = frameTypeIndex.get(frameTypes[stackFirst[index] + k], -1);
        if (t < 0) {
            return false;
        }
        if (nativeKnown != frameTypeNames.size()) {
            // Once per chunk (and again if a later pool adds frame types), not once per frame.
            int n = frameTypeNames.size();
            boolean kernel = frameTypeNames.contains("Kernel");
            if (nativeFrameType.length < n) {
                nativeFrameType = new boolean[Math.max(n, 2 * nativeFrameType.length)];
            }
            for (int i = 0; i < n; i++) {
                String name = frameTypeNames.get(i);
                nativeFrameType[i] = name != null && switch (name) {
                    case "C++", "Kernel" -> true;
                    case "Native" -> kernel;
                    default -> false;
                };
            }
            nativeKnown = n;
        }
        return nativeFrameType[t];
    }

    /** Nanoseconds since the epoch of a time in ticks of this chunk's clock: exact, rounded down. */
    long nanos(long ticks) {
        return startNanos + ticksToNanos(ticks - startTicks);
    }

    /** Nanoseconds of a span of {@code ticks} of this chunk's clock: exact, rounded toward zero. */
    long ticksToNanos(long ticks) {
        if (ticksPerSecond == 1_000_000_000L || ticksPerSecond <= 0) {
            return ticks;
        }
        long high = Math.multiplyHigh(ticks, 1_000_000_000L);
        long low = ticks * 1_000_000_000L;
        if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
            return low / ticksPerSecond;
        }
        return java.math.BigInteger.valueOf(ticks).multiply(java.math.BigInteger.valueOf(1_000_000_000L))
                .divide(java.math.BigInteger.valueOf(ticksPerSecond)).longValue();
    }

    /**
     * Hands each record of a plan that is not early to the visitor, its fields decoded, in file order; a record
     * whose fields do not fit is a warning and skipped.
     */
    void events(LongIntOpenMap planIndex, List<Plan> plans, Visitor visitor) {
        for (int i = 0; i < laterCount; i++) {
            int pos = later[i];
            openRecord(pos);
            decodeAndVisit(plans.get(planIndex.get(in.varlong(), -1)), pos, visitor);
        }
    }

    private void decodeAndVisit(Plan plan, int pos, Visitor visitor) {
        try {
            decode(plan);
            visitor.record(plan, pos);
        } catch (Damage d) {
            visitor.damaged(d, "the " + plan.type.name + " event at byte " + (fileOffset + pos) + " is skipped");
        }
    }

    /** Decodes the record at the cursor (after its type id) into {@code plan}'s slots. */
    void decode(Plan plan) {
        Field[] fields = plan.type.fields;
        int[] slots = plan.slotOfField;
        for (int k = 0; k < fields.length; k++) {
            Field f = fields[k];
            int s = slots[k];
            if (s < 0) {
                skipField(f, 0);
            } else if (f.constantPool) {
                plan.longs[s] = in.varlong();
            } else {
                switch (f.type.kind) {
                    case BOOLEAN, BYTE -> plan.longs[s] = in.u1();
                    case CHAR, SHORT -> plan.longs[s] = in.integer(2);
                    case INT -> plan.longs[s] = in.integer(4);
                    case LONG -> plan.longs[s] = timespan(f, in.varlong());
                    case STRING -> plan.strings[s] = in.string(stringPool);
                    default -> skipValue(f.type, 0);
                }
            }
        }
    }

    private long timespan(Field f, long value) {
        String unit = f.timespan;
        if (unit == null) {
            return value;
        }
        return switch (unit) {
            case "TICKS" -> ticksToNanos(value);
            case "MICROSECONDS" -> saturating(value, 1_000L);
            case "MILLISECONDS" -> saturating(value, 1_000_000L);
            case "SECONDS" -> saturating(value, 1_000_000_000L);
            default -> value;
        };
    }

    private static long saturating(long value, long factor) {
        long high = Math.multiplyHigh(value, factor);
        long low = value * factor;
        if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
            return low;
        }
        return value < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
}
