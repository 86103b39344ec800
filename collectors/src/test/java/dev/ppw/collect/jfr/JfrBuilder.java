package dev.ppw.collect.jfr;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes small JFR chunks byte by byte, as the JDK and async-profiler lay them out (compressed integers, UTF-8
 * strings, sizes as padded four-byte varints as the JDK writes them), so that tests can make a recording with
 * exactly the damage they are about: a header offset of 0, a count of two billion in a file of a few hundred
 * bytes, a record that runs past its chunk, an empty constant pool the JDK's parser refuses.
 *
 * <p>The chunk's types: {@code jdk.ExecutionSample} (id 20: startTime, sampledThread, stackTrace) and
 * {@code jdk.ActiveSetting} (id 21), one thread {@code main} (OS id 101), methods {@code app.Main.run} and
 * {@code app.Main.work}, and stack trace 1, {@code run} (line 5) calling {@code work} (line 12). Ticks are
 * nanoseconds from the chunk's start at {@link #START_NANOS}.
 */
final class JfrBuilder {
    static final long START_NANOS = 1_700_000_000_000_000_000L;
    static final int EXECUTION_SAMPLE = 20;
    static final int ACTIVE_SETTING = 21;

    /** Samples of stack 1 on thread 1, one every 10 ms. */
    int samples = 3;
    /** The period setting of the execution samples; null writes none. */
    String period = "10 ms";
    /** When set, the header's constant pool offset. */
    Long headerConstants;
    /** When set, the header's metadata offset. */
    Long headerMetadata;
    /** When set, the frame count written for stack 1 (its frames follow as usual). */
    Long frameCount;
    /** When set, the entry count written for the stack trace pool. */
    Long stackPoolCount;
    /** Writes the stack trace pool in a checkpoint of its own after one whose stack trace pool is empty. */
    boolean emptyStackPoolFirst;
    /** When set, the size written for the second sample's record. */
    Long secondSampleSize;
    /** Writes method 2 a second time in its pool, after method 1 (as a damaged pool may). */
    boolean methodTwice;
    /** Writes the method name {@code work} with its second byte 0xff, which is not UTF-8 (a damaged symbol pool). */
    boolean workNotUtf8;
    /** When set, the chunk is cut to this many bytes (the header still declaring the whole size). */
    Integer cutTo;

    private final List<String> strings = new ArrayList<>();
    private final Map<String, Integer> stringIndex = new LinkedHashMap<>();

