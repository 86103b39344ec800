package dev.ppw.engine;

import dev.ppw.aggregate.WindowScan;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The pre-pass of some inputs of a split merge ({@link MergeShares#scan}): each input's first and last times and its
 * phase markers, by input index. Scans of disjoint inputs {@link #combine}; the scan of every input places every
 * node's windows. Small: a few numbers and the markers per input. Not thread-safe.
 */
public final class SplitScan {
    private static final int MAGIC = 0x5050_5743; // PPWC
    private static final int VERSION = 1;

    private final TreeMap<Integer, WindowPlan.Extent> extents = new TreeMap<>();

    SplitScan() {
    }

    void put(int index, WindowPlan.Extent extent) {
        if (extents.putIfAbsent(index, extent) != null) {
            throw new IllegalArgumentException("input " + index + " is scanned twice");
        }
    }

    /** How many inputs this scan holds. */
    public int size() {
        return extents.size();
    }

    /**
     * Every input's extent in input order.
     *
     * @throws IllegalArgumentException when an input index is missing: the scan is not of every input
     */
    List<WindowPlan.Extent> extents() {
        List<WindowPlan.Extent> all = new ArrayList<>(extents.size());
        int expected = 0;
        for (Map.Entry<Integer, WindowPlan.Extent> e : extents.entrySet()) {
            if (e.getKey() != expected) {
                throw new IllegalArgumentException("the scan of a split merge must hold every input: input "
                        + expected + " is missing");
            }
            all.add(e.getValue());
            expected++;
        }
        return all;
    }

    /**
     * Adds {@code other}'s inputs to this scan.
     *
     * @throws IllegalArgumentException when both hold an input
     */
    public void combine(SplitScan other) {
        for (Map.Entry<Integer, WindowPlan.Extent> e : other.extents.entrySet()) {
            if (extents.containsKey(e.getKey())) {
                throw new IllegalArgumentException("input " + e.getKey() + " is in both scans");
            }
        }
        extents.putAll(other.extents);
    }

    /** Writes the scan to {@code stream}, which stays open; {@link #readFrom} reads it back. */
    public void writeTo(OutputStream stream) throws IOException {
        DataOutputStream out = new DataOutputStream(stream);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(extents.size());
        for (Map.Entry<Integer, WindowPlan.Extent> e : extents.entrySet()) {
            WindowPlan.Extent x = e.getValue();
            out.writeInt(e.getKey());
            writeString(out, x.node());
            out.writeLong(x.firstNanos());
            out.writeLong(x.lastNanos());
            out.writeInt(x.markers().size());
            for (WindowScan.Marker m : x.markers()) {
                writeString(out, m.name());
                out.writeLong(m.startNanos());
                out.writeLong(m.endNanos());
                out.writeBoolean(m.instant());
            }
        }
        out.flush();
    }

    /**
     * The scan {@link #writeTo} wrote.
     *
     * @throws IllegalArgumentException when the bytes are not a scan, or of another version
     * @throws IOException              when {@code stream} fails or ends within the scan
     */
    public static SplitScan readFrom(InputStream stream) throws IOException {
        DataInputStream in = new DataInputStream(stream);
        if (in.readInt() != MAGIC) {
            throw new IllegalArgumentException("not a split scan (no PPWC at its start)");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new IllegalArgumentException("split scan of version " + version + ": this version reads " + VERSION
                    + " only");
        }
        SplitScan scan = new SplitScan();
        int n = count(in);
        for (int i = 0; i < n; i++) {
            int index = in.readInt();
            String node = readString(in);
            long first = in.readLong();
            long last = in.readLong();
            int markers = count(in);
            List<WindowScan.Marker> list = new ArrayList<>(Math.min(markers, 1024));
            for (int m = 0; m < markers; m++) {
                list.add(new WindowScan.Marker(readString(in), in.readLong(), in.readLong(), in.readBoolean()));
            }
            scan.put(index, new WindowPlan.Extent(node, first, last, list));
        }
        return scan;
    }

    /** {@link #writeTo}'s bytes. */
    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            writeTo(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory", e);
        }
        return bytes.toByteArray();
    }

    /**
     * The scan {@code bytes} hold.
     *
     * @throws IllegalArgumentException when they are not a whole scan
     */
    public static SplitScan fromBytes(byte[] bytes) {
        try (ByteArrayInputStream in = new ByteArrayInputStream(bytes)) {
            SplitScan scan = readFrom(in);
            if (in.read() != -1) {
                throw new IllegalArgumentException("split scan: bytes after its end");
            }
            return scan;
        } catch (IOException e) {
            throw new IllegalArgumentException("split scan cut short or damaged: " + e, e);
        }
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInputStream in) throws IOException {
        return new String(in.readNBytes(count(in)), StandardCharsets.UTF_8);
    }

    private static int count(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            throw new IllegalArgumentException("split scan: a count of " + n);
        }
        return n;
    }
}