    byte[] chunk() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[68]);
        List<Integer> checkpoints = new ArrayList<>();
        for (int i = 0; i < samples; i++) {
            Body e = new Body();
            e.varlong(EXECUTION_SAMPLE).varlong(10_000_000L * i).varlong(1).varlong(1);
            record(out, e, i == 1 ? secondSampleSize : null);
        }
        if (period != null) {
            Body s = new Body();
            s.varlong(ACTIVE_SETTING).varlong(0).varlong(EXECUTION_SAMPLE).utf8("period").utf8(period);
            record(out, s, null);
        }
        int metadataAt = out.size();
        record(out, metadata(), null);
        if (emptyStackPoolFirst) {
            checkpoints.add(out.size());
            Body empty = checkpoint(0);
            empty.varlong(1).varlong(15).varlong(0);
            record(out, empty, null);
        }
        int previous = checkpoints.isEmpty() ? -1 : checkpoints.get(0);
        checkpoints.add(out.size());
        Body cp = checkpoint(previous < 0 ? 0 : previous - out.size());
        cp.varlong(5);
        cp.varlong(10).varlong(1).varlong(1).utf8("main").varlong(101).utf8("main").varlong(1);
        cp.varlong(11).varlong(3).varlong(1).utf8("app/Main").varlong(2).utf8("run").varlong(3);
        if (workNotUtf8) {
            cp.u1(3).varlong(4).u1('w').u1(0xff).u1('r').u1('k');
        } else {
            cp.utf8("work");
        }
        cp.varlong(12).varlong(1).varlong(1).varlong(1);
        cp.varlong(13).varlong(methodTwice ? 3 : 2).varlong(1).varlong(1).varlong(2).varlong(0)
                .varlong(2).varlong(1).varlong(3).varlong(0);
        if (methodTwice) {
            cp.varlong(2).varlong(1).varlong(3).varlong(0);
        }
        cp.varlong(15).varlong(stackPoolCount != null ? stackPoolCount : 1).varlong(1).u1(0)
                .varlong(frameCount != null ? frameCount : 2)
                .varlong(2).varlong(12).varlong(7)
                .varlong(1).varlong(5).varlong(3);
        record(out, cp, null);
        byte[] bytes = out.toByteArray();
        ByteBuffer header = ByteBuffer.wrap(bytes);
        header.put(new byte[]{'F', 'L', 'R', 0, 0, 2, 0, 1});
        header.putLong(bytes.length);
        header.putLong(headerConstants != null ? headerConstants : checkpoints.get(checkpoints.size() - 1));
        header.putLong(headerMetadata != null ? headerMetadata : metadataAt);
        header.putLong(START_NANOS);
        header.putLong(1_000_000_000L);
        header.putLong(0);
        header.putLong(1_000_000_000L);
        header.putInt(1);
        return cutTo == null ? bytes : java.util.Arrays.copyOf(bytes, cutTo);
    }

    private Body checkpoint(long delta) {
        Body cp = new Body();
        cp.varlong(1).varlong(0).varlong(0).varlong(delta).u1(0);
        return cp;
    }

    private Body metadata() {
        List<Object[]> classes = List.of(
                new Object[]{1, "long", new String[0]},
                new Object[]{2, "int", new String[0]},
                new Object[]{3, "boolean", new String[0]},
                new Object[]{4, "java.lang.String", new String[0]},
                new Object[]{10, "java.lang.Thread", new String[]{"osName:4", "osThreadId:1", "javaName:4",
                        "javaThreadId:1"}},
                new Object[]{11, "jdk.types.Symbol", new String[]{"string:4"}},
                new Object[]{12, "java.lang.Class", new String[]{"name:11:cp"}},
                new Object[]{13, "jdk.types.Method", new String[]{"type:12:cp", "name:11:cp", "modifiers:2"}},
                new Object[]{14, "jdk.types.StackFrame", new String[]{"method:13:cp", "lineNumber:2",
                        "bytecodeIndex:2"}},
                new Object[]{15, "jdk.types.StackTrace", new String[]{"truncated:3", "frames:14:array"}},
                new Object[]{20, "jdk.ExecutionSample", new String[]{"startTime:1", "sampledThread:10:cp",
                        "stackTrace:15:cp"}},
                new Object[]{21, "jdk.ActiveSetting", new String[]{"startTime:1", "id:1", "name:4", "value:4"}});
        Body tree = new Body();
        tree.varlong(index("root")).varlong(0).varlong(2);
        tree.varlong(index("metadata")).varlong(0).varlong(classes.size());
        for (Object[] c : classes) {
            boolean event = (int) c[0] >= EXECUTION_SAMPLE;
            tree.varlong(index("class")).varlong(event ? 3 : 2).varlong(index("id")).varlong(index(c[0].toString()))
                    .varlong(index("name")).varlong(index((String) c[1]));
            if (event) {
                tree.varlong(index("superType")).varlong(index("jdk.jfr.Event"));
            }
            String[] fields = (String[]) c[2];
            tree.varlong(fields.length);
            for (String f : fields) {
                String[] p = f.split(":");
                boolean cp = p.length > 2 && p[2].equals("cp");
                boolean array = p.length > 2 && p[2].equals("array");
                tree.varlong(index("field")).varlong(2 + (cp || array ? 1 : 0))
                        .varlong(index("name")).varlong(index(p[0])).varlong(index("class")).varlong(index(p[1]));
                if (cp) {
                    tree.varlong(index("constantPool")).varlong(index("true"));
                }
                if (array) {
                    tree.varlong(index("dimension")).varlong(index("1"));
                }
                tree.varlong(0);
            }
        }
        tree.varlong(index("region")).varlong(2).varlong(index("locale")).varlong(index("en_US"))
                .varlong(index("gmtOffset")).varlong(index("0")).varlong(0);
        Body m = new Body();
        m.varlong(0).varlong(0).varlong(0).varlong(0).varlong(strings.size());
        for (String s : strings) {
            m.utf8(s);
        }
        m.bytes.writeBytes(tree.bytes.toByteArray());
        return m;
    }

    private int index(String s) {
        return stringIndex.computeIfAbsent(s, k -> {
            strings.add(k);
            return strings.size() - 1;
        });
    }

    /** A record: its size as a padded four-byte varint (or {@code size} when given), then the body. */
    private static void record(ByteArrayOutputStream out, Body body, Long size) {
        long n = size != null ? size : body.bytes.size() + 4;
        out.write((int) (n & 0x7f) | 0x80);
        out.write((int) (n >>> 7 & 0x7f) | 0x80);
        out.write((int) (n >>> 14 & 0x7f) | 0x80);
        out.write((int) (n >>> 21 & 0x7f));
        out.writeBytes(body.bytes.toByteArray());
    }

    private static final class Body {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Body varlong(long v) {
            long x = v;
            for (int i = 0; i < 8; i++) {
                if ((x & ~0x7fL) == 0) {
                    bytes.write((int) x);
                    return this;
                }
                bytes.write((int) (x & 0x7f) | 0x80);
                x >>>= 7;
            }
            bytes.write((int) x);
            return this;
        }

        Body u1(int b) {
            bytes.write(b);
            return this;
        }

        Body utf8(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            bytes.write(3);
            varlong(b.length);
            bytes.writeBytes(b);
            return this;
        }
    }
}
